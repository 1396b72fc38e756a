// SIGKILL while recording: a recorder process (LiveRunController, as the window records) streams
// a run from a server that keeps sending; it is killed with SIGKILL in the middle. The capture it
// leaves must open, hold every chunk that was on disk before the kill (and then some: whatever
// the last writes completed), and its body must be exactly a prefix of what the server sent.

#include "../net/faultserver.h"

#include "core/capture/captureloader.h"
#include "core/capture/capturereader.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace agui;

namespace {

QByteArray bodyOnDisk(const QString &path, qsizetype *chunks, bool *opened, Capture *capture)
{
    QString error;
    *opened = readCaptureFile(path, capture, &error);
    QByteArray body;
    *chunks = 0;
    for (const RunRecording &run : capture->runs) {
        for (const Chunk &c : run.chunks) {
            body += c.bytes;
            ++*chunks;
        }
    }
    return body;
}

} // namespace

class TestKillWhileRecording : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void captureSurvivesSigkill()
    {
        // 2,000 events, 5 ms apart: the run is still streaming when the recorder dies.
        FaultScript script {FaultStep::head(sseHead())};
        QByteArray sent;
        for (int i = 0; i < 2000; ++i) {
            const QByteArray event = "data: {\"type\":\"CUSTOM\",\"name\":\"n\",\"value\":"
                + QByteArray::number(i) + "}\n\n";
            script.append(FaultStep::send(event));
            script.append(FaultStep::pause(5));
            sent += event;
        }
        FaultServer server;
        server.setScript(script);
        QTemporaryDir dir;
        QProcess recorder;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        recorder.setProcessEnvironment(env);
        recorder.start(QStringLiteral(AGUI_RECORDER_EXE), {server.url().toString(), dir.path()});
        QVERIFY2(recorder.waitForStarted(60000), qPrintable(recorder.errorString()));
        QTRY_VERIFY_WITH_TIMEOUT(recorder.canReadLine(), 60000);
        const QString path = QString::fromLocal8Bit(recorder.readLine()).trimmed();
        QVERIFY(!path.isEmpty());

        // Wait until a good part of the run is on disk, then kill without warning.
        qsizetype chunksBefore = 0;
        bool opened = false;
        Capture capture;
        QTRY_VERIFY_WITH_TIMEOUT(
            (bodyOnDisk(path, &chunksBefore, &opened, &capture), chunksBefore >= 200), 120000);
        ::kill(pid_t(recorder.processId()), SIGKILL);
        QVERIFY(recorder.waitForFinished(60000));
        QCOMPARE(recorder.exitStatus(), QProcess::CrashExit);
        QVERIFY(!server.finished()); // it was killed mid-run

        qsizetype chunksAfter = 0;
        const QByteArray body = bodyOnDisk(path, &chunksAfter, &opened, &capture);
        QVERIFY(opened);
        QCOMPARE(capture.runs.size(), 1);
        QCOMPARE(capture.runs.first().end, RunEnd::Open); // no end record: it died
        QVERIFY(chunksAfter >= chunksBefore);
        QVERIFY(sent.startsWith(body)); // exactly what arrived, nothing garbled
        for (const CaptureProblem &p : capture.problems)
            QVERIFY2(p.ruleId == u"capture.truncated", qPrintable(p.message)); // at most a cut line
        // And it opens as a session: every complete event it holds is there.
        qint64 events = 0;
        CaptureLoadOptions options;
        options.onEvent = [&](Event &&, const EventOrigin &) { ++events; };
        QString error;
        Capture loaded;
        QVERIFY2(loadCaptureFile(path, &loaded, &error, options), qPrintable(error));
        const bool cutEvent = !body.isEmpty() && !body.endsWith("\n\n"); // read mid-event
        QCOMPARE(events, qint64(body.count("\n\n")) + (cutEvent ? 1 : 0));
    }
};

QTEST_MAIN(TestKillWhileRecording)
#include "test_kill_while_recording.moc"
