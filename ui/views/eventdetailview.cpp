#include "ui/views/eventdetailview.h"

#include "core/json/jsontext.h"

#include "core/protocol/eventsummary.h"
#include "ui/eventpresentation.h"
#include "ui/models/jsontreemodel.h"
#include "ui/views/rewriteview.h"
#include "ui/widgets/jsonhighlighter.h"
#include "ui/widgets/jsontextedit.h"
#include "ui/widgets/lazywidget.h"

#include <QApplication>
#include <QClipboard>
#include <QColor>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QStyle>
#include <QTabWidget>
#include <QTextCursor>
#include <QTextEdit>
#include <QTreeView>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace agui::ui {

namespace {

QString framingName(Framing framing)
{
    switch (framing) {
    case Framing::Sse:
        return QStringLiteral("SSE");
    case Framing::Proto:
        return QStringLiteral("protobuf");
    case Framing::JsonLine:
        return QStringLiteral("JSON line");
    case Framing::CopilotKitDebug:
        return QStringLiteral("CopilotKit debug feed");
    case Framing::Synthetic:
        return QStringLiteral("synthetic");
    }
    return {};
}

} // namespace

EventDetailView::EventDetailView(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_header = new QLabel(this);
    m_header->setTextFormat(Qt::PlainText); // type names and ids come from the agent
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_header->setContentsMargins(6, 4, 6, 4);
    m_header->setWordWrap(true);
    layout->addWidget(m_header);

    m_pages = new QTabWidget(this);
    m_pages->setDocumentMode(true);
    layout->addWidget(m_pages, 1);

    m_model = new JsonTreeModel(this);
    m_tree = new QTreeView(this);
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    m_tree->header()->resizeSection(JsonTreeModel::KeyColumn, 170);
    m_tree->header()->resizeSection(JsonTreeModel::ValueColumn, 300);
    connect(m_tree, &QWidget::customContextMenuRequested, this, &EventDetailView::showTreeMenu);
    m_pages->addTab(m_tree, tr("JSON"));

    // The Raw bytes and Diagnostics pages are built when first shown: a monospace font, a
    // highlighter and a tree widget that most starts never show (bench/README.md, row 10).
    m_rawPage = new LazyWidget([this] { return buildRawPage(); }, this);
    m_pages->addTab(m_rawPage, tr("Raw bytes"));
    m_diagnosticsPage = new LazyWidget([this] { return buildDiagnosticsPage(); }, this);
    m_pages->addTab(m_diagnosticsPage, tr("Diagnostics"));
    connect(m_pages, &QTabWidget::currentChanged, this, [this] { syncPages(); });
    clear();
}

QWidget *EventDetailView::buildRawPage()
{
    m_raw = jsonTextEdit(nullptr, QPlainTextEdit::WidgetWidth);
    m_raw->setReadOnly(true);
    m_highlighter = new JsonHighlighter(m_raw->document());
    m_highlighter->setDarkPalette(m_dark);
    return m_raw; // stale since clear(): nothing fills a page before it exists
}

QWidget *EventDetailView::buildDiagnosticsPage()
{
    m_diagnostics = new QTreeWidget;
    m_diagnostics->setRootIsDecorated(false);
    m_diagnostics->setHeaderLabels({tr("Severity"), tr("Rule"), tr("Path"), tr("Message")});
    m_diagnostics->header()->resizeSection(0, 80);
    m_diagnostics->header()->resizeSection(1, 170);
    m_diagnostics->header()->resizeSection(2, 110);
    m_diagnostics->setWordWrap(true);
    connect(m_diagnostics, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        const QModelIndex idx = m_model->indexForPointer(item->text(2));
        if (idx.isValid()) {
            m_pages->setCurrentWidget(m_tree);
            m_tree->scrollTo(idx);
            m_tree->setCurrentIndex(idx);
        }
    });
    return m_diagnostics;
}

RewriteView *EventDetailView::ensureRewriteView()
{
    if (!m_rewrite)
        m_rewrite = new RewriteView(this); // a page only while the shown event was changed
    return m_rewrite;
}

QPlainTextEdit *EventDetailView::rawView()
{
    m_rawPage->view();
    syncPages(true);
    return m_raw;
}

QTreeWidget *EventDetailView::diagnosticsView()
{
    m_diagnosticsPage->view();
    syncPages(true);
    return m_diagnostics;
}

void EventDetailView::syncPages(bool evenIfHidden)
{
    QWidget *current = m_pages->currentWidget();
    if (m_raw && m_rawStale && (evenIfHidden || current == m_rawPage))
        fillRaw();
    if (m_diagnostics && m_diagnosticsStale && (evenIfHidden || current == m_diagnosticsPage))
        fillDiagnostics();
}

