// Timing and stream health on a recorded exchange with known receive times (written as a real
// .aguicap and read back), on the demo capture, and on files without receive times.

#include "core/analysis/capturesession.h"
#include "core/analysis/waterfall.h"
#include "core/capture/capturewriter.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace agui;
using namespace agui::analysis;

namespace {

constexpr qint64 kT0 = 1'796'032'800'000'000; // µs

QByteArray sse(const QByteArray &json)
{
    return "data: " + json + "\n\n";
}

QByteArray content(const char *delta)
{
    return sse(QByteArray(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":")") + delta
               + "\"}");
}

// One run: request at T0, head at +100 ms, then pieces of body at known times (ms after T0).
Capture timedCapture()
{
    Capture c;
    c.format = CaptureFormat::Agui;
    RunRecording run;
    run.request.present = true;
    run.request.sentAtUs = kT0;
    run.request.method = QStringLiteral("POST");
    run.request.url = QStringLiteral("http://127.0.0.1:1/agent");
    run.response.present = true;
    run.response.status = 200;
    run.response.receivedAtUs = kT0 + 100'000;
    run.response.headers = {{QStringLiteral("Content-Type"), QStringLiteral("text/event-stream")}};
    const auto piece = [&](qint64 ms, const QByteArray &bytes) {
        run.chunks.append({kT0 + ms * 1000, bytes, -1, false});
    };
    piece(200,
          sse(R"({"type":"RUN_STARTED","threadId":"t","runId":"r"})")
              + sse(R"({"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"})"));
    piece(300, content("Hel"));
    piece(350, content("lo"));
    piece(7350, content(" wor")); // 7 s of silence with m1 open: a stall
    piece(8000, ": keep-alive\n\n");
    piece(9000, ": keep-alive\n\n");
    QByteArray burst; // ten deltas in one piece after 3 s: buffering
    for (int i = 0; i < 10; ++i)
        burst += content("ld");
    piece(12000, burst);
    piece(12100,
          sse(R"({"type":"TEXT_MESSAGE_END","messageId":"m1"})")
              + sse(R"({"type":"TOOL_CALL_START","toolCallId":"c1","toolCallName":"search"})")
              + sse(R"({"type":"TOOL_CALL_ARGS","toolCallId":"c1","delta":"{}"})")
              + sse(R"({"type":"TOOL_CALL_END","toolCallId":"c1"})"));
    piece(12600,
          sse(R"({"type":"TOOL_CALL_RESULT","messageId":"r1","toolCallId":"c1","content":"ok"})"));
    piece(12700, sse(R"({"type":"RUN_FINISHED","threadId":"t","runId":"r"})"));
    run.end = RunEnd::Finished;
    run.endedAtUs = kT0 + 12'800'000;
    c.runs.append(run);
    return c;
}

CaptureSession load(const QString &path)
{
    CaptureSession s;
    QString error;
    if (!loadCaptureSession(path, &s, &error))
        qWarning() << error;
    return s;
}

} // namespace

