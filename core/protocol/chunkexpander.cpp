#include "core/protocol/chunkexpander.h"

#include <QJsonDocument>
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

// How JS template literals print the value in the client's messages.
QString jsText(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::String:
        return v.toString();
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return QString::number(v.toDouble(), 'g', 17);
    case QJsonValue::Array:
    case QJsonValue::Object:
        return QStringLiteral("[object Object]");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("undefined");
}

// `x ?? undefined` on a subagentRunId: null and absent both mean the parent lane.
std::optional<QString> laneOf(const QJsonValue &subagentRunId)
{
    if (subagentRunId.isUndefined() || subagentRunId.isNull())
        return std::nullopt;
    return jsText(subagentRunId);
}

Event synthesize(const Event &origin, EventType type, QJsonObject json)
{
    Event e;
    e.framing = Framing::Synthetic;
    e.originSeq = origin.seq;
    e.receivedAtUs = origin.receivedAtUs;
    e.streamOffset = origin.streamOffset;
    e.type = type;
    e.typeName = eventTypeName(type);
    json.insert(QStringLiteral("type"), e.typeName);
    e.json = json;
    return e;
}

void putIfDefined(QJsonObject &o, const QString &k, const QJsonValue &v)
{
    if (!v.isUndefined())
        o.insert(k, v);
}

struct ChunkError
{
    const char *rule;
    QString path;
    QString message;
};

} // namespace

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
        out.insert(lane.key.value_or(QString()), jsText(lane.stream.id));
    return out;
}

QList<Event> ChunkExpander::closeLane(const LaneKey &laneKey, const Event &trigger)
{
    const qsizetype i = findLane(laneKey);
    if (i < 0)
        return {};
    const OpenStream s = m_lanes.takeAt(i).stream;
    const KindInfo &k = info(s.kind);
    QJsonObject json {{key(k.idKey), s.id}};
    putIfDefined(json, QStringLiteral("subagentRunId"), s.subagentRunId);
    return {synthesize(trigger, k.end, json)};
}

QList<Event> ChunkExpander::closeAll(const Event &trigger)
{
    QList<Event> out;
    while (!m_lanes.isEmpty())
        out += closeLane(m_lanes.first().key, trigger);
    return out;
}

