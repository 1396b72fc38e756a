// The Connect dialog's CopilotKit row: Find Agents lists a runtime's agents (a fake runtime's
// /info, REST and single endpoint), and the run goes to the chosen agent's route with the body
// its transport takes.
// Run > Attach to CopilotKit Debug Feed…: a runtime's debug feed (a fake one on loopback, frames
// as @copilotkit/runtime 1.75.0 writes them) in the window. Each agent/thread becomes a run of a
// fresh session with the feed's timestamps, the events in the list as they come; the status
// strip counts streams and frames and Stop detaches; a feed that is off (404) says which runtime
// option turns it on, in the status bar.

#include "core/net/httpserver.h"
#include "ui/dialogs/connectdialog.h"
#include "ui/dialogs/copilotkitagentpicker.h"
#include "ui/models/sessiondocument.h"
#include "ui/widgets/servicestatusstrip.h"
#include "ui/window/copilotkitfeed.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QComboBox>
#include <QJsonDocument>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTest>
#include <QToolButton>

#include <memory>

using namespace agui;
using namespace agui::ui;

namespace {

constexpr int kTimeoutMs = 30000;

QByteArray frame(qint64 ms, const QByteArray &agent, const QByteArray &event)
{
    return "data: {\"timestamp\":" + QByteArray::number(ms) + ",\"agentId\":\"" + agent
        + "\",\"threadId\":\"t-" + agent + "\",\"runId\":\"r-" + agent + "\",\"event\":" + event
        + "}\n\n";
}

QByteArray started(const QByteArray &agent)
{
    return "{\"type\":\"RUN_STARTED\",\"threadId\":\"t-" + agent + "\",\"runId\":\"r-" + agent
        + "\"}";
}

QByteArray finished(const QByteArray &agent)
{
    return "{\"type\":\"RUN_FINISHED\",\"threadId\":\"t-" + agent + "\",\"runId\":\"r-" + agent
        + "\"}";
}

const QByteArray kInfo = "{\"version\":\"1.75.0\",\"mode\":\"sse\",\"agents\":{\"echo\":{"
                         "\"name\":\"echo\",\"description\":\"Says hello\",\"className\":\"C\"}}}";

} // namespace

