#include "ui/widgets/filterlineedit.h"

namespace agui::ui {

FilterLineEdit::FilterLineEdit(QWidget *parent)
    : QLineEdit(parent)
{
    setClearButtonEnabled(true);
    setPlaceholderText(tr("Filter: type:TEXT_* family:tool id:m1 run:2 has:diag text:\"…\""));
    setToolTip(EventFilter::syntaxHelp());
    m_applyTimer.setSingleShot(true);
    m_applyTimer.setInterval(kApplyDelayMs);
    connect(&m_applyTimer, &QTimer::timeout, this, &FilterLineEdit::applyNow);
    connect(this, &QLineEdit::textChanged, this, &FilterLineEdit::onTextChanged);
    connect(this, &QLineEdit::returnPressed, this, &FilterLineEdit::applyNow);
}

void FilterLineEdit::onTextChanged(const QString &text)
{
    m_filter = EventFilter::parse(text);
    const SyntaxState state = text.trimmed().isEmpty() ? Empty
        : m_filter.isValid()                           ? Valid
                                                       : Invalid;
    if (state != m_state) {
        m_state = state;
        Q_EMIT syntaxStateChanged(state);
    }
    updateLook();
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

void FilterLineEdit::updateLook()
{
    QPalette p = palette();
    const QPalette base = parentWidget() ? parentWidget()->palette() : QPalette();
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