QList<Event> ChunkExpander::expand(const Event &e)
{
    const QJsonValue sub = e.json.value(QStringLiteral("subagentRunId"));
    switch (e.type) {
    case EventType::TextMessageChunk:
        return expandChunk(e, Kind::Text);
    case EventType::ToolCallChunk:
        return expandChunk(e, Kind::Tool);
    case EventType::ReasoningMessageChunk:
        return expandChunk(e, Kind::Reasoning);
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
    case EventType::ThinkingTextMessageEnd: {
        QList<Event> out = closeLane(laneOf(sub), e);
        out.append(e);
        return out;
    }
    case EventType::RunStarted:
    case EventType::RunFinished:
    case EventType::RunError:
    case EventType::MessagesSnapshot: {
        QList<Event> out = closeAll(e);
        out.append(e);
        return out;
    }
    case EventType::SubagentFinished:
    case EventType::SubagentError: {
        QList<Event> out;
        if (!sub.isUndefined() && !sub.isNull())
            out = closeLane(laneOf(sub), e);
        out.append(e);
        return out;
    }
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
    return {e};
}

QList<Event> ChunkExpander::expandChunk(const Event &e, Kind kind)
{
    const KindInfo &k = info(kind);
    const QString chunkType = key(k.chunkType);
    const QString label = key(k.label);
    const QString idKey = key(k.idKey);
    const QJsonObject &c = e.json;
    const QJsonValue id = c.value(idKey);
    const QJsonValue sub = c.value(QStringLiteral("subagentRunId"));
    const LaneKey chunkLane = laneOf(sub);

    auto fail = [&e](QList<Event> out, const ChunkError &err) {
        Event copy = e;
        copy.diagnostics.append(
            Diagnostic {QString::fromLatin1(err.rule), Severity::Error, err.path, err.message, -1});
        out.append(copy);
        return out;
    };

    // 1. Which lane the chunk belongs to.
    LaneKey lane = chunkLane;
    if (!id.isUndefined()) {
        for (const Lane &l : m_lanes) {
            if (l.stream.kind != kind || l.stream.id != id)
                continue;
            if (chunkLane && chunkLane != l.key)
                return fail({},
                            {"chunk.cannot-continue", QStringLiteral("/subagentRunId"),
                             QStringLiteral("Cannot continue %1 '%2': chunk subagentRunId "
                                            "'%3' does not match the open stream's subagent "
                                            "'%4'.")
                                 .arg(label, jsText(id), *chunkLane,
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
                return fail(
                    {},
                    {"chunk.ambiguous", QString(),
                     QStringLiteral("Ambiguous %1: it carries neither a %2 nor a "
                                    "subagentRunId, but %3 lanes have an open %4. Attribute "
                                    "the chunk to the subagent it belongs to.")
                         .arg(chunkType, idKey)
                         .arg(candidates.size())
                         .arg(label)});
            lane = candidates.isEmpty() ? std::nullopt : candidates.first();
        }
    }

    // 2. Continue the lane's open stream, or close it and open a new one.
    QList<Event> out;
    OpenStream stream;
    const qsizetype li = findLane(lane);
    if (li >= 0 && m_lanes[li].stream.kind == kind
        && (id.isUndefined() || id == m_lanes[li].stream.id)) {
        stream = m_lanes[li].stream;
        struct Check
        {
            const char *field;
            QJsonValue chunkValue, openValue;
        };
        QList<Check> checks;
        if (kind == Kind::Text)
            checks = {{"role", c.value(QStringLiteral("role")), stream.role},
                      {"name", c.value(QStringLiteral("name")), stream.name}};
        else if (kind == Kind::Tool)
            checks
                = {{"toolCallName", c.value(QStringLiteral("toolCallName")), stream.toolCallName},
                   {"parentMessageId", c.value(QStringLiteral("parentMessageId")),
                    stream.parentMessageId}};
        for (const Check &ch : checks) {
            if (ch.chunkValue.isUndefined() || ch.chunkValue == ch.openValue)
                continue;
            const QString open = ch.openValue.isUndefined()
                ? QStringLiteral("(absent)")
                : QLatin1Char('\'') + jsText(ch.openValue) + QLatin1Char('\'');
            return fail(
                {},
                {"chunk.cannot-continue", QLatin1Char('/') + key(ch.field),
                 QStringLiteral("Cannot continue %1 '%2': chunk %3 '%4' does not "
                                "match the open stream's %3 %5.")
                     .arg(label, jsText(stream.id), key(ch.field), jsText(ch.chunkValue), open)});
        }
    } else {
        out += closeLane(lane, e);
        if (id.isUndefined())
            return fail(out,
                        {"chunk.first-needs-id", QLatin1Char('/') + idKey,
                         QStringLiteral("First %1 must have a %2").arg(chunkType, idKey)});
        if (kind == Kind::Tool && !c.contains(QStringLiteral("toolCallName")))
            return fail(out,
                        {"chunk.first-needs-id", QStringLiteral("/toolCallName"),
                         QStringLiteral("First TOOL_CALL_CHUNK must have a toolCallName")});
        stream.kind = kind;
        stream.id = id;
        stream.subagentRunId = sub;
        QJsonObject start {{idKey, id}};
        if (kind == Kind::Text) {
            const QJsonValue role = c.value(QStringLiteral("role"));
            stream.role = role.isUndefined() ? QJsonValue(QStringLiteral("assistant")) : role;
            stream.name = c.value(QStringLiteral("name"));
            start.insert(QStringLiteral("role"), stream.role);
            putIfDefined(start, QStringLiteral("name"), stream.name);
        } else if (kind == Kind::Tool) {
            stream.toolCallName = c.value(QStringLiteral("toolCallName"));
            stream.parentMessageId = c.value(QStringLiteral("parentMessageId"));
            start.insert(QStringLiteral("toolCallName"), stream.toolCallName);
            putIfDefined(start, QStringLiteral("parentMessageId"), stream.parentMessageId);
        } else {
            start.insert(QStringLiteral("role"), QStringLiteral("reasoning"));
        }
        putIfDefined(start, QStringLiteral("subagentRunId"), sub);
        putIfDefined(start, QStringLiteral("metadata"), c.value(QStringLiteral("metadata")));
        m_lanes.append(Lane {lane, stream});
        out.append(synthesize(e, k.start, start));
    }

    // 3. The content event: for a delta or a rawEvent, or to carry metadata / a null
    // subagentRunId that would otherwise be lost.
    const QJsonValue delta = c.value(QStringLiteral("delta"));
    const QJsonValue rawEvent = c.value(QStringLiteral("rawEvent"));
    const QJsonValue metadata = c.value(QStringLiteral("metadata"));
    const bool hasContent = !delta.isUndefined() || !rawEvent.isUndefined();
    if (hasContent || (out.isEmpty() && (!metadata.isUndefined() || sub.isNull()))) {
        QJsonObject content {
            {idKey, stream.id},
            {QStringLiteral("delta"), delta.isUndefined() ? QJsonValue(QString()) : delta}};
        putIfDefined(content, QStringLiteral("subagentRunId"),
                     sub.isUndefined() ? stream.subagentRunId : sub);
        putIfDefined(content, QStringLiteral("metadata"), metadata);
        putIfDefined(content, QStringLiteral("rawEvent"), rawEvent);
        out.append(synthesize(e, k.content, content));
    }
    return out;
}

} // namespace agui
