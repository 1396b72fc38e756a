#include "ui/widgets/filterlineedit.h"

#include "ui/widgets/glyphicon.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QCompleter>
#include <QKeyEvent>
#include <QPainter>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QStringListModel>

namespace agui::ui {

FilterLineEdit::FilterLineEdit(QWidget *parent)
    : QLineEdit(parent)
{
    // Our own clear button, not setClearButtonEnabled(): the style's icon for that decodes its
    // PNGs and starts Qt's image reading while the window is being built (3 M instructions of
    // start-up, bench/README.md row 10).
    m_clearAction = addAction(glyphIcon(Glyph::Clear), QLineEdit::TrailingPosition);
    m_clearAction->setObjectName(QStringLiteral("clearFilterAction"));
    m_clearAction->setToolTip(tr("Clear the filter"));
    m_clearAction->setVisible(false);
    connect(m_clearAction, &QAction::triggered, this, &QLineEdit::clear);
    setPlaceholderText(tr("Filter: type:TEXT_* family:tool id:m1 run:2 has:diag text:\"…\""));
    setToolTip(EventFilter::syntaxHelp());
    m_applyTimer.setSingleShot(true);
    m_applyTimer.setInterval(kApplyDelayMs);
    connect(&m_applyTimer, &QTimer::timeout, this, &FilterLineEdit::applyNow);
    connect(this, &QLineEdit::textChanged, this, &FilterLineEdit::onTextChanged);
    connect(this, &QLineEdit::returnPressed, this, &FilterLineEdit::applyNow);

    // The completer is not installed with setCompleter(): that one completes the whole text,
    // this one the word under the cursor (Qt's "Custom Completer" example does the same).
    m_completions = new QStringListModel(this);
    m_completer = new QCompleter(m_completions, this);
    m_completer->setWidget(this);
    m_completer->setCompletionMode(QCompleter::UnfilteredPopupCompletion);
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->setMaxVisibleItems(12);
    connect(m_completer, qOverload<const QString &>(&QCompleter::activated), this,
            &FilterLineEdit::insertCompletion);
    connect(this, &QLineEdit::textEdited, this,
            [this] { showCompletions(CompletionTrigger::Typing); });
}

void FilterLineEdit::setVocabularySource(std::function<FilterVocabulary()> source)
{
    m_vocabularySource = std::move(source);
}

void FilterLineEdit::showCompletions(CompletionTrigger trigger)
{
    const FilterVocabulary vocabulary
        = m_vocabularySource ? m_vocabularySource() : FilterVocabulary();
    m_pending = completeFilter(text(), cursorPosition(), vocabulary, trigger);
    if (m_pending.isEmpty()) {
        m_completer->popup()->hide();
        return;
    }
    m_completions->setStringList(m_pending.candidates);
    QRect anchor = cursorRect();
    anchor.setWidth(m_completer->popup()->sizeHintForColumn(0)
                    + m_completer->popup()->verticalScrollBar()->sizeHint().width());
    m_completer->complete(anchor);
    m_completer->popup()->setCurrentIndex(m_completions->index(0));
}

void FilterLineEdit::insertCompletion(const QString &candidate)
{
    int cursor = 0;
    setText(applyFilterCompletion(text(), m_pending, candidate, &cursor));
    setCursorPosition(cursor);
    // A completed key goes straight on to its values ("type:" offers the event types).
    if (candidate.endsWith(QLatin1Char(':')))
        QMetaObject::invokeMethod(
            this, [this] { showCompletions(CompletionTrigger::Typing); }, Qt::QueuedConnection);
}

void FilterLineEdit::keyPressEvent(QKeyEvent *event)
{
    if (m_completer->popup()->isVisible()) {
        // The completer's event filter acts on these keys; the edit must not (Enter would
        // apply the half-typed filter).
        switch (event->key()) {
        case Qt::Key_Enter:
        case Qt::Key_Return:
        case Qt::Key_Escape:
        case Qt::Key_Tab:
        case Qt::Key_Backtab:
            event->ignore();
            return;
        default:
            break;
        }
    }
    if (event->key() == Qt::Key_Space && event->modifiers() == Qt::ControlModifier) {
        showCompletions(CompletionTrigger::Asked);
        return;
    }
    QLineEdit::keyPressEvent(event);
}

void FilterLineEdit::onTextChanged(const QString &text)
{
    m_clearAction->setVisible(!text.isEmpty());
    m_filter = EventFilter::parse(text);
    const SyntaxState state = text.trimmed().isEmpty() ? Empty
        : m_filter.isValid()                           ? Valid
                                                       : Invalid;
    if (state != m_state) {
        m_state = state;
        Q_EMIT syntaxStateChanged(state);
    }
    updateLook();
    Q_EMIT syntaxChecked(state);
    if (m_filter.isValid())
        m_applyTimer.start();
    else
        m_applyTimer.stop();
}

void FilterLineEdit::applyNow()
{
    m_applyTimer.stop();
    if (m_filter.isValid())
        Q_EMIT filterReady(m_filter);
}

QRect FilterLineEdit::errorMarkerRect() const
{
    if (m_state != Invalid)
        return {};
    // QLineEdit tells where its cursor is drawn, not where any other character is: the text's
    // origin is the cursor's x minus the width of the text before the cursor.
    const QFontMetrics fm = fontMetrics();
    const QString shown = displayText();
    const int origin
        = cursorRect().center().x() - fm.horizontalAdvance(shown.left(cursorPosition()));
    const int at = int(qBound<qsizetype>(0, qsizetype(m_filter.errorPosition()), shown.size()));
    const int x0 = origin + fm.horizontalAdvance(shown.left(at));
    const int x1
        = at < shown.size() ? origin + fm.horizontalAdvance(shown) : x0 + fm.averageCharWidth();
    const int baseline = cursorRect().bottom() - 1;
    return QRect(x0, baseline, qMax(x1 - x0, fm.averageCharWidth()), 2).intersected(contentsRect());
}

void FilterLineEdit::paintEvent(QPaintEvent *event)
{
    QLineEdit::paintEvent(event);
    const QRect marker = errorMarkerRect();
    if (marker.isEmpty())
        return;
    QPainter p(this);
    p.fillRect(marker, QColor(0xd0, 0x20, 0x20));
}

void FilterLineEdit::changeEvent(QEvent *event)
{
    // A theme switch changes the window's palette; the field keeps its own Base (the state's
    // colour) and takes the rest from the new palette, so it follows into the dark theme.
    if ((event->type() == QEvent::PaletteChange
         || event->type() == QEvent::ApplicationPaletteChange)
        && !m_updatingLook)
        updateLook();
    QLineEdit::changeEvent(event);
}

void FilterLineEdit::updateLook()
{
    const QScopedValueRollback guard(m_updatingLook, true);
    const QPalette base = parentWidget() ? parentWidget()->palette() : QApplication::palette();
    QPalette p = base;
    QColor background = base.color(QPalette::Base);
    const bool dark = background.lightness() < 128;
    if (m_state == Valid)
        background = dark ? QColor(0x1e, 0x3a, 0x26) : QColor(0xe4, 0xf6, 0xe7);
    else if (m_state == Invalid)
        background = dark ? QColor(0x4a, 0x1e, 0x22) : QColor(0xfd, 0xe4, 0xe4);
    p.setColor(QPalette::Base, background);
    setPalette(p);
    if (m_state == Invalid) {
        setToolTip(tr("Error at character %1: %2\n\n%3")
                       .arg(m_filter.errorPosition() + 1)
                       .arg(m_filter.errorString(), EventFilter::syntaxHelp()));
    } else {
        setToolTip(EventFilter::syntaxHelp());
    }
}

} // namespace agui::ui
