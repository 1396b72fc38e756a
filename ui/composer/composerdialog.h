#pragma once

// The composer: the RunAgentInput of the next run on the same thread, built from what the thread
// holds (previous input, messages without activity messages, state) plus one of
//   - a user message (appended to messages),
//   - a user action (forwardedProps.a2uiAction.userAction, as @ag-ui/a2ui-middleware reads it),
//   - a resume of the pending interrupts (resume entries),
//   - raw JSON typed by hand, sent as is even when invalid (on purpose, and flagged).
// The body is editable as JSON with live validation (core/protocol validateRunAgentInputText).

#include <QByteArray>
#include <QDialog>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;
class QCheckBox;

namespace agui::ui {

struct ComposerContext
{
    QJsonObject previousInput; // the last run's RunAgentInput (threadId, tools, context, ...)
    QJsonArray messages; // the thread's messages in AG-UI shape (activity messages are dropped)
    QJsonValue state = QJsonObject(); // the thread's current state
    QJsonArray pendingInterrupts; // Interrupt objects of the last RUN_FINISHED (may be empty)
};

class ComposerDialog : public QDialog
{
    Q_OBJECT
public:
    enum class Mode { UserMessage, UserAction, ResumeInterrupt, RawJson };
    Q_ENUM(Mode)

    explicit ComposerDialog(QWidget *parent = nullptr);

    void setContext(const ComposerContext &context);
    // Where Send will POST (credentials already taken out), or why there is nowhere to: then
    // Send is disabled.
    void setEndpoint(const QString &url, const QString &problem = {});
    // The runId of the next run ("" = a fresh UUID each time the body is rebuilt).
    void setRunId(const QString &runId);
    void setMode(Mode mode);
    Mode mode() const;
    // Switches to UserAction mode with this action (what a surface's Button produced).
    void setUserAction(const QJsonObject &userAction);
    void setUserMessage(const QString &text);

    // What the current mode builds from the context (before any hand edit of the body).
    QJsonObject buildInput() const;
    // The body as it stands in the editor (what Send sends).
    QByteArray body() const;
    void setBody(const QByteArray &body); // also switches to RawJson
    // True when the body parses and validates as a RunAgentInput.
    bool isBodyValid() const;
    QStringList bodyProblems() const;

    QPlainTextEdit *bodyEditor() const { return m_body; }
    QPushButton *sendButton() const { return m_send; }

Q_SIGNALS:
    // Send was pressed: the exact bytes to POST; input is the parsed object ({} when the body is
    // not a JSON object: raw, invalid on purpose).
    void sendRequested(const QByteArray &body, const QJsonObject &input, bool valid);

private:
    void rebuild(); // regenerates the body from the mode's inputs
    void validate();

    ComposerContext m_context;
    QString m_runId;
    QComboBox *m_mode = nullptr;
    QStackedWidget *m_pages = nullptr;
    QPlainTextEdit *m_message = nullptr;
    QPlainTextEdit *m_action = nullptr;
    QPlainTextEdit *m_resume = nullptr;
    QLabel *m_modeProblem = nullptr;
    QLabel *m_endpoint = nullptr;
    bool m_hasEndpoint = true; // until setEndpoint() says there is none
    QPlainTextEdit *m_body = nullptr;
    QLabel *m_problems = nullptr;
    QCheckBox *m_sendInvalid = nullptr;
    QPushButton *m_send = nullptr;
    QStringList m_bodyProblems;
    bool m_bodyValid = false;
    bool m_rebuilding = false;
};

// The RunAgentInput for the next run (pure; what the dialog builds). One of message/action/resume
// is used according to mode; messageId names the new user message.
QJsonObject composeRunInput(const ComposerContext &context, ComposerDialog::Mode mode,
                            const QString &runId, const QString &userMessage,
                            const QString &messageId, const QJsonObject &userAction,
                            const QJsonArray &resume);

// Resume entries answering every pending interrupt: {interruptId, status:"resolved"}.
QJsonArray defaultResumeEntries(const QJsonArray &pendingInterrupts);

} // namespace agui::ui
