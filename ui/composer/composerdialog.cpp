#include "ui/composer/composerdialog.h"

#include "core/json/jsontext.h"

#include "core/a2ui/action.h"
#include "core/protocol/runagentinput.h"
#include "ui/widgets/jsonhighlighter.h"
#include "ui/widgets/jsontextedit.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace agui::ui {

namespace {

QPlainTextEdit *editor(QWidget *parent, const QString &name)
{
    QPlainTextEdit *e = jsonTextEdit(parent, QPlainTextEdit::NoWrap, name);
    new JsonHighlighter(e->document());
    return e;
}

// Parses a mode editor's JSON; *error says why it is not the expected shape.
QJsonDocument parse(const QString &text, QString *error)
{
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &err);
    if (err.error != QJsonParseError::NoError)
        *error = QObject::tr("not JSON at offset %1: %2").arg(err.offset).arg(err.errorString());
    return doc;
}

} // namespace

QJsonArray defaultResumeEntries(const QJsonArray &pendingInterrupts)
{
    QJsonArray entries;
    for (const QJsonValue &v : pendingInterrupts) {
        entries.append(
            QJsonObject {{QStringLiteral("interruptId"), v.toObject().value(QStringLiteral("id"))},
                         {QStringLiteral("status"), QStringLiteral("resolved")}});
    }
    return entries;
}

QJsonObject composeRunInput(const ComposerContext &context, ComposerDialog::Mode mode,
                            const QString &runId, const QString &userMessage,
                            const QString &messageId, const QJsonObject &userAction,
                            const QJsonArray &resume)
{
    QJsonObject previous = context.previousInput;
    // A user-action run carries the action and nothing else in a2uiAction; a later plain run
    // must not re-send an old action, so it is dropped from the carried forwardedProps.
    QJsonObject forwarded = previous.value(QStringLiteral("forwardedProps")).toObject();
    forwarded.remove(QStringLiteral("a2uiAction"));
    if (previous.contains(QStringLiteral("forwardedProps")))
        previous.insert(QStringLiteral("forwardedProps"), forwarded);
    QJsonObject input = nextRunInput(previous, context.messages, context.state, runId);
    switch (mode) {
    case ComposerDialog::Mode::UserMessage: {
        QJsonArray messages = input.value(QStringLiteral("messages")).toArray();
        messages.append(QJsonObject {{QStringLiteral("id"), messageId},
                                     {QStringLiteral("role"), QStringLiteral("user")},
                                     {QStringLiteral("content"), userMessage}});
        input.insert(QStringLiteral("messages"), messages);
        break;
    }
    case ComposerDialog::Mode::UserAction: {
        QJsonObject fp = input.value(QStringLiteral("forwardedProps")).toObject();
        const QJsonObject action = a2ui::forwardedPropsForAction(userAction);
        fp.insert(QStringLiteral("a2uiAction"), action.value(QStringLiteral("a2uiAction")));
        input.insert(QStringLiteral("forwardedProps"), fp);
        break;
    }
    case ComposerDialog::Mode::ResumeInterrupt:
        input.insert(QStringLiteral("resume"), resume);
        break;
    case ComposerDialog::Mode::RawJson:
        break;
    }
    return input;
}

