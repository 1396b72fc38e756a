// core/copilotkit DebugFeedDemux: a CopilotKit runtime's debug feed (envelopes as
// @copilotkit/runtime 1.75.0 writes them) into a Recording, one run per agent and thread, with
// the feed's timestamps and every byte kept; and what is not a clean feed, named with where.

#include "core/capture/capturereader.h"
#include "core/capture/capturewriter.h"
#include "core/copilotkit/debugfeeddemux.h"
#include "core/net/chunksink.h"
#include "core/recording/loadrecording.h"
#include "core/recording/recording.h"
#include "core/recording/runrecorder.h"
#include "core/session/ingest.h"
#include "core/wire/debugenvelope.h"

#include <QBuffer>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>
#include <vector>

using namespace agui;
using namespace agui::copilotkit;

namespace {

QByteArray frame(qint64 ms, const QByteArray &agent, const QByteArray &thread,
                 const QByteArray &run, const QByteArray &event)
{
    return "data: {\"timestamp\":" + QByteArray::number(ms) + ",\"agentId\":\"" + agent
        + "\",\"threadId\":\"" + thread + "\",\"runId\":\"" + run + "\",\"event\":" + event
        + "}\n\n";
}

QByteArray started(const QByteArray &t, const QByteArray &r)
{
    return "{\"type\":\"RUN_STARTED\",\"threadId\":\"" + t + "\",\"runId\":\"" + r + "\"}";
}
QByteArray finished(const QByteArray &t, const QByteArray &r)
{
    return "{\"type\":\"RUN_FINISHED\",\"threadId\":\"" + t + "\",\"runId\":\"" + r + "\"}";
}
QByteArray text(const QByteArray &kind, const QByteArray &m, const QByteArray &delta = {})
{
    QByteArray e = "{\"type\":\"TEXT_MESSAGE_" + kind + "\",\"messageId\":\"" + m + "\"";
    if (kind == "START")
        e += ",\"role\":\"assistant\"";
    if (!delta.isEmpty())
        e += ",\"delta\":\"" + delta + "\"";
    return e + "}";
}

// Two agents' runs interleaved, as the runtime broadcasts them.
QByteArray twoAgents()
{
    return ": connected\n\n" + frame(1000, "echo", "t1", "r1", started("t1", "r1"))
        + frame(1001, "slow", "t2", "r2", started("t2", "r2"))
        + frame(1002, "echo", "t1", "r1", text("START", "m1"))
        + frame(1003, "slow", "t2", "r2", text("START", "m2"))
        + frame(1004, "echo", "t1", "r1", text("CONTENT", "m1", "Hi"))
        + frame(1005, "slow", "t2", "r2", text("CONTENT", "m2", "Yo"))
        + frame(1006, "echo", "t1", "r1", text("END", "m1")) + ": keep-alive\n\n"
        + frame(1007, "echo", "t1", "r1", finished("t1", "r1"))
        + frame(1008, "slow", "t2", "r2", text("END", "m2"))
        + frame(1009, "slow", "t2", "r2", finished("t2", "r2"));
}

RecordedRequest feedRequest()
{
    return {true,
            500,
            QStringLiteral("GET"),
            QStringLiteral("http://127.0.0.1:1/api/copilotkit/cpk-debug-events"),
            {},
            {},
            {}};
}
RecordedResponse feedResponse()
{
    return {
        true, 600, 200, {{QStringLiteral("Content-Type"), QStringLiteral("text/event-stream")}}};
}

// A demux recording into a Recording, as the window attaches a feed.
struct Fixture
{
    std::shared_ptr<Recording> recording = std::make_shared<Recording>();
    std::unique_ptr<RunRecorder> feedRun = recording->recordRun();
    std::vector<std::unique_ptr<RunRecorder>> streamRuns;
    DebugFeedDemux demux {feedRun.get(), [this](const FeedStream &) {
                              streamRuns.push_back(recording->recordRun());
                              return streamRuns.back().get();
                          }};

