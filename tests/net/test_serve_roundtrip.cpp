// The whole round trip over real HTTP: `agui-inspect serve --demo` in its own process, the
// project's RunClient as the client. Run 1 shows the A2UI form; the test fills it in the data
// model, builds the user action from the button's declared context, and run 2 answers it with an
// updated surface. Both runs lint clean.

#include "core/agent/a2uiagui.h"
#include "core/json/jsonpatch.h"
#include "core/json/jsonpointer.h"
#include "core/net/runclient.h"
#include "core/session/linter.h"

#include <QProcess>
#include <QSignalSpy>
#include <QtTest>

using namespace agui;
using namespace agui::net;

namespace {

QJsonObject runInput(const char *runId, const QJsonObject &forwardedProps = {})
{
    return QJsonObject {{QStringLiteral("threadId"), QStringLiteral("thread-rt")},
                        {QStringLiteral("runId"), QString::fromLatin1(runId)},
                        {QStringLiteral("state"), QJsonObject {}},
                        {QStringLiteral("messages"), QJsonArray {}},
                        {QStringLiteral("tools"), QJsonArray {}},
                        {QStringLiteral("context"), QJsonArray {}},
                        {QStringLiteral("forwardedProps"), forwardedProps}};
}

QJsonObject componentById(const QJsonArray &messages, const QString &id)
{
    QJsonObject found;
    for (const QJsonValue &m : messages)
        for (const QJsonValue &c : m.toObject()
                                       .value(QStringLiteral("updateComponents"))
                                       .toObject()
                                       .value(QStringLiteral("components"))
                                       .toArray())
            if (c.toObject().value(QStringLiteral("id")).toString() == id)
                found = c.toObject();
    return found;
}

QJsonObject findButton(const QJsonArray &messages)
{
    QJsonObject found;
    for (const QJsonValue &m : messages)
        for (const QJsonValue &c : m.toObject()
                                       .value(QStringLiteral("updateComponents"))
                                       .toObject()
                                       .value(QStringLiteral("components"))
                                       .toArray())
            if (c.toObject().value(QStringLiteral("component")).toString()
                == QStringLiteral("Button"))
                found = c.toObject();
    return found;
}

QJsonValue dataModel(const QJsonArray &messages)
{
    QJsonValue model = QJsonObject {};
    for (const QJsonValue &m : messages) {
        const QJsonObject upd = m.toObject().value(QStringLiteral("updateDataModel")).toObject();
        if (upd.isEmpty())
            continue;
        const QString path = upd.value(QStringLiteral("path")).toString(QStringLiteral("/"));
        const json::PatchResult r = json::applyPatch(
            model,
            QJsonArray {QJsonObject {
                {QStringLiteral("op"), QStringLiteral("add")},
                {QStringLiteral("path"), path == QStringLiteral("/") ? QString() : path},
                {QStringLiteral("value"), upd.value(QStringLiteral("value"))}}});
        if (r.ok)
            model = r.document;
    }
    return model;
}

} // namespace

class TestServeRoundtrip : public QObject
{
    Q_OBJECT

private:
    QProcess m_server;
    QUrl m_url;

    // One run over HTTP with RunClient; returns its events (fails the test on a bad run).
    QList<Event> run(const QJsonObject &input)
    {
        RunClient client;
        QList<Event> events;
        connect(&client, &RunClient::eventsReceived, this,
                [&](const QList<Event> &b) { events += b; });
        QSignalSpy finished(&client, &RunClient::finished);
        client.start(m_url, input);
        if (!finished.wait(20000) && finished.isEmpty())
            qWarning("run did not finish");
        if (client.status() != RunClient::Status::Finished)
            qWarning("run status %s: %s", qPrintable(RunClient::statusName(client.status())),
                     qPrintable(client.errorString()));
        return events;
    }

    static QStringList lintErrors(const QList<Event> &events, const QJsonObject &input)
    {
        Linter linter;
        linter.setRunInput(input);
        for (const Event &e : events)
            linter.feed(e);
        linter.finish();
        QStringList errors;
        for (const Finding &f : linter.takeFindings())
            if (f.diagnostic.severity != Severity::Info)
                errors << QStringLiteral("#%1 %2 %3: %4")
                              .arg(f.eventIndex)
                              .arg(severityName(f.diagnostic.severity), f.diagnostic.ruleId,
                                   f.diagnostic.message);
        return errors;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_server.setProgram(QStringLiteral(AGUI_INSPECT_BIN));
        m_server.setArguments({QStringLiteral("serve"), QStringLiteral("--demo"),
                               QStringLiteral("--port"), QStringLiteral("0"),
                               QStringLiteral("--pace"), QStringLiteral("0")});
        m_server.setProcessChannelMode(QProcess::SeparateChannels);
        m_server.start();
        QVERIFY2(m_server.waitForStarted(10000), qPrintable(m_server.errorString()));
        QTRY_VERIFY_WITH_TIMEOUT(m_server.canReadLine(), 10000);
        const QString line = QString::fromUtf8(m_server.readLine()).trimmed();
        m_url = QUrl(line);
        QVERIFY2(m_url.isValid() && m_url.scheme() == QStringLiteral("http"), qPrintable(line));
        QCOMPARE(m_url.host(), QStringLiteral("127.0.0.1"));
        QVERIFY(m_url.port() > 0); // --port 0 picked a real port and printed it
    }

