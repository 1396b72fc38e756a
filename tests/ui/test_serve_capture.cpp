// File > Serve This Capture…: the open demo capture served on loopback answers a POSTed
// RunAgentInput with the recorded run's bytes (the next run per request, or one chosen run every
// time); the status bar shows the URL; the Received Requests dock lists what arrived, with
// credentials redacted and the body as plain text; Stop closes the port.

#include "core/capture/redaction.h"
#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/window/mainwindow.h"
#include "ui/window/servecapture.h"

#include <QAction>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPlainTextEdit>
#include <QTest>
#include <QTreeWidget>

#include <memory>

using namespace agui;
using namespace agui::ui;

class TestServeCapture : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }
    void servesRecordedRunsInOrder();
    void servesChosenRunEveryTime();
};

namespace {

const QString kDemo = QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap");
const QByteArray kSecret = QByteArrayLiteral("s3cret-token-7d1f");

QByteArray recordedBody(const RunRecording &run)
{
    QByteArray body;
    for (const Chunk &c : run.chunks)
        body += c.bytes;
    return body;
}

// POSTs a RunAgentInput as a front end would, with a credential; the response body.
QByteArray post(QNetworkAccessManager &nam, const QUrl &url, const QString &runId)
{
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    request.setRawHeader("Accept", "text/event-stream");
    request.setRawHeader("Authorization", "Bearer " + kSecret);
    const QJsonObject input {{QStringLiteral("threadId"), QStringLiteral("thread-1")},
                             {QStringLiteral("runId"), runId},
                             {QStringLiteral("messages"), QJsonArray()},
                             {QStringLiteral("tools"), QJsonArray()},
                             {QStringLiteral("context"), QJsonArray()},
                             {QStringLiteral("state"), QJsonObject()},
                             {QStringLiteral("forwardedProps"), QJsonObject()}};
    std::unique_ptr<QNetworkReply> reply(
        nam.post(request, QJsonDocument(input).toJson(QJsonDocument::Compact)));
    if (!QTest::qWaitFor([&] { return reply->isFinished(); }, 60000))
        qWarning("POST did not finish");
    if (reply->error() != QNetworkReply::NoError)
        qWarning("POST failed: %s", qPrintable(reply->errorString()));
    return reply->readAll();
}

std::unique_ptr<MainWindow> openDemo()
{
    auto window = std::make_unique<MainWindow>();
    window->show();
    QString error;
    if (!window->openCaptureAndWait(kDemo, &error))
        qWarning("cannot open the demo capture: %s", qPrintable(error));
    return window;
}

} // namespace

