// Writer -> reader round trip of our own capture format, and credential redaction.

#include "core/capture/capturereader.h"
#include "core/capture/capturewriter.h"
#include "core/capture/jsontext.h"
#include "core/capture/redaction.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace agui;

class TestCaptureWriter : public QObject
{
    Q_OBJECT

private:
    static RecordedRequest request()
    {
        RecordedRequest r;
        r.sentAtUs = 1700000000000000;
        r.method = QStringLiteral("POST");
        r.url = QStringLiteral("http://localhost:8000/agent?api_key=sekrit-query&page=2");
        r.headers = {{QStringLiteral("Content-Type"), QStringLiteral("application/json")},
                     {QStringLiteral("Authorization"), QStringLiteral("Bearer sekrit-bearer")},
                     {QStringLiteral("X-Api-Key"), QStringLiteral("sekrit-apikey")},
                     {QStringLiteral("x-amz-security-token"), QStringLiteral("sekrit-amz")},
                     {QStringLiteral("Cookie"), QStringLiteral("session=sekrit-cookie")},
                     {QStringLiteral("Proxy-Authorization"), QStringLiteral("Basic sekrit-proxy")},
                     {QStringLiteral("X-Client-Secret"), QStringLiteral("sekrit-secret")},
                     {QStringLiteral("Accept"), QStringLiteral("text/event-stream")}};
        r.body = QByteArrayLiteral("{\"threadId\":\"t1\",\"runId\":\"r1\",\"messages\":[]}");
        return r;
    }

private Q_SLOTS:
    // The writer's JSON text helpers, against a QString round trip and Qt's own JSON reader.
    void textHelpersAgreeWithQt()
    {
        quint32 seed = 12345;
        const auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
        for (int i = 0; i < 200000; ++i) {
            QByteArray bytes;
            for (quint32 n = next() % 7; n > 0; --n)
                bytes.append(char(next() >> 24));
            QCOMPARE(capturejson::isExactUtf8(bytes), QString::fromUtf8(bytes).toUtf8() == bytes);
        }
        for (int i = 0; i < 20000; ++i) {
            QString text;
            for (quint32 n = next() % 12; n > 0; --n) {
                const char32_t c = next() % 4 == 0 ? next() % 0x30 : next() % 0x10FFFF;
                if (c < 0xD800 || c > 0xDFFF)
                    text += QString::fromUcs4(&c, 1);
            }
            const QByteArray quoted = capturejson::quotedUtf8(text.toUtf8());
            QCOMPARE(quoted, capturejson::quoted(text));
            const QJsonDocument doc = QJsonDocument::fromJson(QByteArray("[" + quoted + "]"));
            QCOMPARE(doc.array().at(0).toString(), text);
        }
        // Every escape, appended after what is there already.
        QByteArray out("x:");
        capturejson::appendQuotedUtf8(out, QByteArrayView("a\"b\\c\n\r\t\x01\x1f\x7f", 11));
        QCOMPARE(out, QByteArray("x:\"a\\\"b\\\\c\\n\\r\\t\\u0001\\u001f\x7f\""));
        QCOMPARE(capturejson::quotedUtf8({}), QByteArray("\"\""));
    }

