// Session ingest / memory / seek benchmark.
//
//   bench_session                 runs 10k, 100k and 1M events, each in a child process (so that
//                                 the peak-memory figure of one size is not the previous one's)
//   bench_session --events N      one size, one table row
//   bench_session --events N --out FILE   also writes the generated stream to FILE
//   bench_session --events N --out FILE --write-only   only writes it (bench_run's input)
//   bench_session --events N --k K        checkpoint interval K instead of the default
//
// The stream is generated (deterministically): runs of one thread, each with a streamed assistant
// message (text deltas), a tool call (argument deltas) and its result, state deltas, steps, and
// a state snapshot every few runs; JSON lines framing.
//
// Figures per size: ingest (decode + lint + reduce + store through Session) in events/s and MB/s,
// its ratio to a raw byte scan of the same bytes (find every newline), the cost of each stage
// measured alone, peak memory growth during ingest relative to the stream's size, and the time of
// snapshotAt() at random indices (p50 / p99 / max).

#include "bench/benchutil.h"
#include "core/protocol/streamdecoder.h"
#include "core/session/ingest.h"
#include "core/session/linter.h"
#include "core/session/reducer.h"
#include "core/session/session.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QTextStream>

#include <malloc.h>

#include <algorithm>
#include <cstdio>

using namespace agui;
using namespace agui::bench;

namespace {

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

// ---- stream generation ----

class Generator
{
public:
    explicit Generator(qint64 events)
        : m_target(events)
    {
        m_bytes.reserve(events * 120);
    }

    QByteArray take()
    {
        while (m_count < m_target)
            run();
        return std::move(m_bytes);
    }

private:
    void line(const QByteArray &json)
    {
        if (m_count >= m_target)
            return;
        m_bytes += json;
        m_bytes += '\n';
        ++m_count;
    }

    static QByteArray num(qint64 n) { return QByteArray::number(n); }

    QByteArray word()
    {
        static const char *words[]
            = {"the ", "weather ",  "in ",     "Paris ",  "is ",    "sunny, ", "with ",
               "a ",   "light ",    "breeze ", "and ",    "about ", "24 ",     "degrees",
               ". ",   "Tomorrow ", "looks ",  "similar", "!\\n",   "Let me "};
        return QByteArray(words[m_rng.bounded(20)]);
    }

    void run()
    {
        const QByteArray r = num(m_run);
        const QByteArray ts = num(1'700'000'000'000 + m_count);
        line("{\"type\":\"RUN_STARTED\",\"threadId\":\"thread-1\",\"runId\":\"run-" + r
             + "\",\"timestamp\":" + ts + "}");
        if (m_run % 8 == 0) {
            QByteArray items;
            for (int i = 0; i < 20; ++i)
                items += (i ? ",\"item-" : "\"item-") + num(i) + '"';
            line("{\"type\":\"STATE_SNAPSHOT\",\"snapshot\":{\"counter\":" + r
                 + ",\"status\":\"working\",\"items\":[" + items
                 + "],\"user\":{\"name\":\"Ada\","
                   "\"prefs\":{\"units\":\"metric\"}}}}");
        }
        line("{\"type\":\"STEP_STARTED\",\"stepName\":\"respond\"}");
        const QByteArray m = "msg-" + r;
        line("{\"type\":\"TEXT_MESSAGE_START\",\"messageId\":\"" + m
             + "\",\"role\":\"assistant\"}");
        const int deltas = 20 + m_rng.bounded(40);
        for (int i = 0; i < deltas; ++i) {
            line("{\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"" + m + "\",\"delta\":\""
                 + word() + "\"}");
            if (i % 16 == 15)
                line("{\"type\":\"STATE_DELTA\",\"delta\":[{\"op\":\"replace\",\"path\":\"/"
                     "counter\","
                     "\"value\":"
                     + num(i) + "},{\"op\":\"add\",\"path\":\"/items/-\",\"value\":\"n" + num(i)
                     + "\"}]}");
        }
        line("{\"type\":\"TEXT_MESSAGE_END\",\"messageId\":\"" + m + "\"}");
        const QByteArray c = "call-" + r;
        line("{\"type\":\"TOOL_CALL_START\",\"toolCallId\":\"" + c
             + "\",\"toolCallName\":\"get_weather\",\"parentMessageId\":\"" + m + "\"}");
        const QByteArray args[] = {"{\\\"city\\\":", "\\\"Par", "is\\\",", "\\\"days\\\":", "3}"};
        for (const QByteArray &a : args)
            line("{\"type\":\"TOOL_CALL_ARGS\",\"toolCallId\":\"" + c + "\",\"delta\":\"" + a
                 + "\"}");
        line("{\"type\":\"TOOL_CALL_END\",\"toolCallId\":\"" + c + "\"}");
        line("{\"type\":\"TOOL_CALL_RESULT\",\"messageId\":\"tool-" + r + "\",\"toolCallId\":\"" + c
             + "\",\"role\":\"tool\",\"content\":\"{\\\"temp\\\":24,\\\"sky\\\":\\\"clear\\\"}\"}");
        line("{\"type\":\"STATE_DELTA\",\"delta\":[{\"op\":\"replace\",\"path\":\"/status\","
             "\"value\":\"done\"}]}");
        line("{\"type\":\"STEP_FINISHED\",\"stepName\":\"respond\"}");
        line("{\"type\":\"RUN_FINISHED\",\"threadId\":\"thread-1\",\"runId\":\"run-" + r + "\"}");
        ++m_run;
    }

