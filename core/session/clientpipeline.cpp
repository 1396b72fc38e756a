#include "core/session/clientpipeline.h"

#include "core/json/jsonpointer.h"
#include "core/json/tapebuilder.h"
#include "core/platform/threadlocal.h"

#include <QHash>
#include <QSet>

// The stages reproduce what @ag-ui/client 1.0.0 does (its compatibility boundary, enforceEvents
// and transformChunks, observed through the package and the conformance corpus); the code is ours.

namespace agui {

namespace {

QString mintedId(qint64 seq)
{
    return QStringLiteral("thinking-%1").arg(seq);
}

// What the compatibility boundary and the enforcement stage change in one event, by JSON Pointer.
struct Rewrite
{
    QSet<QString> removed; // members / elements dropped
    QHash<QString, QJsonValue> replaced; // values replaced (upgraded content parts)
    QSet<QString> prefixes; // every ancestor of those paths, for the copy to descend only there
    bool converted = false; // a replacement, not only removals

    bool isEmpty() const { return removed.isEmpty() && replaced.isEmpty(); }
    void notePrefixes(const QString &path)
    {
        for (qsizetype i = path.lastIndexOf(QLatin1Char('/')); i > 0;
             i = path.lastIndexOf(QLatin1Char('/'), i - 1))
            prefixes.insert(path.left(i));
        prefixes.insert(QString());
    }
    void remove(const QString &path)
    {
        removed.insert(path);
        notePrefixes(path);
    }
    void replace(const QString &path, const QJsonValue &value)
    {
        replaced.insert(path, value);
        notePrefixes(path);
        converted = true;
    }
};

// The client's media kind for a legacy binary part's mimeType.
QString mediaKind(const QString &mimeType)
{
    for (const char *kind : {"image", "audio", "video"})
        if (mimeType.startsWith(QLatin1String(kind) + QLatin1Char('/')))
            return QLatin1String(kind);
    return QStringLiteral("document");
}

// A legacy {type:"binary"} part as the modern media part the client upgrades it to; undefined when
// it has neither data nor url (the client keeps it, and enforcement then drops it as unknown).
QJsonValue upgradedBinary(const QJsonObject &part)
{
    const QString mimeType = part.value(QLatin1String("mimeType")).toString();
    const QString data = part.value(QLatin1String("data")).toString();
    const QString url = part.value(QLatin1String("url")).toString();
    if (data.isEmpty() && url.isEmpty())
        return QJsonValue(QJsonValue::Undefined);
    QJsonObject out {
        {QStringLiteral("type"), mediaKind(mimeType)},
        {QStringLiteral("source"),
         QJsonObject {{QStringLiteral("type"),
                       data.isEmpty() ? QStringLiteral("url") : QStringLiteral("data")},
                      {QStringLiteral("value"), data.isEmpty() ? url : data},
                      {QStringLiteral("mimeType"), mimeType}}},
    };
    const QString filename = part.value(QLatin1String("filename")).toString();
    if (!filename.isEmpty())
        out.insert(QStringLiteral("metadata"),
                   QJsonObject {{QStringLiteral("filename"), filename}});
    return out;
}

// Whether `parts` already holds the modern form of an upgraded part (the client then drops the
// binary one instead of duplicating it).
bool hasModernTwin(const QJsonArray &parts, const QJsonObject &upgraded)
{
    const QJsonObject source = upgraded.value(QLatin1String("source")).toObject();
    const QString filename = upgraded.value(QLatin1String("metadata"))
                                 .toObject()
                                 .value(QLatin1String("filename"))
                                 .toString();
    for (const auto &v : parts) {
        const QJsonObject p = v.toObject();
        const QJsonObject s = p.value(QLatin1String("source")).toObject();
        if (p.value(QLatin1String("type")) != upgraded.value(QLatin1String("type"))
            || s.value(QLatin1String("type")) != source.value(QLatin1String("type"))
            || s.value(QLatin1String("value")) != source.value(QLatin1String("value"))
            || s.value(QLatin1String("mimeType")) != source.value(QLatin1String("mimeType")))
            continue;
        if (filename.isEmpty()
            || p.value(QLatin1String("metadata")).toObject().value(QLatin1String("filename"))
                == filename)
            return true;
    }
    return false;
}

// The paths the client rewrites, from what the schema layer reported on the event.
Rewrite rewriteOf(const EventView &e, const Diagnostics &diagnostics)
{
    Rewrite r;
    for (const Diagnostic &d : diagnostics) {
        const QString &rule = d.ruleId;
        if (rule == QLatin1String("schema.unknown-field")
            || rule == QLatin1String("compat.newer-field")
            || rule == QLatin1String("schema.unknown-variant")
            || rule == QLatin1String("schema.null-stripped")) {
            r.remove(d.path);
            continue;
        }
        if (rule != QLatin1String("schema.deprecated") || d.path.isEmpty())
            continue; // "" = a retired event type, translated separately
        const QJsonValue value = json::resolve(e.json.toQJsonValue(), d.path)
                                     .value_or(QJsonValue(QJsonValue::Undefined));
        if (value.isNull()) {
            r.remove(d.path); // a legacy null: absent
            continue;
        }
        const QJsonObject part = value.toObject();
        if (part.value(QLatin1String("type")) != QLatin1String("binary"))
            continue;
        // Only message content is upgraded (MESSAGES_SNAPSHOT, RUN_STARTED.input); a binary part
        // anywhere else is an unknown union member to the enforcement stage.
        const bool inMessage = d.path.startsWith(QLatin1String("/messages/"))
            || d.path.startsWith(QLatin1String("/input/messages/"));
        const QJsonValue upgraded = inMessage ? upgradedBinary(part) : QJsonValue::Undefined;
        const QString partsPath = d.path.left(d.path.lastIndexOf(QLatin1Char('/')));
        const QJsonArray parts
            = json::resolve(e.json.toQJsonValue(), partsPath).value_or(QJsonValue()).toArray();
        if (upgraded.isUndefined() || hasModernTwin(parts, upgraded.toObject()))
            r.remove(d.path);
        else
            r.replace(d.path, upgraded);
    }
    return r;
}

// Copies v, leaving out the removed paths and putting in the replacements; descends only where a
// change is.
void copyRewritten(json::TapeBuilder &b, json::JsonView v, const QString &path, const Rewrite &r)
{
    const auto replaced = r.replaced.constFind(path);
    if (replaced != r.replaced.cend()) {
        b.value(*replaced);
        return;
    }
    if (!r.prefixes.contains(path)) {
        b.value(v);
        return;
    }
    if (v.isObject()) {
        b.beginObject();
        for (const json::JsonMember m : v.members()) {
            const QString child = path + QLatin1Char('/') + json::Pointer::escapeToken(m.key());
            if (r.removed.contains(child))
                continue;
            b.key(m.keyUtf8());
            copyRewritten(b, m.value(), child, r);
        }
        b.endObject();
    } else if (v.isArray()) {
        b.beginArray();
        qsizetype i = 0;
        for (const json::JsonView item : v.toArray()) {
            const QString child = path + QLatin1Char('/') + QString::number(i++);
            if (!r.removed.contains(child))
                copyRewritten(b, item, child, r);
        }
        b.endArray();
    } else {
        b.value(v);
    }
}

bool isStreamEnd(EventType type)
{
    return type == EventType::TextMessageEnd || type == EventType::ToolCallEnd
        || type == EventType::ReasoningMessageEnd;
}

struct ClientPipelineOutput; // this file's own builder (platform::threadLocal's tag)

json::TapeBuilder &builder()
{
    return platform::threadLocal<json::TapeBuilder, ClientPipelineOutput>();
}

// The event under its new type: its members kept (but `drop`), then `messageId` (and `role`).
void retyped(const EventView &event, EventType type, const QString &messageId, bool reasoningRole,
             std::string_view drop, json::JsonDoc &doc)
{
    json::TapeBuilder &b = builder();
    b.beginObject();
    b.key("type");
    b.string(std::string_view(eventTypeNameLatin1(type)));
    b.membersOf(event.json, [&](std::string_view key) {
        return key == "type" || key == "messageId" || (reasoningRole && key == "role")
            || (!drop.empty() && key == drop);
    });
    b.key("messageId");
    b.string(messageId);
    if (reasoningRole) {
        b.key("role");
        b.string("reasoning");
    }
    b.endObject();
    b.finishInto(doc);
}

} // namespace

QString deliveryName(Delivery how)
{
    switch (how) {
    case Delivery::AsReceived:
        return QStringLiteral("as received");
    case Delivery::Stripped:
        return QStringLiteral("stripped");
    case Delivery::Converted:
        return QStringLiteral("converted");
    case Delivery::Expanded:
        return QStringLiteral("expanded");
    case Delivery::Closing:
        return QStringLiteral("closing");
    }
    return {};
}

ClientPipeline::ClientPipeline() = default;
ClientPipeline::~ClientPipeline() = default;
ClientPipeline::ClientPipeline(ClientPipeline &&) noexcept = default;
ClientPipeline &ClientPipeline::operator=(ClientPipeline &&) noexcept = default;

ClientPipeline::ClientPipeline(const ClientPipeline &other)
    : m_thinkingSpanId(other.m_thinkingSpanId)
    , m_thinkingMessageId(other.m_thinkingMessageId)
    , m_expander(other.m_expander)
{ }

ClientPipeline &ClientPipeline::operator=(const ClientPipeline &other)
{
    m_thinkingSpanId = other.m_thinkingSpanId;
    m_thinkingMessageId = other.m_thinkingMessageId;
    m_expander = other.m_expander;
    return *this;
}

void ClientPipeline::reset()
{
    m_thinkingSpanId.clear();
    m_thinkingMessageId.clear();
    m_expander.reset();
}

json::JsonDoc &ClientPipeline::scratch()
{
    if (m_docsUsed == m_docs.size())
        m_docs.push_back(std::make_unique<json::JsonDoc>());
    return *m_docs[m_docsUsed++];
}

// The compatibility boundary: legacy nulls removed, binary parts upgraded, THINKING_* translated.
EventView ClientPipeline::compat(const EventView &e, const Diagnostics &diagnostics, Delivery &how)
{
    EventView out = e;
    const Rewrite r = rewriteOf(e, diagnostics);
    if (!r.isEmpty()) {
        json::JsonDoc &doc = scratch();
        json::TapeBuilder &b = builder();
        copyRewritten(b, e.json, QString(), r);
        b.finishInto(doc);
        out.json = doc.root();
        out.synthetic = true;
        how = r.converted ? Delivery::Converted : Delivery::Stripped;
    }
    if (!isLegacyType(e.type))
        return out;
    // THINKING_* -> REASONING_*: the opener mints the id its continuations reuse.
    QString id;
    EventType type = e.type;
    bool role = false;
    std::string_view drop;
    switch (e.type) {
    case EventType::ThinkingStart:
        m_thinkingSpanId = id = mintedId(e.seq);
        type = EventType::ReasoningStart;
        drop = "title"; // REASONING_START has no title
        break;
    case EventType::ThinkingTextMessageStart:
        m_thinkingMessageId = id = mintedId(e.seq);
        type = EventType::ReasoningMessageStart;
        role = true;
        break;
    case EventType::ThinkingTextMessageContent:
        id = m_thinkingMessageId.isEmpty() ? mintedId(e.seq) : m_thinkingMessageId;
        type = EventType::ReasoningMessageContent;
        break;
    case EventType::ThinkingTextMessageEnd:
        id = m_thinkingMessageId.isEmpty() ? mintedId(e.seq) : m_thinkingMessageId;
        m_thinkingMessageId.clear();
        type = EventType::ReasoningMessageEnd;
        break;
    case EventType::ThinkingEnd:
        id = m_thinkingSpanId.isEmpty() ? mintedId(e.seq) : m_thinkingSpanId;
        m_thinkingSpanId.clear();
        type = EventType::ReasoningEnd;
        break;
    default:
        return out;
    }
    json::JsonDoc &doc = scratch();
    retyped(out, type, id, role, drop, doc);
    out.type = type;
    out.json = doc.root();
    out.synthetic = true;
    how = Delivery::Converted;
    return out;
}

void ClientPipeline::process(const EventView &received, const Diagnostics &decodeDiagnostics,
                             ClientStep &out)
{
    out.clear();
    m_docsUsed = 0;
    // Not an event, or a type nothing translates: the enforcement stage drops it.
    if (received.type == EventType::Invalid || received.type == EventType::Unknown)
        return;
    if (received.type == EventType::RunStarted) {
        // The boundary is per run request; a new run forgets open THINKING ids.
        m_thinkingSpanId.clear();
        m_thinkingMessageId.clear();
    }
    Delivery how = Delivery::AsReceived;
    const EventView event = compat(received, decodeDiagnostics, how);
    m_expander.expand(event, m_expansion);
    out.diagnostics = m_expansion.diagnostics;
    // The expander gives the ENDs of the chunk streams the event closes, then the event itself or,
    // for a chunk, the events made from it.
    const bool chunk = isChunkType(event.type);
    const qsizetype last = m_expansion.events.size() - 1;
    for (qsizetype i = 0; i <= last; ++i) {
        const EventView &e = m_expansion.events.at(i);
        if (isChunkType(e.type))
            continue; // a chunk the client rejects (its error is in diagnostics)
        out.events.append(e);
        if (chunk)
            out.how.append(isStreamEnd(e.type) ? Delivery::Closing : Delivery::Expanded);
        else
            out.how.append(i == last ? how : Delivery::Closing);
    }
}

} // namespace agui