    void roundTripKeepsEveryByte()
    {
        QByteArray file;
        QBuffer buffer(&file);
        buffer.open(QIODevice::WriteOnly);
        CaptureWriter writer;
        QVERIFY(writer.open(&buffer));
        const int run0 = writer.beginRun(request());
        QCOMPARE(run0, 0);
        RecordedResponse response;
        response.receivedAtUs = 1700000000000100;
        response.status = 200;
        response.headers = {{QStringLiteral("Content-Type"), QStringLiteral("text/event-stream")},
                            {QStringLiteral("Set-Cookie"), QStringLiteral("id=sekrit-set")}};
        QVERIFY(writer.writeResponse(run0, response));
        // Text, invalid UTF-8, a NUL, a lone CR, a split multi-byte character: all must survive.
        const QList<QByteArray> chunks = {
            QByteArrayLiteral("data: {\"type\":\"RUN_STARTED\"}\n\n"),
            QByteArray("data: \xff\xfe bad \xc3", 13),
            QByteArray("\xa9\0 nul\r\n\n", 9),
            QByteArrayLiteral("data: \"quotes\" \\ and \t tabs \u00e9\n\n"),
            QByteArray("valid UTF-8 with a \0 NUL and \x01 control\r\n", 40),
            QByteArrayLiteral("\xEF\xBB\xBF"
                              "a byte order mark first, \"then\" text\n"),
            QByteArray(),
        };
        qint64 t = 1700000000001000;
        for (const QByteArray &c : chunks)
            QVERIFY(writer.writeChunk(run0, c, t++));
        QVERIFY(writer.endRun(run0, RunEnd::Finished, {}, t++));
        const int run1 = writer.beginRun(request());
        QCOMPARE(run1, 1);
        QVERIFY(writer.writeChunk(run1, "data: x\n\n", t++));
        QVERIFY(writer.endRun(run1, RunEnd::Error, QStringLiteral("HTTP 502: bad gateway"), t++));
        QVERIFY(writer.writeNote(-1, QStringLiteral("a note\nwith a newline")));
        writer.close();

        // One record per line, every line a complete JSON object.
        const QList<QByteArray> lines = file.split('\n');
        QCOMPARE(lines.last(), QByteArray());
        for (qsizetype i = 0; i + 1 < lines.size(); ++i) {
            QJsonParseError error;
            QJsonDocument::fromJson(lines[i], &error);
            QVERIFY2(error.error == QJsonParseError::NoError, lines[i].constData());
        }
        QVERIFY(lines[0].startsWith("{\"agui-capture\":1,\"tool\":\"agui-inspector "));

        const Capture capture = readCapture(file);
        QCOMPARE(capture.format, CaptureFormat::Agui);
        QVERIFY2(capture.problems.isEmpty(), qPrintable(capture.problems.value(0).message));
        QVERIFY(!capture.truncated);
        QCOMPARE(capture.runs.size(), 2);
        const RunRecording &r0 = capture.runs[0];
        QVERIFY(r0.request.present);
        QCOMPARE(r0.request.method, QStringLiteral("POST"));
        QCOMPARE(r0.request.body, request().body);
        QCOMPARE(r0.request.sentAtUs, request().sentAtUs);
        QCOMPARE(r0.request.headers.size(), request().headers.size());
        QCOMPARE(r0.response.status, 200);
        QCOMPARE(r0.framing, Framing::Sse);
        QCOMPARE(r0.chunks.size(), chunks.size());
        for (qsizetype i = 0; i < chunks.size(); ++i) {
            QCOMPARE(r0.chunks[i].bytes, chunks[i]);
            QCOMPARE(r0.chunks[i].receivedAtUs, 1700000000001000 + i);
        }
        QCOMPARE(r0.end, RunEnd::Finished);
        QCOMPARE(capture.runs[1].end, RunEnd::Error);
        QCOMPARE(capture.runs[1].endError, QStringLiteral("HTTP 502: bad gateway"));
        QCOMPARE(capture.notes.size(), 1);
        QCOMPARE(capture.notes[0].text, QStringLiteral("a note\nwith a newline"));
    }

