#include "ui/views/breakpointbar.h"

#include "ui/views/heldparts.h"

#include <QCheckBox>
#include <QFontMetrics>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>

namespace agui::ui {

BreakpointBar::BreakpointBar(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *label = new QLabel(tr("Break &on:"), this);
    m_filters = new QPlainTextEdit(this);
    m_filters->setObjectName(QStringLiteral("breakpointFilters"));
    m_filters->setToolTip(tr("One filter per line (the filter bar's language): the proxy holds "
                             "each event that matches. The line \"request\" holds each request "
                             "before it goes to the agent. Applied to the requests that come "
                             "from now on."));
    m_filters->setPlaceholderText(tr("type:TOOL_CALL_START text:search\nrequest"));
    m_filters->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_filters->setTabChangesFocus(true);
    m_filters->setFixedHeight(QFontMetrics(m_filters->font()).lineSpacing() * 3
                              + 2 * m_filters->frameWidth() + 8);
    label->setBuddy(m_filters);
    m_apply = new QPushButton(tr("A&pply"), this);
    m_apply->setObjectName(QStringLiteral("breakpointApply"));
    m_apply->setToolTip(tr("Use these breakpoints for the requests that come from now on"));
    m_active = new QCheckBox(tr("S&top at breakpoints"), this);
    m_active->setObjectName(QStringLiteral("breakpointsActive"));
    m_active->setChecked(true);
    m_active->setToolTip(tr("Off: nothing is held, and whatever is held goes on unchanged"));
    m_resumeAll = new QPushButton(tr("Resume A&ll"), this);
    m_resumeAll->setObjectName(QStringLiteral("breakpointResumeAll"));
    m_resumeAll->setToolTip(tr("Let every held event and request go on unchanged"));
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("breakpointError"));
    m_error->setTextFormat(Qt::PlainText); // it quotes the filter
    m_error->setWordWrap(true);
    m_error->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_error->hide();

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_apply);
    buttons->addWidget(m_active);
    buttons->addStretch(1);
    buttons->addWidget(m_resumeAll);
    layout->addWidget(label, 0, 0, Qt::AlignTop);
    layout->addWidget(m_filters, 0, 1);
    layout->addLayout(buttons, 1, 1);
    layout->addWidget(m_error, 2, 1);

    connect(m_filters, &QPlainTextEdit::textChanged, this, &BreakpointBar::updateApply);
    connect(m_apply, &QPushButton::clicked, this,
            [this] { Q_EMIT applyRequested(editedBreakpoints()); });
    connect(m_active, &QCheckBox::toggled, this, &BreakpointBar::activeChanged);
    connect(m_resumeAll, &QPushButton::clicked, this, &BreakpointBar::resumeAllRequested);
    setHeldCount(0);
    updateApply();
}

void BreakpointBar::setBreakpoints(const QStringList &filters)
{
    if (filters == m_applied)
        return; // and keep what the person is typing
    m_applied = filters;
    if (editedBreakpoints() != filters)
        m_filters->setPlainText(filters.join(QLatin1Char('\n')));
    setError({});
    updateApply();
}

QStringList BreakpointBar::editedBreakpoints() const
{
    return filterLines(m_filters->toPlainText());
}

void BreakpointBar::setError(const QString &error)
{
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
}

void BreakpointBar::setActive(bool active)
{
    const QSignalBlocker quiet(m_active); // said by the owner, not asked by the person
    m_active->setChecked(active);
}

void BreakpointBar::setHeldCount(int held)
{
    m_resumeAll->setEnabled(held > 0);
}

void BreakpointBar::updateApply()
{
    m_apply->setEnabled(editedBreakpoints() != m_applied);
}

} // namespace agui::ui