class TestCopilotKitFeed : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void theConnectDialogListsARuntimesAgents()
    {
        net::HttpServer server;
        server.route("GET", QStringLiteral("/api/copilotkit/info"),
                     [](const net::HttpRequest &, net::HttpResponder *r) {
                         r->respond(200, "application/json", kInfo);
                     });
        server.route("POST", QStringLiteral("/single"),
                     [](const net::HttpRequest &, net::HttpResponder *r) {
                         r->respond(200, "application/json", kInfo);
                     });
        QVERIFY(server.listen());
        ConnectDialog dialog;
        CopilotKitAgentPicker *picker = dialog.copilotKitAgents();
        auto *find = dialog.findChild<QPushButton *>(QStringLiteral("copilotkitFindAgents"));
        QVERIFY(picker && find);

        // Before anything is found, the run goes to the endpoint as typed.
        dialog.setEndpoint(server.url(QStringLiteral("/api/copilotkit")).toString());
        QCOMPARE(dialog.request().url, server.url(QStringLiteral("/api/copilotkit")));
        find->click();
        QVERIFY(QTest::qWaitFor([&] { return !picker->isFinding(); }, kTimeoutMs));
        QCOMPARE(picker->agentIds(), QStringList {QStringLiteral("echo")});
        const QString status
            = dialog.findChild<QLabel *>(QStringLiteral("copilotkitStatus"))->text();
        QVERIFY2(status.contains(QLatin1String("REST transport")), qPrintable(status));
        RunRequest r = dialog.request();
        QCOMPARE(r.url, server.url(QStringLiteral("/api/copilotkit/agent/echo/run")));
        QVERIFY(r.body.isEmpty());
        picker->selectAgent(QString());
        QCOMPARE(dialog.request().url, server.url(QStringLiteral("/api/copilotkit")));

        // The single endpoint: the same URL, the input inside the envelope.
        dialog.setEndpoint(server.url(QStringLiteral("/single")).toString());
        QVERIFY(picker->agentIds().isEmpty()); // a new endpoint forgets the old runtime
        find->click();
        QVERIFY(QTest::qWaitFor([&] { return !picker->isFinding(); }, kTimeoutMs));
        r = dialog.request();
        QCOMPARE(r.url, server.url(QStringLiteral("/single")));
        const QJsonObject envelope = QJsonDocument::fromJson(r.body).object();
        QCOMPARE(envelope.value(QLatin1String("method")).toString(), QStringLiteral("agent/run"));
        QCOMPARE(envelope.value(QLatin1String("body")).toObject(), r.input);

        // No runtime there: the status says why.
        dialog.setEndpoint(server.url(QStringLiteral("/nothing")).toString());
        find->click();
        QVERIFY(QTest::qWaitFor([&] { return !picker->isFinding(); }, kTimeoutMs));
        QVERIFY(picker->agentIds().isEmpty());
        QVERIFY(dialog.findChild<QLabel *>(QStringLiteral("copilotkitStatus"))
                    ->text()
                    .contains(QLatin1String("either transport")));
    }

    void eachAgentAndThreadIsARunOfTheWindowsSession()
    {
        net::HttpServer server;
        QPointer<net::HttpResponder> feed;
        server.route("GET", QStringLiteral("/api/copilotkit/cpk-debug-events"),
                     [&](const net::HttpRequest &, net::HttpResponder *r) {
                         feed = r;
                         r->beginStream(200, "text/event-stream");
                         r->write(": connected\n\n" + frame(1000, "echo", started("echo"))
                                  + frame(1001, "slow", started("slow"))
                                  + frame(1002, "echo", finished("echo")));
                     });
        QVERIFY(server.listen());
        MainWindow window;
        window.show();
        auto *control
            = window.findChild<CopilotKitFeedControl *>(QStringLiteral("copilotkitFeedControl"));
        QVERIFY(control);
        QVERIFY(control->attachAction()->isCheckable());
        QVERIFY2(control->attach(server.url(QStringLiteral("/api/copilotkit"))),
                 qPrintable(control->lastError()));
        SessionDocument *document = window.document();
        QVERIFY(QTest::qWaitFor([&] { return document->size() == 3; }, kTimeoutMs));
        QVERIFY(control->isAttached());
        QCOMPARE(control->streamCount(), 2);
        auto *strip = window.findChild<ServiceStatusStrip *>(QStringLiteral("copilotkitFeed"));
        QVERIFY(strip && strip->isVisible());
        QVERIFY2(strip->text().contains(QLatin1String("2 stream")), qPrintable(strip->text()));
        const Capture &capture = document->capture();
        QCOMPARE(capture.runs.size(), 3);
        QCOMPARE(capture.runs[1].label, QStringLiteral("echo · t-echo"));
        QCOMPARE(capture.runs[2].label, QStringLiteral("slow · t-slow"));
        QCOMPARE(capture.runs[1].chunks.first().receivedAtUs, 1000 * 1000);

        // More frames arrive while attached; a stopped run's bare RUN_FINISHED is explained,
        // in the status bar and as a note of the session.
        QVERIFY(feed);
        feed->write(frame(1003, "slow", "{\"type\":\"RUN_FINISHED\"}"));
        QVERIFY(QTest::qWaitFor([&] { return document->size() == 4; }, kTimeoutMs));
        QVERIFY2(window.statusBar()->currentMessage().contains(QLatin1String("stopped")),
                 qPrintable(window.statusBar()->currentMessage()));
        QCOMPARE(document->capture().notes.size(), 1);
        QVERIFY(document->capture().notes.first().text.startsWith(
            QLatin1String("copilotkit.stopped-run")));

        // Stop detaches: the strip goes, the runs end as stopped.
        strip->findChild<QToolButton *>(QStringLiteral("copilotkitFeedStop"))->click();
        QVERIFY(QTest::qWaitFor([&] { return !control->isAttached(); }, kTimeoutMs));
        QVERIFY(!strip->isVisible());
        QVERIFY(!control->attachAction()->isChecked());
        QCOMPARE(document->capture().runs[1].end, RunEnd::Aborted);
    }

    void aFeedThatIsOffSaysHowToTurnItOn()
    {
        net::HttpServer server;
        server.route("GET", QStringLiteral("/api/copilotkit/cpk-debug-events"),
                     [](const net::HttpRequest &, net::HttpResponder *r) {
                         r->respond(404, "text/plain", "Not Found");
                     });
        QVERIFY(server.listen());
        MainWindow window;
        window.show();
        auto *control
            = window.findChild<CopilotKitFeedControl *>(QStringLiteral("copilotkitFeedControl"));
        QVERIFY(control->attach(server.url(QStringLiteral("/api/copilotkit"))));
        QVERIFY(QTest::qWaitFor([&] { return !control->isAttached(); }, kTimeoutMs));
        const QString said = window.statusBar()->currentMessage();
        QVERIFY2(said.contains(QLatin1String("debug: true")), qPrintable(said));
        QVERIFY2(control->lastError().contains(QLatin1String("404")),
                 qPrintable(control->lastError()));
        QVERIFY(!control->attach(QUrl(QStringLiteral("ftp://x"))));
    }
};

QTEST_MAIN(TestCopilotKitFeed)
#include "test_copilotkit_feed.moc"
