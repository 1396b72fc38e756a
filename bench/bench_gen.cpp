// Writes the generated AG-UI streams the benchmarks read (deterministic: same arguments, same
// bytes), as the SSE body an agent would send, so the reference client can be fed the very same
// bytes:
//
//   bench_gen flood N FILE   one run, one assistant message in N TEXT_MESSAGE_CONTENT deltas
//   bench_gen mixed N FILE   a realistic session of about N events: many runs, each with steps,
//                            reasoning, a streamed answer, a streamed tool call and its result,
//                            state deltas; A2UI surfaces (ACTIVITY_SNAPSHOT) and subagents in
//                            some runs. Every event passes @ag-ui/client's verify stage.
//   bench_gen realistic N [--jsonl] FILE
//                            the composition of real traffic (realisticmix.h): the input of the
//                            benchmark table's rows; SSE, or JSON lines with --jsonl
//
// Both streams carry integer timestamps, as producers built on @ag-ui/encoder do.

#include "realisticmix.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QFile>
#include <QTextStream>

#include <cstdio>

namespace {

class Writer
{
public:
    explicit Writer(qint64 target)
        : m_target(target)
    { }

    bool full() const { return m_count >= m_target; }
    qint64 count() const { return m_count; }
    const QByteArray &bytes() const { return m_bytes; }

