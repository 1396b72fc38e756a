// Format detection goes by content, never by file name.

#include "core/capture/capturereader.h"
#include "core/capture/formatdetect.h"

#include <QtTest>

using namespace agui;

Q_DECLARE_METATYPE(agui::CaptureFormat)

class TestFormatDetect : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void detect_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<CaptureFormat>("format");
        const auto row = [](const char *name, const QByteArray &head, CaptureFormat format) {
            QTest::newRow(name) << head << format;
        };
        row("own header", "{\"agui-capture\":1,\"tool\":\"x\"}\n{\"k\":\"chunk\"}\n",
            CaptureFormat::Agui);
        row("own header cut", "{\"agui-captu", CaptureFormat::Agui);
        row("devtools header",
            "{\"kind\":\"header\",\"schemaVersion\":1,\"tool\":\"ag-ui-devtools@0.1.0\"}\n",
            CaptureFormat::DevTools);
        row("devtools other key order", "{\"schemaVersion\":1,\"kind\":\"header\"}\n",
            CaptureFormat::DevTools);
        row("jsonl", "{\"type\":\"RUN_STARTED\"}\n{\"type\":\"RUN_FINISHED\"}\n",
            CaptureFormat::JsonLines);
        row("jsonl leading blank lines", "\n\n  {\"type\":\"RUN_STARTED\"}\n",
            CaptureFormat::JsonLines);
        row("jsonl bad json still jsonl", "{\"type\":\n", CaptureFormat::JsonLines);
        row("sse data", "data: {\"type\":\"RUN_STARTED\"}\n\n", CaptureFormat::Sse);
        row("sse comment first", ": keep-alive\n\ndata: {}\n\n", CaptureFormat::Sse);
        row("sse event field", "event: message\ndata: {}\n\n", CaptureFormat::Sse);
        row("sse with bom",
            "\xEF\xBB\xBF"
            "data: {}\n\n",
            CaptureFormat::Sse);
        row("sse crlf", "data: {}\r\n\r\n", CaptureFormat::Sse);
        row("protobuf", QByteArray::fromHex("0000000e620c0a02080b120274311a027231"),
            CaptureFormat::Protobuf);
        row("empty", "", CaptureFormat::Unknown);
        row("blank", " \n\n", CaptureFormat::Unknown);
        row("html", "<html><body>502</body></html>", CaptureFormat::Unknown);
        row("binary junk", QByteArray::fromHex("ffd8ffe000104a464946"), CaptureFormat::Unknown);
        row("json array", "[{\"type\":\"RUN_STARTED\"}]", CaptureFormat::Unknown);
    }
    void detect()
    {
        QFETCH(QByteArray, head);
        QFETCH(CaptureFormat, format);
        QCOMPARE(detectCaptureFormat(head, true), format);
    }

    void readerReportsUndetected()
    {
        const Capture capture = readCapture(QByteArray("<html>oops</html>"));
        QCOMPARE(capture.format, CaptureFormat::Unknown);
        QCOMPARE(capture.problems.size(), 1);
        QVERIFY(capture.problems[0].message.contains(QLatin1String("byte 0")));
        QCOMPARE(describeUndetected(""), QStringLiteral("the input is empty"));
    }

    void rawBodiesAreOneRunWithExactOffsets()
    {
        QByteArray sse;
        for (int i = 0; i < 2000; ++i)
            sse += "data: {\"type\":\"RAW\",\"event\":" + QByteArray::number(i) + "}\n\n";
        CaptureReadOptions options;
        options.blockSize = 4096;
        QList<qint64> progress;
        options.onProgress = [&](qint64 done, qint64 total) {
            QCOMPARE(total, sse.size());
            progress.append(done);
        };
        const Capture capture = readCapture(sse, options);
        QCOMPARE(capture.format, CaptureFormat::Sse);
        QCOMPARE(capture.runs.size(), 1);
        QCOMPARE(capture.runs[0].framing, Framing::Sse);
        QByteArray joined;
        for (const Chunk &c : capture.runs[0].chunks) {
            QVERIFY(c.sourceIsBytes);
            QCOMPARE(c.sourceOffset, joined.size());
            joined += c.bytes;
        }
        QCOMPARE(joined, sse);
        QVERIFY(progress.size() > 1);
        QCOMPARE(progress.last(), sse.size());
        QVERIFY(std::is_sorted(progress.begin(), progress.end()));
    }

    void cancelStopsReading()
    {
        const QByteArray sse = QByteArray("data: {}\n\n").repeated(5000);
        std::atomic_bool cancel {false};
        CaptureReadOptions options;
        options.blockSize = 4096;
        options.cancel = &cancel;
        options.onProgress = [&](qint64 done, qint64) {
            if (done >= 8192)
                cancel = true;
        };
        const Capture capture = readCapture(sse, options);
        QVERIFY(capture.cancelled);
        QCOMPARE(capture.bytesRead, 8192);
    }
};

QTEST_GUILESS_MAIN(TestFormatDetect)
#include "test_formatdetect.moc"
