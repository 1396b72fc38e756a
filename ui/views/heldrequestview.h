#pragma once

// The proxy's breakpoint page for a held request: the body a front end sent, as text the person
// can edit before it goes to the agent. Forward sends the front end's bytes unchanged; Send
// Edited sends the editor's text as written; Refuse answers the front end 503 and sends the
// agent nothing. The body is checked as a RunAgentInput while it is typed, and what the check
// finds is shown without stopping the send: a debugger must be able to send a broken request on
// purpose. A body that is not UTF-8 text, or is too large to edit on the GUI thread
// (kEditableHeldBytes), can be forwarded or refused, not edited.

#include "core/capture/capture.h"
#include "core/net/bodyrewriter.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTimer;

namespace agui::ui {

class HeldRequestView : public QWidget
{
    Q_OBJECT

public:
    explicit HeldRequestView(QWidget *parent = nullptr);

    // `waiting`: more held after it (requests or events).
    void showHeld(const RecordedRequest &request, int waiting);
    void setWaiting(int waiting);
    bool isHolding() const { return m_holding; }
    QPlainTextEdit *editor() const { return m_editor; }

Q_SIGNALS:
    void decided(const agui::net::RequestDecision &decision);

private:
    void check(); // what Send Edited would send, and what a reader of RunAgentInput says of it
    void send();
    void decide(const net::RequestDecision &decision);

    QLabel *m_title = nullptr;
    QPlainTextEdit *m_editor = nullptr;
    QLabel *m_check = nullptr;
    QPushButton *m_forward = nullptr;
    QPushButton *m_send = nullptr;
    QPushButton *m_refuse = nullptr;
    QPushButton *m_revert = nullptr;
    QTimer *m_checkSoon = nullptr; // reads the editor once typing pauses
    QString m_original; // the body as first shown (indented when it is a JSON object)
    QString m_about; // the title without the count of those waiting
    QString m_notEditable; // why the body cannot be edited (too large, not text); empty if it can
    bool m_holding = false;
};

} // namespace agui::ui