void EventDetailView::setDarkPalette(bool dark)
{
    m_dark = dark;
    if (m_highlighter)
        m_highlighter->setDarkPalette(dark);
}

void EventDetailView::clear()
{
    m_header->setText(tr("No event selected"));
    m_model->clear();
    m_event.reset();
    m_rawStale = true;
    m_diagnosticList.clear();
    m_diagnosticsStale = true;
    syncPages();
    m_pages->setTabText(DiagnosticsPage, tr("Diagnostics"));
    setRewrite(nullptr, {});
}

bool EventDetailView::showPage(const QString &name)
{
    QWidget *const pages[] = {m_tree, m_rawPage, m_diagnosticsPage, m_rewrite};
    const QStringList names {QStringLiteral("json"), QStringLiteral("raw"),
                             QStringLiteral("diagnostics"), QStringLiteral("changed")};
    const qsizetype page = names.indexOf(name);
    if (page < 0 || !pages[page] || m_pages->indexOf(pages[page]) < 0)
        return false;
    m_pages->setCurrentWidget(pages[page]);
    return true;
}

void EventDetailView::setRewrite(const BodyRewrite *rewrite, const QByteArray &original)
{
    if (!rewrite) {
        if (!m_rewrite)
            return;
        if (const int index = m_pages->indexOf(m_rewrite); index >= 0)
            m_pages->removeTab(index);
        m_rewrite->clear();
        return;
    }
    const int index = m_pages->indexOf(ensureRewriteView());
    m_rewrite->setRewrite(*rewrite, original);
    if (index < 0)
        m_pages->addTab(m_rewrite, tr("Changed by Proxy"));
}

void EventDetailView::setRequestChange(const RecordedRequest &request)
{
    ensureRewriteView()->setRequestChange(request);
    if (m_pages->indexOf(m_rewrite) < 0)
        m_pages->addTab(m_rewrite, tr("Changed by Proxy"));
}

// A protobuf frame is binary: a classic hex dump (stream offsets, 16 bytes a line, printable
// ASCII beside) and, under it, the event it decodes to, so both can be read side by side.
QString protoFrameText(const Event &event)
{
    QString out;
    const QByteArray &raw = event.raw;
    const qint64 base = std::max<qint64>(event.streamOffset, 0);
    for (qsizetype line = 0; line < raw.size(); line += 16) {
        out += QStringLiteral("%1  ").arg(base + line, 8, 16, QLatin1Char('0'));
        QString ascii;
        for (qsizetype i = line; i < line + 16; ++i) {
            if (i < raw.size()) {
                const auto c = uchar(raw.at(i));
                out += QStringLiteral("%1 ").arg(c, 2, 16, QLatin1Char('0'));
                ascii += c >= 0x20 && c < 0x7f ? QLatin1Char(char(c)) : QLatin1Char('.');
            } else {
                out += QStringLiteral("   ");
            }
            if (i == line + 7)
                out += QLatin1Char(' ');
        }
        out += QStringLiteral(" |") + ascii + QStringLiteral("|\n");
    }
    out += QStringLiteral("\n4-byte big-endian length + ag_ui.Event, decoded as:\n");
    out += json::toIndentedJson(event.json) + QLatin1Char('\n');
    return out;
}

void EventDetailView::setEvent(const Event &event, int runIndex, const Diagnostics &diagnostics)
{
    // An unknown type is the agent's string: controls and bidi overrides shown as escapes.
    QString type = event.type == EventType::Unknown ? visibleText(event.typeName)
                                                    : eventTypeName(event.type);
    QString header = tr("#%1  %2").arg(event.seq).arg(type);
    if (runIndex >= 0)
        header += tr("  ·  run %1").arg(runIndex + 1);
    if (event.receivedAtUs >= 0)
        header += QStringLiteral("  ·  ") + formatTime(event.receivedAtUs);
    if (event.framing == Framing::Synthetic)
        header += tr("  ·  synthesised from #%1").arg(event.originSeq);
    else if (event.streamOffset >= 0)
        header += tr("  ·  %1 bytes at stream offset %2 (%3)")
                      .arg(event.raw.size())
                      .arg(event.streamOffset)
                      .arg(framingName(event.framing));
    m_header->setText(header);

    m_model->setJson(event.json.isEmpty() && !event.isValid() ? QJsonValue()
                                                              : QJsonValue(event.json));
    m_tree->expandToDepth(1);

    m_event = event;
    m_rawStale = true;
    setDiagnostics(diagnostics); // and syncs the shown page
}

