#include "realisticmix.h"

#include <QStringBuilder>

#include <utility>

namespace agui::bench {

namespace {

// A 64-bit LCG (Knuth's MMIX constants): reproducible across compilers, unlike <random>'s
// distributions.
class Dice
{
public:
    explicit Dice(quint64 seed)
        : m_state(seed)
    { }

    quint32 next()
    {
        m_state = m_state * 6364136223846793005ULL + 1442695040888963407ULL;
        return quint32(m_state >> 33);
    }
    int below(int n) { return int(next() % quint32(n)); }
    int between(int lo, int hi) { return lo + below(hi - lo + 1); } // inclusive
    bool chance(int percent) { return below(100) < percent; }

private:
    quint64 m_state;
};

// Token-sized pieces of text as models stream them (mostly a word and its space; some
// punctuation, numbers, escapes and non-ASCII).
const char *const kTokens[] = {
    "The ",   "weather",   " in ", "Paris", " is ",   "mild",   ", ",    "with ",    "light ",
    "rain",   " expected", ".",    " I",    "'ll ",   "check",  " the ", "forecast", " for ",
    "you",    ":\\n\\n",   "- ",   "**",    "Monday", "**: ",   "19",    "°C",       ", ",
    "cloudy", "\\n",       "Let ", "me ",   "look",   " that ", "up",    "…",        " 🌧",
    "Café",   " près ",    "de ",  "chez ", "vous",   "? ",     "Done",  "!",        " \\\"ok\\\"",
};
constexpr int kTokenCount = int(sizeof kTokens / sizeof *kTokens);

// The arguments a tool call streams, cut into pieces at arbitrary places (each piece is escaped
// on its own, so no escape is split).
constexpr char kArguments[] = R"({"city": "Paris", "days": 3, "units": "metric", "lang": "fr"})";

QByteArray escaped(QByteArray piece)
{
    return piece.replace('"', "\\\"");
}

class Stream
{
public:
    Stream(MixFraming framing, qint64 target)
        : m_framing(framing)
        , m_target(target)
        , m_dice(0x5eed'a6b1)
    {
        m_out.bytes.reserve(qsizetype(target) * 140);
    }

    Dice &dice() { return m_dice; }
    bool full() const { return m_out.events >= m_target; }
    MixOutput take() { return std::move(m_out); }
    void countRun() { ++m_out.runs; }

    // One event: `fields` is the JSON object's members after "type".
    void event(const char *type, const QByteArray &fields)
    {
        m_out.bytes += m_framing == MixFraming::Sse ? "data: {\"type\":\"" : "{\"type\":\"";
        m_out.bytes += type;
        m_out.bytes += "\",";
        m_out.bytes += fields;
        m_out.bytes += ",\"timestamp\":";
        m_clock += 3 + m_dice.below(40); // milliseconds between events, as a model streams
        m_out.bytes += QByteArray::number(m_clock);
        m_out.bytes += m_framing == MixFraming::Sse ? "}\n\n" : "}\n";
        ++m_out.events;
    }

    // A version-4-shaped UUID, deterministic.
    QByteArray uuid()
    {
        QByteArray hex;
        for (int i = 0; i < 4; ++i)
            hex += QByteArray::number(m_dice.next(), 16).rightJustified(8, '0');
        hex[12] = '4';
        QByteArray id = hex.left(8);
        for (const auto &[at, length] :
             {std::pair(8, 4), std::pair(12, 4), std::pair(16, 4), std::pair(20, 12)}) {
            id += '-';
            id += hex.mid(at, length);
        }
        return id;
    }
    QByteArray token() { return kTokens[m_dice.below(kTokenCount)]; }

private:
    MixFraming m_framing;
    qint64 m_target;
    Dice m_dice;
    qint64 m_clock = 1'764'600'000'000;
    MixOutput m_out;
};

QByteArray q(const QByteArray &s)
{
    return '"' + s + '"';
}

// A streamed text message of `deltas` tokens; its text is returned (for later snapshots).
QByteArray textMessage(Stream &s, const QByteArray &extra, int deltas)
{
    const QByteArray id = s.uuid();
    s.event("TEXT_MESSAGE_START", "\"messageId\":" + q(id) + ",\"role\":\"assistant\"" + extra);
    QByteArray text;
    for (int i = 0; i < deltas; ++i) {
        const QByteArray t = s.token();
        if (text.size() < 120) // whole tokens: a cut could split a UTF-8 sequence
            text += t;
        s.event("TEXT_MESSAGE_CONTENT", "\"messageId\":" + q(id) + ",\"delta\":" + q(t) + extra);
    }
    s.event("TEXT_MESSAGE_END", "\"messageId\":" + q(id) + extra);
    return text;
}

void reasoning(Stream &s, int deltas)
{
    const QByteArray span = s.uuid();
    const QByteArray id = s.uuid();
    s.event("REASONING_START", "\"messageId\":" + q(span));
    s.event("REASONING_MESSAGE_START", "\"messageId\":" + q(id) + ",\"role\":\"reasoning\"");
    for (int i = 0; i < deltas; ++i)
        s.event("REASONING_MESSAGE_CONTENT",
                "\"messageId\":" + q(id) + ",\"delta\":" + q(s.token()));
    s.event("REASONING_MESSAGE_END", "\"messageId\":" + q(id));
    s.event("REASONING_END", "\"messageId\":" + q(span));
}

void toolCall(Stream &s, const QByteArray &parent, int argDeltas)
{
    QByteArray call = "call_";
    call += s.uuid().replace('-', QByteArray()).left(24);
    s.event("TOOL_CALL_START",
            "\"toolCallId\":" + q(call)
                + ",\"toolCallName\":\"get_weather\",\"parentMessageId\":" + q(parent));
    const QByteArray args(kArguments);
    qsizetype at = 0;
    for (int i = 0; i < argDeltas; ++i) {
        const qsizetype end = i + 1 == argDeltas ? args.size() : args.size() * (i + 1) / argDeltas;
        s.event("TOOL_CALL_ARGS",
                "\"toolCallId\":" + q(call) + ",\"delta\":" + q(escaped(args.mid(at, end - at))));
        at = end;
    }
    s.event("TOOL_CALL_END", "\"toolCallId\":" + q(call));
    s.event("TOOL_CALL_RESULT",
            "\"messageId\":" + q(s.uuid()) + ",\"toolCallId\":" + q(call)
                + ",\"role\":\"tool\",\"content\":\"{\\\"temp\\\":19,\\\"sky\\\":\\\"rain\\\"}\"");
}

void stateDelta(Stream &s, qint64 run, int i)
{
    static const char *const kOps[] = {
        "{\"op\":\"replace\",\"path\":\"/progress\",\"value\":%1}",
        "{\"op\":\"add\",\"path\":\"/log/-\",\"value\":\"step %1 done\"}",
        "{\"op\":\"replace\",\"path\":\"/status\",\"value\":\"working\"}",
        "{\"op\":\"replace\",\"path\":\"/user/lastSeen\",\"value\":%1}",
    };
    const int ops = 1 + s.dice().below(3);
    QByteArray patch = "\"delta\":[";
    for (int k = 0; k < ops; ++k) {
        if (k)
            patch += ',';
        patch += QByteArray(kOps[(i + k) % 4]).replace("%1", QByteArray::number(run * 10 + i));
    }
    s.event("STATE_DELTA", patch + ']');
}

void stateSnapshot(Stream &s, qint64 run)
{
    QByteArray snap = "\"snapshot\":{\"progress\":0,\"status\":\"idle\",\"log\":[],\"user\":{"
                      "\"name\":\"Ada\",\"units\":\"metric\",\"lastSeen\":0},\"run\":";
    snap += QByteArray::number(run);
    snap += ",\"preferences\":{";
    for (int k = 0; k < 14; ++k) {
        if (k)
            snap += ',';
        snap += "\"pref" + QByteArray::number(k) + "\":\"value-" + QByteArray::number(k * 7) + '"';
    }
    s.event("STATE_SNAPSHOT", snap + "}}");
}

void messagesSnapshot(Stream &s, const QByteArray &lastText)
{
    const QByteArray user = s.uuid();
    const QByteArray assistant = s.uuid();
    s.event("MESSAGES_SNAPSHOT",
            "\"messages\":[{\"id\":" + q(user)
                + ",\"role\":\"user\",\"content\":\"What's the weather in Paris this week?\"},"
                  "{\"id\":"
                + q(assistant) + ",\"role\":\"assistant\",\"content\":" + q(lastText) + "},{\"id\":"
                + q(s.uuid()) + ",\"role\":\"user\",\"content\":\"And tomorrow morning?\"}]");
}

// The a2ui middleware's surface, sent again as it grows: `stage` 0 has the title only, 1 adds
// the field, 2 the button (about 300 to 550 bytes).
void surface(Stream &s, const QByteArray &activity, const QByteArray &surfaceId, int stage)
{
    QByteArray components = "{\"id\":\"root\",\"component\":\"Column\",\"children\":[\"title\"";
    if (stage >= 1)
        components += ",\"city\"";
    if (stage >= 2)
        components += ",\"go\"";
    components += "]},{\"id\":\"title\",\"component\":\"Text\",\"text\":\"Where to?\"}";
    if (stage >= 1)
        components += ",{\"id\":\"city\",\"component\":\"TextField\",\"label\":\"City\","
                      "\"value\":{\"path\":\"/city\"}}";
    if (stage >= 2)
        components += ",{\"id\":\"go\",\"component\":\"Button\",\"child\":\"title\",\"action\":{"
                      "\"event\":{\"name\":\"search\"}}}";
    s.event("ACTIVITY_SNAPSHOT",
            "\"messageId\":" + q(activity)
                + ",\"activityType\":\"a2ui-surface\",\"content\":{\"a2ui_operations\":["
                  "{\"version\":\"v0.9\",\"createSurface\":{\"surfaceId\":"
                + q(surfaceId)
                + ",\"catalogId\":\"https://a2ui.org/specification/v0_9/basic_catalog.json\"}},"
                  "{\"version\":\"v0.9\",\"updateComponents\":{\"surfaceId\":"
                + q(surfaceId) + ",\"components\":[" + components + "]}}"
                + (stage >= 1 ? ",{\"version\":\"v0.9\",\"updateDataModel\":{\"surfaceId\":"
                           + q(surfaceId) + ",\"path\":\"/city\",\"value\":\"Paris\"}}"
                              : QByteArray())
                + "]}");
}

// One run of about 80 events (the mix's 1,260 runs per 100k events).
void run(Stream &s, qint64 index, QByteArray *lastText)
{
    Dice &d = s.dice();
    const QByteArray runId = s.uuid();
    s.countRun();
    s.event("RUN_STARTED", "\"threadId\":\"thread-1\",\"runId\":" + q(runId));
    if (index % 6 == 1)
        messagesSnapshot(s, *lastText);
    if (index % 6 == 0) // the first run too: the deltas patch state the stream has shown
        stateSnapshot(s, index);
    const bool stepped = d.chance(50);
    if (stepped)
        s.event("STEP_STARTED", "\"stepName\":\"answer\"");
    if (d.chance(50))
        reasoning(s, d.between(5, 11));
    const int textDeltas = d.between(32, 61);
    const int calls = d.chance(50) ? 2 : 1;
    const QByteArray parent = s.uuid();
    s.event("TEXT_MESSAGE_START", "\"messageId\":" + q(parent) + ",\"role\":\"assistant\"");
    for (int i = 0; i < textDeltas / 3; ++i)
        s.event("TEXT_MESSAGE_CONTENT",
                "\"messageId\":" + q(parent) + ",\"delta\":" + q(s.token()));
    s.event("TEXT_MESSAGE_END", "\"messageId\":" + q(parent));
    for (int c = 0; c < calls; ++c)
        toolCall(s, parent, d.between(6, 10));
    const int deltas = d.between(4, 7);
    for (int i = 0; i < deltas / 2; ++i)
        stateDelta(s, index, i);
    const int surfaces = d.chance(66) ? 2 : 1; // 2.1% of the events
    const QByteArray activity = s.uuid();
    for (int stage = 0; stage < surfaces; ++stage)
        surface(s, activity, "form-" + QByteArray::number(index), stage);
    *lastText = textMessage(s, QByteArray(), textDeltas - textDeltas / 3);
    for (int i = deltas / 2; i < deltas; ++i)
        stateDelta(s, index, i);
    if (index % 3 == 2) {
        const QByteArray sub = s.uuid();
        s.event("SUBAGENT_STARTED", "\"subagentRunId\":" + q(sub) + ",\"name\":\"researcher\"");
        s.event("SUBAGENT_FINISHED", "\"subagentRunId\":" + q(sub));
    }
    if (stepped)
        s.event("STEP_FINISHED", "\"stepName\":\"answer\"");
    s.event("RUN_FINISHED", "\"threadId\":\"thread-1\",\"runId\":" + q(runId));
}

} // namespace

MixOutput realisticMix(qint64 events, MixFraming framing)
{
    Stream s(framing, events);
    QByteArray lastText = "It will rain in Paris.";
    for (qint64 index = 0; !s.full(); ++index)
        run(s, index, &lastText);
    return s.take();
}

} // namespace agui::bench