    qint64 m_target;
    qint64 m_count = 0;
    qint64 m_run = 0;
    QByteArray m_bytes;
    QRandomGenerator m_rng {12345};
};

// ---- measurements ----

// Live heap bytes (glibc): what the structures hold, independent of how malloc caches pages.
qint64 heapInUse()
{
    return qint64(mallinfo2().uordblks) + qint64(mallinfo2().hblkhd);
}

// CPU time of this thread: the machine the figures come from is shared, wall time is noisy.
class CpuTimer
{
public:
    void start() { m_watch.restart(); }
    void restart() { start(); }
    double seconds() const { return m_watch.threadCpuS(); }
    qint64 nsecsElapsed() const { return qint64(m_watch.threadCpuS() * 1e9); }

private:
    Stopwatch m_watch;
};

double seconds(const CpuTimer &t)
{
    return t.seconds();
}

int runOne(qint64 n, const QString &outFile, int interval, bool writeOnly)
{
    const QByteArray bytes = Generator(n).take();
    const double mb = double(bytes.size()) / 1e6;
    if (!outFile.isEmpty()) {
        QFile f(outFile);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size()) {
            std::fprintf(stderr, "bench_session: cannot write %s\n", qPrintable(outFile));
            return 1;
        }
    }
    if (writeOnly)
        return 0;

    // Raw scan: best of 5.
    double scan = 1e9;
    qint64 lines = 0;
    for (int i = 0; i < 5; ++i) {
        CpuTimer t;
        t.start();
        lines = countLines(bytes);
        scan = std::min(scan, seconds(t));
    }

    // Full ingest through Session, with the peak memory it needs.
    const qint64 rssBefore = procStatusKb("VmRSS");
    const qint64 heapBefore = heapInUse();
    resetPeakRss();
    auto session = std::make_unique<Session>(interval);
    CpuTimer t;
    t.start();
    ingestBytes(*session, bytes);
    const double ingest = seconds(t);
    const qint64 peakKb = procStatusKb("VmHWM");
    const qint64 rssAfter = procStatusKb("VmRSS");
    const double peakGrowthMb = double(peakKb - rssBefore) * 1024 / 1e6;
    const double heldMb = double(rssAfter - rssBefore) * 1024 / 1e6;
    const double sessionHeapMb = double(heapInUse() - heapBefore) / 1e6;
    const double storeMb = double(session->events().approximateMemoryUsage()) / 1e6;
    // JSON parse alone (QJsonDocument per line): the least any JSON-reading tool does.
    CpuTimer tp;
    tp.start();
    qint64 parsed = 0;
    for (qsizetype at = 0; at < bytes.size();) {
        qsizetype nl = bytes.indexOf('\n', at);
        if (nl < 0)
            nl = bytes.size();
        parsed += QJsonDocument::fromJson(QByteArrayView(bytes).sliced(at, nl - at).toByteArray())
                      .object()
                      .size();
        at = nl + 1;
    }
    const double parseOnly = seconds(tp);

