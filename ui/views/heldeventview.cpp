#include "ui/views/heldeventview.h"

#include "core/intercept/replacementevents.h"
#include "core/json/jsontext.h"
#include "ui/views/heldparts.h"

#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace agui::ui {

HeldEventView::HeldEventView(QWidget *parent)
    : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    m_title = heldLabel(QStringLiteral("heldEventTitle"), this); // names come from the agent
    layout->addWidget(m_title);
    m_editor = heldEditor(QStringLiteral("heldEventEditor"), this);
    layout->addWidget(m_editor, 1);
    m_resume = heldButton(tr("&Resume"), QStringLiteral("heldResume"),
                          tr("Send the event exactly as the agent sent it, and go on"), this);
    m_send
        = heldButton(tr("&Send Edited"), QStringLiteral("heldSend"),
                     tr("Send what the editor holds in the event's place: one event, or an array "
                        "of events (an empty array sends nothing)"),
                     this);
    m_drop = heldButton(tr("&Drop"), QStringLiteral("heldDrop"),
                        tr("Send nothing in the event's place, and go on"), this);
    m_before
        = heldButton(tr("Add Event &Before"), QStringLiteral("heldAddBefore"),
                     tr("Inject an event ahead of this one (the editor becomes an array)"), this);
    m_after = heldButton(tr("Add Event &After"), QStringLiteral("heldAddAfter"),
                         tr("Inject an event after this one (the editor becomes an array)"), this);
    m_revert = heldButton(tr("Re&vert"), QStringLiteral("heldRevert"),
                          tr("Back to the event as the agent sent it"), this);
    // Two rows, so the hidden tab does not widen the window's minimum: editing under the editor,
    // the decision under what the check says about it.
    auto *tools = new QHBoxLayout;
    for (QPushButton *b : {m_before, m_after, m_revert})
        tools->addWidget(b);
    tools->addStretch(1);
    layout->addLayout(tools);
    m_check = heldLabel(QStringLiteral("heldEventCheck"), this);
    m_check->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_check);
    auto *decisions = new QHBoxLayout;
    for (QPushButton *b : {m_resume, m_send, m_drop})
        decisions->addWidget(b);
    decisions->addStretch(1);
    layout->addLayout(decisions);

    m_checkSoon = checkWhenTypingPauses(m_editor, this, &HeldEventView::check);
    connect(m_resume, &QPushButton::clicked, this, [this] { decide({}); });
    connect(m_send, &QPushButton::clicked, this, &HeldEventView::send);
    connect(m_drop, &QPushButton::clicked, this, [this] { decide({false, {}}); });
    connect(m_before, &QPushButton::clicked, this, [this] { wrapInArray(true); });
    connect(m_after, &QPushButton::clicked, this, [this] { wrapInArray(false); });
    connect(m_revert, &QPushButton::clicked, this, [this] { m_editor->setPlainText(m_original); });
    showNothingHeld();
}

void HeldEventView::showHeld(int run, const net::HeldEvent &held, int waiting)
{
    m_holding = true;
    const bool editable = isEditableHeld(held.json);
    const QJsonDocument doc = editable ? QJsonDocument::fromJson(held.json) : QJsonDocument();
    m_original = !editable ? heldPreview(held.json)
        : doc.isObject()   ? json::toIndentedJson(doc.object())
                           : QString::fromUtf8(held.json);
    // The type for the title comes from the record, not a parse: a large event is not parsed here.
    m_about = tr("Run %1 is held at \"%2\": %3 at byte %4 of the agent's body. The front "
                 "end has everything before it; nothing after it goes on until you decide.")
                  .arg(run + 1)
                  .arg(held.rule, held.type, QString::number(held.offset));
    m_notEditable = editable
        ? QString()
        : tr("The event is larger than %1 MiB, too large to edit here: resume or drop it.")
              .arg(kEditableHeldBytes >> 20);
    setWaiting(waiting);
    m_editor->setReadOnly(!editable);
    m_editor->setPlainText(m_original);
    for (QPushButton *b : {m_resume, m_drop})
        b->setEnabled(true);
    for (QPushButton *b : {m_before, m_after, m_revert})
        b->setEnabled(editable);
    m_checkSoon->stop();
    check();
}

void HeldEventView::setWaiting(int waiting)
{
    if (!m_holding)
        return;
    m_title->setText(withWaiting(m_about, waiting));
}

void HeldEventView::showNothingHeld()
{
    m_holding = false;
    m_original.clear();
    m_notEditable.clear();
    m_title->setText(tr("No event is held. The proxy holds an event that matches one of its "
                        "breakpoints (File > Start Proxy…, Break on) until you decide here what "
                        "goes on in its place."));
    m_editor->clear();
    m_editor->setReadOnly(true);
    m_check->clear();
    for (QPushButton *b : {m_resume, m_send, m_drop, m_before, m_after, m_revert})
        b->setEnabled(false);
}

void HeldEventView::check()
{
    if (!m_holding)
        return;
    if (!m_notEditable.isEmpty()) {
        m_check->setText(m_notEditable);
        m_send->setEnabled(false);
        return;
    }
    const QString text = m_editor->toPlainText();
    if (text.trimmed() == m_original) {
        m_check->setText(tr("As the agent sent it: Send is the same as Resume."));
        m_send->setEnabled(true);
        return;
    }
    const intercept::ReplacementEvents read = intercept::readReplacementEvents(text.toUtf8());
    m_send->setEnabled(read.ok());
    if (!read.ok()) {
        m_check->setText(tr("Cannot send: %1").arg(read.error));
        return;
    }
    QString said = read.events.isEmpty()
        ? tr("Send drops the event (nothing goes on in its place).")
        : read.events.size() == 1
        ? tr("Send sends 1 event in its place.")
        : tr("Send sends %1 events in its place.").arg(read.events.size());
    if (!read.warnings.isEmpty())
        said += QLatin1Char('\n')
            + tr("Not valid AG-UI (sent as written all the same): %1")
                  .arg(read.warnings.join(QStringLiteral("; ")));
    m_check->setText(said);
}

void HeldEventView::send()
{
    const QString text = m_editor->toPlainText();
    if (!m_notEditable.isEmpty() || text.trimmed() == m_original)
        return decide({});
    const intercept::ReplacementEvents read = intercept::readReplacementEvents(text.toUtf8());
    if (!read.ok())
        return check(); // the button was pressed before the check caught up
    decide({false, read.events});
}

void HeldEventView::wrapInArray(bool before)
{
    const intercept::ReplacementEvents read
        = intercept::readReplacementEvents(m_editor->toPlainText().toUtf8());
    if (!read.ok())
        return check();
    QJsonArray events;
    for (const QJsonObject &event : read.events)
        events.append(event);
    const QJsonObject injected {{QStringLiteral("type"), QStringLiteral("CUSTOM")},
                                {QStringLiteral("name"), QStringLiteral("injected")},
                                {QStringLiteral("value"), QJsonValue::Null}};
    if (before)
        events.prepend(injected);
    else
        events.append(injected);
    m_editor->setPlainText(json::toIndentedJson(events));
}

void HeldEventView::decide(const net::HoldDecision &decision)
{
    if (!m_holding)
        return;
    showNothingHeld(); // until the owner shows the next held event
    Q_EMIT decided(decision);
}

} // namespace agui::ui