void EventDetailView::fillRaw()
{
    m_rawStale = false;
    if (!m_event) {
        m_raw->clear();
        return;
    }
    const Event &event = *m_event;
    m_raw->setPlainText(event.framing == Framing::Proto
                            ? protoFrameText(event)
                            : rawAsText(event.raw.isEmpty() ? event.payload : event.raw));
    markErrorInRaw(event);
}

// Where a payload stops parsing, marked in the bytes it is in: the diagnostic names a stream
// offset, the page shows the frame from its own stream offset on.
void EventDetailView::markErrorInRaw(const Event &event)
{
    QList<QTextEdit::ExtraSelection> marks;
    const bool showsRaw = event.framing != Framing::Proto && !event.raw.isEmpty();
    for (const Diagnostic &d : std::as_const(m_diagnosticList)) {
        const qint64 at = d.byteOffset - event.streamOffset;
        if (!showsRaw || d.byteOffset < 0 || event.streamOffset < 0 || at < 0
            || at > event.raw.size())
            continue;
        // The text before the offset is the same text the page shows for those bytes.
        const int position = int(rawAsText(event.raw.left(at)).size());
        QTextEdit::ExtraSelection mark;
        mark.cursor = QTextCursor(m_raw->document());
        const int last = qMax(0, m_raw->document()->characterCount() - 1);
        mark.cursor.setPosition(qMin(position, last));
        mark.cursor.setPosition(qMin(position + 1, last), QTextCursor::KeepAnchor);
        mark.format.setBackground(QColor(0xe0, 0x40, 0x40));
        mark.format.setForeground(Qt::white);
        mark.format.setToolTip(d.message);
        marks.append(mark);
        if (marks.size() == 1) {
            QTextCursor cursor(m_raw->document());
            cursor.setPosition(qMin(position, last));
            m_raw->setTextCursor(cursor);
            m_raw->ensureCursorVisible();
        }
    }
    m_raw->setExtraSelections(marks);
}

void EventDetailView::setDiagnostics(const Diagnostics &diagnostics)
{
    m_diagnosticList = diagnostics;
    m_diagnosticsStale = true;
    m_pages->setTabText(DiagnosticsPage,
                        diagnostics.isEmpty() ? tr("Diagnostics")
                                              : tr("Diagnostics (%1)").arg(diagnostics.size()));
    syncPages();
}

void EventDetailView::fillDiagnostics()
{
    m_diagnosticsStale = false;
    m_diagnostics->clear();
    for (const Diagnostic &d : std::as_const(m_diagnosticList)) {
        auto *item = new QTreeWidgetItem(m_diagnostics);
        item->setText(0, severityName(d.severity));
        item->setText(1, d.ruleId);
        item->setText(2, d.path);
        QString message = d.message;
        if (d.byteOffset >= 0)
            message += tr(" (byte %1)").arg(d.byteOffset);
        item->setText(3, message);
        item->setToolTip(3, message);
        item->setIcon(0, style()->standardIcon(severityPixmap(d.severity)));
    }
}

int EventDetailView::diagnosticCount() const
{
    return m_diagnosticList.size();
}

void EventDetailView::copySelectedValue() const
{
    const QModelIndex idx = m_tree->currentIndex();
    if (!idx.isValid())
        return;
    const QJsonValue value = idx.data(JsonTreeModel::JsonValueRole).value<QJsonValue>();
    // Strings are copied as their text; everything else as JSON.
    QApplication::clipboard()->setText(
        value.isString() ? value.toString() : idx.data(JsonTreeModel::CompactJsonRole).toString());
}

void EventDetailView::copySelectedPointer() const
{
    const QModelIndex idx = m_tree->currentIndex();
    if (idx.isValid())
        QApplication::clipboard()->setText(idx.data(JsonTreeModel::PointerRole).toString());
}

void EventDetailView::showTreeMenu(const QPoint &pos)
{
    QMenu menu(this);
    const bool hasItem = m_tree->indexAt(pos).isValid();
    menu.addAction(tr("Copy Value"), this, &EventDetailView::copySelectedValue)
        ->setEnabled(hasItem);
    menu.addAction(tr("Copy Path (JSON Pointer)"), this, &EventDetailView::copySelectedPointer)
        ->setEnabled(hasItem);
    menu.addSeparator();
    menu.addAction(tr("Expand All"), m_tree, &QTreeView::expandAll);
    menu.addAction(tr("Collapse All"), m_tree, &QTreeView::collapseAll);
    menu.exec(m_tree->viewport()->mapToGlobal(pos));
}

} // namespace agui::ui
