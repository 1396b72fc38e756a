// Differential test against the real AG-UI packages. For every scenario of the node peer agent
// (tests/interop/peer, built on @ag-ui/encoder and checked by @ag-ui/core's schemas) and both
// bindings (SSE, protobuf):
//   1. the reference client (@ag-ui/client HttpAgent, via peer/client-dump.mjs) runs it and
//      reports the requests it sent, the events it received, and agent.messages / agent.state;
//   2. our RunClient sends the very same requests; the events feed a Session;
//   3. every event we decoded equals what the reference decodes from the same body;
//   4. where the client accepts the stream, our linter reports no error and the session's
//      messages (messagesAsAgUi) and state equal the client's; where the client rejects it, our
//      linter reports at least one error;
//   5. where it accepts, the session's client view equals the events the client delivered to
//      the application (onEvent).
// Needs node and the pinned packages (README test command); fails, never skips, without them.

#include "interopsupport.h"

#include "core/session/session.h"
#include "core/session/snapshot.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTest>

using namespace interop;

class TestInteropDifferential : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void differential_data();
    void differential();
    void scenariosCoverEveryEventType();

private:
    QString m_node;
    QString m_base;
    QJsonArray m_plans;
    ServerProcess m_peer;
    QSet<QString> m_typesSeen;
};

namespace {

QString findingsText(const agui::Findings &findings, bool errorsOnly)
{
    QStringList out;
    for (const agui::Finding &f : findings) {
        if (errorsOnly && f.diagnostic.severity != agui::Severity::Error)
            continue;
        out.append(QStringLiteral("  event %1 %2: %3")
                       .arg(f.eventIndex)
                       .arg(f.diagnostic.ruleId, f.diagnostic.message.left(300)));
    }
    return out.join(QLatin1Char('\n'));
}

} // namespace

void TestInteropDifferential::initTestCase()
{
    QString why;
    m_node = findNode(&why);
    QVERIFY2(!m_node.isEmpty(), qPrintable(why));
    QString error;
    m_base = startPeerAgent(m_peer, m_node, &error);
    QVERIFY2(!m_base.isEmpty(), qPrintable(error));
    m_plans = httpGetJson(QUrl(m_base + QStringLiteral("/scenarios")), &error).toArray();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(m_plans.size() >= 20);
}

void TestInteropDifferential::cleanupTestCase()
{
    m_peer.stop();
}

// The peer's accepted scenarios, over both bindings, carried all 31 AG-UI 1.0 event types
// (collected by differential(), which runs before this).
void TestInteropDifferential::scenariosCoverEveryEventType()
{
    QVERIFY2(!m_typesSeen.isEmpty(), "run the whole test: differential() collects the types");
    static const char *const kAll[] = {"RUN_STARTED",
                                       "RUN_FINISHED",
                                       "RUN_ERROR",
                                       "STEP_STARTED",
                                       "STEP_FINISHED",
                                       "TEXT_MESSAGE_START",
                                       "TEXT_MESSAGE_CONTENT",
                                       "TEXT_MESSAGE_END",
                                       "TEXT_MESSAGE_CHUNK",
                                       "TOOL_CALL_START",
                                       "TOOL_CALL_ARGS",
                                       "TOOL_CALL_END",
                                       "TOOL_CALL_CHUNK",
                                       "TOOL_CALL_RESULT",
                                       "STATE_SNAPSHOT",
                                       "STATE_DELTA",
                                       "MESSAGES_SNAPSHOT",
                                       "ACTIVITY_SNAPSHOT",
                                       "ACTIVITY_DELTA",
                                       "REASONING_START",
                                       "REASONING_MESSAGE_START",
                                       "REASONING_MESSAGE_CONTENT",
                                       "REASONING_MESSAGE_END",
                                       "REASONING_MESSAGE_CHUNK",
                                       "REASONING_END",
                                       "REASONING_ENCRYPTED_VALUE",
                                       "SUBAGENT_STARTED",
                                       "SUBAGENT_FINISHED",
                                       "SUBAGENT_ERROR",
                                       "RAW",
                                       "CUSTOM"};
    QCOMPARE(std::size(kAll), size_t(31));
    QStringList missing;
    for (const char *t : kAll)
        if (!m_typesSeen.contains(QLatin1String(t)))
            missing.append(QLatin1String(t));
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char(' '))));
}

void TestInteropDifferential::differential_data()
{
    QTest::addColumn<QJsonObject>("plan");
    QTest::addColumn<QString>("binding");
    for (const QJsonValue &p : std::as_const(m_plans)) {
        const QJsonObject plan = p.toObject();
        for (const QJsonValue &b : plan.value(QLatin1String("bindings")).toArray()) {
            const QString name
                = plan.value(QLatin1String("name")).toString() + QLatin1Char('/') + b.toString();
            QTest::newRow(qPrintable(name)) << plan << b.toString();
        }
    }
}