    // Seeks to random indices, right after ingest (the seek cache helps only short forward
    // steps; random indices mostly start from a checkpoint).
    QRandomGenerator rng(7);
    QList<double> seekMs;
    const int seeks = n >= 1'000'000 ? 300 : 500;
    for (int i = 0; i < seeks; ++i) {
        const qint64 at = rng.bounded(session->size());
        CpuTimer st;
        st.start();
        const SessionSnapshot snap = session->snapshotAt(at);
        seekMs.append(double(st.nsecsElapsed()) / 1e6);
        if (snap.lastSeq() != at && at != session->size() - 1)
            return 3;
    }
    std::sort(seekMs.begin(), seekMs.end());
    auto pct = [&](double p) {
        return seekMs.at(qMin(seekMs.size() - 1, qsizetype(p * seekMs.size())));
    };

    // Stages alone, on the same bytes: decode; lint and reduce on the decoded events.
    CpuTimer ts;
    ts.start();
    QList<Event> events;
    {
        StreamDecoder decoder(Framing::JsonLine);
        events = decoder.feed(bytes, -1);
        events += decoder.finish();
    }
    const double decode = seconds(ts);
    ts.restart();
    double linterMb = 0;
    {
        const qint64 h = heapInUse();
        Linter linter;
        for (const Event &e : events) {
            linter.feed(e);
            linter.takeFindings();
        }
        linterMb = double(heapInUse() - h) / 1e6;
    }
    const double lint = seconds(ts);
    ts.restart();
    double reducerMb = 0;
    {
        const qint64 h = heapInUse();
        ReducerState state;
        for (const Event &e : events) {
            EventChange change;
            reduceEvent(state, e, change, false);
        }
        reducerMb = double(heapInUse() - h) / 1e6;
    }
    const double reduce = seconds(ts);
    ts.restart();
    {
        EventStore store;
        for (const Event &e : events)
            store.append(e);
    }
    const double store = seconds(ts);
    events.clear();
    events.squeeze();

    const SessionSnapshot &cur = session->current();
    out() << QStringLiteral(
                 "ROW events=%1 mb=%2 lines=%3 scan_s=%4 ingest_s=%5 ev_per_s=%6 "
                 "mb_per_s=%7 ratio=%8 decode_s=%9 lint_s=%10 reduce_s=%11 store_s=%12 "
                 "peak_growth_mb=%13 held_mb=%14 mem_ratio=%15 seek_p50_ms=%16 "
                 "seek_p99_ms=%17 seek_max_ms=%18 messages=%19 runs=%20 "
                 "checkpoints=%21 findings=%22 session_heap_mb=%23 store_mb=%24 linter_mb=%25 "
                 "parse_only_s=%26 ratio_to_parse=%27 reducer_mb=%28 sizes=%29")
                 .arg(session->size())
                 .arg(mb, 0, 'f', 1)
                 .arg(lines)
                 .arg(scan, 0, 'f', 4)
                 .arg(ingest, 0, 'f', 2)
                 .arg(double(session->size()) / ingest, 0, 'f', 0)
                 .arg(mb / ingest, 0, 'f', 1)
                 .arg(ingest / scan, 0, 'f', 0)
                 .arg(decode, 0, 'f', 2)
                 .arg(lint, 0, 'f', 2)
                 .arg(reduce, 0, 'f', 2)
                 .arg(store, 0, 'f', 2)
                 .arg(peakGrowthMb, 0, 'f', 1)
                 .arg(heldMb, 0, 'f', 1)
                 .arg(peakGrowthMb / mb, 0, 'f', 2)
                 .arg(pct(0.5), 0, 'f', 2)
                 .arg(pct(0.99), 0, 'f', 2)
                 .arg(seekMs.last(), 0, 'f', 2)
                 .arg(cur.messageCount())
                 .arg(cur.runCount())
                 .arg(session->checkpointCount())
                 .arg(session->findings().size())
                 .arg(sessionHeapMb, 0, 'f', 1)
                 .arg(storeMb, 0, 'f', 1)
                 .arg(linterMb, 0, 'f', 1)
                 .arg(parseOnly, 0, 'f', 2)
                 .arg(ingest / parseOnly, 0, 'f', 1)
                 .arg(reducerMb, 0, 'f', 1)
                 .arg(QStringLiteral("msg%1/call%2/run%3/step%4")
                          .arg(sizeof(Message))
                          .arg(sizeof(ToolCall))
                          .arg(sizeof(Run))
                          .arg(sizeof(Step)))
          << Qt::endl;
    if (parsed < 0)
        return 4;
    return 0;
}