ComposerDialog::ComposerDialog(QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Compose the next run"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("composerMode"));
    m_mode->addItem(tr("User message"), int(Mode::UserMessage));
    m_mode->addItem(tr("User action (A2UI)"), int(Mode::UserAction));
    m_mode->addItem(tr("Resume interrupts"), int(Mode::ResumeInterrupt));
    m_mode->addItem(tr("Raw JSON body"), int(Mode::RawJson));
    form->addRow(tr("Send:"), m_mode);
    m_endpoint = new QLabel(this);
    m_endpoint->setObjectName(QStringLiteral("composerEndpoint"));
    m_endpoint->setTextFormat(Qt::PlainText); // a URL is agent-controlled text: inert
    m_endpoint->setWordWrap(true);
    m_endpoint->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("POST to:"), m_endpoint);
    layout->addLayout(form);

    m_pages = new QStackedWidget(this);
    m_message = new QPlainTextEdit(m_pages);
    m_message->setObjectName(QStringLiteral("composerMessage"));
    m_message->setPlaceholderText(tr("The user message"));
    m_action = editor(m_pages, QStringLiteral("composerAction"));
    m_resume = editor(m_pages, QStringLiteral("composerResume"));
    auto *raw = new QLabel(tr("Edit the body below; it is sent exactly as typed, even when it is "
                              "not valid (to test how the agent copes)."),
                           m_pages);
    raw->setWordWrap(true);
    m_pages->addWidget(m_message);
    m_pages->addWidget(m_action);
    m_pages->addWidget(m_resume);
    m_pages->addWidget(raw);
    m_pages->setMaximumHeight(160);
    layout->addWidget(m_pages);
    m_modeProblem = new QLabel(this);
    m_modeProblem->setTextFormat(Qt::PlainText);
    m_modeProblem->setWordWrap(true);
    layout->addWidget(m_modeProblem);

    layout->addWidget(new QLabel(tr("RunAgentInput (the request body):"), this));
    m_body = editor(this, QStringLiteral("composerBody"));
    layout->addWidget(m_body, 1);
    m_problems = new QLabel(this);
    m_problems->setObjectName(QStringLiteral("composerProblems"));
    m_problems->setTextFormat(Qt::PlainText);
    m_problems->setWordWrap(true);
    layout->addWidget(m_problems);
    m_sendInvalid = new QCheckBox(tr("Send it anyway (invalid on purpose)"), this);
    layout->addWidget(m_sendInvalid);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_send = buttons->addButton(tr("Send"), QDialogButtonBox::AcceptRole);
    m_send->setObjectName(QStringLiteral("composerSend"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_send, &QPushButton::clicked, this, [this] {
        if (!m_bodyValid && !m_sendInvalid->isChecked())
            return;
        const QByteArray bytes = body();
        const QJsonDocument doc = QJsonDocument::fromJson(bytes);
        Q_EMIT sendRequested(bytes, doc.isObject() ? doc.object() : QJsonObject(), m_bodyValid);
        accept();
    });

    connect(m_mode, &QComboBox::currentIndexChanged, this, [this] {
        m_pages->setCurrentIndex(m_mode->currentIndex());
        rebuild();
    });
    connect(m_message, &QPlainTextEdit::textChanged, this, [this] { rebuild(); });
    connect(m_action, &QPlainTextEdit::textChanged, this, [this] { rebuild(); });
    connect(m_resume, &QPlainTextEdit::textChanged, this, [this] { rebuild(); });
    connect(m_body, &QPlainTextEdit::textChanged, this, [this] { validate(); });
    connect(m_sendInvalid, &QCheckBox::toggled, this, [this] { validate(); });
    resize(720, 640);
    rebuild();
}

void ComposerDialog::setContext(const ComposerContext &context)
{
    m_context = context;
    {
        const QSignalBlocker block(m_resume);
        m_resume->setPlainText(
            json::toIndentedJson(defaultResumeEntries(context.pendingInterrupts)));
    }
    rebuild();
}

void ComposerDialog::setEndpoint(const QString &url, const QString &problem)
{
    m_endpoint->setText(url.isEmpty() ? problem : url);
    m_endpoint->setToolTip(url.isEmpty() ? QString()
                                         : tr("The session's endpoint: the thread "
                                              "continues where its runs went"));
    m_hasEndpoint = !url.isEmpty();
    validate();
}

void ComposerDialog::setRunId(const QString &runId)
{
    m_runId = runId;
    rebuild();
}

void ComposerDialog::setMode(Mode mode)
{
    m_mode->setCurrentIndex(m_mode->findData(int(mode)));
}

