// Schema layer: every AG-UI 1.0 type's minimal and full examples pass clean; each required field,
// wrong type, null, float timestamp, unknown field and legacy form is reported with the right
// rule id and JSON Pointer path.
#include "core/protocol/catalogue.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTest>

using namespace agui;

namespace {

QJsonArray loadArray(const char *name)
{
    QFile f(QStringLiteral(AGUI_TEST_DATA_DIR "/protocol/") + QString::fromLatin1(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open test data %s", name);
    return QJsonDocument::fromJson(f.readAll()).array();
}

EventType typeOf(const QJsonObject &o)
{
    return eventTypeFromName(o.value(QStringLiteral("type")).toString());
}

// Our words of an error finding; its message goes on with the client's (the issue of the ZodError
// @ag-ui/client throws), which must be there.
QString ourWords(const Diagnostic &d)
{
    static const QString kClient = QStringLiteral(" — @ag-ui/client: {\"message\":");
    if (d.severity != Severity::Error)
        return d.message;
    const qsizetype at = d.message.indexOf(kClient);
    return at < 0 ? QStringLiteral("(no client text) ") + d.message : d.message.left(at);
}

QString dump(const Diagnostics &ds)
{
    QStringList lines;
    for (const Diagnostic &d : ds)
        lines << d.ruleId + QLatin1Char(' ') + d.path + QStringLiteral(": ") + d.message;
    return lines.join(QLatin1Char('\n'));
}

// The only diagnostic with this rule id, or a failure.
Diagnostic single(const Diagnostics &ds, const QString &rule)
{
    Diagnostics hits;
    for (const Diagnostic &d : ds)
        if (d.ruleId == rule)
            hits << d;
    if (hits.size() != 1)
        qWarning("expected exactly one %s, got:\n%s", qPrintable(rule), qPrintable(dump(ds)));
    return hits.value(0);
}

QJsonObject minimalOf(EventType type)
{
    for (const QJsonValue &v : loadArray("minimal-events.json"))
        if (typeOf(v.toObject()) == type)
            return v.toObject();
    return {};
}

} // namespace

class TestCatalogue : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void thirtyOneTypes()
    {
        QCOMPARE(aguiEventTypes().size(), 31);
        QCOMPARE(legacyEventTypes().size(), 5);
        for (EventType t : aguiEventTypes()) {
            QVERIFY(!isLegacyType(t));
            QCOMPARE(eventSpec(t).typeName, eventTypeName(t));
            QVERIFY2(!eventSpec(t).description.isEmpty(), qPrintable(eventTypeName(t)));
            for (const FieldSpec &f : allFieldSpecs(t))
                QVERIFY2(!f.description.isEmpty(), qPrintable(eventTypeName(t) + f.name));
        }
    }

    // The decoder resolves a type straight from the JSON string's bytes (by length, then bytes):
    // every wire name, current and legacy, and nothing that only looks like one.
    void typeFromItsWireBytes()
    {
        for (EventType t : aguiEventTypes() + legacyEventTypes()) {
            const QByteArray name = eventTypeName(t).toLatin1();
            QCOMPARE(eventTypeFromUtf8(std::string_view(name.constData(), size_t(name.size()))), t);
        }
        for (const char *miss : {"", "RUN", "RUN_STARTED_", "RUN_STARTEX", "run_started",
                                 "TEXT_MESSAGE_CONTENS", "XTEP_STARTED", "STEP_FINISHES",
                                 "AN_EVENT_TYPE_NAME_LONGER_THAN_ANY_THE_PROTOCOL_HAS_AT_ALL"})
            QCOMPARE(eventTypeFromUtf8(miss), EventType::Unknown);
    }

    // The types the diff's --ignore-text and the redactor treat as streamed content: each has a
    // string "delta", and the content types of every streaming family are among them.
    void streamedDeltaTypesCarryADelta()
    {
        int streaming = 0;
        for (EventType t : aguiEventTypes() + legacyEventTypes()) {
            if (!eventSpec(t).streamsDelta)
                continue;
            ++streaming;
            bool hasDelta = false;
            for (const FieldSpec &f : eventSpec(t).fields)
                hasDelta |= f.name == QLatin1String("delta") && f.kind == FieldKind::String;
            QVERIFY2(hasDelta, qPrintable(eventTypeName(t)));
        }
        QCOMPARE(streaming, 7);
        QVERIFY(eventSpec(EventType::ToolCallArgs).streamsDelta);
        QVERIFY(!eventSpec(EventType::StateDelta).streamsDelta); // a patch, not streamed text
    }

    void minimalExamplesCoverEveryTypeAndPass()
    {
        QSet<EventType> seen;
        for (const QJsonValue &v : loadArray("minimal-events.json")) {
            const QJsonObject o = v.toObject();
            const EventType t = typeOf(o);
            QVERIFY2(t != EventType::Unknown,
                     qPrintable(o.value(QStringLiteral("type")).toString()));
            seen.insert(t);
            const Diagnostics ds = validateEvent(o, t);
            QVERIFY2(ds.isEmpty(), qPrintable(eventTypeName(t) + QLatin1Char('\n') + dump(ds)));
        }
        QCOMPARE(seen.size(), 31);
    }

    void fullExamplesPass()
    {
        for (const QJsonValue &v : loadArray("full-events.json")) {
            const QJsonObject o = v.toObject();
            const Diagnostics ds = validateEvent(o, typeOf(o));
            QVERIFY2(ds.isEmpty(),
                     qPrintable(o.value(QStringLiteral("type")).toString() + QLatin1Char('\n')
                                + dump(ds)));
        }
    }

    void eachRequiredFieldRemoved()
    {
        int checked = 0;
        for (const QJsonValue &v : loadArray("minimal-events.json")) {
            const QJsonObject o = v.toObject();
            const EventType t = typeOf(o);
            for (const FieldSpec &f : eventSpec(t).fields) {
                if (!f.required)
                    continue;
                QJsonObject broken = o;
                QVERIFY2(broken.contains(f.name), qPrintable(eventTypeName(t) + f.name));
                broken.remove(f.name);
                const Diagnostics ds = validateEvent(broken, t);
                QCOMPARE(ds.size(), 1);
                QCOMPARE(ds[0].ruleId, QStringLiteral("schema.required"));
                QCOMPARE(ds[0].severity, Severity::Error);
                QCOMPARE(ds[0].path, QLatin1Char('/') + f.name);
                QCOMPARE(ourWords(ds[0]),
                         QStringLiteral("'%1' is required on %2").arg(f.name, eventTypeName(t)));
                ++checked;
            }
        }
        QVERIFY(checked >= 45);
        const Diagnostics ds = validateEvent(
            QJsonObject {{QStringLiteral("type"), QStringLiteral("TEXT_MESSAGE_CONTENT")},
                         {QStringLiteral("messageId"), QStringLiteral("m1")}},
            EventType::TextMessageContent);
        QCOMPARE(ds.value(0).message,
                 QStringLiteral("'delta' is required on TEXT_MESSAGE_CONTENT — @ag-ui/client: "
                                "{\"message\":\"Invalid input: expected string, received "
                                "undefined\",\"path\":[\"delta\"]}"));
    }

    void wrongTypes_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        QTest::newRow("delta number")
            << QByteArray(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":5})")
            << "schema.type"
            << "/delta"
            << "'delta' must be a string, got 5";
        QTest::newRow("messages object")
            << QByteArray(R"({"type":"MESSAGES_SNAPSHOT","messages":{}})") << "schema.type"
            << "/messages"
            << "'messages' must be an array, got an object";
        QTest::newRow("activity content string") << QByteArray(
            R"({"type":"ACTIVITY_SNAPSHOT","messageId":"a","activityType":"x","content":"s"})")
                                                 << "schema.type"
                                                 << "/content"
                                                 << "'content' must be an object, got 's'";
        QTest::newRow("replace string") << QByteArray(
            R"({"type":"ACTIVITY_SNAPSHOT","messageId":"a","activityType":"x","content":{},"replace":"no"})")
                                        << "schema.type"
                                        << "/replace"
                                        << "'replace' must be a boolean, got 'no'";
        QTest::newRow("float timestamp")
            << QByteArray(R"({"type":"STEP_STARTED","stepName":"s","timestamp":1.5})")
            << "schema.integer-timestamp"
            << "/timestamp"
            << "'timestamp' must be an integer, got 1.5";
        QTest::newRow("huge timestamp")
            << QByteArray(R"({"type":"STEP_STARTED","stepName":"s","timestamp":9007199254740993})")
            << "schema.integer-timestamp"
            << "/timestamp"
            << "'timestamp' must be a safe integer within ±(2^53−1), got 9007199254740992";
        QTest::newRow("string timestamp")
            << QByteArray(R"({"type":"STEP_STARTED","stepName":"s","timestamp":"1"})")
            << "schema.type"
            << "/timestamp"
            << "'timestamp' must be an integer, got '1'";
        QTest::newRow("metadata array")
            << QByteArray(R"({"type":"STEP_STARTED","stepName":"s","metadata":[]})")
            << "schema.type"
            << "/metadata"
            << "'metadata' must be an object, got an array";
        QTest::newRow("metadata null")
            << QByteArray(R"({"type":"STEP_STARTED","stepName":"s","metadata":null})")
            << "schema.null-not-allowed"
            << "/metadata"
            << "'metadata' must not be null on STEP_STARTED (expected an object; omit it instead)";
        QTest::newRow("tool role on text start")
            << QByteArray(R"({"type":"TEXT_MESSAGE_START","messageId":"m","role":"tool"})")
            << "schema.enum"
            << "/role"
            << "'role' must be one of 'developer', 'system', 'assistant', 'user', got 'tool'";
        QTest::newRow("reasoning role") << QByteArray(
            R"({"type":"REASONING_MESSAGE_START","messageId":"m","role":"assistant"})")
                                        << "schema.enum"
                                        << "/role"
                                        << "'role' must be one of 'reasoning', got 'assistant'";
        QTest::newRow("encrypted subtype") << QByteArray(
            R"({"type":"REASONING_ENCRYPTED_VALUE","subtype":"x","entityId":"e","encryptedValue":"v"})")
                                           << "schema.enum"
                                           << "/subtype"
                                           << "'subtype' must be one of 'tool-call', 'message', "
                                              "got 'x'";
        QTest::newRow("interrupt outcome empty") << QByteArray(
            R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":{"type":"interrupt","interrupts":[]}})")
                                                 << "schema.min-items"
                                                 << "/outcome/interrupts"
                                                 << "'outcome.interrupts' must hold at least 1 "
                                                    "interrupt on RUN_FINISHED";
        QTest::newRow("interrupt without reason") << QByteArray(
            R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":{"type":"interrupt","interrupts":[{"id":"i"}]}})")
                                                  << "schema.required"
                                                  << "/outcome/interrupts/0/reason"
                                                  << "'outcome.interrupts[0].reason' is required "
                                                     "on RUN_FINISHED";
        QTest::newRow("weird run outcome") << QByteArray(
            R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":{"type":"weird"}})")
                                           << "schema.unknown-variant"
                                           << "/outcome"
                                           << "Removed unrecognised material at '/outcome' on "
                                              "RUN_FINISHED: 'outcome.type' must be one of "
                                              "'success', 'interrupt', 'cancelled', got 'weird'; "
                                              "the client removes 'outcome' entirely (kept here)";
        QTest::newRow("subagent outcome") << QByteArray(
            R"({"type":"SUBAGENT_FINISHED","subagentRunId":"s","outcome":{"type":"interrupt"}})")
                                          << "schema.unknown-variant"
                                          << "/outcome"
                                          << "Removed unrecognised material at '/outcome' on "
                                             "SUBAGENT_FINISHED: 'outcome.type' must be one of "
                                             "'success', 'suspended', got 'interrupt'; the client "
                                             "removes 'outcome' entirely (kept here)";
        QTest::newRow("interruptIds non-string") << QByteArray(
            R"({"type":"SUBAGENT_FINISHED","subagentRunId":"s","outcome":{"type":"suspended","interruptIds":[1]}})")
                                                 << "schema.type"
                                                 << "/outcome/interruptIds/0"
                                                 << "'outcome.interruptIds[0]' must be a string, "
                                                    "got 1";
        QTest::newRow("negative tokens")
            << QByteArray(R"({"type":"RUN_ERROR","message":"m","usage":[{"inputTokens":-1}]})")
            << "schema.range"
            << "/usage/0/inputTokens"
            << "'usage[0].inputTokens' must be a non-negative safe integer, got -1";
        QTest::newRow("float tokens")
            << QByteArray(R"({"type":"RUN_ERROR","message":"m","usage":[{"inputTokens":1.5}]})")
            << "schema.type"
            << "/usage/0/inputTokens"
            << "'usage[0].inputTokens' must be an integer, got 1.5";
        QTest::newRow("patch bad path")
            << QByteArray(R"({"type":"STATE_DELTA","delta":[{"op":"add","path":"a","value":1}]})")
            << "schema.format"
            << "/delta/0/path"
            << "'delta[0].path' must be an RFC 6901 JSON Pointer (\"\" or \"/a/b\"), got 'a'";
        QTest::newRow("patch bad escape") << QByteArray(
            R"({"type":"ACTIVITY_DELTA","messageId":"a","activityType":"x","patch":[{"op":"move","from":"/~2","path":"/b"}]})")
                                          << "schema.format"
                                          << "/patch/0/from"
                                          << "'patch[0].from' must be an RFC 6901 JSON Pointer "
                                             "(\"\" or \"/a/b\"), got '/~2'";
        QTest::newRow("patch add without value")
            << QByteArray(R"({"type":"STATE_DELTA","delta":[{"op":"add","path":"/a"}]})")
            << "schema.required"
            << "/delta/0/value"
            << "'delta[0].value' is required on STATE_DELTA";
        QTest::newRow("patch copy without from")
            << QByteArray(R"({"type":"STATE_DELTA","delta":[{"op":"copy","path":"/a"}]})")
            << "schema.required"
            << "/delta/0/from"
            << "'delta[0].from' is required on STATE_DELTA";
        QTest::newRow("patch unknown op")
            << QByteArray(R"({"type":"STATE_DELTA","delta":[{"op":"merge","path":"/a"}]})")
            << "schema.unknown-variant"
            << "/delta/0"
            << "Removed unrecognised material at '/delta/0' on STATE_DELTA: 'delta[0].op' must be "
               "one of 'add', 'remove', 'replace', 'move', 'copy', 'test', got 'merge'; the client "
               "removes 'delta[0]' entirely (kept here)";
        QTest::newRow("message unknown role") << QByteArray(
            R"({"type":"MESSAGES_SNAPSHOT","messages":[{"id":"x","role":"bot","content":""}]})")
                                              << "schema.unknown-variant"
                                              << "/messages/0"
                                              << "Removed unrecognised material at '/messages/0' "
                                                 "on MESSAGES_SNAPSHOT: 'messages[0].role' must be "
                                                 "one of 'developer', 'system', 'assistant', "
                                                 "'user', 'tool', 'activity', 'reasoning', got "
                                                 "'bot'; the client removes 'messages[0]' entirely "
                                                 "(kept here)";
        QTest::newRow("message without role")
            << QByteArray(R"({"type":"MESSAGES_SNAPSHOT","messages":[{"id":"x","content":""}]})")
            << "schema.unknown-variant"
            << "/messages/0"
            << "Removed unrecognised material at '/messages/0' on MESSAGES_SNAPSHOT: "
               "'messages[0].role' is missing (expected one of 'developer', 'system', "
               "'assistant', 'user', 'tool', 'activity', 'reasoning'); the client removes "
               "'messages[0]' entirely (kept here)";
        QTest::newRow("unknown source drops the part") << QByteArray(
            R"({"type":"TOOL_CALL_RESULT","messageId":"m","toolCallId":"c","content":[{"type":"image","source":{"type":"ftp","value":"x"}}]})")
                                                       << "schema.unknown-variant"
                                                       << "/content/0"
                                                       << "Removed unrecognised material at "
                                                          "'/content/0' on TOOL_CALL_RESULT: "
                                                          "'content[0].source.type' must be one of "
                                                          "'data', 'url', 'file', got 'ftp'; the "
                                                          "client removes 'content[0]' entirely "
                                                          "(kept here)";
        QTest::newRow("message not an object")
            << QByteArray(R"({"type":"MESSAGES_SNAPSHOT","messages":[5]})") << "schema.type"
            << "/messages/0"
            << "'messages[0]' must be an object, got 5";
        QTest::newRow("tool message without toolCallId") << QByteArray(
            R"({"type":"MESSAGES_SNAPSHOT","messages":[{"id":"x","role":"tool","content":""}]})")
                                                         << "schema.required"
                                                         << "/messages/0/toolCallId"
                                                         << "'messages[0].toolCallId' is required "
                                                            "on MESSAGES_SNAPSHOT";
        QTest::newRow("system content parts") << QByteArray(
            R"({"type":"MESSAGES_SNAPSHOT","messages":[{"id":"x","role":"system","content":[]}]})")
                                              << "schema.type"
                                              << "/messages/0/content"
                                              << "'messages[0].content' must be a string, got an "
                                                 "array";
        QTest::newRow("tool call arguments object") << QByteArray(
            R"({"type":"MESSAGES_SNAPSHOT","messages":[{"id":"x","role":"assistant","toolCalls":[{"id":"c","type":"function","function":{"name":"f","arguments":{}}}]}]})")
                                                    << "schema.type"
                                                    << "/messages/0/toolCalls/0/function/arguments"
                                                    << "'messages[0].toolCalls[0].function."
                                                       "arguments' must be a string, got an object";
        QTest::newRow("data source without mimeType") << QByteArray(
            R"({"type":"TOOL_CALL_RESULT","messageId":"m","toolCallId":"c","content":[{"type":"image","source":{"type":"data","value":"x"}}]})")
                                                      << "schema.required"
                                                      << "/content/0/source/mimeType"
                                                      << "'content[0].source.mimeType' is required "
                                                         "on TOOL_CALL_RESULT";
        QTest::newRow("result role") << QByteArray(
            R"({"type":"TOOL_CALL_RESULT","messageId":"m","toolCallId":"c","content":"x","role":"assistant"})")
                                     << "schema.enum"
                                     << "/role"
                                     << "'role' must be one of 'tool', got 'assistant'";
        QTest::newRow("input without messages") << QByteArray(
            R"({"type":"RUN_STARTED","threadId":"t","runId":"r","input":{"threadId":"t","runId":"r"}})")
                                                << "schema.required"
                                                << "/input/messages"
                                                << "'input.messages' is required on RUN_STARTED";
        QTest::newRow("subagentRunId null")
            << QByteArray(R"({"type":"STEP_STARTED","stepName":"s","subagentRunId":null})")
            << "schema.null-not-allowed"
            << "/subagentRunId"
            << "'subagentRunId' must not be null on STEP_STARTED (expected a string; omit it "
               "instead)";
        QTest::newRow("subagent description null") << QByteArray(
            R"({"type":"SUBAGENT_STARTED","subagentRunId":"s","name":"n","description":null})")
                                                   << "schema.null-not-allowed"
                                                   << "/description"
                                                   << "'description' must not be null on "
                                                      "SUBAGENT_STARTED (expected a string; omit "
                                                      "it instead)";
        QTest::newRow("required delta null")
            << QByteArray(R"({"type":"TOOL_CALL_ARGS","toolCallId":"c","delta":null})")
            << "schema.null-not-allowed"
            << "/delta"
            << "'delta' must not be null on TOOL_CALL_ARGS (expected a string)";
    }