    void cleanupTestCase()
    {
        m_server.kill();
        m_server.waitForFinished(5000);
    }

    void roundTrip()
    {
        // Run 1: the form.
        const QJsonObject input1 = runInput("run-1");
        const QList<Event> first = run(input1);
        QVERIFY(first.size() > 20);
        QCOMPARE(first.first().type, EventType::RunStarted);
        QCOMPARE(first.last().type, EventType::RunFinished);
        std::optional<QJsonArray> surface;
        QString surfaceMessageId;
        for (const Event &e : first) {
            if (const auto msgs = a2uiagui::a2uiMessages(e.json)) {
                surface = msgs;
                surfaceMessageId = e.json.value(QStringLiteral("messageId")).toString();
            }
        }
        QVERIFY(surface.has_value());
        const QString surfaceId
            = a2uiagui::surfaceIdOf(surface->first().toObject()).value_or(QString());
        QVERIFY(!surfaceId.isEmpty());

        // The user types a name and picks a size: only the client's data model changes.
        QJsonObject model = dataModel(*surface).toObject();
        QJsonObject form = model.value(QStringLiteral("form")).toObject();
        QVERIFY(form.contains(QStringLiteral("name")));
        form.insert(QStringLiteral("name"), QStringLiteral("Ada"));
        form.insert(QStringLiteral("size"), QJsonArray {QStringLiteral("large")});
        model.insert(QStringLiteral("form"), form);

        // The click: the button's declared context resolved against the data model.
        const QJsonObject button = findButton(*surface);
        const QJsonObject declared = button.value(QStringLiteral("action"))
                                         .toObject()
                                         .value(QStringLiteral("event"))
                                         .toObject();
        QCOMPARE(declared.value(QStringLiteral("name")).toString(), QStringLiteral("submit_order"));
        QJsonObject context;
        const QJsonObject declaredContext = declared.value(QStringLiteral("context")).toObject();
        for (auto it = declaredContext.begin(); it != declaredContext.end(); ++it) {
            const QJsonObject v = it.value().toObject();
            context.insert(it.key(),
                           v.contains(QStringLiteral("path"))
                               ? json::resolve(model, v.value(QStringLiteral("path")).toString())
                                     .value_or(QJsonValue())
                               : it.value());
        }
        QCOMPARE(context.value(QStringLiteral("name")).toString(), QStringLiteral("Ada"));
        const QJsonObject userAction {
            {QStringLiteral("name"), declared.value(QStringLiteral("name"))},
            {QStringLiteral("surfaceId"), surfaceId},
            {QStringLiteral("sourceComponentId"), button.value(QStringLiteral("id"))},
            {QStringLiteral("timestamp"), QStringLiteral("2026-06-01T10:00:00Z")},
            {QStringLiteral("context"), context}};
        const QJsonObject input2
            = runInput("run-2",
                       QJsonObject {{QStringLiteral("a2uiAction"),
                                     QJsonObject {{QStringLiteral("userAction"), userAction}}}});

        // Run 2: the answer.
        const QList<Event> second = run(input2);
        QVERIFY(second.size() > 10);
        QString text;
        std::optional<QJsonArray> updated;
        for (const Event &e : second) {
            if (e.type == EventType::TextMessageContent)
                text += e.json.value(QStringLiteral("delta")).toString();
            if (const auto msgs = a2uiagui::a2uiMessages(e.json)) {
                updated = msgs;
                QCOMPARE(e.json.value(QStringLiteral("messageId")).toString(), surfaceMessageId);
            }
        }
        QVERIFY2(text.contains(QStringLiteral("Ordered a large for Ada")), qPrintable(text));
        QVERIFY(updated.has_value());
        QVERIFY(updated->size() > surface->size());
        QVERIFY(componentById(*updated, QStringLiteral("confirm"))
                    .value(QStringLiteral("text"))
                    .toString()
                    .contains(QStringLiteral("Ada")));
        const QJsonValue newModel = dataModel(*updated);
        QCOMPARE(json::resolve(newModel, QStringLiteral("/order/status"))
                     .value_or(QJsonValue())
                     .toString(),
                 QStringLiteral("placed"));
        bool stateChanged = false;
        for (const Event &e : second)
            stateChanged = stateChanged || e.type == EventType::StateDelta;
        QVERIFY(stateChanged);

        // Both runs lint clean (no error, no warning).
        const QStringList errors1 = lintErrors(first, input1);
        QVERIFY2(errors1.isEmpty(), qPrintable(errors1.join(u'\n')));
        const QStringList errors2 = lintErrors(second, input2);
        QVERIFY2(errors2.isEmpty(), qPrintable(errors2.join(u'\n')));
        for (const Event &e : first)
            QVERIFY(e.json.value(QStringLiteral("timestamp")).isDouble()); // stamped when sent
    }

    void serveUsageErrors()
    {
        QProcess p;
        p.start(QStringLiteral(AGUI_INSPECT_BIN), {QStringLiteral("serve")});
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 2);
        p.start(QStringLiteral(AGUI_INSPECT_BIN),
                {QStringLiteral("serve"), QStringLiteral("--demo"), QStringLiteral("--port"),
                 QStringLiteral("99999")});
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitCode(), 2);
    }
};

QTEST_GUILESS_MAIN(TestServeRoundtrip)
#include "test_serve_roundtrip.moc"