class TestTiming : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void figuresOfARecordedExchange()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("timed.aguicap"));
        CaptureWriter writer;
        QVERIFY(writer.open(path));
        QVERIFY(writer.writeCapture(timedCapture()));
        writer.close();
        const CaptureSession s = load(path);
        QVERIFY(s.session);
        const TimingReport report = s.timing();
        QCOMPARE(report.source, TimeSource::Arrival);
        QCOMPARE(report.exchanges.size(), 1);
        const ExchangeTiming &t = report.exchanges.first();
        QCOMPARE(t.events, 21);
        QCOMPARE(t.runIds, QStringList {QStringLiteral("r")});
        QCOMPARE(t.measuredFrom, QStringLiteral("request"));
        QCOMPARE(*t.responseHeadMs, 100.0);
        QCOMPARE(*t.ttfbMs, 200.0);
        QCOMPARE(*t.firstEventMs, 200.0);
        QCOMPARE(*t.firstTextMs, 300.0);
        QCOMPARE(*t.durationMs, 12500.0);
        QCOMPARE(*t.eventsPerSecond, 21 / 12.5);
        // Gaps between m1's deltas: 50, 7000, 4650 and nine 0s (the burst), nearest rank.
        QCOMPARE(t.interToken.count, 12);
        QCOMPARE(t.interToken.p50Ms, 0.0);
        QCOMPARE(t.interToken.p95Ms, 7000.0);
        QCOMPARE(t.interToken.maxMs, 7000.0);
        QCOMPARE(*t.longestSilenceMs, 7000.0);
        QCOMPARE(t.keepAlives, 2);
        QCOMPARE(t.keepAliveIntervals.count, 1);
        QCOMPARE(t.keepAliveIntervals.maxMs, 1000.0);

        QCOMPARE(t.stalls.size(), 1);
        QCOMPARE(t.stalls[0].durationMs(), 7000.0);
        QCOMPARE(t.stalls[0].afterSeq, 3);
        QCOMPARE(t.stalls[0].openKind, QStringLiteral("message"));
        QCOMPARE(t.stalls[0].openId, QStringLiteral("m1"));

        QCOMPARE(t.bursts.size(), 1);
        QCOMPARE(t.bursts[0].events, 10);
        QCOMPARE(t.bursts[0].firstSeq, 5);
        QCOMPARE(t.bursts[0].silenceBeforeMs, 3000.0);

        QCOMPARE(t.tools.size(), 1);
        QCOMPARE(t.tools[0].name, QStringLiteral("search"));
        QCOMPARE(*t.tools[0].argsMs, 0.0);
        QCOMPARE(*t.tools[0].resultMs, 500.0);
    }

    void waterfallRowsMarksAndHistogram()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("timed.aguicap"));
        CaptureWriter writer;
        QVERIFY(writer.open(path));
        QVERIFY(writer.writeCapture(timedCapture()));
        writer.close();
        const CaptureSession s = load(path);
        const EventClock clock = EventClock::choose(s.session->events(), s.samples.timestampsMs);
        const Waterfall w = buildWaterfall(s.session->current(), clock, s.timing());
        QCOMPARE(w.source, TimeSource::Arrival);
        QCOMPARE(w.startUs, kT0 + 200'000);
        QCOMPARE(w.endUs, kT0 + 12'700'000);
        QCOMPARE(w.rows.size(), 3);
        QCOMPARE(w.rows[0].kind, WaterfallRow::Kind::Run);
        QCOMPARE(w.rows[0].depth, 0);
        QCOMPARE(w.rows[1].label, QStringLiteral("assistant m1"));
        QCOMPARE(w.rows[1].startUs, kT0 + 200'000);
        QCOMPARE(w.rows[1].endUs, kT0 + 12'100'000);
        QCOMPARE(w.rows[2].label, QStringLiteral("tool search c1"));
        QCOMPARE(w.rows[2].midUs, kT0 + 12'100'000);
        QCOMPARE(w.rows[2].endUs, kT0 + 12'600'000);
        int gaps = 0;
        int stalls = 0;
        int buffering = 0;
        for (const WaterfallMark &m : w.marks) {
            gaps += m.kind == WaterfallMark::Kind::Gap;
            stalls += m.kind == WaterfallMark::Kind::Stall;
            buffering += m.kind == WaterfallMark::Kind::Buffering;
        }
        QCOMPARE(gaps, 2); // 7 s and 4.65 s without an event
        QCOMPARE(stalls, 1);
        QCOMPARE(buffering, 1);
        QCOMPARE(w.interTokenGaps.total(), 12);
        QCOMPARE(w.interTokenGaps.counts.first(), 9); // the burst's zero gaps
        QCOMPARE(w.interTokenGaps.counts.last(), 1); // 7 s
    }

    void thresholdsAreOptions()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("timed.aguicap"));
        CaptureWriter writer;
        QVERIFY(writer.open(path));
        QVERIFY(writer.writeCapture(timedCapture()));
        writer.close();
        const CaptureSession s = load(path);
        TimingOptions options;
        options.stallUs = 8'000'000; // the 7 s silence is no stall now
        options.burstEvents = 11; // nor are ten events a burst
        const ExchangeTiming t = s.timing(options).exchanges.first();
        QVERIFY(t.stalls.isEmpty());
        QVERIFY(t.bursts.isEmpty());
        const QJsonObject json = timingToJson(s.timing(options));
        QCOMPARE(json[QLatin1String("timeSource")].toString(), QStringLiteral("arrival"));
        QCOMPARE(json[QLatin1String("thresholds")][QLatin1String("stallMs")].toDouble(), 8000.0);
        const QJsonObject e = json[QLatin1String("exchanges")][0].toObject();
        QCOMPARE(e[QLatin1String("ttfbMs")].toDouble(), 200.0);
        QCOMPARE(e[QLatin1String("interTokenGaps")][QLatin1String("p95Ms")].toDouble(), 7000.0);
        QCOMPARE(e[QLatin1String("toolLatency")][0][QLatin1String("resultMs")].toDouble(), 500.0);
    }

    void demoCaptureHasFiguresPerExchange()
    {
        const CaptureSession s
            = load(QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap"));
        const TimingReport report = s.timing();
        QCOMPARE(report.source, TimeSource::Arrival);
        QCOMPARE(report.exchanges.size(), 3);
        qint64 events = 0;
        for (const ExchangeTiming &t : report.exchanges) {
            events += t.events;
            QVERIFY(t.ttfbMs.has_value());
            QVERIFY(*t.ttfbMs > 0);
            QVERIFY(*t.firstEventMs >= *t.ttfbMs);
            QVERIFY(t.durationMs.has_value());
        }
        QCOMPARE(events, s.session->size());
        QCOMPARE(report.exchanges[0].keepAlives + report.exchanges[1].keepAlives
                     + report.exchanges[2].keepAlives,
                 1);
    }

    void withoutReceiveTimesTheTimestampsAreUsed()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("stamped.jsonl"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"({"type":"RUN_STARTED","threadId":"t","runId":"r","timestamp":1000})"
            "\n"
            R"({"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant","timestamp":1100})"
            "\n"
            R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"a","timestamp":1250})"
            "\n"
            R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"b","timestamp":1300})"
            "\n"
            R"({"type":"TEXT_MESSAGE_END","messageId":"m","timestamp":1400})"
            "\n"
            R"({"type":"RUN_FINISHED","threadId":"t","runId":"r","timestamp":2000})"
            "\n");
        f.close();
        const TimingReport report = load(path).timing();
        QCOMPARE(report.source, TimeSource::Timestamp);
        const ExchangeTiming &t = report.exchanges.first();
        QCOMPARE(t.measuredFrom, QStringLiteral("first event"));
        QVERIFY(!t.ttfbMs.has_value()); // the sender's clock says nothing about the network
        QCOMPARE(*t.firstTextMs, 250.0);
        QCOMPARE(*t.durationMs, 1000.0);
        QCOMPARE(t.interToken.maxMs, 50.0);
        QVERIFY(t.bursts.isEmpty());
    }

    void withNeitherNothingIsMeasured()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("untimed.sse"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(sse(R"({"type":"RUN_STARTED","threadId":"t","runId":"r"})") + content("a")
                + sse(R"({"type":"RUN_FINISHED","threadId":"t","runId":"r"})"));
        f.close();
        const TimingReport report = load(path).timing();
        QCOMPARE(report.source, TimeSource::None);
        const ExchangeTiming &t = report.exchanges.first();
        QCOMPARE(t.events, 3);
        QVERIFY(!t.firstEventMs.has_value());
        QVERIFY(!t.durationMs.has_value());
        QCOMPARE(t.interToken.count, 0);
    }

    // The Timing tab's worker during a live run: fed the recording as it grows, it decodes only
    // the new chunks and ends with the figures of one pass over the whole recording.
    void aGrowingCaptureGivesTheFiguresOfTheWhole()
    {
        const Capture whole = timedCapture();
        CaptureSession once;
        sessionFromCapture(whole, &once);
        GrowingCaptureSession growing;
        Capture partial = whole;
        partial.runs[0].end = RunEnd::Open;
        partial.runs[0].chunks.clear();
        for (const Chunk &chunk : whole.runs[0].chunks) {
            partial.runs[0].chunks.append(chunk);
            growing.update(partial);
        }
        growing.update(whole);
        QCOMPARE(growing.restarts(), 1);
        QCOMPARE(growing.current().session->events().size(), once.session->events().size());
        const ExchangeTiming a = growing.current().timing().exchanges.value(0);
        const ExchangeTiming b = once.timing().exchanges.value(0);
        QCOMPARE(a.events, b.events);
        QCOMPARE(a.keepAlives, b.keepAlives);
        QCOMPARE(a.stalls.size(), b.stalls.size());
        QCOMPARE(a.bursts.size(), b.bursts.size());
        QCOMPARE(*a.durationMs, *b.durationMs);
        QCOMPARE(a.interToken.p95Ms, b.interToken.p95Ms);

        // Another recording (fewer chunks than seen): decoded from the start.
        Capture other = whole;
        other.runs[0].chunks.resize(2);
        growing.update(other);
        QCOMPARE(growing.restarts(), 2);
        QCOMPARE(growing.current().session->events().size(), 3);
    }

    // A JSON-lines file is one exchange of every run: the title names a few and counts the rest
    // (`stats` printed all 17,681 ids of the bench's file on one line).
    void titleNamesAFewRunsAndCountsTheRest()
    {
        ExchangeTiming t;
        t.label = QStringLiteral("run 0");
        QCOMPARE(t.title(), QStringLiteral("run 0"));
        t.runIds = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
        QCOMPARE(t.title(), QStringLiteral("run 0 (a, b, c)"));
        t.runIds << QStringLiteral("d") << QStringLiteral("e");
        QCOMPARE(t.title(), QStringLiteral("run 0 (a, b, c and 2 more)"));
    }

    void distributionIsNearestRank()
    {
        const Distribution d = Distribution::of({5000, 1000, 3000, 2000, 4000});
        QCOMPARE(d.count, 5);
        QCOMPARE(d.p50Ms, 3.0);
        QCOMPARE(d.p95Ms, 5.0);
        QCOMPARE(d.maxMs, 5.0);
        QCOMPARE(Distribution::of({}).count, 0);
    }
};

QTEST_GUILESS_MAIN(TestTiming)
#include "test_timing.moc"