void TestServeCapture::servesRecordedRunsInOrder()
{
    std::unique_ptr<MainWindow> window = openDemo();
    auto *serve = window->findChild<CaptureServer *>(QStringLiteral("captureServer"));
    QVERIFY(serve);
    QVERIFY(serve->serveAction()->isEnabled());
    const Capture &capture = window->document()->capture();
    QVERIFY(capture.runs.size() >= 2);

    net::ReplayServer::Options options;
    options.speed = 1000; // the recorded pacing, a thousand times faster
    QVERIFY2(serve->start(options), qPrintable(serve->lastError()));
    QVERIFY(serve->isServing());
    QCOMPARE(serve->url().host(), QStringLiteral("127.0.0.1"));
    QVERIFY(serve->statusWidget()->isVisible());
    QVERIFY(window->findChild<QLabel *>()); // the URL is shown
    bool urlShown = false;
    for (const QLabel *label : serve->statusWidget()->findChildren<QLabel *>())
        urlShown = urlShown || label->text().contains(serve->url().toString());
    QVERIFY(urlShown);

    QNetworkAccessManager nam;
    const QByteArray first = post(nam, serve->url(), QStringLiteral("run-a"));
    QCOMPARE(first, recordedBody(capture.runs.at(0)));
    QVERIFY(first.contains("RUN_STARTED"));
    const QByteArray second = post(nam, serve->url(), QStringLiteral("run-b"));
    QCOMPARE(second, recordedBody(capture.runs.at(1)));

    // Both requests are listed; credentials never reach the screen, the body is shown as sent.
    QTRY_COMPARE(serve->requestList()->topLevelItemCount(), 2);
    QTreeWidgetItem *item = serve->requestList()->topLevelItem(0);
    QCOMPARE(item->text(1), QStringLiteral("POST"));
    QCOMPARE(item->text(2), serve->url().path());
    QCOMPARE(serve->received().at(0).body.size(),
             qsizetype(item->text(3).split(u' ').first().toInt()));
    serve->requestList()->setCurrentItem(item);
    const QString shown = serve->requestView()->toPlainText();
    QVERIFY(shown.contains(QStringLiteral("Authorization: ") + redactedValue()));
    QVERIFY(shown.contains(QStringLiteral("\"runId\":\"run-a\"")));
    for (const net::ReceivedRequest &r : serve->received())
        for (const auto &[name, value] : r.headers)
            QVERIFY(!value.contains(QString::fromLatin1(kSecret)));
    QVERIFY(!shown.contains(QString::fromLatin1(kSecret)));

    // A front end pointed at the wrong path is listed too, with the 404 it got.
    QUrl wrong = serve->url();
    wrong.setPath(QStringLiteral("/api/agent"));
    std::unique_ptr<QNetworkReply> missing(nam.get(QNetworkRequest(wrong)));
    QTRY_VERIFY_WITH_TIMEOUT(missing->isFinished(), 60000);
    QCOMPARE(missing->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 404);
    QTRY_COMPARE(serve->requestList()->topLevelItemCount(), 3);
    QTreeWidgetItem *lost = serve->requestList()->topLevelItem(2);
    QCOMPARE(lost->text(1), QStringLiteral("GET"));
    QCOMPARE(lost->text(2), QStringLiteral("/api/agent"));
    QCOMPARE(lost->text(4), QStringLiteral("404 Not Found"));
    QCOMPARE(item->text(4), QStringLiteral("to the endpoint"));

    const QUrl url = serve->url();
    serve->stop();
    QVERIFY(!serve->isServing());
    QVERIFY(!serve->statusWidget()->isVisible());
    QNetworkRequest again(url);
    again.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    std::unique_ptr<QNetworkReply> refused(nam.post(again, QByteArrayLiteral("{}")));
    QTRY_VERIFY_WITH_TIMEOUT(refused->isFinished(), 60000);
    QCOMPARE(refused->error(), QNetworkReply::ConnectionRefusedError);

    // The stopped server's requests stay with its session, not the next one.
    QCOMPARE(serve->requestList()->topLevelItemCount(), 3);
    window->startSession();
    QCOMPARE(serve->requestList()->topLevelItemCount(), 0);
    QVERIFY(serve->received().isEmpty());
    QVERIFY(serve->requestView()->toPlainText().isEmpty());
}

void TestServeCapture::servesChosenRunEveryTime()
{
    std::unique_ptr<MainWindow> window = openDemo();
    auto *serve = window->findChild<CaptureServer *>(QStringLiteral("captureServer"));
    const Capture &capture = window->document()->capture();
    net::ReplayServer::Options options;
    options.speed = 1000;
    options.run = 1;
    QVERIFY2(serve->start(options), qPrintable(serve->lastError()));
    QNetworkAccessManager nam;
    const QByteArray expected = recordedBody(capture.runs.at(1));
    QVERIFY(!expected.isEmpty());
    QCOMPARE(post(nam, serve->url(), QStringLiteral("x")), expected);
    QCOMPARE(post(nam, serve->url(), QStringLiteral("y")), expected);
    QCOMPARE(post(nam, serve->url(), QStringLiteral("z")), expected);
}

QTEST_MAIN(TestServeCapture)
#include "test_serve_capture.moc"
