// A live run in the window against a misbehaving server (tests/net/faultcases.h): for each
// scenario the connection label states the outcome in plain text, the GUI thread keeps turning
// while bytes arrive (the event loop runs at least once per MiB received: no read, decode or
// write holds it), and the session's capture file holds every body byte the server sent.

#include "../net/faultcases.h"

#include "core/capture/capturereader.h"
#include "core/recording/recording.h"
#include "ui/live/liveruncontroller.h"
#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/window/mainwindow.h"

#include <QLabel>
#include <QSslSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace agui;
using namespace agui::ui;

class TestLiveRunFaults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }

    // A body far larger than memory would like: the capture file grows with it, the window's
    // memory does not (the in-memory copy for Save As stops at its budget; Save As then copies
    // the recording, byte for byte).
    void responseFarLargerThanMemory()
    {
        const qint64 body = 1024LL * 1024 * 1024;
        FaultServer server;
        server.setScript(farLargerThanMemory(body));
        QTemporaryDir dir;
        MainWindow window;
        window.show();
        LiveRunController *live = window.liveRun();
        live->setCaptureDirectory(dir.path());
        const qint64 before = residentBytes();
        qint64 peak = before;
        QTimer sampler;
        connect(&sampler, &QTimer::timeout, this, [&] { peak = qMax(peak, residentBytes()); });
        sampler.start(20);
        RunRequest request;
        request.url = server.url();
        request.input = QJsonObject {{QStringLiteral("threadId"), QStringLiteral("t")}};
        live->start(request);
        QTRY_VERIFY_WITH_TIMEOUT(!live->isRunning(), 1200000);
        sampler.stop();
        QVERIFY2(live->state() == LiveRunController::State::Finished,
                 qPrintable(live->statusText()));
        QCOMPARE(live->eventsReceived(), 2);
        const RecordedBody onDisk = readRecordedBody(live->captureFilePath());
        QCOMPARE(onDisk.bodyBytes, server.bodyBytesSent());
        QCOMPARE(onDisk.sha256, server.bodySha256());
        QVERIFY(live->bodyOnlyOnDisk());
        QVERIFY(window.document()->capture().bodyBytes() <= Recording::kDefaultMemoryBudget);
        // Save As gives the whole capture: the recording, byte for byte.
        const QString saved = dir.filePath(QStringLiteral("saved.aguicap"));
        QString error;
        QVERIFY2(window.saveCapture(saved, &error), qPrintable(error));
        QFile a(saved), b(live->captureFilePath());
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QCOMPARE(a.size(), b.size());
        QCryptographicHash ha(QCryptographicHash::Sha256), hb(QCryptographicHash::Sha256);
        QVERIFY(ha.addData(&a) && hb.addData(&b));
        QCOMPARE(ha.result(), hb.result());
        qInfo("resident memory grew by %lld MiB for a %lld MiB body", (peak - before) >> 20,
              body >> 20);
#if !defined(__SANITIZE_ADDRESS__) // ASan's quarantine and shadow are not the program's memory
        if (before >= 0)
            QVERIFY2(peak - before < 384LL * 1024 * 1024,
                     qPrintable(QStringLiteral("grew by %1 MiB").arg((peak - before) >> 20)));
#endif
    }

    void scenario_data()
    {
        addFaultCaseRows();
    }

    void scenario()
    {
        QFETCH(int, index);
        const FaultCase c = faultCases().at(index);
        if (const QString why = faultCaseSkipReason(c); !why.isEmpty())
            QSKIP(qPrintable(why));
        FaultServer server;
        loadFaultCase(server, c);
        QTemporaryDir dir;
        MainWindow window;
        window.show();
        LiveRunController *live = window.liveRun();
        live->setCaptureDirectory(dir.path());
        live->setStallTimeoutMs(c.outcome == FaultCase::Outcome::Stalled ? 300 : 120000);

        qint64 turns = 0; // event-loop turns while the run is on
        QTimer ticker;
        ticker.setInterval(0);
        connect(&ticker, &QTimer::timeout, this, [&] { ++turns; });
        ticker.start();

        RunRequest request;
        request.url = faultTargetUrl(c, server);
        request.input = QJsonObject {{QStringLiteral("threadId"), QStringLiteral("t")},
                                     {QStringLiteral("runId"), QStringLiteral("r")}};
        live->start(request);
        using S = LiveRunController::State;
        if (c.outcome == FaultCase::Outcome::Stalled) {
            QTRY_COMPARE_WITH_TIMEOUT(live->state(), S::Stalled, 60000);
            QVERIFY(window.connectionLabel()->text().startsWith(QStringLiteral("Stalled")));
            live->stop();
            QTRY_COMPARE_WITH_TIMEOUT(live->state(), S::Stopped, 60000);
        } else {
            const S expected = c.outcome == FaultCase::Outcome::Finished ? S::Finished : S::Failed;
            QTRY_VERIFY_WITH_TIMEOUT(!live->isRunning(), 600000);
            QVERIFY2(live->state() == expected, qPrintable(live->statusText()));
        }
        ticker.stop();
        const QString shown = window.connectionLabel()->text();
        QCOMPARE(window.connectionLabel()->textFormat(), Qt::PlainText);
        if (!c.message.isEmpty())
            QVERIFY2(shown.contains(c.message), qPrintable(shown));
        if (c.httpStatus >= 400)
            QVERIFY2(shown.contains(QStringLiteral("HTTP %1").arg(c.httpStatus)),
                     qPrintable(shown));
        QVERIFY(!shown.contains(QStringLiteral("leaked")));
        QVERIFY2(
            turns >= live->bytesReceived() / (1024 * 1024),
            qPrintable(
                QStringLiteral("%1 turns for %2 bytes").arg(turns).arg(live->bytesReceived())));

        const RecordedBody onDisk = readRecordedBody(live->captureFilePath());
        QCOMPARE(onDisk.bodyBytes, server.bodyBytesSent());
        QCOMPARE(onDisk.sha256, server.bodySha256());
        QCOMPARE(onDisk.end,
                 c.outcome == FaultCase::Outcome::Finished     ? RunEnd::Finished
                     : c.outcome == FaultCase::Outcome::Failed ? RunEnd::Error
                                                               : RunEnd::Aborted);
    }
};

QTEST_MAIN(TestLiveRunFaults)
#include "test_liverun_faults.moc"