    // One event: `fields` is the JSON object's members after "type" (without braces).
    void event(const char *type, const QByteArray &fields)
    {
        m_bytes += "data: {\"type\":\"";
        m_bytes += type;
        m_bytes += "\",";
        m_bytes += fields;
        m_bytes += ",\"timestamp\":";
        m_bytes += QByteArray::number(1'764'600'000'000 + m_count);
        m_bytes += "}\n\n";
        ++m_count;
    }

private:
    qint64 m_target;
    qint64 m_count = 0;
    QByteArray m_bytes;
};

QByteArray q(const QByteArray &s)
{
    return '"' + s + '"';
}

QByteArray n(qint64 v)
{
    return QByteArray::number(v);
}

const char *const kWords[]
    = {"The ",    "forecast ", "for ",     "Paris ", "shows ", "light ", "rain ", "in ",    "the ",
       "morning", ", ",        "then ",    "sun ",   "with ",  "highs ", "of ",   "19°C",   ". ",
       "Bring ",  "an ",       "umbrella", "! ",     "\\n",    "Café ",  "☕ ",    "nearby "};
constexpr int kWordCount = int(sizeof kWords / sizeof *kWords);

void flood(Writer &w, qint64 deltas)
{
    w.event("RUN_STARTED", "\"threadId\":\"t1\",\"runId\":\"r1\"");
    w.event("TEXT_MESSAGE_START", "\"messageId\":\"m1\",\"role\":\"assistant\"");
    for (qint64 i = 0; i < deltas; ++i)
        w.event("TEXT_MESSAGE_CONTENT",
                "\"messageId\":\"m1\",\"delta\":" + q(QByteArray(kWords[i % kWordCount])));
    w.event("TEXT_MESSAGE_END", "\"messageId\":\"m1\"");
    w.event("RUN_FINISHED", "\"threadId\":\"t1\",\"runId\":\"r1\"");
}

void text(Writer &w, const char *start, const char *content, const char *end, const QByteArray &id,
          const QByteArray &extra, int deltas, int seed)
{
    w.event(start, "\"messageId\":" + q(id) + extra);
    for (int i = 0; i < deltas; ++i)
        w.event(content,
                "\"messageId\":" + q(id)
                    + ",\"delta\":" + q(QByteArray(kWords[(seed + i) % kWordCount])));
    w.event(end, "\"messageId\":" + q(id));
}

QByteArray surface(qint64 run)
{
    // An A2UI v0.9 surface as the a2ui middleware sends it: a card with a title, a text field
    // bound to the data model and a button.
    const QByteArray sid = "form-" + n(run);
    return "\"messageId\":" + q("surface-" + n(run))
        + ",\"activityType\":\"a2ui-surface\",\"content\":{\"a2ui_operations\":["
          "{\"version\":\"v0.9\",\"createSurface\":{\"surfaceId\":"
        + q(sid)
        + ",\"catalogId\":\"https://a2ui.org/specification/v0_9/basic_catalog.json\"}},"
          "{\"version\":\"v0.9\",\"updateComponents\":{\"surfaceId\":"
        + q(sid)
        + ",\"components\":["
          "{\"id\":\"root\",\"component\":\"Card\",\"child\":\"col\"},"
          "{\"id\":\"col\",\"component\":\"Column\",\"children\":[\"title\",\"city\",\"go\"]},"
          "{\"id\":\"title\",\"component\":\"Text\",\"text\":\"Where to?\"},"
          "{\"id\":\"city\",\"component\":\"TextField\",\"label\":\"City\",\"value\":{\"path\":"
          "\"/city\"}},"
          "{\"id\":\"go-label\",\"component\":\"Text\",\"text\":\"Search\"},"
          "{\"id\":\"go\",\"component\":\"Button\",\"child\":\"go-label\",\"action\":{\"event\":"
          "{\"name\":\"search\"}}}]}},"
          "{\"version\":\"v0.9\",\"updateDataModel\":{\"surfaceId\":"
        + q(sid) + ",\"path\":\"/\",\"value\":{\"city\":\"Paris\"}}}]}";
}

void mixedRun(Writer &w, qint64 run)
{
    const QByteArray r = n(run);
    const int seed = int(run * 7);
    w.event("RUN_STARTED", "\"threadId\":\"thread-1\",\"runId\":" + q("run-" + r));
    if (run == 0)
        w.event("STATE_SNAPSHOT",
                "\"snapshot\":{\"run\":0,\"status\":\"working\",\"cities\":[],\"user\":{\"name\":"
                "\"Ada\",\"units\":\"metric\"}}");
    w.event("STEP_STARTED", "\"stepName\":\"plan\"");
    w.event("REASONING_START", "\"messageId\":" + q("think-" + r));
    text(w, "REASONING_MESSAGE_START", "REASONING_MESSAGE_CONTENT", "REASONING_MESSAGE_END",
         "reason-" + r, ",\"role\":\"reasoning\"", 12 + seed % 9, seed);
    w.event("REASONING_END", "\"messageId\":" + q("think-" + r));
    w.event("STEP_FINISHED", "\"stepName\":\"plan\"");
    w.event("STEP_STARTED", "\"stepName\":\"answer\"");
    const QByteArray answer = "msg-" + r;
    text(w, "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", answer,
         ",\"role\":\"assistant\"", 30 + seed % 31, seed + 3);
    const QByteArray call = "call-" + r;
    w.event("TOOL_CALL_START",
            "\"toolCallId\":" + q(call)
                + ",\"toolCallName\":\"get_weather\",\"parentMessageId\":" + q(answer));
    const char *args[] = {"{\\\"ci", "ty\\\":", "\\\"Pa", "ris\\\",",
                          "\\\"da",  "ys\\\":", "3,",     "\\\"units\\\":\\\"metric\\\"}"};
    for (const char *a : args)
        w.event("TOOL_CALL_ARGS", "\"toolCallId\":" + q(call) + ",\"delta\":\"" + a + '"');
    w.event("TOOL_CALL_END", "\"toolCallId\":" + q(call));
    w.event("TOOL_CALL_RESULT",
            "\"messageId\":" + q("tool-" + r) + ",\"toolCallId\":" + q(call)
                + ",\"role\":\"tool\",\"content\":\"{\\\"temp\\\":19,\\\"sky\\\":\\\"rain\\\"}\"");
    w.event("STATE_DELTA",
            "\"delta\":[{\"op\":\"replace\",\"path\":\"/run\",\"value\":" + r
                + "},{\"op\":\"add\",\"path\":\"/cities/-\",\"value\":\"Paris\"}]");
    if (run % 5 == 4)
        w.event("ACTIVITY_SNAPSHOT", surface(run));
    if (run % 7 == 6) {
        const QByteArray sub = "sub-" + r;
        w.event("SUBAGENT_STARTED",
                "\"subagentRunId\":" + q(sub)
                    + ",\"name\":\"researcher\",\"parentToolCallId\":" + q(call));
        text(w, "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "submsg-" + r,
             ",\"role\":\"assistant\",\"subagentRunId\":" + q(sub), 10, seed + 5);
        w.event("SUBAGENT_FINISHED", "\"subagentRunId\":" + q(sub));
    }
    w.event("STATE_DELTA",
            "\"delta\":[{\"op\":\"replace\",\"path\":\"/status\",\"value\":\"done\"}]");
    w.event("STEP_FINISHED", "\"stepName\":\"answer\"");
    w.event("RUN_FINISHED", "\"threadId\":\"thread-1\",\"runId\":" + q("run-" + r));
}

int usage()
{
    std::fputs("usage: bench_gen flood|mixed N FILE\n       bench_gen realistic N [--jsonl] FILE\n",
               stderr);
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList a = app.arguments();
    if (a.size() < 4)
        return usage();
    bool ok = false;
    const qint64 events = a[2].toLongLong(&ok);
    if (!ok || events < 1)
        return usage();
    if (a[1] == QLatin1String("realistic")) {
        // bench_run appends the output file to the generator's arguments: --jsonl may come
        // before or after it.
        QStringList rest = a.mid(3);
        const bool jsonLines = rest.removeAll(QStringLiteral("--jsonl")) == 1;
        if (rest.size() != 1)
            return usage();
        const agui::bench::MixOutput mix = agui::bench::realisticMix(
            events, jsonLines ? agui::bench::MixFraming::JsonLines : agui::bench::MixFraming::Sse);
        QFile out(rest.front());
        if (!out.open(QIODevice::WriteOnly) || out.write(mix.bytes) != mix.bytes.size()) {
            std::fprintf(stderr, "bench_gen: cannot write %s\n", qPrintable(rest.front()));
            return 1;
        }
        QTextStream(stdout) << mix.events << " events in " << mix.runs << " runs, "
                            << mix.bytes.size() << " bytes\n";
        return 0;
    }
    if (a.size() != 4)
        return usage();
    Writer w(events);
    if (a[1] == QLatin1String("flood")) {
        flood(w, events);
    } else if (a[1] == QLatin1String("mixed")) {
        for (qint64 run = 0; !w.full(); ++run)
            mixedRun(w, run);
    } else {
        return usage();
    }
    QFile out(a[3]);
    if (!out.open(QIODevice::WriteOnly) || out.write(w.bytes()) != w.bytes().size()) {
        std::fprintf(stderr, "bench_gen: cannot write %s\n", qPrintable(a[3]));
        return 1;
    }
    QTextStream(stdout) << w.count() << " events, " << w.bytes().size() << " bytes\n";
    return 0;
}
