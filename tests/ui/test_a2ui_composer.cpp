// The composer: the exact RunAgentInput of the next run for a user action, a user message, a
// resume of interrupts, and raw (even invalid) JSON sent on purpose.

#include "ui/composer/composerdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QJsonDocument>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QUuid>

using namespace agui::ui;

namespace {

QJsonObject obj(const char *json)
{
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(json), &err);
    if (err.error != QJsonParseError::NoError)
        qFatal("bad JSON in test: %s", qPrintable(err.errorString()));
    return doc.object();
}

ComposerContext context()
{
    ComposerContext c;
    c.previousInput = obj(
        R"({"threadId":"thread-1","runId":"run-1","parentRunId":"run-0","state":{},"messages":[],
        "tools":[{"name":"lookup","description":"Looks up","parameters":{"type":"object"}}],
        "context":[{"description":"user locale","value":"en"}],
        "forwardedProps":{"model":"small","a2uiAction":{"userAction":{"name":"old"}}},
        "resume":[{"interruptId":"i0","status":"resolved"}],"protocolVersion":"1.0"})");
    const QJsonObject messages = obj(R"({"m":[
        {"id":"u1","role":"user","content":"Order a drink"},
        {"id":"a1","role":"assistant","content":"Here is the form."},
        {"id":"a2ui-surface-order","role":"activity","activityType":"a2ui-surface","content":{"a2ui_operations":[]}}]})");
    c.messages = messages.value(QStringLiteral("m")).toArray();
    c.state = obj(R"({"cart":{"items":1}})");
    return c;
}

const char *kAction = R"({"name":"submit_order","surfaceId":"order","sourceComponentId":"submit",
                          "timestamp":"2026-06-01T10:00:00Z","context":{"name":"Ada","size":["medium"]}})";

} // namespace

class TestA2uiComposer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void userActionInputIsExact();
    void dialogSendsTheActionRun();
    void userMessage();
    void resumeInterrupts();
    void rawInvalidJsonIsFlaggedAndSentOnPurpose();
};

#ifndef Q_MOC_RUN // bodies outside the class: moc mis-reads raw JSON strings

void TestA2uiComposer::userActionInputIsExact()
{
    const QJsonObject input
        = composeRunInput(context(), ComposerDialog::Mode::UserAction, QStringLiteral("run-2"),
                          QString(), QString(), obj(kAction), QJsonArray());
    // Same thread, new run, messages (without the activity message) and state carried forward,
    // tools/context/forwardedProps kept, the old action replaced, no resume, no parentRunId.
    QCOMPARE(input, obj(R"({"threadId":"thread-1","runId":"run-2","state":{"cart":{"items":1}},
        "messages":[{"id":"u1","role":"user","content":"Order a drink"},{"id":"a1","role":"assistant","content":"Here is the form."}],
        "tools":[{"name":"lookup","description":"Looks up","parameters":{"type":"object"}}],
        "context":[{"description":"user locale","value":"en"}],
        "forwardedProps":{"model":"small","a2uiAction":{"userAction":{"name":"submit_order","surfaceId":"order","sourceComponentId":"submit",
                          "timestamp":"2026-06-01T10:00:00Z","context":{"name":"Ada","size":["medium"]}}}},
        "protocolVersion":"1.0"})"));
}

void TestA2uiComposer::dialogSendsTheActionRun()
{
    ComposerDialog dialog;
    dialog.setContext(context());
    dialog.setRunId(QStringLiteral("run-2"));
    dialog.setUserAction(obj(kAction));
    QCOMPARE(dialog.mode(), ComposerDialog::Mode::UserAction);
    QVERIFY2(dialog.isBodyValid(), qPrintable(dialog.bodyProblems().join(QLatin1Char('\n'))));
    const QJsonObject expected
        = composeRunInput(context(), ComposerDialog::Mode::UserAction, QStringLiteral("run-2"),
                          QString(), QString(), obj(kAction), QJsonArray());
    QCOMPARE(QJsonDocument::fromJson(dialog.body()).object(), expected);
    QSignalSpy sent(&dialog, &ComposerDialog::sendRequested);
    QTest::mouseClick(dialog.sendButton(), Qt::LeftButton);
    QCOMPARE(sent.count(), 1);
    QCOMPARE(sent.first().at(0).toByteArray(), dialog.body());
    QCOMPARE(sent.first().at(1).toJsonObject(), expected);
    QCOMPARE(sent.first().at(2).toBool(), true);

    // An action edited by hand into something that is not an action: said so.
    dialog.findChild<QPlainTextEdit *>(QStringLiteral("composerAction"))
        ->setPlainText(QStringLiteral("[1]"));
    QVERIFY(QJsonDocument::fromJson(dialog.body())
                .object()
                .value(QStringLiteral("forwardedProps"))
                .toObject()
                .contains(QStringLiteral("a2uiAction")));
}

