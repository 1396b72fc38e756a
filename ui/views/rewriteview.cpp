#include "ui/views/rewriteview.h"

#include "core/protocol/eventsummary.h"
#include "ui/eventpresentation.h"
#include "ui/widgets/jsontextedit.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QVBoxLayout>

namespace agui::ui {

namespace {

// A titled, read-only, monospaced pane of the side-by-side pair.
QPlainTextEdit *addPane(QSplitter *splitter, QLabel **title, const QString &name)
{
    auto *pane = new QWidget(splitter);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    *title = new QLabel(pane);
    (*title)->setTextFormat(Qt::PlainText);
    layout->addWidget(*title);
    QPlainTextEdit *text = jsonTextEdit(pane, QPlainTextEdit::WidgetWidth, name);
    text->setReadOnly(true);
    layout->addWidget(text);
    splitter->addWidget(pane);
    return text;
}

} // namespace

RewriteView::RewriteView(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::PlainText); // the rule's name and the error are data
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    m_sent = addPane(splitter, &m_leftTitle, QStringLiteral("rewriteSent"));
    m_delivered = addPane(splitter, &m_rightTitle, QStringLiteral("rewriteDelivered"));
    layout->addWidget(splitter, 1);
}

QString RewriteView::describe(const BodyRewrite &rewrite)
{
    const QString rule = visibleText(rewrite.rule);
    if (!rewrite.error.isEmpty())
        return tr("Rule \"%1\" could not %2 this event, so it went on unchanged: %3")
            .arg(rule, rewrite.action, visibleText(rewrite.error));
    if (rewrite.action == QLatin1String("drop"))
        return tr("Rule \"%1\" dropped this event: the front end never got it.").arg(rule);
    if (rewrite.action == QLatin1String("delay"))
        return tr("Rule \"%1\" held this event, and everything after it, for %2 ms.")
            .arg(rule)
            .arg(rewrite.delayMs);
    if (rewrite.action == QLatin1String("inject"))
        return tr("Rule \"%1\" injected events around this one on its way to the front end.")
            .arg(rule);
    return tr("Rule \"%1\" edited this event on its way to the front end.").arg(rule);
}

void RewriteView::setRewrite(const BodyRewrite &rewrite, const QByteArray &original)
{
    m_leftTitle->setText(tr("The agent sent"));
    m_rightTitle->setText(tr("The front end got"));
    m_summary->setText(describe(rewrite));
    m_sent->setPlainText(rawAsText(original));
    m_delivered->setPlainText(rewrite.delivered.isEmpty() ? tr("(nothing)")
                                                          : rawAsText(rewrite.delivered));
}

void RewriteView::setRequestChange(const RecordedRequest &request)
{
    m_leftTitle->setText(tr("The front end sent"));
    m_rightTitle->setText(tr("The agent got"));
    m_summary->setText(tr("The breakpoint on the request changed this run's request body before "
                          "it went to the agent."));
    m_sent->setPlainText(rawAsText(request.frontEndBody.value_or(QByteArray())));
    m_delivered->setPlainText(rawAsText(request.body));
}

void RewriteView::clear()
{
    m_summary->clear();
    m_sent->clear();
    m_delivered->clear();
}

} // namespace agui::ui
