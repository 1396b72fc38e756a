#include "ui/toolcalls/toolcallsview.h"

#include "core/protocol/eventsummary.h"
#include "core/session/session.h"
#include "ui/models/sessiondocument.h"
#include "ui/models/timetravel.h"
#include "ui/timeline/entityevents.h"
#include "ui/toolcalls/toolcallmodel.h"
#include "ui/widgets/columnmenu.h"
#include "ui/widgets/jsontextedit.h"

#include <QApplication>
#include <QClipboard>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace agui::ui {

namespace {

QPlainTextEdit *makeText(QWidget *parent)
{
    QPlainTextEdit *edit = jsonTextEdit(parent, QPlainTextEdit::WidgetWidth);
    edit->setReadOnly(true);
    return edit;
}

} // namespace

void ToolCallsView::sizeColumns()
{
    // From the font, and only what fits beside the event list at the default window size: the
    // arguments and result share what is left; the rest is one right-click away (the header).
    QHeaderView *h = m_table->horizontalHeader();
    const QFontMetrics fm = m_table->fontMetrics();
    const int ch = fm.horizontalAdvance(QLatin1Char('0'));
    h->setMinimumSectionSize(ch * 4);
    h->resizeSection(ToolCallModel::NameColumn, ch * 14);
    h->resizeSection(ToolCallModel::StatusColumn,
                     fm.horizontalAdvance(QStringLiteral("never answered")) + ch * 2);
    h->resizeSection(ToolCallModel::RunColumn, ch * 8); // a run id's start, or "run 2"
    h->resizeSection(ToolCallModel::DurationColumn, fm.horizontalAdvance(tr("Duration")) + ch * 2);
    h->resizeSection(ToolCallModel::ParentMessageColumn, ch * 12);
    h->resizeSection(ToolCallModel::StartColumn, ch * 10);
    h->resizeSection(ToolCallModel::EndColumn, ch * 10);
    h->resizeSection(ToolCallModel::IdColumn, ch * 12);
    h->setSectionResizeMode(ToolCallModel::ArgsColumn, QHeaderView::Stretch);
    h->setSectionResizeMode(ToolCallModel::ResultColumn, QHeaderView::Stretch);
    h->setStretchLastSection(false);
    for (const int column : {ToolCallModel::ParentMessageColumn, ToolCallModel::StartColumn,
                             ToolCallModel::EndColumn, ToolCallModel::IdColumn})
        h->setSectionHidden(column, true);
    installColumnMenu(h);
}

ToolCallsView::ToolCallsView(QWidget *parent)
    : QWidget(parent)
{
    m_model = new ToolCallModel(this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::PlainText);
    layout->addWidget(m_summary);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    m_table = new QTableView(splitter);
    m_table->setObjectName(QStringLiteral("toolCallTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    sizeColumns();

    auto *detail = new QWidget(splitter);
    auto *grid = new QGridLayout(detail);
    grid->setContentsMargins(0, 4, 0, 0);
    m_detailTitle = new QLabel(detail);
    m_detailTitle->setTextFormat(Qt::PlainText);
    m_diagnostic = new QLabel(detail);
    m_diagnostic->setTextFormat(Qt::PlainText);
    m_diagnostic->setWordWrap(true);
    m_diagnostic->setStyleSheet(QStringLiteral("color: #c82828;"));
    m_args = makeText(detail);
    m_args->setObjectName(QStringLiteral("toolCallArgs"));
    m_result = makeText(detail);
    m_result->setObjectName(QStringLiteral("toolCallResult"));
    m_copyArgs = new QPushButton(tr("Copy Arguments"), detail);
    m_copyResult = new QPushButton(tr("Copy Result"), detail);
    grid->addWidget(m_detailTitle, 0, 0, 1, 2);
    grid->addWidget(m_diagnostic, 1, 0, 1, 2);
    grid->addWidget(m_args, 2, 0);
    grid->addWidget(m_result, 2, 1);
    grid->addWidget(m_copyArgs, 3, 0, Qt::AlignLeft);
    grid->addWidget(m_copyResult, 3, 1, Qt::AlignLeft);
    grid->setRowStretch(2, 1);
    splitter->addWidget(m_table);
    splitter->addWidget(detail);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);

    connect(m_copyArgs, &QPushButton::clicked, this, &ToolCallsView::copyArgs);
    connect(m_copyResult, &QPushButton::clicked, this, &ToolCallsView::copyResult);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this] { showDetail(); });
    // A click (not a programmatic refresh) selects the events that built the call.
    connect(m_table, &QAbstractItemView::clicked, this, &ToolCallsView::emitEventsOfSelection);
    connect(m_table, &QAbstractItemView::activated, this, &ToolCallsView::emitEventsOfSelection);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &ToolCallsView::showDetail);
    connect(m_model, &QAbstractItemModel::modelReset, this, &ToolCallsView::showDetail);
    showDetail();
}

void ToolCallsView::setDocument(SessionDocument *document)
{
    if (!m_ownTimeTravel) {
        m_ownTimeTravel = new TimeTravel(this);
        setTimeTravel(m_ownTimeTravel);
    }
    m_timeTravel->setDocument(document);
}

