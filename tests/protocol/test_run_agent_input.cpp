// RunAgentInput: JSON round trip without loss, UUID v4 run ids, schema validation of request
// bodies, and carrying a thread forward like @ag-ui/client.
#include "core/protocol/runagentinput.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>

using namespace agui;

namespace {

QJsonObject parse(const char *json)
{
    return QJsonDocument::fromJson(QByteArray(json)).object();
}

} // namespace

class TestRunAgentInput : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void createdInputIsValid()
    {
        const RunAgentInput in = RunAgentInput::create();
        const QJsonObject o = in.toJson();
        QCOMPARE(o.value(QStringLiteral("protocolVersion")).toString(), QStringLiteral("1.0"));
        QCOMPARE(o.value(QStringLiteral("state")).toObject(), QJsonObject());
        QCOMPARE(o.value(QStringLiteral("forwardedProps")).toObject(), QJsonObject());
        QVERIFY(o.value(QStringLiteral("messages")).isArray());
        QVERIFY(o.value(QStringLiteral("tools")).isArray());
        QVERIFY(o.value(QStringLiteral("context")).isArray());
        QVERIFY(!o.contains(QStringLiteral("resume")));
        QVERIFY(!o.contains(QStringLiteral("parentRunId")));
        QVERIFY(validateRunAgentInput(o).isEmpty());
        QVERIFY(in.threadId != in.runId);
    }

    void runIdsAreUuidV4()
    {
        static const QRegularExpression v4(QStringLiteral(
            "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"));
        QSet<QString> seen;
        for (int i = 0; i < 100; ++i) {
            const QString id = newRunId();
            QVERIFY2(v4.match(id).hasMatch(), qPrintable(id));
            seen.insert(id);
        }
        QCOMPARE(seen.size(), 100);
    }

    void roundTripKeepsEverything()
    {
        const QJsonObject body = parse(
            R"({"threadId":"t","runId":"r","parentRunId":"p","state":{"a":[1]},"messages":[{"id":"u","role":"user","content":"hi"}],
                "tools":[{"name":"f","description":"d"}],"context":[{"description":"x","value":"y"}],
                "forwardedProps":{"k":true},"resume":[{"interruptId":"i","status":"resolved"}],
                "protocolVersion":"1.0","vendorExtra":{"x":1},"messages2":5})");
        const RunAgentInput in = RunAgentInput::fromJson(body);
        QCOMPARE(in.threadId, QStringLiteral("t"));
        QCOMPARE(in.parentRunId.value_or(QString()), QStringLiteral("p"));
        QCOMPARE(in.resume->size(), 1);
        QCOMPARE(in.extra.size(), 2);
        QCOMPARE(in.toJson(), body);
        // Wrong-typed members are kept verbatim too.
        const QJsonObject odd = parse(R"({"threadId":5,"runId":"r","messages":{}})");
        QCOMPARE(RunAgentInput::fromJson(odd).toJson().value(QStringLiteral("threadId")),
                 QJsonValue(5));
        QCOMPARE(RunAgentInput::fromJson(odd).toJson().value(QStringLiteral("messages")),
                 QJsonValue(QJsonObject()));
    }

    void validation_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        QTest::newRow("no messages")
            << QByteArray(R"({"threadId":"t","runId":"r"})") << "schema.required"
            << "/messages"
            << "'messages' is required on RunAgentInput";
        QTest::newRow("no runId") << QByteArray(R"({"threadId":"t","messages":[]})")
                                  << "schema.required"
                                  << "/runId"
                                  << "'runId' is required on RunAgentInput";
        QTest::newRow("threadId number")
            << QByteArray(R"({"threadId":1,"runId":"r","messages":[]})") << "schema.type"
            << "/threadId"
            << "'threadId' must be a string, got 1";
        QTest::newRow("state null")
            << QByteArray(R"({"threadId":"t","runId":"r","messages":[],"state":null})")
            << "schema.null-stripped"
            << "/state"
            << "'state: null' on RunAgentInput is silently removed by the reference client "
               "(treated as absent); omit the field instead";
        QTest::newRow("tool without description")
            << QByteArray(R"({"threadId":"t","runId":"r","messages":[],"tools":[{"name":"f"}]})")
            << "schema.required"
            << "/tools/0/description"
            << "'tools[0].description' is required on RunAgentInput";
        QTest::newRow("context value number") << QByteArray(
            R"({"threadId":"t","runId":"r","messages":[],"context":[{"description":"d","value":1}]})")
                                              << "schema.type"
                                              << "/context/0/value"
                                              << "'context[0].value' must be a string, got 1";
        QTest::newRow("resume status") << QByteArray(
            R"({"threadId":"t","runId":"r","messages":[],"resume":[{"interruptId":"i","status":"done"}]})")
                                       << "schema.enum"
                                       << "/resume/0/status"
                                       << "'resume[0].status' must be one of 'resolved', "
                                          "'cancelled', got 'done'";
        QTest::newRow("message without id") << QByteArray(
            R"({"threadId":"t","runId":"r","messages":[{"role":"user","content":"x"}]})")
                                            << "schema.required"
                                            << "/messages/0/id"
                                            << "'messages[0].id' is required on RunAgentInput";
        QTest::newRow("forwardedProps null")
            << QByteArray(R"({"threadId":"t","runId":"r","messages":[],"forwardedProps":null})")
            << "schema.deprecated"
            << "/forwardedProps" << QString();
        QTest::newRow("unknown member")
            << QByteArray(R"({"threadId":"t","runId":"r","messages":[],"user":"x"})")
            << "schema.unknown-field"
            << "/user" << QString();
        QTest::newRow("not json") << QByteArray(R"({"threadId":)") << "input.not-json"
                                  << "" << QString();
        QTest::newRow("not object") << QByteArray("[]") << "input.not-object"
                                    << ""
                                    << "the body must be a JSON object (RunAgentInput)";
    }

    void validation()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, rule);
        QFETCH(QString, path);
        QFETCH(QString, message);
        const Diagnostics ds = validateRunAgentInputText(body);
        QCOMPARE(ds.size(), 1);
        QCOMPARE(ds[0].ruleId, rule);
        QCOMPARE(ds[0].path, path);
        // Schema errors go on with the client's words (the issue of its ZodError).
        if (!message.isEmpty())
            QCOMPARE(ds[0].message.section(QStringLiteral(" — @ag-ui/client: "), 0, 0), message);
        if (rule == QLatin1String("input.not-json"))
            QCOMPARE(ds[0].byteOffset, qint64(12));
    }

    void nextRunCarriesTheThreadForward()
    {
        const QJsonObject previous = parse(
            R"({"threadId":"t1","runId":"r1","parentRunId":"r0","state":{"old":1},"messages":[],
                "tools":[{"name":"f","description":"d"}],"context":[{"description":"x","value":"y"}],
                "forwardedProps":{"k":1},"resume":[{"interruptId":"i","status":"resolved"}],"vendor":7})");
        const QJsonArray messages = QJsonDocument::fromJson(
                                        R"([{"id":"u1","role":"user","content":"hi"},
                    {"id":"a1","role":"activity","activityType":"plan","content":{}},
                    {"id":"m1","role":"assistant","content":"yo","subagentRunId":null}])")
                                        .array();
        const QJsonObject next
            = nextRunInput(previous, messages, QJsonObject {{QStringLiteral("s"), 2}});
        QCOMPARE(next.value(QStringLiteral("threadId")).toString(), QStringLiteral("t1"));
        const QString runId = next.value(QStringLiteral("runId")).toString();
        QVERIFY(runId != QLatin1String("r1"));
        QCOMPARE(runId.size(), 36);
        QVERIFY(!next.contains(QStringLiteral("parentRunId")));
        QVERIFY(!next.contains(QStringLiteral("resume")));
        QCOMPARE(next.value(QStringLiteral("state")).toObject().value(QStringLiteral("s")).toInt(),
                 2);
        const QJsonArray sent = next.value(QStringLiteral("messages")).toArray();
        QCOMPARE(sent.size(), 2); // the activity message is not sent back
        QCOMPARE(sent[0].toObject().value(QStringLiteral("id")).toString(), QStringLiteral("u1"));
        QVERIFY(!sent[1].toObject().contains(QStringLiteral("subagentRunId")));
        QCOMPARE(next.value(QStringLiteral("tools")), previous.value(QStringLiteral("tools")));
        QCOMPARE(next.value(QStringLiteral("context")), previous.value(QStringLiteral("context")));
        QCOMPARE(next.value(QStringLiteral("forwardedProps")),
                 previous.value(QStringLiteral("forwardedProps")));
        QCOMPARE(next.value(QStringLiteral("vendor")).toInt(), 7);
        QCOMPARE(next.value(QStringLiteral("protocolVersion")).toString(), QStringLiteral("1.0"));
        const Diagnostics ds = validateRunAgentInput(next);
        QCOMPARE(ds.size(), 1); // only the unknown "vendor" member
        QCOMPARE(ds[0].ruleId, QStringLiteral("schema.unknown-field"));
        QCOMPARE(nextRunInput(previous, {}, QJsonValue(), QStringLiteral("fixed"))
                     .value(QStringLiteral("runId"))
                     .toString(),
                 QStringLiteral("fixed"));
    }
};

QTEST_GUILESS_MAIN(TestRunAgentInput)
#include "test_run_agent_input.moc"
