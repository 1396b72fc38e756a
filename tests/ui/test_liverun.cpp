// Live runs from the window against a scripted local server: rows arrive as the server streams,
// Stop aborts, a silent server is reported, an HTTP 500 with an HTML page is a clear error whose
// bytes are kept, and the next run on the thread carries its messages forward.

#include "sseserver.h"

#include "core/capture/capturereader.h"
#include "ui/live/liveruncontroller.h"
#include "ui/models/eventfiltermodel.h"
#include "ui/models/eventlistmodel.h"
#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/window/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonArray>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace agui;
using namespace agui::ui;

namespace {

RunRequest requestFor(const QUrl &url)
{
    RunRequest r;
    r.url = url;
    r.headers = {{QStringLiteral("Authorization"), QStringLiteral("Bearer s3cret-token")}};
    r.input = QJsonObject {
        {QStringLiteral("threadId"), QStringLiteral("t1")},
        {QStringLiteral("runId"), QStringLiteral("r1")},
        {QStringLiteral("messages"),
         QJsonArray {QJsonObject {{QStringLiteral("id"), QStringLiteral("u1")},
                                  {QStringLiteral("role"), QStringLiteral("user")},
                                  {QStringLiteral("content"), QStringLiteral("hi")}}}},
        {QStringLiteral("state"), QJsonObject {}},
        {QStringLiteral("tools"), QJsonArray {}},
        {QStringLiteral("context"), QJsonArray {}},
    };
    return r;
}

const QList<QByteArray> kRun = {
    R"({"type":"RUN_STARTED","threadId":"t1","runId":"r1"})",
    R"({"type":"TEXT_MESSAGE_START","messageId":"a1","role":"assistant"})",
    R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"a1","delta":"Hello"})",
    R"({"type":"TEXT_MESSAGE_END","messageId":"a1"})",
    R"({"type":"STATE_SNAPSHOT","snapshot":{"n":1}})",
    R"({"type":"RUN_FINISHED","threadId":"t1","runId":"r1"})",
};

} // namespace

class TestLiveRun : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }
    void init();
    void cleanup();
    void rowsArriveAndRecordingIsComplete();
    void stopAbortsASilentServer();
    void http500ShowsTheErrorAndKeepsTheBytes();
    void nextRunCarriesTheThread();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<SseTestServer> m_server;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<QAbstractItemModelTester> m_listTester, m_proxyTester;
};