    void wrongTypes()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, rule);
        QFETCH(QString, path);
        QFETCH(QString, message);
        const QJsonObject o = QJsonDocument::fromJson(json).object();
        QVERIFY(!o.isEmpty());
        const Diagnostics ds = validateEvent(o, typeOf(o));
        QVERIFY2(ds.size() == 1, qPrintable(dump(ds)));
        QCOMPARE(ds[0].ruleId, rule);
        QCOMPARE(ds[0].path, path);
        QCOMPARE(ourWords(ds[0]), message);
        const bool warning = rule == QLatin1String("schema.unknown-variant");
        QCOMPARE(ds[0].severity, warning ? Severity::Warning : Severity::Error);
    }

    // The client's own words are in our error findings: what its ZodError says.
    void errorsCarryTheClientsText_data()
    {
        // (Plain literals: moc misreads raw strings holding backslashes.)
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("client");
        QTest::newRow("reasoning role")
            << QByteArray(
                   "{\"type\":\"REASONING_MESSAGE_START\",\"messageId\":\"m\",\"role\":\"user\"}")
            << "{\"message\":\"Invalid input: expected \\\"reasoning\\\"\",\"path\":[\"role\"]}";
        QTest::newRow("outcome array")
            << QByteArray(
                   "{\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\",\"outcome\":[]}")
            << "{\"message\":\"Invalid input: expected object, received array\",\"path\":"
               "[\"outcome\"]}";
        QTest::newRow("text role")
            << QByteArray(
                   "{\"type\":\"TEXT_MESSAGE_START\",\"messageId\":\"m\",\"role\":\"robot\"}")
            << "{\"message\":\"Invalid option: expected one of \\\"developer\\\"|\\\"system\\\"|"
               "\\\"assistant\\\"|\\\"user\\\"\",\"path\":[\"role\"]}";
        QTest::newRow("float timestamp")
            << QByteArray("{\"type\":\"STEP_STARTED\",\"stepName\":\"s\",\"timestamp\":1.5}")
            << "{\"message\":\"Invalid input: expected int, received number\",\"path\":"
               "[\"timestamp\"]}";
        QTest::newRow("missing name")
            << QByteArray("{\"type\":\"SUBAGENT_STARTED\",\"subagentRunId\":\"s\"}")
            << "{\"message\":\"Invalid input: expected string, received undefined\",\"path\":"
               "[\"name\"]}";
        QTest::newRow("empty interrupts")
            << QByteArray("{\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\","
                          "\"outcome\":{\"type\":\"interrupt\",\"interrupts\":[]}}")
            << "{\"message\":\"Too small: expected array to have >=1 items\",\"path\":"
               "[\"outcome\",\"interrupts\"]}";
    }

    void errorsCarryTheClientsText()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, client);
        const QJsonObject o = QJsonDocument::fromJson(json).object();
        const Diagnostics ds = validateEvent(o, typeOf(o));
        QVERIFY2(ds.size() == 1, qPrintable(dump(ds)));
        QVERIFY2(ds[0].message.endsWith(QStringLiteral(" — @ag-ui/client: ") + client),
                 qPrintable(ds[0].message));
    }

    void nullsWhereAllowed()
    {
        // Present-but-null is fine for the "any" payloads.
        for (const char *json :
             {R"({"type":"STATE_SNAPSHOT","snapshot":null})", R"({"type":"RAW","event":null})",
              R"({"type":"CUSTOM","name":"n","value":null})",
              R"({"type":"STATE_DELTA","delta":[{"op":"add","path":"/a","value":null}]})"}) {
            const QJsonObject o = QJsonDocument::fromJson(QByteArray(json)).object();
            QVERIFY2(validateEvent(o, typeOf(o)).isEmpty(), json);
        }
    }

    void legacyNullsAreDeprecated_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("path");
        QTest::newRow("parentMessageId") << QByteArray(
            R"({"type":"TOOL_CALL_START","toolCallId":"c","toolCallName":"f","parentMessageId":null})")
                                         << "/parentMessageId";
        QTest::newRow("chunk parentMessageId")
            << QByteArray(R"({"type":"TOOL_CALL_CHUNK","parentMessageId":null})")
            << "/parentMessageId";
        QTest::newRow("outcome") << QByteArray(
            R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","outcome":null})")
                                 << "/outcome";
        QTest::newRow("result") << QByteArray(
            R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","result":null})")
                                << "/result";
        QTest::newRow("subagent result")
            << QByteArray(R"({"type":"SUBAGENT_FINISHED","subagentRunId":"s","result":null})")
            << "/result";
        QTest::newRow("rawEvent") << QByteArray(
            R"({"type":"STEP_STARTED","stepName":"s","rawEvent":null})")
                                  << "/rawEvent";
        QTest::newRow("forwardedProps") << QByteArray(
            R"({"type":"RUN_STARTED","threadId":"t","runId":"r","input":{"threadId":"t","runId":"r","messages":[],"forwardedProps":null}})")
                                        << "/input/forwardedProps";
        QTest::newRow("tool parameters") << QByteArray(
            R"({"type":"RUN_STARTED","threadId":"t","runId":"r","input":{"threadId":"t","runId":"r","messages":[],"tools":[{"name":"f","description":"d","parameters":null}]}})")
                                         << "/input/tools/0/parameters";
        QTest::newRow("resume payload") << QByteArray(
            R"({"type":"RUN_STARTED","threadId":"t","runId":"r","input":{"threadId":"t","runId":"r","messages":[],"resume":[{"interruptId":"i","status":"cancelled","payload":null}]}})")
                                        << "/input/resume/0/payload";
        QTest::newRow("media metadata") << QByteArray(
            R"({"type":"MESSAGES_SNAPSHOT","messages":[{"id":"u","role":"user","content":[{"type":"image","source":{"type":"url","value":"u"},"metadata":null}]}]})")
                                        << "/messages/0/content/0/metadata";
        QTest::newRow("binary part") << QByteArray(
            R"({"type":"MESSAGES_SNAPSHOT","messages":[{"id":"u","role":"user","content":[{"type":"binary","mimeType":"image/png","data":"aGk="}]}]})")
                                     << "/messages/0/content/0";
    }

    void legacyNullsAreDeprecated()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, path);
        const QJsonObject o = QJsonDocument::fromJson(json).object();
        const Diagnostics ds = validateEvent(o, typeOf(o));
        QVERIFY2(ds.size() == 1, qPrintable(dump(ds)));
        QCOMPARE(ds[0].ruleId, QStringLiteral("schema.deprecated"));
        QCOMPARE(ds[0].severity, Severity::Warning);
        QCOMPARE(ds[0].path, path);
    }

    void subagentOutcomeNullIsAnError()
    {
        // Only RUN_FINISHED.outcome:null is converted by the compat stage; verify rejects it on
        // SUBAGENT_FINISHED (agui-protocol.md §4.3 A4).
        const QJsonObject o
            = QJsonDocument::fromJson(
                  R"({"type":"SUBAGENT_FINISHED","subagentRunId":"s","outcome":null})")
                  .object();
        QCOMPARE(
            single(validateEvent(o, typeOf(o)), QStringLiteral("schema.null-not-allowed")).path,
            QStringLiteral("/outcome"));
    }

    void unknownFieldsKeptAndFlagged()
    {
        QJsonObject o = minimalOf(EventType::TextMessageEnd);
        o.insert(QStringLiteral("colour"), QStringLiteral("red"));
        o.insert(QStringLiteral("a/b"), 1);
        const QJsonObject before = o;
        const Diagnostics ds = validateEvent(o, EventType::TextMessageEnd);
        QCOMPARE(o, before); // nothing removed
        QCOMPARE(ds.size(), 2);
        for (const Diagnostic &d : ds) {
            QCOMPARE(d.ruleId, QStringLiteral("schema.unknown-field"));
            QCOMPARE(d.severity, Severity::Warning);
        }
        QStringList paths = {ds[0].path, ds[1].path};
        paths.sort();
        QCOMPARE(paths, (QStringList {QStringLiteral("/a~1b"), QStringLiteral("/colour")}));
        QVERIFY(ds[0].message.contains(QStringLiteral("strips")));

        // Nested unknown members too, but never inside opaque payloads or patch ops.
        const QJsonObject nested
            = QJsonDocument::fromJson(
                  R"({"type":"MESSAGES_SNAPSHOT","messages":[{"id":"m","role":"assistant","mood":1}],"x":2})")
                  .object();
        const Diagnostics nd = validateEvent(nested, EventType::MessagesSnapshot);
        QCOMPARE(nd.size(), 2);
        QCOMPARE(nd[0].ruleId, QStringLiteral("schema.unknown-field"));
        QCOMPARE(nd[1].ruleId, QStringLiteral("schema.unknown-field"));
        QStringList np = {nd[0].path, nd[1].path};
        np.sort();
        QCOMPARE(np, (QStringList {QStringLiteral("/messages/0/mood"), QStringLiteral("/x")}));
        const QJsonObject opaque
            = QJsonDocument::fromJson(
                  R"({"type":"STATE_SNAPSHOT","snapshot":{"anything":{"x":1}}})")
                  .object();
        QVERIFY(validateEvent(opaque, EventType::StateSnapshot).isEmpty());
    }

    void attributionNotDefinedOnRunAndMessagesSnapshot()
    {
        for (EventType t : {EventType::RunStarted, EventType::RunFinished, EventType::RunError,
                            EventType::MessagesSnapshot}) {
            QJsonObject o = minimalOf(t);
            o.insert(QStringLiteral("subagentRunId"), QStringLiteral("s1"));
            const Diagnostic d
                = single(validateEvent(o, t), QStringLiteral("schema.unknown-field"));
            QCOMPARE(d.path, QStringLiteral("/subagentRunId"));
        }
        for (EventType t : {EventType::TextMessageStart, EventType::StepStarted,
                            EventType::ToolCallResult, EventType::Custom, EventType::Raw}) {
            QJsonObject o = minimalOf(t);
            o.insert(QStringLiteral("subagentRunId"), QStringLiteral("s1"));
            QVERIFY2(validateEvent(o, t).isEmpty(), qPrintable(eventTypeName(t)));
        }
        QJsonObject o = minimalOf(EventType::StepStarted);
        o.insert(QStringLiteral("subagentRunId"), 3);
        QCOMPARE(
            single(validateEvent(o, EventType::StepStarted), QStringLiteral("schema.type")).path,
            QStringLiteral("/subagentRunId"));
    }

    void legacyTypesDeprecated()
    {
        const struct
        {
            const char *json;
            int deprecations;
        } cases[] = {
            {R"({"type":"THINKING_START"})", 1},
            {R"({"type":"THINKING_START","title":"t"})", 2},
            {R"({"type":"THINKING_END"})", 1},
            {R"({"type":"THINKING_TEXT_MESSAGE_START"})", 1},
            {R"({"type":"THINKING_TEXT_MESSAGE_CONTENT","delta":"x"})", 1},
            {R"({"type":"THINKING_TEXT_MESSAGE_END"})", 1},
        };
        for (const auto &c : cases) {
            const QJsonObject o = QJsonDocument::fromJson(QByteArray(c.json)).object();
            const EventType t = typeOf(o);
            QVERIFY(isLegacyType(t));
            const Diagnostics ds = validateEvent(o, t);
            QCOMPARE(ds.size(), c.deprecations);
            for (const Diagnostic &d : ds) {
                QCOMPARE(d.ruleId, QStringLiteral("schema.deprecated"));
                QCOMPARE(d.severity, Severity::Warning);
            }
            QVERIFY(ds[0].message.contains(QStringLiteral("REASONING_")));
        }
        const QJsonObject noDelta
            = QJsonDocument::fromJson(R"({"type":"THINKING_TEXT_MESSAGE_CONTENT"})").object();
        QCOMPARE(single(validateEvent(noDelta, EventType::ThinkingTextMessageContent),
                        QStringLiteral("schema.required"))
                     .path,
                 QStringLiteral("/delta"));
    }

    void unknownType()
    {
        const QJsonObject o = QJsonDocument::fromJson(R"({"type":"error","x":1})").object();
        const Diagnostics ds = validateEvent(o, EventType::Unknown);
        QCOMPARE(ds.size(), 1);
        QCOMPARE(ds[0].ruleId, QStringLiteral("schema.unknown-type"));
        QCOMPARE(ds[0].severity, Severity::Warning);
        QVERIFY(ds[0].message.contains(QStringLiteral("'error'")));
    }

    void integerTimestamps()
    {
        for (const char *ts :
             {"0", "-5", "1764500000000", "9007199254740991", "1.0", "-9007199254740991"}) {
            const QJsonObject o
                = QJsonDocument::fromJson(
                      QByteArray(R"({"type":"STEP_STARTED","stepName":"s","timestamp":)") + ts
                      + "}")
                      .object();
            QVERIFY2(validateEvent(o, EventType::StepStarted).isEmpty(), ts);
        }
    }

    void jsonPointerSyntax()
    {
        QVERIFY(isJsonPointerSyntax(QString()));
        QVERIFY(isJsonPointerSyntax(QStringLiteral("/")));
        QVERIFY(isJsonPointerSyntax(QStringLiteral("/a/b~0c~1d/0")));
        QVERIFY(!isJsonPointerSyntax(QStringLiteral("a")));
        QVERIFY(!isJsonPointerSyntax(QStringLiteral("/~")));
        QVERIFY(!isJsonPointerSyntax(QStringLiteral("/a~2")));
        QCOMPARE(pointerAppend(QStringLiteral("/a"), QStringLiteral("b/c~")),
                 QStringLiteral("/a/b~1c~0"));
    }

    void catalogueDataForDocs()
    {
        const QList<FieldSpec> fields = allFieldSpecs(EventType::TextMessageStart);
        QStringList names;
        for (const FieldSpec &f : fields)
            names << f.name;
        QCOMPARE(names,
                 (QStringList {QStringLiteral("messageId"), QStringLiteral("role"),
                               QStringLiteral("name"), QStringLiteral("type"),
                               QStringLiteral("timestamp"), QStringLiteral("rawEvent"),
                               QStringLiteral("metadata"), QStringLiteral("subagentRunId")}));
        QVERIFY(fields[0].required);
        QVERIFY(!fields[1].required);
        QCOMPARE(fieldTypeText(fields[1]),
                 QStringLiteral("\"developer\" | \"system\" | \"assistant\" | \"user\""));
        QCOMPARE(fieldTypeText(fields[4]), QStringLiteral("integer"));
        QCOMPARE(fieldTypeText(eventSpec(EventType::MessagesSnapshot).fields[0]),
                 QStringLiteral("Message[]"));
        // No attribution on RUN_*.
        for (const FieldSpec &f : allFieldSpecs(EventType::RunStarted))
            QVERIFY(f.name != QLatin1String("subagentRunId"));
    }
};

QTEST_GUILESS_MAIN(TestCatalogue)
#include "test_catalogue.moc"