    Fixture() { demux.opened(feedRequest(), feedResponse()); }

    // The feed's bytes, `piece` at a time.
    void feed(const QByteArray &bytes, qsizetype piece = 0)
    {
        if (piece <= 0)
            piece = bytes.size();
        for (qsizetype at = 0; at < bytes.size(); at += piece)
            demux.feed(bytes.mid(at, piece), 2000 + at);
    }

    // Every chunk of every run, in the order received: the feed again.
    QByteArray allBytes() const
    {
        QList<Chunk> chunks;
        for (const RunRecording &r : recording->capture().runs)
            chunks.append(r.chunks);
        std::sort(chunks.begin(), chunks.end(),
                  [](const Chunk &a, const Chunk &b) { return a.order < b.order; });
        QByteArray all;
        for (const Chunk &c : chunks)
            all.append(c.bytes);
        return all;
    }

    QStringList findingRules() const
    {
        QStringList rules;
        for (const Finding &f : recording->session().findings())
            rules.append(f.diagnostic.ruleId);
        return rules;
    }
};

QStringList noteRules(const DebugFeedDemux &demux)
{
    QStringList rules;
    for (const Diagnostic &d : demux.notes())
        rules.append(d.ruleId);
    return rules;
}

} // namespace

class TestCopilotKitDebugFeed : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void envelopeScan()
    {
        const QByteArray env = "{\"timestamp\":1,\"agentId\":\"a\",\"event\":{\"type\":\"X\","
                               "\"s\":\"}\\\"{\"},\"runId\":\"r\"}";
        const DebugEnvelopeScan s = scanDebugEnvelope(env);
        QVERIFY2(s.ok(), qPrintable(s.error));
        QCOMPARE(env.mid(s.eventStart, s.eventLength),
                 QByteArray("{\"type\":\"X\",\"s\":\"}\\\"{\"}"));
        QVERIFY(!scanDebugEnvelope("{\"agentId\":\"a\"}").ok());
        QVERIFY(
            scanDebugEnvelope("{\"agentId\":\"a\"}").error.contains(QLatin1String("no \"event\"")));
        QVERIFY(!scanDebugEnvelope("[1]").ok());
        const DebugEnvelopeScan cut = scanDebugEnvelope("{\"event\":{\"type\":\"A\"");
        QVERIFY(!cut.ok());
        QVERIFY(cut.errorOffset >= 0);
    }

    // Each agent/thread is a run of its own, framed as the feed, named after its agent and
    // thread, with the runtime's timestamps; the session holds every event, linted.
    void eachAgentAndThreadIsARun()
    {
        Fixture f;
        f.feed(twoAgents());
        f.demux.finish(RunEnd::Finished, {}, 9000);
        const Capture &c = f.recording->capture();
        QCOMPARE(c.runs.size(), 3);
        QCOMPARE(c.runs[0].label, QStringLiteral("debug feed"));
        QCOMPARE(c.runs[1].label, QStringLiteral("echo · t1"));
        QCOMPARE(c.runs[2].label, QStringLiteral("slow · t2"));
        for (const RunRecording &r : c.runs)
            QCOMPARE(r.framing, Framing::CopilotKitDebug);
        QCOMPARE(c.runs[1].chunks.size(), 5);
        QCOMPARE(c.runs[1].chunks.first().receivedAtUs, 1000 * 1000);
        QCOMPARE(c.runs[2].chunks.last().receivedAtUs, 1009 * 1000);
        QCOMPARE(c.runs[1].end, RunEnd::Finished);
        QCOMPARE(f.demux.streams().size(), 2);
        QCOMPARE(f.demux.streams()[0].runIds, QStringList {QStringLiteral("r1")});
        QCOMPARE(f.demux.framesRouted(), 10);
        QVERIFY(f.demux.notes().isEmpty());
        QCOMPARE(f.allBytes(), twoAgents());

        const Session &s = f.recording->session();
        QCOMPARE(s.size(), 10);
        QCOMPARE(s.events().summary(0).type, EventType::RunStarted);
        QCOMPARE(s.events().summary(0).receivedAtUs, 1000 * 1000);
        QCOMPARE(s.events().summary(0).framing, Framing::CopilotKitDebug);
        // The event is decoded from inside the envelope; its raw frame is the whole envelope.
        const Event first = s.events().event(0);
        QCOMPARE(first.payload, started("t1", "r1"));
        QCOMPARE(first.raw, frame(1000, "echo", "t1", "r1", started("t1", "r1")));
        QCOMPARE(f.recording->captureRunOf(0), 1);
        QCOMPARE(f.recording->captureRunOf(1), 2);
        for (const Finding &x : s.findings())
            QVERIFY2(x.diagnostic.severity != Severity::Error
                         || !x.diagnostic.ruleId.startsWith(QLatin1String("schema")),
                     qPrintable(x.diagnostic.message));
    }

    // However the network cuts the feed, the same runs and every byte.
    void anySplitGivesTheSameRuns()
    {
        for (const qsizetype piece : {1, 2, 7, 33, 64}) {
            Fixture f;
            f.feed(twoAgents(), piece);
            f.demux.finish(RunEnd::Finished, {}, 9000);
            QCOMPARE(f.recording->capture().runs.size(), 3);
            QCOMPARE(f.allBytes(), twoAgents());
            QCOMPARE(f.recording->session().size(), 10);
        }
    }

    // A feed that breaks off inside a frame: the unfinished frame is kept in the feed's run, the
    // note says where, every run ends with the error, and the session shows the bytes too.
    void aFeedThatDropsMidFrame()
    {
        Fixture f;
        const QByteArray whole = frame(1000, "echo", "t1", "r1", started("t1", "r1"));
        const QByteArray cut = frame(1001, "echo", "t1", "r1", text("START", "m1")).left(40);
        f.feed(": connected\n\n" + whole + cut, 5);
        f.demux.finish(RunEnd::Error, QStringLiteral("connection reset"), 9000);
        QVERIFY(f.demux.endedInsideFrame());
        QCOMPARE(noteRules(f.demux), QStringList {QStringLiteral("copilotkit.feed-cut")});
        const Diagnostic &note = f.demux.notes().first();
        const qint64 at = 13 + whole.size();
        QCOMPARE(note.byteOffset, at);
        QVERIFY2(note.message.contains(QStringLiteral("byte %1").arg(at))
                     && note.message.contains(QStringLiteral("%1 bytes").arg(cut.size())),
                 qPrintable(note.message));
        const Capture &c = f.recording->capture();
        QCOMPARE(c.runs[0].end, RunEnd::Error);
        QCOMPARE(c.runs[1].end, RunEnd::Error);
        QVERIFY(c.runs[1].endError.contains(QLatin1String("connection reset")));
        QVERIFY(c.runs[0].body().endsWith(cut));
        QCOMPARE(f.allBytes(), ": connected\n\n" + whole + cut);
        QVERIFY2(f.findingRules().contains(QStringLiteral("wire.unterminated-frame"))
                     || f.findingRules().contains(QStringLiteral("wire.debug-envelope")),
                 qPrintable(f.findingRules().join(QLatin1Char(' '))));
    }

    void aFrameThatIsNotAnEnvelope()
    {
        Fixture f;
        const QByteArray bad = "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\"}\n\n";
        const QByteArray notJson = "data: <html>\n\n";
        f.feed(": connected\n\n" + bad + notJson + frame(1, "a", "t", "r", started("t", "r")));
        f.demux.finish(RunEnd::Finished, {}, 9000);
        QCOMPARE(noteRules(f.demux),
                 QStringList({QStringLiteral("copilotkit.not-an-envelope"),
                              QStringLiteral("copilotkit.not-an-envelope")}));
        QCOMPARE(f.demux.notes()[0].byteOffset, 13);
        QVERIFY(f.demux.notes()[1].message.contains(QLatin1String("not JSON")));
        const Capture &c = f.recording->capture();
        QCOMPARE(c.runs.size(), 2);
        QVERIFY(c.runs[0].body().contains(bad));
        QVERIFY(c.runs[0].body().contains(notJson));
        QVERIFY(f.findingRules().contains(QStringLiteral("wire.debug-envelope")));
        QCOMPARE(f.allBytes(),
                 ": connected\n\n" + bad + notJson + frame(1, "a", "t", "r", started("t", "r")));
    }

    void unknownEnvelopeMembersAreKeptAndNamed()
    {
        Fixture f;
        const QByteArray odd = "data: {\"timestamp\":5,\"agentId\":\"a\",\"threadId\":\"t\","
                               "\"runId\":\"r\",\"spanId\":\"s1\",\"event\":"
            + started("t", "r") + "}\n\n";
        f.feed(odd + odd);
        f.demux.finish(RunEnd::Finished, {}, 9000);
        QCOMPARE(noteRules(f.demux).count(QStringLiteral("copilotkit.envelope-member")), 1);
        QVERIFY(f.demux.notes().first().message.contains(QLatin1String("\"spanId\"")));
        QCOMPARE(f.recording->capture().runs[1].body(), odd + odd);
        QCOMPARE(f.recording->session().events().summary(0).type, EventType::RunStarted);
    }

    // The runtime's traps, named when seen: a connect's replay on the feed, a stopped run's
    // bare RUN_FINISHED.
    void theRuntimesTrapsAreNamed()
    {
        Fixture f;
        f.feed(frame(1, "slow", "t", "r", started("t", "r"))
               + frame(2, "slow", "t", "r", "{\"type\":\"RUN_FINISHED\"}")
               + frame(3, "slow", "t", "r", started("t", "r")));
        f.demux.finish(RunEnd::Aborted, {}, 9000);
        QCOMPARE(noteRules(f.demux),
                 QStringList({QStringLiteral("copilotkit.stopped-run"),
                              QStringLiteral("copilotkit.replayed-run")}));
        QCOMPARE(f.recording->capture().runs[1].end, RunEnd::Aborted);
    }

    // Written through a capture file and read back, the runs decode the same.
    void aCaptureFileReadsBackTheSame()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("feed.aguicap"));
        {
            CaptureWriter writer;
            QVERIFY(writer.open(path));
            net::CaptureWriterSink feedRun(&writer);
            std::vector<std::unique_ptr<net::CaptureWriterSink>> sinks;
            DebugFeedDemux demux(&feedRun, [&](const FeedStream &) {
                sinks.push_back(std::make_unique<net::CaptureWriterSink>(&writer));
                return sinks.back().get();
            });
            demux.opened(feedRequest(), feedResponse());
            demux.feed(twoAgents(), 2000);
            demux.finish(RunEnd::Finished, {}, 9000);
        }
        auto recording = std::make_shared<Recording>();
        const SessionLoadResult loaded = loadIntoRecording(path, *recording);
        QVERIFY2(loaded.ok, qPrintable(loaded.error));
        const Capture &c = recording->capture();
        QCOMPARE(c.runs.size(), 3);
        QCOMPARE(c.runs[1].framing, Framing::CopilotKitDebug);
        QCOMPARE(c.runs[2].label, QStringLiteral("slow · t2"));
        QCOMPARE(recording->session().size(), 10);
        QCOMPARE(recording->session().events().summary(9).type, EventType::RunFinished);
        QCOMPARE(recording->session().events().summary(9).receivedAtUs, 1009 * 1000);
    }
};

QTEST_GUILESS_MAIN(TestCopilotKitDebugFeed)
#include "test_copilotkit_debugfeed.moc"