void TestLiveRun::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_server = std::make_unique<SseTestServer>();
    m_window = std::make_unique<MainWindow>();
    m_listTester = std::make_unique<QAbstractItemModelTester>(
        m_window->listModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_proxyTester = std::make_unique<QAbstractItemModelTester>(
        m_window->filterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_window->liveRun()->setCaptureDirectory(m_dir->path());
    m_window->show();
}

void TestLiveRun::cleanup()
{
    m_proxyTester.reset();
    m_listTester.reset();
    m_window.reset();
    m_server.reset();
    m_dir.reset();
}

void TestLiveRun::rowsArriveAndRecordingIsComplete()
{
    m_server->setReply(QStringLiteral("/run"), SseTestServer::sse(kRun));
    LiveRunController *live = m_window->liveRun();
    live->start(requestFor(m_server->url(QStringLiteral("/run"))));
    QVERIFY(live->isRunning());
    // Rows arrive while the server is still streaming, not only at the end.
    QTRY_VERIFY(m_window->listModel()->rowCount() >= 1);
    QTRY_COMPARE(live->state(), LiveRunController::State::Finished);
    m_window->listModel()->flushPendingRows();
    QCOMPARE(m_window->listModel()->rowCount(), kRun.size());
    QCOMPARE(m_window->listModel()->index(2, EventListModel::TypeColumn).data().toString(),
             QStringLiteral("TEXT_MESSAGE_CONTENT"));
    QVERIFY(m_window->connectionLabel()->text().contains(QStringLiteral("Finished")));
    QVERIFY(m_server->lastRequest().contains("Accept: text/event-stream"));
    QVERIFY(m_server->lastRequest().contains("Bearer s3cret-token"));

    // The capture file holds every byte, and never the credential.
    const QString path = live->captureFilePath();
    QVERIFY(!path.isEmpty());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(!text.contains("s3cret-token"));
    Capture capture;
    QString error;
    QVERIFY2(readCaptureFile(path, &capture, &error), qPrintable(error));
    QCOMPARE(capture.runs.size(), 1);
    QByteArray body;
    for (const Chunk &c : capture.runs.first().chunks)
        body += c.bytes;
    QByteArray expected;
    for (const QByteArray &e : kRun)
        expected += "data: " + e + "\n\n";
    QCOMPARE(body, expected);
    QCOMPARE(capture.runs.first().end, RunEnd::Finished);
    // The in-memory copy (Save As) is redacted too.
    for (const auto &h : m_window->document()->capture().runs.first().request.headers)
        QVERIFY(!h.second.contains(QStringLiteral("s3cret")));
}

void TestLiveRun::stopAbortsASilentServer()
{
    m_server->setReply(QStringLiteral("/silent"),
                       SseTestServer::sse(kRun.mid(0, 2), /*closeAtEnd=*/false));
    LiveRunController *live = m_window->liveRun();
    live->setStallTimeoutMs(300);
    live->start(requestFor(m_server->url(QStringLiteral("/silent"))));
    QTRY_COMPARE(live->eventsReceived(), 2);
    // The watchdog reports the silence...
    QTRY_COMPARE(live->state(), LiveRunController::State::Stalled);
    QVERIFY(m_window->connectionLabel()->text().contains(QStringLiteral("Stalled")));
    // ...and Stop ends the run, keeping what arrived.
    live->stop();
    QTRY_COMPARE(live->state(), LiveRunController::State::Stopped);
    QVERIFY(!live->isRunning());
    m_window->listModel()->flushPendingRows();
    QCOMPARE(m_window->listModel()->rowCount(), 2);
    QCOMPARE(m_window->document()->capture().runs.first().end, RunEnd::Aborted);
    QTRY_COMPARE(m_server->openSockets(), 0);
}

void TestLiveRun::http500ShowsTheErrorAndKeepsTheBytes()
{
    const QByteArray html = "<html><body><h1>Internal Server Error</h1><p>database on fire</p>"
                            "</body></html>";
    ScriptedReply reply;
    reply.head = "HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/html\r\nContent-Length: "
        + QByteArray::number(html.size()) + "\r\nConnection: close\r\n\r\n";
    reply.chunks = {html.left(20), html.mid(20)};
    m_server->setReply(QStringLiteral("/boom"), reply);
    LiveRunController *live = m_window->liveRun();
    QSignalSpy failed(live, &LiveRunController::failed);
    live->start(requestFor(m_server->url(QStringLiteral("/boom"))));
    QTRY_COMPARE(live->state(), LiveRunController::State::Failed);
    QCOMPARE(live->httpStatus(), 500);
    QCOMPARE(failed.count(), 1);
    const QString shown = m_window->connectionLabel()->text();
    QVERIFY2(shown.contains(QStringLiteral("HTTP 500")), qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("database on fire")), qPrintable(shown));
    // The page is plain text in the UI: tags shown, never rendered.
    QCOMPARE(m_window->connectionLabel()->textFormat(), Qt::PlainText);
    // The bytes are kept: in memory (Save As) and in the capture file.
    QByteArray kept;
    for (const Chunk &c : m_window->document()->capture().runs.first().chunks)
        kept += c.bytes;
    QCOMPARE(kept, html);
    QCOMPARE(m_window->document()->capture().runs.first().response.status, 500);
    Capture capture;
    QString error;
    QVERIFY(readCaptureFile(live->captureFilePath(), &capture, &error));
    QByteArray onDisk;
    for (const Chunk &c : capture.runs.first().chunks)
        onDisk += c.bytes;
    QCOMPARE(onDisk, html);
    QCOMPARE(capture.runs.first().end, RunEnd::Error);
}

void TestLiveRun::nextRunCarriesTheThread()
{
    m_server->setReply(QStringLiteral("/run"), SseTestServer::sse(kRun));
    LiveRunController *live = m_window->liveRun();
    live->start(requestFor(m_server->url(QStringLiteral("/run"))));
    QTRY_COMPARE(live->state(), LiveRunController::State::Finished);
    const QJsonObject next = live->nextRunInput();
    QCOMPARE(next.value(QStringLiteral("threadId")).toString(), QStringLiteral("t1"));
    QVERIFY(next.value(QStringLiteral("runId")).toString() != QStringLiteral("r1"));
    const QJsonArray messages = next.value(QStringLiteral("messages")).toArray();
    QCOMPARE(messages.size(), 2); // the user's message and the assistant's answer
    QCOMPARE(messages.at(1).toObject().value(QStringLiteral("content")).toString(),
             QStringLiteral("Hello"));
    QCOMPARE(next.value(QStringLiteral("state")).toObject().value(QStringLiteral("n")).toInt(), 1);

    // A second run on the thread lands in the same session and the same capture file.
    RunRequest second = requestFor(m_server->url(QStringLiteral("/run")));
    second.input = next;
    live->start(second);
    QTRY_COMPARE(live->state(), LiveRunController::State::Finished);
    m_window->listModel()->flushPendingRows();
    QCOMPARE(m_window->listModel()->rowCount(), 2 * kRun.size());
    QCOMPARE(m_window->document()->capture().runs.size(), 2);
    Capture capture;
    QString error;
    QVERIFY(readCaptureFile(live->captureFilePath(), &capture, &error));
    QCOMPARE(capture.runs.size(), 2);
}

QTEST_MAIN(TestLiveRun)
#include "test_liverun.moc"