void TestInteropDifferential::differential()
{
    QFETCH(QJsonObject, plan);
    QFETCH(QString, binding);
    const QString name = plan.value(QLatin1String("name")).toString();
    const bool broken = plan.value(QLatin1String("broken")).toBool();
    const bool proto = binding == QLatin1String("proto");

    // 1. The reference client.
    const NodeResult ref = runNodeJson(
        m_node,
        {kPeerDir + QStringLiteral("client-dump.mjs"), QStringLiteral("--peer"), m_base,
         QStringLiteral("--scenario"), name, QStringLiteral("--binding"), binding});
    QVERIFY2(ref.ok(), qPrintable(ref.error));
    const bool clientAccepted = ref.json.value(QLatin1String("ok")).toBool();
    const QString clientError = ref.json.value(QLatin1String("error")).toString();
    // The scenario does what it was written for (else the comparison below proves nothing).
    QVERIFY2(clientAccepted == !broken,
             qPrintable(
                 QStringLiteral("@ag-ui/client %1 the stream: %2")
                     .arg(clientAccepted ? QStringLiteral("accepted") : QStringLiteral("rejected"),
                          clientError)));
    const QString expected = plan.value(QLatin1String("expectError")).toString();
    if (!expected.isEmpty())
        QVERIFY2(clientError.contains(expected), qPrintable(clientError));

    // 2. Our client, the same requests, into a Session.
    const QJsonArray runs = ref.json.value(QLatin1String("runs")).toArray();
    QVERIFY(!runs.isEmpty());
    agui::Session session;
    const QUrl url(m_base + QStringLiteral("/scenario/") + name);
    for (qsizetype i = 0; i < runs.size(); ++i) {
        const QJsonObject run = runs.at(i).toObject();
        const QJsonObject input = run.value(QLatin1String("input")).toObject();
        const RunOutcome ours = runWithRunClient(url, input, proto);
        QCOMPARE(ours.httpStatus, run.value(QLatin1String("status")).toInt());
        QCOMPARE(ours.contentType, run.value(QLatin1String("contentType")).toString());

        // 3. Same events decoded from the same body (ours keeps undecodable frames as Invalid
        // events; the reference decoder skips them).
        QJsonArray decoded;
        for (const agui::Event &e : ours.events)
            if (e.isValid())
                decoded.append(e.json);
        const QJsonArray theirs = run.value(QLatin1String("events")).toArray();
        // A body the reference cannot even cut into events (e.g. CRLF framing) has no events to
        // compare; the verdicts below still apply.
        if (run.value(QLatin1String("wireError")).isNull()) {
            QCOMPARE(decoded.size(), theirs.size());
            for (qsizetype k = 0; k < theirs.size(); ++k) {
                const QString d = describeDifference(decoded.at(k), theirs.at(k));
                QVERIFY2(d.isEmpty(),
                         qPrintable(QStringLiteral("run %1 event %2 (%3) decodes differently\n%4")
                                        .arg(i)
                                        .arg(k)
                                        .arg(theirs.at(k)[QLatin1String("type")].toString(), d)));
            }
        }
        if (!broken && !plan.value(QLatin1String("schemaBroken")).toBool()) {
            QCOMPARE(run.value(QLatin1String("schemaErrors")).toArray().size(), 0);
            for (const QJsonValue &e : theirs)
                m_typesSeen.insert(e.toObject().value(QLatin1String("type")).toString());
        }

        session.setRunInput(input);
        session.append(ours.events);
    }
    session.finish();

    // 4. Verdicts and the model. The schema and verify layers (wire findings included) model what
    // the reference client accepts: their errors must appear exactly where it rejects the stream.
    // The lint layer goes beyond the client (e.g. a STATE_DELTA the client skips with a console
    // warning is an error there: the UI ends up wrong); its errors on accepted streams are
    // printed, and listed in docs/interop.md.
    agui::Findings clientModel;
    agui::Findings beyond;
    for (const agui::Finding &f : session.findings())
        (f.layer == QLatin1String("lint") ? beyond : clientModel).append(f);
    const QString errors = findingsText(clientModel, true);
    if (broken) {
        QVERIFY2(!errors.isEmpty(),
                 qPrintable(QStringLiteral("@ag-ui/client rejects the stream (%1) but our linter "
                                           "reports no schema/verify error; findings:\n%2")
                                .arg(clientError, findingsText(session.findings(), false))));
        return;
    }
    QVERIFY2(errors.isEmpty(),
             qPrintable(QStringLiteral("@ag-ui/client accepts the stream but our linter reports "
                                       "schema/verify errors:\n")
                        + errors));
    const QString lintErrors = findingsText(beyond, true);
    if (!lintErrors.isEmpty())
        qInfo().noquote() << QStringLiteral("lint-layer errors on a stream the client accepts:\n")
                + lintErrors;
    const QJsonArray ourMessages = agui::messagesAsAgUi(session.current());
    const QJsonArray clientMessages = ref.json.value(QLatin1String("messages")).toArray();
    const QString md = describeDifference(ourMessages, clientMessages);
    QVERIFY2(md.isEmpty(),
             qPrintable(QStringLiteral("messages differ from agent.messages: ") + md));
    const QString sd
        = describeDifference(session.current().state(), ref.json.value(QLatin1String("state")));
    QVERIFY2(sd.isEmpty(), qPrintable(QStringLiteral("state differs from agent.state: ") + sd));

    // 5. The client's view: what the client delivered to the application, event for event.
    QJsonArray ourView;
    for (const agui::DeliveredEvent &d : session.clientView())
        ourView.append(d.json);
    const QString vd = describeDifference(ourView, ref.json.value(QLatin1String("delivered")));
    QVERIFY2(vd.isEmpty(),
             qPrintable(QStringLiteral("the client view differs from what the client delivered: ")
                        + vd));
}

QTEST_GUILESS_MAIN(TestInteropDifferential)
#include "test_interop_differential.moc"
