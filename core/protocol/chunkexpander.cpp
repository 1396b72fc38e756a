#include "core/protocol/chunkexpander.h"

#include "core/json/jsontext.h"
#include "core/json/tapebuilder.h"
#include "core/platform/threadlocal.h"
#include "core/protocol/decoder.h"

#include <QJsonObject>

namespace agui {

namespace {

// Per-kind names used in the client's messages and in the synthesised events.
struct KindInfo
{
    const char *chunkType; // "TEXT_MESSAGE_CHUNK"
    const char *label; // "text message"
    const char *idKey; // "messageId"
    EventType start, content, end;
};

const KindInfo &info(ChunkExpander::Kind kind)
{
    static const KindInfo text {"TEXT_MESSAGE_CHUNK",
                                "text message",
                                "messageId",
                                EventType::TextMessageStart,
                                EventType::TextMessageContent,
                                EventType::TextMessageEnd};
    static const KindInfo tool {
        "TOOL_CALL_CHUNK",       "tool call",           "toolCallId", EventType::ToolCallStart,
        EventType::ToolCallArgs, EventType::ToolCallEnd};
    static const KindInfo reasoning {"REASONING_MESSAGE_CHUNK",
                                     "reasoning message",
                                     "messageId",
                                     EventType::ReasoningMessageStart,
                                     EventType::ReasoningMessageContent,
                                     EventType::ReasoningMessageEnd};
    switch (kind) {
    case ChunkExpander::Kind::Text:
        return text;
    case ChunkExpander::Kind::Tool:
        return tool;
    case ChunkExpander::Kind::Reasoning:
        break;
    }
    return reasoning;
}

QString key(const char *k)
{
    return QString::fromLatin1(k);
}

// `x ?? undefined` on a subagentRunId: null and absent both mean the parent lane.
std::optional<QString> laneOf(const json::JsonView &subagentRunId)
{
    if (subagentRunId.isUndefined() || subagentRunId.isNull())
        return std::nullopt;
    return json::jsString(subagentRunId);
}

// The members of one synthesised event, "type" first, as the client's object literals have it.
class Writer
{
public:
    Writer(json::TapeBuilder &b, EventType type)
        : m_b(b)
    {
        m_b.beginObject();
        m_b.key("type");
        m_b.string(std::string_view(eventTypeNameLatin1(type)));
    }
    void put(const char *key, const QJsonValue &v)
    {
        if (v.isUndefined())
            return;
        m_b.key(std::string_view(key));
        m_b.value(v);
    }
    void put(const char *key, const json::JsonView &v)
    {
        if (v.isUndefined())
            return;
        m_b.key(std::string_view(key));
        m_b.value(v);
    }
    void finish(json::JsonDoc &doc)
    {
        m_b.endObject();
        m_b.finishInto(doc);
    }

private:
    json::TapeBuilder &m_b;
};

struct ChunkExpanderOutput; // this file's own builder (platform::threadLocal's tag)

json::TapeBuilder &builder()
{
    return platform::threadLocal<json::TapeBuilder, ChunkExpanderOutput>();
}

struct ChunkError
{
    const char *rule;
    QString path;
    QString message;
};

} // namespace

ChunkExpander::ChunkExpander() = default;
ChunkExpander::~ChunkExpander() = default;
ChunkExpander::ChunkExpander(ChunkExpander &&) noexcept = default;
ChunkExpander &ChunkExpander::operator=(ChunkExpander &&) noexcept = default;

ChunkExpander::ChunkExpander(const ChunkExpander &other)
    : m_lanes(other.m_lanes)
{ }

ChunkExpander &ChunkExpander::operator=(const ChunkExpander &other)
{
    m_lanes = other.m_lanes;
    return *this;
}

json::JsonDoc &ChunkExpander::nextDocument()
{
    if (m_docsUsed == m_docs.size())
        m_docs.push_back(std::make_unique<json::JsonDoc>());
    return *m_docs[m_docsUsed++];
}

void ChunkExpander::emitSynthetic(const EventView &origin, EventType type, json::JsonDoc &doc,
                                  Expansion &out)
{
    EventView e;
    e.type = type;
    e.json = doc.root();
    e.seq = origin.seq;
    e.receivedAtUs = origin.receivedAtUs;
    e.synthetic = true;
    out.events.append(e);
}

qsizetype ChunkExpander::findLane(const LaneKey &laneKey) const
{
    for (qsizetype i = 0; i < m_lanes.size(); ++i)
        if (m_lanes[i].key == laneKey)
            return i;
    return -1;
}

QHash<QString, QString> ChunkExpander::openStreams() const
{
    QHash<QString, QString> out;
    for (const Lane &lane : m_lanes)
        out.insert(lane.key.value_or(QString()), json::jsString(lane.stream.id));
    return out;
}

void ChunkExpander::closeLane(const LaneKey &laneKey, const EventView &trigger, Expansion &out)
{
    const qsizetype i = findLane(laneKey);
    if (i < 0)
        return;
    const OpenStream s = m_lanes.takeAt(i).stream;
    const KindInfo &k = info(s.kind);
    json::JsonDoc &doc = nextDocument();
    Writer w(builder(), k.end);
    w.put(k.idKey, s.id);
    w.put("subagentRunId", s.subagentRunId);
    w.finish(doc);
    emitSynthetic(trigger, k.end, doc, out);
}

void ChunkExpander::closeAll(const EventView &trigger, Expansion &out)
{
    while (!m_lanes.isEmpty())
        closeLane(m_lanes.first().key, trigger, out);
}

void ChunkExpander::expand(const EventView &e, Expansion &out)
{
    out.clear();
    m_docsUsed = 0;
    const json::JsonView sub = e.value(EventKey::SubagentRunId);
    switch (e.type) {
    case EventType::TextMessageChunk:
        expandChunk(e, Kind::Text, out);
        return;
    case EventType::ToolCallChunk:
        expandChunk(e, Kind::Tool, out);
        return;
    case EventType::ReasoningMessageChunk:
        expandChunk(e, Kind::Reasoning, out);
        return;
    // Bracket events close the open chunk stream of their own lane.
    case EventType::TextMessageStart:
    case EventType::TextMessageContent:
    case EventType::TextMessageEnd:
    case EventType::ToolCallStart:
    case EventType::ToolCallArgs:
    case EventType::ToolCallEnd:
    case EventType::ToolCallResult:
    case EventType::StateSnapshot:
    case EventType::StateDelta:
    case EventType::Custom:
    case EventType::StepStarted:
    case EventType::StepFinished:
    case EventType::ReasoningStart:
    case EventType::ReasoningMessageStart:
    case EventType::ReasoningMessageContent:
    case EventType::ReasoningMessageEnd:
    case EventType::ReasoningEnd:
    // The client's compat stage turns THINKING_* into REASONING_* before this stage.
    case EventType::ThinkingStart:
    case EventType::ThinkingEnd:
    case EventType::ThinkingTextMessageStart:
    case EventType::ThinkingTextMessageContent:
    case EventType::ThinkingTextMessageEnd:
        if (!m_lanes.isEmpty())
            closeLane(laneOf(sub), e, out);
        out.events.append(e);
        return;
    case EventType::RunStarted:
    case EventType::RunFinished:
    case EventType::RunError:
    case EventType::MessagesSnapshot:
        closeAll(e, out);
        out.events.append(e);
        return;
    case EventType::SubagentFinished:
    case EventType::SubagentError:
        if (!sub.isUndefined() && !sub.isNull())
            closeLane(laneOf(sub), e, out);
        out.events.append(e);
        return;
    // RAW, ACTIVITY_*, REASONING_ENCRYPTED_VALUE and SUBAGENT_STARTED close nothing; unknown
    // types are dropped by the client before this stage; invalid frames never reach it.
    case EventType::Raw:
    case EventType::ActivitySnapshot:
    case EventType::ActivityDelta:
    case EventType::ReasoningEncryptedValue:
    case EventType::SubagentStarted:
    case EventType::Unknown:
    case EventType::Invalid:
        break;
    }
    out.events.append(e);
}

QList<Event> ChunkExpander::expand(const Event &e)
{
    const json::JsonDoc doc = json::JsonDoc::fromQJson(e.json);
    EventView view;
    view.type = e.type;
    view.json = doc.root();
    view.seq = e.seq;
    view.receivedAtUs = e.receivedAtUs;
    Expansion out;
    expand(view, out);
    QList<Event> result;
    for (const EventView &x : out.events) {
        if (!x.synthetic) {
            Event copy = e;
            copy.diagnostics += out.diagnostics;
            result.append(std::move(copy));
            continue;
        }
        Event s = materialize(x, Framing::Synthetic);
        s.seq = -1;
        s.originSeq = e.seq;
        s.streamOffset = e.streamOffset;
        result.append(std::move(s));
    }
    return result;
}

void ChunkExpander::expandChunk(const EventView &e, Kind kind, Expansion &out)
{
    const KindInfo &k = info(kind);
    const QString chunkType = key(k.chunkType);
    const QString label = key(k.label);
    const QString idKey = key(k.idKey);
    const json::JsonView c = e.json;
    const json::JsonView id = c.value(std::string_view(k.idKey));
    const json::JsonView sub = c.value("subagentRunId");
    const LaneKey chunkLane = laneOf(sub);

    auto fail = [&e, &out](const ChunkError &err) {
        out.diagnostics.append(
            Diagnostic {QString::fromLatin1(err.rule), Severity::Error, err.path, err.message, -1});
        out.events.append(e);
    };

    // 1. Which lane the chunk belongs to.
    LaneKey lane = chunkLane;
    if (!id.isUndefined()) {
        for (const Lane &l : m_lanes) {
            if (l.stream.kind != kind || id != l.stream.id)
                continue;
            if (chunkLane && chunkLane != l.key)
                return fail({"chunk.cannot-continue", QStringLiteral("/subagentRunId"),
                             QStringLiteral("Cannot continue %1 '%2': chunk subagentRunId "
                                            "'%3' does not match the open stream's subagent "
                                            "'%4'.")
                                 .arg(label, json::jsString(id), *chunkLane,
                                      l.key.value_or(QStringLiteral("(the parent agent)")))});
            lane = l.key;
            break;
        }
    } else if (!chunkLane) {
        const qsizetype parent = findLane(std::nullopt);
        if (parent < 0 || m_lanes[parent].stream.kind != kind) {
            QList<LaneKey> candidates;
            for (const Lane &l : m_lanes)
                if (l.stream.kind == kind)
                    candidates.append(l.key);
            if (candidates.size() > 1)
                return fail({"chunk.ambiguous", QString(),
                             QStringLiteral("Ambiguous %1: it carries neither a %2 nor a "
                                            "subagentRunId, but %3 lanes have an open %4. "
                                            "Attribute the chunk to the subagent it belongs to.")
                                 .arg(chunkType, idKey)
                                 .arg(candidates.size())
                                 .arg(label)});
            lane = candidates.isEmpty() ? std::nullopt : candidates.first();
        }
    }

    // 2. Continue the lane's open stream, or close it and open a new one.
    OpenStream stream;
    const qsizetype li = findLane(lane);
    if (li >= 0 && m_lanes[li].stream.kind == kind
        && (id.isUndefined() || id == m_lanes[li].stream.id)) {
        stream = m_lanes[li].stream;
        struct Check
        {
            const char *field = "";
            json::JsonView chunkValue;
            QJsonValue openValue;
        };
        QVarLengthArray<Check, 2> checks;
        if (kind == Kind::Text) {
            checks.append({"role", c.value("role"), stream.role});
            checks.append({"name", c.value("name"), stream.name});
        } else if (kind == Kind::Tool) {
            checks.append({"toolCallName", c.value("toolCallName"), stream.toolCallName});
            checks.append({"parentMessageId", c.value("parentMessageId"), stream.parentMessageId});
        }
        for (const Check &ch : checks) {
            if (ch.chunkValue.isUndefined() || ch.chunkValue == ch.openValue)
                continue;
            const QString open = ch.openValue.isUndefined()
                ? QStringLiteral("(absent)")
                : QLatin1Char('\'') + json::jsString(ch.openValue) + QLatin1Char('\'');
            return fail({"chunk.cannot-continue", QLatin1Char('/') + key(ch.field),
                         QStringLiteral("Cannot continue %1 '%2': chunk %3 '%4' does not "
                                        "match the open stream's %3 %5.")
                             .arg(label, json::jsString(stream.id), key(ch.field),
                                  json::jsString(ch.chunkValue), open)});
        }
    } else {
        closeLane(lane, e, out);
        if (id.isUndefined())
            return fail({"chunk.first-needs-id", QLatin1Char('/') + idKey,
                         QStringLiteral("First %1 must have a %2").arg(chunkType, idKey)});
        if (kind == Kind::Tool && !c.contains("toolCallName"))
            return fail({"chunk.first-needs-id", QStringLiteral("/toolCallName"),
                         QStringLiteral("First TOOL_CALL_CHUNK must have a toolCallName")});
        stream.kind = kind;
        stream.id = id.toQJsonValue();
        stream.subagentRunId = sub.toQJsonValue();
        json::JsonDoc &doc = nextDocument();
        Writer w(builder(), k.start);
        w.put(k.idKey, id);
        if (kind == Kind::Text) {
            const json::JsonView role = c.value("role");
            stream.role = role.isUndefined() ? QJsonValue(QStringLiteral("assistant"))
                                             : role.toQJsonValue();
            stream.name = c.value("name").toQJsonValue();
            w.put("role", stream.role);
            w.put("name", stream.name);
        } else if (kind == Kind::Tool) {
            stream.toolCallName = c.value("toolCallName").toQJsonValue();
            stream.parentMessageId = c.value("parentMessageId").toQJsonValue();
            w.put("toolCallName", stream.toolCallName);
            w.put("parentMessageId", stream.parentMessageId);
        } else {
            w.put("role", QJsonValue(QStringLiteral("reasoning")));
        }
        w.put("subagentRunId", sub);
        w.put("metadata", c.value("metadata"));
        w.finish(doc);
        m_lanes.append(Lane {lane, stream});
        emitSynthetic(e, k.start, doc, out);
    }

    // 3. The content event: for a delta or a rawEvent, or to carry metadata / a null
    // subagentRunId that would otherwise be lost.
    const json::JsonView delta = c.value("delta");
    const json::JsonView rawEvent = c.value("rawEvent");
    const json::JsonView metadata = c.value("metadata");
    const bool hasContent = !delta.isUndefined() || !rawEvent.isUndefined();
    if (hasContent || (out.events.isEmpty() && (!metadata.isUndefined() || sub.isNull()))) {
        json::JsonDoc &doc = nextDocument();
        Writer w(builder(), k.content);
        w.put(k.idKey, stream.id);
        if (delta.isUndefined())
            w.put("delta", QJsonValue(QString()));
        else
            w.put("delta", delta);
        if (sub.isUndefined())
            w.put("subagentRunId", stream.subagentRunId);
        else
            w.put("subagentRunId", sub);
        w.put("metadata", metadata);
        w.put("rawEvent", rawEvent);
        w.finish(doc);
        emitSynthetic(e, k.content, doc, out);
    }
}

} // namespace agui