ComposerDialog::Mode ComposerDialog::mode() const
{
    return Mode(m_mode->currentData().toInt());
}

void ComposerDialog::setUserAction(const QJsonObject &userAction)
{
    {
        const QSignalBlocker block(m_action);
        m_action->setPlainText(json::toIndentedJson(userAction));
    }
    setMode(Mode::UserAction);
    rebuild();
}

void ComposerDialog::setUserMessage(const QString &text)
{
    m_message->setPlainText(text);
    setMode(Mode::UserMessage);
}

QJsonObject ComposerDialog::buildInput() const
{
    QString error;
    QJsonObject action;
    QJsonArray resume;
    if (mode() == Mode::UserAction)
        action = parse(m_action->toPlainText(), &error).object();
    if (mode() == Mode::ResumeInterrupt)
        resume = parse(m_resume->toPlainText(), &error).array();
    return composeRunInput(m_context, mode(), m_runId.isEmpty() ? newRunId() : m_runId,
                           m_message->toPlainText(), newRunId(), action, resume);
}

void ComposerDialog::rebuild()
{
    if (mode() == Mode::RawJson) {
        m_modeProblem->clear();
        validate();
        return; // the body is the user's own
    }
    QString error;
    if (mode() == Mode::UserAction) {
        const QJsonDocument doc = parse(m_action->toPlainText(), &error);
        if (error.isEmpty() && !doc.isObject())
            error = tr("the user action must be a JSON object");
        else if (error.isEmpty() && !doc.object().value(QStringLiteral("name")).isString())
            error = tr("the user action has no \"name\"");
        if (!error.isEmpty())
            error = tr("User action: %1").arg(error);
    } else if (mode() == Mode::ResumeInterrupt) {
        const QJsonDocument doc = parse(m_resume->toPlainText(), &error);
        if (error.isEmpty() && !doc.isArray())
            error = tr("the resume entries must be a JSON array");
        if (!error.isEmpty())
            error = tr("Resume: %1").arg(error);
        else if (m_context.pendingInterrupts.isEmpty())
            error = tr("Note: the last run left no pending interrupts.");
    } else if (m_message->toPlainText().isEmpty()) {
        error = tr("Type the user message.");
    }
    m_modeProblem->setText(error);
    m_rebuilding = true;
    m_body->setPlainText(json::toIndentedJson(buildInput()));
    m_rebuilding = false;
    validate();
}

void ComposerDialog::validate()
{
    m_bodyProblems.clear();
    const Diagnostics diagnostics = validateRunAgentInputText(body());
    for (const Diagnostic &d : diagnostics)
        m_bodyProblems.append(d.path.isEmpty() ? d.message
                                               : QStringLiteral("%1: %2").arg(d.path, d.message));
    m_bodyValid = m_bodyProblems.isEmpty();
    m_sendInvalid->setVisible(!m_bodyValid);
    if (m_bodyValid) {
        m_problems->setText(tr("Valid RunAgentInput."));
        m_problems->setStyleSheet(QString());
    } else {
        m_problems->setText(tr("Invalid RunAgentInput:\n")
                            + m_bodyProblems.join(QLatin1Char('\n')));
        m_problems->setStyleSheet(QStringLiteral("color: #b02020;"));
    }
    m_send->setEnabled(m_hasEndpoint && (m_bodyValid || m_sendInvalid->isChecked()));
    m_send->setText(m_bodyValid ? tr("Send") : tr("Send invalid body"));
}

QByteArray ComposerDialog::body() const
{
    return m_body->toPlainText().toUtf8();
}

void ComposerDialog::setBody(const QByteArray &body)
{
    setMode(Mode::RawJson);
    m_body->setPlainText(QString::fromUtf8(body));
}

bool ComposerDialog::isBodyValid() const
{
    return m_bodyValid;
}

QStringList ComposerDialog::bodyProblems() const
{
    return m_bodyProblems;
}

} // namespace agui::ui