    void credentialsNeverReachTheFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("c.aguicap"));
        CaptureWriter writer;
        QVERIFY(writer.open(path));
        const int run = writer.beginRun(request());
        RecordedResponse response;
        response.status = 200;
        response.headers = {{QStringLiteral("set-cookie"), QStringLiteral("id=sekrit-set")}};
        QVERIFY(writer.writeResponse(run, response));
        writer.close();
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(!bytes.contains("sekrit"));
        QVERIFY(bytes.contains("<redacted>"));
        // Harmless headers and query items stay as they were.
        QVERIFY(bytes.contains("text/event-stream"));
        QVERIFY(bytes.contains("page=2"));
        const Capture capture = readCapture(bytes);
        QCOMPARE(headerValue(capture.runs[0].request.headers, QLatin1StringView("x-api-key")),
                 redactedValue());
        QCOMPARE(headerValue(capture.runs[0].request.headers, QLatin1StringView("accept")),
                 QStringLiteral("text/event-stream"));
    }

    void credentialHeaderNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("credential");
        const auto row = [](const char *name, bool credential) {
            QTest::newRow(name) << QString::fromLatin1(name) << credential;
        };
        row("Authorization", true);
        row("proxy-authorization", true);
        row("COOKIE", true);
        row("Set-Cookie", true);
        row("X-Api-Key", true);
        row("X-Goog-Api-Key", true);
        row("X-Auth-Token", true);
        row("X-Amz-Security-Token", true);
        row("X-Client-Secret", true);
        row("api-key", true);
        row("Content-Type", false);
        row("Accept", false);
        row("X-Request-Id", false);
        row("Keyboard", false);
    }
    void credentialHeaderNames()
    {
        QFETCH(QString, name);
        QFETCH(bool, credential);
        QCOMPARE(isCredentialHeader(name), credential);
    }

    void redactsUrlCredentials()
    {
        const QString url = redactUrl(
            QStringLiteral("https://user:pw@example.test/run?access_token=abc&q=weather&key=k"));
        QVERIFY(!url.contains(QLatin1String("abc")));
        QVERIFY(!url.contains(QLatin1String(":pw@")));
        QVERIFY(!url.contains(QLatin1String("key=k")));
        QVERIFY(url.contains(QLatin1String("q=weather")));
        const QString plain = QStringLiteral("http://localhost:8000/agent");
        QCOMPARE(redactUrl(plain), plain);
    }

    void appendContinuesAfterACrash()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("c.aguicap"));
        {
            CaptureWriter writer;
            QVERIFY(writer.open(path));
            const int run = writer.beginRun(request());
            QVERIFY(writer.writeChunk(run, "data: {\"type\":\"RUN_STARTED\"}\n\n", 1));
            // Text that looks like a run number must not confuse the numbering.
            QVERIFY(writer.writeChunk(run, "data: {\"run\":99}\n\n", 1));
        }
        {
            // Simulate a crash in the middle of a record.
            QFile f(path);
            QVERIFY(f.open(QIODevice::Append));
            f.write("{\"k\":\"chunk\",\"run\":0,\"t\":2,\"text\":\"data: {\\\"ty");
        }
        CaptureWriter writer;
        QVERIFY2(writer.openAppend(path), qPrintable(writer.errorString()));
        const int run = writer.beginRun(request());
        QCOMPARE(run, 1);
        QVERIFY(writer.writeChunk(run, "data: later\n\n", 3));
        writer.close();

        Capture capture;
        QString error;
        QVERIFY(readCaptureFile(path, &capture, &error));
        QCOMPARE(capture.runs.size(), 2);
        QCOMPARE(capture.runs[0].chunks.size(), 2);
        QCOMPARE(capture.runs[1].chunks.size(), 1);
        QCOMPARE(capture.runs[1].chunks[0].bytes, QByteArray("data: later\n\n"));
        // The broken record is reported with its line and byte offset, not dropped silently.
        QCOMPARE(capture.problems.size(), 1);
        QCOMPARE(capture.problems[0].line, 5);
        QVERIFY(capture.problems[0].byteOffset > 0);
    }

    void writeCaptureKeepsImportedRuns()
    {
        Capture in;
        RunRecording r;
        r.framing = Framing::JsonLine;
        r.label = QStringLiteral("c7");
        r.chunks.append({-1, QByteArray("{\"type\":\"RUN_STARTED\"}\n"), 0, true});
        r.end = RunEnd::Finished;
        in.runs.append(r);
        QByteArray file;
        QBuffer buffer(&file);
        buffer.open(QIODevice::WriteOnly);
        CaptureWriter writer;
        QVERIFY(writer.open(&buffer));
        QVERIFY(writer.writeCapture(in));
        const Capture out = readCapture(file);
        QVERIFY(out.problems.isEmpty());
        QCOMPARE(out.runs.size(), 1);
        QCOMPARE(out.runs[0].framing, Framing::JsonLine);
        QCOMPARE(out.runs[0].label, QStringLiteral("c7"));
        QCOMPARE(out.runs[0].chunks[0].bytes, r.chunks[0].bytes);
        QCOMPARE(out.runs[0].chunks[0].receivedAtUs, -1);
        QCOMPARE(out.runs[0].end, RunEnd::Finished);
    }

    void bookmarksRoundTrip()
    {
        Capture in;
        RunRecording r;
        r.chunks.append({5, QByteArray("data: {\"type\":\"RUN_STARTED\"}\n\n"), 0, false});
        in.runs.append(r);
        in.bookmarks = {{0, QStringLiteral("first \"quoted\"\nline two <b>not bold</b>"), 17},
                        {42, QString(), 18}};
        QByteArray file;
        QBuffer buffer(&file);
        buffer.open(QIODevice::WriteOnly);
        CaptureWriter writer;
        QVERIFY(writer.open(&buffer));
        QVERIFY(writer.writeCapture(in));
        QVERIFY(writer.writeBookmark({7, QStringLiteral("appended"), -1}));
        // k and t first, as every record; then the event and the note.
        QVERIFY2(file.contains("{\"k\":\"bookmark\",\"t\":18,\"seq\":42,\"note\":\"\"}\n"),
                 file.constData());
        const Capture out = readCapture(file);
        QVERIFY2(out.problems.isEmpty(), qPrintable(out.problems.value(0).message));
        QVERIFY(out.notes.isEmpty()); // a known kind, not an unknown record kept as a note
        QCOMPARE(out.bookmarks.size(), 3);
        QCOMPARE(out.bookmarks[0].seq, 0);
        QCOMPARE(out.bookmarks[0].note, in.bookmarks[0].note);
        QCOMPARE(out.bookmarks[0].createdAtUs, 17);
        QCOMPARE(out.bookmarks[1].seq, 42);
        QCOMPARE(out.bookmarks[1].note, QString());
        QCOMPARE(out.bookmarks[2].seq, 7);
        QVERIFY(out.bookmarks[2].createdAtUs > 0); // "now"
    }

    void badBookmarksAreProblemsNamingTheLine_data()
    {
        QTest::addColumn<QByteArray>("record");
        QTest::newRow("negative") << QByteArray(R"({"k":"bookmark","t":1,"seq":-1,"note":"x"})");
        QTest::newRow("string") << QByteArray(R"({"k":"bookmark","t":1,"seq":"3","note":"x"})");
        QTest::newRow("missing") << QByteArray(R"({"k":"bookmark","t":1,"note":"x"})");
        QTest::newRow("fraction") << QByteArray(R"({"k":"bookmark","t":1,"seq":2.5})");
        QTest::newRow("huge") << QByteArray(R"({"k":"bookmark","t":1,"seq":1e300})");
        QTest::newRow("null") << QByteArray(R"({"k":"bookmark","t":1,"seq":null})");
    }

    void badBookmarksAreProblemsNamingTheLine()
    {
        QFETCH(QByteArray, record);
        const QByteArray file = CaptureWriter::headerRecord(QStringLiteral("t"), QString())
            + CaptureWriter::bookmarkRecord({1, QStringLiteral("good"), 1}) + record + '\n'
            + CaptureWriter::bookmarkRecord({2, QStringLiteral("after"), 1});
        const Capture out = readCapture(file);
        QCOMPARE(out.problems.size(), 1);
        QCOMPARE(out.problems[0].line, 3);
        QCOMPARE(out.problems[0].ruleId, QStringLiteral("capture.bad-record"));
        QVERIFY2(out.problems[0].message.contains(QLatin1String("line 3")),
                 qPrintable(out.problems[0].message));
        QCOMPARE(out.bookmarks.size(), 2); // the others are read
        QCOMPARE(out.bookmarks[1].note, QStringLiteral("after"));
    }
};

QTEST_GUILESS_MAIN(TestCaptureWriter)
#include "test_capturewriter.moc"
