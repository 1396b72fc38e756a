// File > Serve This Capture… fetched by the reference client: the pinned @ag-ui/client HttpAgent
// (tests/interop/peer/client-dump.mjs) runs against the window's replay server and gets the
// recorded run: the same events in the same order, each passing @ag-ui/core's schemas, and the
// run completes without error. The client runs in a child process while this (GUI) thread keeps
// serving. Needs node and the pinned packages (README test command); fails, never skips, without
// them.

#include "core/analysis/capturesession.h"
#include "core/analysis/runcompare.h"
#include "tests/interop/interopsupport.h"
#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/window/mainwindow.h"
#include "ui/window/servecapture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>
#include <QTreeWidget>

using namespace agui;
using namespace agui::ui;

namespace {

constexpr int kDeadlineMs = 180000; // node's start-up and the client's run, on a busy machine
const QString kDemo = QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap");

// The event types of recorded run `index`, decoded on their own.
QStringList recordedTypes(const Capture &capture, int index)
{
    analysis::CaptureSession run;
    analysis::sessionFromCapture(analysis::captureOfRun(capture, index), &run);
    QStringList types;
    for (qint64 seq = 0; seq < run.session->events().size(); ++seq)
        types << run.session->events().event(seq).typeName;
    return types;
}

} // namespace

class TestServeCaptureClient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }

    void theReferenceClientGetsTheRecordedRun()
    {
        QString why;
        const QString node = interop::findNode(&why);
        QVERIFY2(!node.isEmpty(), qPrintable(why));

        MainWindow window;
        QString error;
        QVERIFY2(window.openCaptureAndWait(kDemo, &error), qPrintable(error));
        auto *serve = window.findChild<CaptureServer *>(QStringLiteral("captureServer"));
        QVERIFY(serve);
        net::ReplayServer::Options options;
        options.speed = 1000;
        options.run = 1; // the same recorded run for every request
        QVERIFY2(serve->start(options), qPrintable(serve->lastError()));

        QProcess client;
        client.start(node,
                     {interop::kPeerDir + QStringLiteral("client-dump.mjs"),
                      QStringLiteral("--url"), serve->url().toString()});
        // Waiting with the event loop running: the server answers on this thread.
        QVERIFY(
            QTest::qWaitFor([&] { return client.state() == QProcess::NotRunning; }, kDeadlineMs));
        const QByteArray stderrText = client.readAllStandardError();
        QVERIFY2(client.exitCode() == 0, stderrText.constData());
        const QList<QByteArray> lines = client.readAllStandardOutput().trimmed().split('\n');
        const QJsonObject result = QJsonDocument::fromJson(lines.last()).object();
        QVERIFY2(result.value(QLatin1String("ok")).toBool(),
                 qPrintable(result.value(QLatin1String("error")).toString()));

        const QJsonObject run = result.value(QLatin1String("runs")).toArray().first().toObject();
        QCOMPARE(run.value(QLatin1String("status")).toInt(), 200);
        QVERIFY2(
            run.value(QLatin1String("schemaErrors")).toArray().isEmpty(),
            QJsonDocument(run.value(QLatin1String("schemaErrors")).toArray()).toJson().constData());
        QStringList received;
        for (const QJsonValue &e : run.value(QLatin1String("events")).toArray())
            received << e.toObject().value(QLatin1String("type")).toString();
        const QStringList recorded = recordedTypes(window.document()->capture(), 1);
        QVERIFY(!recorded.isEmpty());
        QCOMPARE(received, recorded);
        QTRY_COMPARE_WITH_TIMEOUT(serve->requestList()->topLevelItemCount(), 1, kDeadlineMs);
        serve->stop();
    }
};

QTEST_MAIN(TestServeCaptureClient)
#include "test_serve_capture_client.moc"
