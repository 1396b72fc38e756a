// HAR: detection, a HAR recorded by headless Chromium against our demo agent (SSE and protobuf
// runs, plus the page itself, which is not an AG-UI exchange), and export -> import round trips
// that keep every piece of body with its receive time.

#include "core/analysis/capturesession.h"
#include "core/capture/capturereader.h"
#include "core/capture/formatdetect.h"
#include "core/capture/harwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace agui;
using namespace agui::analysis;

namespace {

const QString kChromiumHar = QStringLiteral(AGUI_TEST_DATA_DIR "/har/chromium-demo.har");

CaptureSession load(const QString &path)
{
    CaptureSession s;
    QString error;
    if (!loadCaptureSession(path, &s, &error))
        qWarning() << error;
    return s;
}

Capture readWithChunks(const QString &path)
{
    Capture c;
    QString error;
    readCaptureFile(path, &c, &error);
    return c;
}

} // namespace

class TestHar : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void detection()
    {
        QCOMPARE(detectCaptureFormat("{\n  \"log\": {\n    \"version\": \"1.2\""),
                 CaptureFormat::Har);
        QCOMPARE(detectCaptureFormat("{\"log\":{\"entries\":[]}}", true), CaptureFormat::Har);
        QCOMPARE(detectCaptureFormat("{\"type\":\"RUN_STARTED\",\"log\":1}\n"),
                 CaptureFormat::JsonLines);
        QCOMPARE(captureFormatName(CaptureFormat::Har), QStringLiteral("har"));
    }

    void chromiumHarImports()
    {
        const CaptureSession s = load(kChromiumHar);
        QVERIFY(s.session);
        QCOMPARE(s.capture.format, CaptureFormat::Har);
        // Two POSTed runs (SSE, then protobuf); the page load is not an AG-UI exchange.
        QCOMPARE(s.capture.runs.size(), 2);
        QCOMPARE(s.capture.runs[0].framing, Framing::Sse);
        QCOMPARE(s.capture.runs[1].framing, Framing::Proto);
        for (const RunRecording &run : s.capture.runs) {
            QCOMPARE(run.response.status, 200);
            QVERIFY(run.request.body.contains("threadId"));
            QVERIFY(run.request.sentAtUs > 0);
            QVERIFY(run.response.receivedAtUs >= run.request.sentAtUs);
        }
        bool skippedNote = false;
        bool wholeBodyNote = false;
        for (const CaptureNote &n : s.capture.notes) {
            skippedNote = skippedNote || n.text.contains(QLatin1String("not AG-UI exchanges"));
            wholeBodyNote
                = wholeBodyNote || n.text.contains(QLatin1String("keeps each response body whole"));
        }
        QVERIFY(skippedNote);
        QVERIFY(wholeBodyNote);
        const SessionSnapshot &model = s.session->current();
        QCOMPARE(model.runCount(), 2);
        QCOMPARE(model.run(0).status, RunStatus::Finished);
        QCOMPARE(model.run(1).status, RunStatus::Finished);
        for (const Finding &f : s.session->findings())
            QVERIFY2(f.diagnostic.severity != Severity::Error, qPrintable(f.diagnostic.message));
        // Timing: the head's time is known (HAR "wait"), the pieces' times are not.
        const TimingReport timing = s.timing();
        QCOMPARE(timing.exchanges.size(), 2);
        QVERIFY(timing.exchanges[0].ttfbMs.has_value());
        QVERIFY(!timing.exchanges[0].note.isEmpty());
        QVERIFY(timing.exchanges[0].bursts.isEmpty());
    }

    void exportImportKeepsEveryPiece_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("demo") << QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap");
        QTest::newRow("devtools") << QStringLiteral(AGUI_TEST_DATA_DIR
                                                    "/capture/devtools/happy-run.agui.jsonl");
        QTest::newRow("chromium") << kChromiumHar;
    }

    void exportImportKeepsEveryPiece()
    {
        QFETCH(QString, path);
        const Capture original = readWithChunks(path);
        QVERIFY(!original.runs.isEmpty());
        const QByteArray har = captureToHar(original, QStringLiteral("test"));
        const QJsonObject log
            = QJsonDocument::fromJson(har).object()[QLatin1String("log")].toObject();
        QCOMPARE(log[QLatin1String("version")].toString(), QStringLiteral("1.2"));
        QCOMPARE(log[QLatin1String("entries")].toArray().size(), original.runs.size());
        const Capture back = readCapture(har);
        QCOMPARE(back.format, CaptureFormat::Har);
        QCOMPARE(back.runs.size(), original.runs.size());
        for (qsizetype r = 0; r < original.runs.size(); ++r) {
            const RunRecording &a = original.runs[r];
            const RunRecording &b = back.runs[r];
            QCOMPARE(b.request.body, a.request.body);
            QCOMPARE(b.request.sentAtUs, a.request.sentAtUs);
            QCOMPARE(b.framing, a.framing);
            QCOMPARE(b.chunks.size(), a.chunks.size());
            for (qsizetype c = 0; c < a.chunks.size(); ++c) {
                QCOMPARE(b.chunks[c].bytes, a.chunks[c].bytes);
                if (a.request.sentAtUs >= 0 && a.chunks[c].receivedAtUs >= 0)
                    QCOMPARE(b.chunks[c].receivedAtUs, a.chunks[c].receivedAtUs);
            }
        }
    }

    void exportRedactsCredentials()
    {
        const Capture demo
            = readWithChunks(QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap"));
        Capture c = demo;
        c.runs[0].request.headers.append(
            {QStringLiteral("X-Api-Key"), QStringLiteral("sk-secret-123")});
        c.runs[0].request.url += QStringLiteral("?api_key=sk-secret-456");
        const QByteArray har = captureToHar(c, QStringLiteral("test"));
        QVERIFY(!har.contains("sk-secret-123"));
        QVERIFY(!har.contains("sk-secret-456"));
        QVERIFY(har.contains("<redacted>"));
    }

    void harWithoutBodiesSaysSo()
    {
        QFile file(QStringLiteral(AGUI_TEST_DATA_DIR "/har/no-content.har"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray har = file.readAll();
        const Capture c = readCapture(har);
        QCOMPARE(c.runs.size(), 1);
        QCOMPARE(c.problems.size(), 1);
        QCOMPARE(c.problems[0].ruleId, QStringLiteral("capture.har-no-body"));
        QCOMPARE(c.runs[0].response.receivedAtUs - c.runs[0].request.sentAtUs, 5000);
        const Capture broken = readCapture(QByteArray("{\"log\": {\"entries\": ["));
        QCOMPARE(broken.problems.size(), 1);
        QCOMPARE(broken.problems[0].ruleId, QStringLiteral("capture.bad-record"));
    }
};

QTEST_GUILESS_MAIN(TestHar)
#include "test_har.moc"