void TestA2uiComposer::userMessage()
{
    ComposerDialog dialog;
    dialog.setContext(context());
    dialog.setRunId(QStringLiteral("run-3"));
    dialog.setUserMessage(QStringLiteral("A large one, please"));
    const QJsonObject input = QJsonDocument::fromJson(dialog.body()).object();
    const QJsonArray messages = input.value(QStringLiteral("messages")).toArray();
    QCOMPARE(messages.size(), 3);
    const QJsonObject last = messages.last().toObject();
    QCOMPARE(last.value(QStringLiteral("role")).toString(), QStringLiteral("user"));
    QCOMPARE(last.value(QStringLiteral("content")).toString(),
             QStringLiteral("A large one, please"));
    QVERIFY(!QUuid::fromString(last.value(QStringLiteral("id")).toString()).isNull());
    QCOMPARE(input.value(QStringLiteral("runId")).toString(), QStringLiteral("run-3"));
    // A plain message run does not re-send the previous run's action.
    QCOMPARE(input.value(QStringLiteral("forwardedProps")).toObject(), obj(R"({"model":"small"})"));
    QVERIFY(dialog.isBodyValid());
}

void TestA2uiComposer::resumeInterrupts()
{
    ComposerContext c = context();
    c.pendingInterrupts
        = QJsonDocument::fromJson(
              R"([{"id":"int-1","reason":"approval"},{"id":"int-2","reason":"input"}])")
              .array();
    ComposerDialog dialog;
    dialog.setContext(c);
    dialog.setRunId(QStringLiteral("run-4"));
    dialog.setMode(ComposerDialog::Mode::ResumeInterrupt);
    const QJsonObject input = QJsonDocument::fromJson(dialog.body()).object();
    QCOMPARE(
        input.value(QStringLiteral("resume")).toArray(),
        QJsonDocument::fromJson(
            R"([{"interruptId":"int-1","status":"resolved"},{"interruptId":"int-2","status":"resolved"}])")
            .array());
    // Edit one entry: cancel it with a payload.
    dialog.findChild<QPlainTextEdit *>(QStringLiteral("composerResume"))
        ->setPlainText(QStringLiteral(
            R"([{"interruptId":"int-1","status":"cancelled","payload":{"why":"no"}}])"));
    QCOMPARE(
        QJsonDocument::fromJson(dialog.body()).object().value(QStringLiteral("resume")).toArray(),
        QJsonDocument::fromJson(
            R"([{"interruptId":"int-1","status":"cancelled","payload":{"why":"no"}}])")
            .array());
}

void TestA2uiComposer::rawInvalidJsonIsFlaggedAndSentOnPurpose()
{
    ComposerDialog dialog;
    dialog.setContext(context());
    dialog.setBody("{\"threadId\": \"thread-1\", oops");
    QCOMPARE(dialog.mode(), ComposerDialog::Mode::RawJson);
    QVERIFY(!dialog.isBodyValid());
    QVERIFY(!dialog.bodyProblems().isEmpty());
    QVERIFY(!dialog.sendButton()->isEnabled()); // not by accident
    QSignalSpy sent(&dialog, &ComposerDialog::sendRequested);
    dialog.findChild<QCheckBox *>()->setChecked(true); // on purpose
    QVERIFY(dialog.sendButton()->isEnabled());
    QTest::mouseClick(dialog.sendButton(), Qt::LeftButton);
    QCOMPARE(sent.count(), 1);
    QCOMPARE(sent.first().at(0).toByteArray(), QByteArray("{\"threadId\": \"thread-1\", oops"));
    QCOMPARE(sent.first().at(1).toJsonObject(), QJsonObject());
    QCOMPARE(sent.first().at(2).toBool(), false);
    // Valid JSON that is not a valid RunAgentInput is flagged too.
    ComposerDialog other;
    other.setBody("{\"threadId\": 5}");
    QVERIFY(!other.isBodyValid());
}

#endif // Q_MOC_RUN

QTEST_MAIN(TestA2uiComposer)
#include "test_a2ui_composer.moc"