void ToolCallsView::setTimeTravel(TimeTravel *timeTravel)
{
    disconnect(m_updatedConnection);
    m_timeTravel = timeTravel;
    m_shownGeneration = 0;
    if (timeTravel)
        m_updatedConnection
            = connect(timeTravel, &TimeTravel::updated, this, &ToolCallsView::refresh);
    refresh(); // attached late (its tab first shown mid-session), it catches up at once
}

void ToolCallsView::setCurrentEvent(qint64 seq)
{
    if (m_timeTravel)
        m_timeTravel->setCurrentEvent(seq);
}

void ToolCallsView::refresh()
{
    if (!m_timeTravel || m_timeTravel->generation() == m_shownGeneration)
        return;
    m_shownGeneration = m_timeTravel->generation();
    const QString selected = selectedCallId();
    m_model->setSnapshot(m_timeTravel->snapshot());
    // After a reset (time travelled back past a call, or a new capture) keep the same call
    // selected when it still exists.
    if (!selected.isEmpty() && selectedCallId() != selected)
        selectCall(selected);
    // Nothing chosen yet: show the call the selected event moved on (or the newest call).
    if (selectedCallId().isEmpty() && m_model->rowCount() > 0) {
        const EventChange &change = m_timeTravel->change();
        if (change.toolCalls.isEmpty() || !selectCall(change.toolCalls.first().id))
            selectCall(m_model->index(m_model->rowCount() - 1, 0)
                           .data(ToolCallModel::ToolCallIdRole)
                           .toString());
    }
    int open = 0;
    int unanswered = 0;
    const SessionSnapshot &snap = m_timeTravel->snapshot();
    for (qsizetype i = 0; i < snap.toolCallCount(); ++i) {
        switch (toolCallPhase(snap, snap.toolCall(i))) {
        case ToolCallPhase::StreamingArgs:
        case ToolCallPhase::ArgsComplete:
            ++open;
            break;
        case ToolCallPhase::NeverAnswered:
            ++unanswered;
            break;
        case ToolCallPhase::Answered:
            break;
        }
    }
    m_summary->setText(m_timeTravel->seq() < 0
                           ? tr("No events yet.")
                           : tr("%n tool call(s) after event %1", nullptr, m_model->rowCount())
                                   .arg(m_timeTravel->seq())
                               + tr(" · %1 open · %2 never answered").arg(open).arg(unanswered));
}

QString ToolCallsView::selectedCallId() const
{
    const QModelIndex i = m_table->currentIndex();
    return i.isValid() ? i.data(ToolCallModel::ToolCallIdRole).toString() : QString();
}

bool ToolCallsView::selectCall(const QString &toolCallId)
{
    const int row = m_model->rowOf(toolCallId);
    if (row < 0)
        return false;
    m_table->selectionModel()->setCurrentIndex(
        m_model->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(m_model->index(row, 0));
    return true;
}

void ToolCallsView::showDetail()
{
    const QModelIndex i = m_table->currentIndex();
    if (!i.isValid()) {
        m_detailTitle->setText(tr("Select a tool call to see its arguments and result."));
        m_diagnostic->clear();
        m_diagnostic->hide();
        m_args->clear();
        m_result->clear();
        m_copyArgs->setEnabled(false);
        m_copyResult->setEnabled(false);
        return;
    }
    const QModelIndex row = i.siblingAtColumn(0);
    const QString phase = row.data(ToolCallModel::PhaseRole).toString();
    m_detailTitle->setText(tr("%1 (%2) — %3")
                               .arg(visibleText(row.data().toString()),
                                    visibleText(row.data(ToolCallModel::ToolCallIdRole).toString()),
                                    phase));
    const QString error = row.data(ToolCallModel::ArgsErrorRole).toString();
    m_diagnostic->setText(error.isEmpty() ? QString() : tr("Arguments: %1").arg(error));
    m_diagnostic->setVisible(!error.isEmpty());
    const QString args = row.data(ToolCallModel::ArgsTextRole).toString();
    if (m_args->toPlainText() != args)
        m_args->setPlainText(args);
    const QString result = row.data(ToolCallModel::ResultTextRole).toString();
    if (m_result->toPlainText() != result)
        m_result->setPlainText(result);
    m_result->setPlaceholderText(tr("No result yet."));
    m_copyArgs->setEnabled(true);
    m_copyResult->setEnabled(!result.isEmpty());
}

QString ToolCallsView::argsText() const
{
    return m_args->toPlainText();
}

QString ToolCallsView::resultText() const
{
    return m_result->toPlainText();
}

QString ToolCallsView::diagnosticText() const
{
    return m_diagnostic->text();
}

void ToolCallsView::copyArgs() const
{
    QApplication::clipboard()->setText(argsText());
}

void ToolCallsView::copyResult() const
{
    QApplication::clipboard()->setText(resultText());
}

void ToolCallsView::emitEventsOfSelection()
{
    const QModelIndex i = m_table->currentIndex();
    if (!i.isValid() || !m_timeTravel || !m_timeTravel->document())
        return;
    const ToolCall *call = m_model->callAt(i.row());
    if (!call)
        return;
    Q_EMIT eventsSelected(eventsOfToolCall(m_timeTravel->document()->session(), *call));
}

} // namespace agui::ui
