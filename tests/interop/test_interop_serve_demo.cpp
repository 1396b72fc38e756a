// The other direction: the reference client (@ag-ui/client HttpAgent, peer/demo-roundtrip.mjs)
// against our own `agui-inspect serve --demo`, on each binding the server offers.
//   - the client runs without error and every event we send passes @ag-ui/core's schemas;
//   - the A2UI round trip works when the real client sends the action: it clicks the surface's
//     button (forwardedProps.a2uiAction.userAction, context resolved from the data model) and our
//     agent answers with the values that only reached it through that action;
//   - our Session, fed the same requests through our RunClient, builds the same messages and
//     state as the client.
// Needs node and the pinned packages (README test command); fails, never skips, without them.

#include "interopsupport.h"

#include "core/session/session.h"
#include "core/session/snapshot.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace interop;

class TestInteropServeDemo : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void referenceClientRoundTrip_data();
    void referenceClientRoundTrip();

private:
    QString m_node;
    QUrl m_url;
    ServerProcess m_server;
};

void TestInteropServeDemo::initTestCase()
{
    QString why;
    m_node = findNode(&why);
    QVERIFY2(!m_node.isEmpty(), qPrintable(why));
    QString error;
    // serve prints the endpoint URL on its first stdout line.
    const QString url = m_server.start(QStringLiteral(AGUI_INSPECT_BINARY),
                                       {QStringLiteral("serve"), QStringLiteral("--demo"),
                                        QStringLiteral("--port"), QStringLiteral("0"),
                                        QStringLiteral("--pace"), QStringLiteral("0")},
                                       QStringLiteral("(http://\\S+)"), &error);
    QVERIFY2(!url.isEmpty(), qPrintable(error));
    m_url = QUrl(url);
    QVERIFY(m_url.isValid());
}

void TestInteropServeDemo::cleanupTestCase()
{
    m_server.stop();
}

void TestInteropServeDemo::referenceClientRoundTrip_data()
{
    QTest::addColumn<QString>("binding");
    QTest::newRow("sse") << QStringLiteral("sse");
    QTest::newRow("proto") << QStringLiteral("proto");
}

void TestInteropServeDemo::referenceClientRoundTrip()
{
    QFETCH(QString, binding);
    const NodeResult ref = runNodeJson(
        m_node,
        {QStringLiteral(AGUI_SOURCE_DIR "/tests/interop/peer/demo-roundtrip.mjs"),
         QStringLiteral("--url"), m_url.toString(), QStringLiteral("--binding"), binding});
    QVERIFY2(ref.ok(), qPrintable(ref.error));
    const QJsonObject r = ref.json;
    QVERIFY2(r.value(QLatin1String("ok")).toBool(),
             qPrintable(QStringLiteral("@ag-ui/client failed against serve --demo: ")
                        + r.value(QLatin1String("error")).toString()));

    const QJsonArray runs = r.value(QLatin1String("runs")).toArray();
    QCOMPARE(runs.size(), 2);
    const QString expectedType = binding == QLatin1String("proto")
        ? QLatin1String(kProtoMediaType)
        : QStringLiteral("text/event-stream");
    for (const QJsonValue &v : runs) {
        const QJsonObject run = v.toObject();
        QCOMPARE(run.value(QLatin1String("status")).toInt(), 200);
        QVERIFY(run.value(QLatin1String("contentType")).toString().startsWith(expectedType));
        QVERIFY(run.value(QLatin1String("events")).toArray().size() > 3);
        QVERIFY2(run.value(QLatin1String("wireError")).isNull(),
                 qPrintable(run.value(QLatin1String("wireError")).toString()));
        const QJsonArray schemaErrors = run.value(QLatin1String("schemaErrors")).toArray();
        QVERIFY2(schemaErrors.isEmpty(),
                 QJsonDocument(schemaErrors).toJson(QJsonDocument::Compact).left(3000).constData());
    }

    // The round trip: the action the client built reached the agent, which answers with the
    // name that only the action carried.
    const QJsonObject action = r.value(QLatin1String("action")).toObject();
    QVERIFY(!action.value(QLatin1String("name")).toString().isEmpty());
    QCOMPARE(action.value(QLatin1String("surfaceId")).toString(),
             r.value(QLatin1String("surfaceId")).toString());
    const QJsonObject sentAction = runs.at(1)
                                       .toObject()
                                       .value(QLatin1String("input"))
                                       .toObject()
                                       .value(QLatin1String("forwardedProps"))
                                       .toObject()
                                       .value(QLatin1String("a2uiAction"))
                                       .toObject()
                                       .value(QLatin1String("userAction"))
                                       .toObject();
    QCOMPARE(sentAction, action);
    bool answered = false;
    for (const QJsonValue &m : r.value(QLatin1String("messages")).toArray()) {
        const QJsonObject msg = m.toObject();
        if (msg.value(QLatin1String("role")).toString() == QLatin1String("assistant")
            && msg.value(QLatin1String("content"))
                   .toString()
                   .contains(QLatin1String("Ada Lovelace")))
            answered = true;
    }
    QVERIFY2(answered, "no assistant message of run 2 answers with the name sent in the action");

    // Our side, same requests: same model as the client.
    agui::Session session;
    for (const QJsonValue &v : runs) {
        const QJsonObject input = v.toObject().value(QLatin1String("input")).toObject();
        const RunOutcome ours = runWithRunClient(m_url, input, binding == QLatin1String("proto"));
        QCOMPARE(ours.httpStatus, 200);
        session.setRunInput(input);
        session.append(ours.events);
    }
    session.finish();
    const QString md = describeDifference(agui::messagesAsAgUi(session.current()),
                                          r.value(QLatin1String("messages")));
    QVERIFY2(md.isEmpty(),
             qPrintable(QStringLiteral("messages differ from agent.messages: ") + md));
    const QString sd
        = describeDifference(session.current().state(), r.value(QLatin1String("state")));
    QVERIFY2(sd.isEmpty(), qPrintable(QStringLiteral("state differs from agent.state: ") + sd));
}

QTEST_GUILESS_MAIN(TestInteropServeDemo)
#include "test_interop_serve_demo.moc"
