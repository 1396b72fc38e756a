#include "ui/views/heldrequestview.h"

#include "core/capture/jsontext.h"
#include "core/capture/redaction.h"
#include "core/json/jsontext.h"
#include "core/protocol/runagentinput.h"
#include "ui/views/heldparts.h"

#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace agui::ui {

namespace {

QString indentedIfObject(const QByteArray &body)
{
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    return doc.isObject() ? json::toIndentedJson(doc.object()) : QString::fromUtf8(body);
}

} // namespace

HeldRequestView::HeldRequestView(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    m_title = heldLabel(QStringLiteral("heldRequestTitle"), this);
    layout->addWidget(m_title);
    m_editor = heldEditor(QStringLiteral("heldRequestEditor"), this);
    layout->addWidget(m_editor, 1);
    m_check = heldLabel(QStringLiteral("heldRequestCheck"), this);
    m_check->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_check);
    m_forward
        = heldButton(tr("&Forward"), QStringLiteral("heldForward"),
                     tr("Send the request to the agent exactly as the front end sent it"), this);
    m_send = heldButton(tr("&Send Edited"), QStringLiteral("heldSendRequest"),
                        tr("Send the editor's text to the agent as the request body, as written"),
                        this);
    m_refuse = heldButton(tr("Re&fuse"), QStringLiteral("heldRefuse"),
                          tr("Answer the front end 503 and send the agent nothing"), this);
    m_revert = heldButton(tr("Re&vert"), QStringLiteral("heldRevertRequest"),
                          tr("Back to the body as the front end sent it"), this);
    auto *decisions = new QHBoxLayout;
    for (QPushButton *b : {m_forward, m_send, m_refuse, m_revert})
        decisions->addWidget(b);
    decisions->addStretch(1);
    layout->addLayout(decisions);

    m_checkSoon = checkWhenTypingPauses(m_editor, this, &HeldRequestView::check);
    connect(m_forward, &QPushButton::clicked, this, [this] { decide({}); });
    connect(m_send, &QPushButton::clicked, this, &HeldRequestView::send);
    connect(m_refuse, &QPushButton::clicked, this, [this] {
        decide({net::RequestDecision::Action::Refuse, {}});
    });
    connect(m_revert, &QPushButton::clicked, this, [this] { m_editor->setPlainText(m_original); });
}

void HeldRequestView::showHeld(const RecordedRequest &request, int waiting)
{
    m_holding = true;
    const bool editable = isEditableHeld(request.body);
    const bool text = editable && capturejson::isExactUtf8(request.body);
    m_original = !editable ? heldPreview(request.body)
        : text             ? indentedIfObject(request.body)
                           : QString();
    m_about = tr("A request is held at the breakpoint on the request: %1 %2, %n byte(s) of body. "
                 "Nothing has gone to the agent yet; the front end waits for its answer.",
                 nullptr, int(request.body.size()))
                  .arg(request.method, redactUrl(request.url));
    m_notEditable = !editable
        ? tr("The body is larger than %1 MiB, too large to edit here: forward or refuse it.")
              .arg(kEditableHeldBytes >> 20)
        : !text ? tr("The body is not UTF-8 text: forward or refuse it.")
                : QString();
    setWaiting(waiting);
    m_editor->setReadOnly(!m_notEditable.isEmpty());
    m_editor->setPlainText(m_original);
    for (QPushButton *b : {m_forward, m_refuse})
        b->setEnabled(true);
    m_revert->setEnabled(m_notEditable.isEmpty());
    m_checkSoon->stop();
    check();
}

void HeldRequestView::setWaiting(int waiting)
{
    if (!m_holding)
        return;
    m_title->setText(withWaiting(m_about, waiting));
}

void HeldRequestView::check()
{
    if (!m_holding)
        return;
    m_send->setEnabled(m_notEditable.isEmpty());
    if (!m_notEditable.isEmpty()) {
        m_check->setText(m_notEditable);
        return;
    }
    const QString text = m_editor->toPlainText();
    if (text.trimmed() == m_original.trimmed()) {
        m_check->setText(tr("As the front end sent it: Send Edited is the same as Forward."));
        return;
    }
    QStringList findings;
    for (const Diagnostic &d : validateRunAgentInputText(text.toUtf8()))
        findings.append(d.path.isEmpty() ? d.message
                                         : QStringLiteral("%1: %2").arg(d.path, d.message));
    m_check->setText(findings.isEmpty()
                         ? tr("Send Edited sends this body: a valid RunAgentInput.")
                         : tr("Not a valid RunAgentInput (sent as written all the same): %1")
                               .arg(findings.join(QStringLiteral("; "))));
}

void HeldRequestView::send()
{
    const QString text = m_editor->toPlainText();
    if (!m_notEditable.isEmpty() || text.trimmed() == m_original.trimmed())
        return decide({});
    decide({net::RequestDecision::Action::Forward, text.toUtf8()});
}

void HeldRequestView::decide(const net::RequestDecision &decision)
{
    if (!m_holding)
        return;
    m_holding = false;
    m_editor->setReadOnly(true);
    m_check->clear();
    for (QPushButton *b : {m_forward, m_send, m_refuse, m_revert})
        b->setEnabled(false);
    Q_EMIT decided(decision);
}

} // namespace agui::ui