QHash<QString, QString> parseRow(const QString &line)
{
    QHash<QString, QString> row;
    for (const QString &kv : line.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        if (eq > 0)
            row.insert(kv.left(eq), kv.mid(eq + 1));
    }
    return row;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const qsizetype ev = args.indexOf(QStringLiteral("--events"));
    if (ev >= 0 && ev + 1 < args.size()) {
        const qsizetype o = args.indexOf(QStringLiteral("--out"));
        const qsizetype k = args.indexOf(QStringLiteral("--k"));
        return runOne(args.at(ev + 1).toLongLong(), o >= 0 ? args.value(o + 1) : QString(),
                      k >= 0 ? args.value(k + 1).toInt() : Session::kDefaultCheckpointInterval,
                      args.contains(QStringLiteral("--write-only")));
    }

    out() << QStringLiteral("session benchmark (K = %1; each size in its own process)\n")
                 .arg(Session::kDefaultCheckpointInterval);
    out() << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                 .arg(QStringLiteral("events"), 9)
                 .arg(QStringLiteral("MB"), 7)
                 .arg(QStringLiteral("ingest s"), 9)
                 .arg(QStringLiteral("events/s"), 9)
                 .arg(QStringLiteral("MB/s"), 6)
                 .arg(QStringLiteral("x scan"), 7)
                 .arg(QStringLiteral("peak/file"), 9)
                 .arg(QStringLiteral("seek p50/p99/max ms"), 20)
                 .arg(QStringLiteral("decode/lint/reduce/store s"));
    out().flush();
    for (qint64 n : {10'000LL, 100'000LL, 1'000'000LL}) {
        QProcess child;
        child.start(QCoreApplication::applicationFilePath(),
                    {QStringLiteral("--events"), QString::number(n)});
        child.waitForFinished(-1);
        const QString text = QString::fromUtf8(child.readAllStandardOutput());
        const qsizetype at = text.indexOf(QStringLiteral("ROW "));
        if (child.exitCode() != 0 || at < 0) {
            out() << QStringLiteral("%1 events: failed (exit %2)\n").arg(n).arg(child.exitCode());
            continue;
        }
        const QHash<QString, QString> r = parseRow(text.mid(at).trimmed());
        out() << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
                     .arg(r.value(QStringLiteral("events")), 9)
                     .arg(r.value(QStringLiteral("mb")), 7)
                     .arg(r.value(QStringLiteral("ingest_s")), 9)
                     .arg(r.value(QStringLiteral("ev_per_s")), 9)
                     .arg(r.value(QStringLiteral("mb_per_s")), 6)
                     .arg(r.value(QStringLiteral("ratio")), 7)
                     .arg(r.value(QStringLiteral("mem_ratio")), 9)
                     .arg(r.value(QStringLiteral("seek_p50_ms")) + QLatin1Char('/')
                              + r.value(QStringLiteral("seek_p99_ms")) + QLatin1Char('/')
                              + r.value(QStringLiteral("seek_max_ms")),
                          20)
                     .arg(r.value(QStringLiteral("decode_s")) + QLatin1Char('/')
                          + r.value(QStringLiteral("lint_s")) + QLatin1Char('/')
                          + r.value(QStringLiteral("reduce_s")) + QLatin1Char('/')
                          + r.value(QStringLiteral("store_s")));
        out() << QStringLiteral("          %1\n").arg(text.mid(at).trimmed());
        out().flush();
    }
    return 0;
}
