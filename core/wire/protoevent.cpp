#include "core/wire/protoevent.h"

#include "core/wire/messageroles.h"
#include "core/wire/protoschema.h"
#include "core/wire/protowire.h"

#include <QJsonArray>
#include <QSet>

namespace agui {

namespace {

using proto::Field;
using proto::MessageSpec;

// The 31 event types in ag_ui.EventType enum order, with the Event oneof field that carries each
// (the two numberings differ).
struct EventKind
{
    const char *type;
    int oneofField;
};

const EventKind kEventKinds[] = {
    {"TEXT_MESSAGE_START", 1},
    {"TEXT_MESSAGE_CONTENT", 2},
    {"TEXT_MESSAGE_END", 3},
    {"TOOL_CALL_START", 4},
    {"TOOL_CALL_ARGS", 5},
    {"TOOL_CALL_END", 6},
    {"STATE_SNAPSHOT", 7},
    {"STATE_DELTA", 8},
    {"MESSAGES_SNAPSHOT", 9},
    {"RAW", 10},
    {"CUSTOM", 11},
    {"RUN_STARTED", 12},
    {"RUN_FINISHED", 13},
    {"RUN_ERROR", 14},
    {"STEP_STARTED", 15},
    {"STEP_FINISHED", 16},
    {"SUBAGENT_STARTED", 19},
    {"SUBAGENT_FINISHED", 20},
    {"SUBAGENT_ERROR", 21},
    {"TEXT_MESSAGE_CHUNK", 17},
    {"TOOL_CALL_CHUNK", 18},
    {"TOOL_CALL_RESULT", 22},
    {"ACTIVITY_SNAPSHOT", 23},
    {"ACTIVITY_DELTA", 24},
    {"REASONING_START", 25},
    {"REASONING_MESSAGE_START", 26},
    {"REASONING_MESSAGE_CONTENT", 27},
    {"REASONING_MESSAGE_END", 28},
    {"REASONING_MESSAGE_CHUNK", 29},
    {"REASONING_END", 30},
    {"REASONING_ENCRYPTED_VALUE", 31},
};

const char *const kPatchOps[] = {"add", "remove", "replace", "move", "copy", "test"};

int enumValueOf(const QString &type)
{
    for (int i = 0; i < int(std::size(kEventKinds)); ++i) {
        if (type == QLatin1String(kEventKinds[i].type))
            return i;
    }
    return -1;
}

int enumValueForOneof(quint32 field)
{
    for (int i = 0; i < int(std::size(kEventKinds)); ++i) {
        if (quint32(kEventKinds[i].oneofField) == field)
            return i;
    }
    return -1;
}

// "TOOL_CALL_RESULT" -> "ToolCallResultEvent" (the message carrying that event).
QByteArray messageNameFor(const QString &type)
{
    QByteArray out;
    bool upper = true;
    for (const QChar c : type) {
        if (c == QLatin1Char('_')) {
            upper = true;
            continue;
        }
        out.append(upper ? c.toUpper().toLatin1() : c.toLower().toLatin1());
        upper = false;
    }
    return out + "Event";
}

QString key(const char *k)
{
    return QString::fromLatin1(k);
}

// JavaScript truthiness for the values the reference code tests with `x ? ... : ...`.
bool truthy(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Bool:
        return v.toBool();
    case QJsonValue::Double:
        return v.toDouble() != 0;
    case QJsonValue::String:
        return !v.toString().isEmpty();
    case QJsonValue::Array:
    case QJsonValue::Object:
        return true;
    default:
        return false;
    }
}

void putIfDefined(QJsonObject &o, const QString &k, const QJsonValue &v)
{
    if (!v.isUndefined())
        o.insert(k, v);
}

// ---- JSON -> wire shape (mirrors @ag-ui/proto encode) ---------------------------------------

QJsonObject withObjectMetadata(QJsonObject o)
{
    // Struct-typed metadata must be an object; anything else is dropped (normalizeMetadata).
    if (!o.value(key("metadata")).isObject())
        o.remove(key("metadata"));
    return o;
}

QJsonValue toProtoSource(const QJsonValue &source)
{
    const QJsonObject s = source.toObject();
    const QString type = s.value(key("type")).toString();
    QJsonObject arm;
    if (type == QLatin1String("data") || type == QLatin1String("url")) {
        putIfDefined(arm, key("value"), s.value(key("value")));
        putIfDefined(arm, key("mimeType"), s.value(key("mimeType")));
    } else if (type == QLatin1String("file")) {
        putIfDefined(arm, key("value"), s.value(key("value")));
        putIfDefined(arm, key("provider"), s.value(key("provider")));
        putIfDefined(arm, key("mimeType"), s.value(key("mimeType")));
    } else {
        return QJsonValue(QJsonValue::Undefined);
    }
    return QJsonObject {{type, arm}};
}

QJsonValue toProtoContentPart(const QJsonValue &partValue)
{
    if (!partValue.isObject())
        return QJsonValue(QJsonValue::Undefined);
    const QJsonObject part = partValue.toObject();
    const QString type = part.value(key("type")).toString();
    if (type == QLatin1String("text")) {
        QJsonObject text;
        putIfDefined(text, key("id"), part.value(key("id")));
        putIfDefined(text, key("text"), part.value(key("text")));
        putIfDefined(text, key("metadata"), part.value(key("metadata")));
        return QJsonObject {{key("text"), text}};
    }
    if (type == QLatin1String("image") || type == QLatin1String("audio")
        || type == QLatin1String("video") || type == QLatin1String("document")) {
        QJsonObject media;
        putIfDefined(media, key("id"), part.value(key("id")));
        putIfDefined(media, key("source"), toProtoSource(part.value(key("source"))));
        putIfDefined(media, key("metadata"), part.value(key("metadata")));
        return QJsonObject {{type, media}};
    }
    if (type == QLatin1String("binary")) {
        // The retired "binary" part travels as a document with marker metadata.
        const QJsonValue mime = part.value(key("mimeType"));
        QJsonObject arm;
        QString armName;
        if (truthy(part.value(key("data")))) {
            armName = key("data");
            arm.insert(key("value"), part.value(key("data")));
        } else if (truthy(part.value(key("url")))) {
            armName = key("url");
            arm.insert(key("value"), part.value(key("url")));
        } else if (truthy(part.value(key("id")))) {
            armName = key("url");
            arm.insert(key("value"), part.value(key("id")));
        } else {
            return QJsonValue(QJsonValue::Undefined);
        }
        putIfDefined(arm, key("mimeType"), mime);
        QJsonObject metadata {{key("legacyBinary"), true}};
        putIfDefined(metadata, key("filename"), part.value(key("filename")));
        putIfDefined(metadata, key("id"), part.value(key("id")));
        return QJsonObject {{key("document"),
                             QJsonObject {{key("source"), QJsonObject {{armName, arm}}},
                                          {key("metadata"), metadata}}}};
    }
    return QJsonValue(QJsonValue::Undefined);
}

QJsonArray toProtoContentParts(const QJsonArray &parts, const QString &path, QStringList *warnings)
{
    QJsonArray out;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const QJsonValue mapped = toProtoContentPart(parts.at(i));
        if (mapped.isUndefined()) {
            warnings->append(
                QStringLiteral("%1/%2: no wire form for this content part, not encoded")
                    .arg(path)
                    .arg(i));
            continue;
        }
        out.append(mapped);
    }
    return out;
}

QJsonObject toWireMessage(const QJsonObject &message, const QString &path, QStringList *warnings)
{
    QJsonObject wire = withObjectMetadata(message);
    QJsonArray toolCalls;
    for (const QJsonValue &tc : message.value(key("toolCalls")).toArray())
        toolCalls.append(tc.isObject() ? QJsonValue(withObjectMetadata(tc.toObject())) : tc);
    wire.insert(key("toolCalls"), toolCalls);
    const QJsonValue content = message.value(key("content"));
    if (content.isArray()) {
        wire.insert(
            key("contentParts"),
            toProtoContentParts(content.toArray(), path + QStringLiteral("/content"), warnings));
        wire.remove(key("content"));
    } else if (message.value(key("role")).toString() == QLatin1String("activity")) {
        wire.insert(key("activityContent"),
                    content.isObject() ? content.toObject() : QJsonObject());
        wire.remove(key("content"));
    }
    return wire;
}

QJsonArray toWireMessages(const QJsonValue &messages, const QString &path, QStringList *warnings)
{
    QJsonArray out;
    const QJsonArray in = messages.toArray();
    for (qsizetype i = 0; i < in.size(); ++i) {
        out.append(in.at(i).isObject() ? QJsonValue(toWireMessage(
                       in.at(i).toObject(), path + QLatin1Char('/') + QString::number(i), warnings))
                                       : in.at(i));
    }
    return out;
}

QJsonArray withObjectMetadataEach(const QJsonValue &items)
{
    QJsonArray out;
    for (const QJsonValue &v : items.toArray())
        out.append(v.isObject() ? QJsonValue(withObjectMetadata(v.toObject())) : v);
    return out;
}

QJsonArray toWirePatch(const QJsonValue &ops, const QString &path, QStringList *warnings)
{
    QJsonArray out;
    const QJsonArray in = ops.toArray();
    for (qsizetype i = 0; i < in.size(); ++i) {
        QJsonObject op = in.at(i).toObject();
        const QString name = op.value(key("op")).toString();
        int value = -1;
        for (int k = 0; k < int(std::size(kPatchOps)); ++k) {
            if (name.compare(QLatin1String(kPatchOps[k]), Qt::CaseInsensitive) == 0)
                value = k;
        }
        if (value < 0) {
            warnings->append(QStringLiteral("%1/%2/op: \"%3\" is not a JSON Patch operation, not "
                                            "encoded")
                                 .arg(path)
                                 .arg(i)
                                 .arg(name));
            op.remove(key("op"));
        } else {
            op.insert(key("op"), value);
        }
        out.append(op);
    }
    return out;
}

// ---- wire shape -> JSON (mirrors @ag-ui/proto decode) ---------------------------------------

bool fromProtoSource(const QJsonObject &source, QJsonValue *out, QString *error)
{
    const char *arms[] = {"data", "url", "file"};
    int count = 0;
    for (const char *a : arms)
        count += source.contains(key(a)) ? 1 : 0;
    if (count > 1) {
        *error = QStringLiteral("Invalid event: source carries more than one arm");
        return false;
    }
    for (const char *a : arms) {
        if (!source.contains(key(a)))
            continue;
        QJsonObject s = source.value(key(a)).toObject();
        s.insert(key("type"), key(a));
        *out = s;
        return true;
    }
    *out = QJsonValue(QJsonValue::Undefined);
    return true;
}

bool fromProtoContentPart(const QJsonObject &part, QJsonValue *out, QString *error)
{
    const char *arms[] = {"text", "image", "audio", "video", "document"};
    int count = 0;
    for (const char *a : arms)
        count += part.contains(key(a)) ? 1 : 0;
    if (count > 1) {
        *error = QStringLiteral("Invalid event: content part carries more than one arm");
        return false;
    }
    *out = QJsonValue(QJsonValue::Undefined);
    for (const char *a : arms) {
        if (!part.contains(key(a)))
            continue;
        QJsonObject p = part.value(key(a)).toObject();
        if (p.contains(key("source"))) {
            QJsonValue source;
            if (!fromProtoSource(p.value(key("source")).toObject(), &source, error))
                return false;
            if (source.isUndefined())
                return true; // a source of a kind this build does not know: part dropped
            p.insert(key("source"), source);
        }
        p.insert(key("type"), key(a));
        *out = p;
        return true;
    }
    return true;
}

bool fromProtoContentParts(const QJsonArray &parts, QJsonArray *out, QString *error,
                           QStringList *warnings)
{
    for (const QJsonValue &p : parts) {
        QJsonValue mapped;
        if (!fromProtoContentPart(p.toObject(), &mapped, error))
            return false;
        if (mapped.isUndefined()) {
            warnings->append(QStringLiteral("Dropped a content part this build does not know"));
            continue;
        }
        out->append(mapped);
    }
    return true;
}

bool fromWireMessage(const QJsonObject &wire, QJsonObject *out, QString *error,
                     QStringList *warnings)
{
    QJsonObject message = wire;
    const QString role = wire.value(key("role")).toString();
    const bool known = isMessageRole(role);
    const bool hasContent = wire.contains(key("content"));
    const QJsonArray parts = wire.value(key("contentParts")).toArray();
    const bool hasActivity = wire.contains(key("activityContent"));
    const bool usesParts = known ? (role == QLatin1String("user") || role == QLatin1String("tool"))
                                 : !parts.isEmpty();
    const bool usesMap = known ? role == QLatin1String("activity") : (!usesParts && hasActivity);
    if (!known && (hasContent ? 1 : 0) + (parts.isEmpty() ? 0 : 1) + (hasActivity ? 1 : 0) > 1) {
        *error = QStringLiteral("Invalid event: message carries more than one content form");
        return false;
    }
    if (known) {
        if (!usesParts && !parts.isEmpty()) {
            *error = QStringLiteral(
                "Invalid event: message carries content parts for a role that has none");
            return false;
        }
        if (hasActivity && !usesMap) {
            *error = QStringLiteral(
                "Invalid event: message carries activity content for a non-activity role");
            return false;
        }
        if (usesMap && hasContent) {
            *error = QStringLiteral(
                "Invalid event: activity content cannot ride with other content forms");
            return false;
        }
        if (usesParts && hasContent && !parts.isEmpty()) {
            *error = QStringLiteral(
                "Invalid event: message carries both string content and content parts");
            return false;
        }
    }
    if (usesParts && !hasContent) {
        QJsonArray content;
        if (!fromProtoContentParts(parts, &content, error, warnings))
            return false;
        message.insert(key("content"), content);
    }
    if (usesMap && hasActivity)
        message.insert(key("content"), wire.value(key("activityContent")));
    message.remove(key("activityContent"));
    message.remove(key("contentParts"));
    if (wire.value(key("toolCalls")).toArray().isEmpty())
        message.remove(key("toolCalls"));
    *out = message;
    return true;
}

bool fromWireMessages(const QJsonValue &wire, QJsonArray *out, QString *error,
                      QStringList *warnings)
{
    for (const QJsonValue &m : wire.toArray()) {
        QJsonObject message;
        if (!fromWireMessage(m.toObject(), &message, error, warnings))
            return false;
        out->append(message);
    }
    return true;
}

// The wire carries an outcome as its type plus the one list that type has (pendingToolCallIds for
// success, interrupts for interrupt, interruptIds for suspended), as @ag-ui/proto 1.0.0 encodes
// it; a list under another type is not encoded, and the caller is told so rather than losing it
// silently.
void warnListNotCarried(const QJsonObject &outcome, const char *list, const char *carrier,
                        QStringList *warnings)
{
    const QString type = outcome.value(key("type")).toString();
    if (type == QLatin1String(carrier) || outcome.value(key(list)).toArray().isEmpty())
        return;
    warnings->append(QStringLiteral("/outcome/%1 not encoded: the protobuf binding carries it only "
                                    "with outcome type \"%2\", not \"%3\"")
                         .arg(QLatin1String(list), QLatin1String(carrier), type));
}

QJsonObject outcomeWithLists(const QString &type, const QJsonArray &pending,
                             const QJsonArray &interrupts, bool interruptsAlways)
{
    QJsonObject o {{key("type"), type}};
    if (!pending.isEmpty())
        o.insert(key("pendingToolCallIds"), pending);
    if (interruptsAlways || !interrupts.isEmpty())
        o.insert(key("interrupts"), interrupts);
    return o;
}

void patchOpsFromWire(QJsonObject &decoded, const QString &field)
{
    QJsonArray ops;
    for (const QJsonValue &v : decoded.value(field).toArray()) {
        QJsonObject op = v.toObject();
        const int value = op.value(key("op")).toInt();
        // An op this build cannot name rides on as its decimal spelling, for enforcement to
        // reject and name (the reference decoder's choice).
        op.insert(key("op"),
                  value >= 0 && value < int(std::size(kPatchOps))
                      ? QJsonValue(key(kPatchOps[value]))
                      : QJsonValue(QString::number(value)));
        ops.append(op);
    }
    decoded.insert(field, ops);
}

// Protobuf well-formedness of an unknown arm's payload (one level; its insides are unknowable).
bool walksAsMessage(QByteArrayView bytes)
{
    QList<Field> fields;
    QString ignored;
    return proto::readFields(bytes, &fields, &ignored);
}

} // namespace

QString protoDecodeFailureMessage(const QString &error)
{
    return QStringLiteral("Failed to decode protocol buffer message: %1").arg(error);
}

ProtoEncodeResult encodeProtoEvent(const QJsonObject &event)
{
    ProtoEncodeResult result;
    const QString type = event.value(key("type")).toString();
    const int enumValue = enumValueOf(type);
    if (enumValue < 0) {
        result.error = type.isEmpty()
            ? QStringLiteral("the event has no \"type\"")
            : QStringLiteral("\"%1\" is not an AG-UI event type the protobuf "
                             "binding knows")
                  .arg(type);
        return result;
    }
    QJsonObject rest = event;
    for (const char *k : {"type", "timestamp", "rawEvent", "metadata"})
        rest.remove(key(k));
    QStringList *warnings = &result.warnings;

    if (type == QLatin1String("MESSAGES_SNAPSHOT") && rest.value(key("messages")).isArray())
        rest.insert(
            key("messages"),
            toWireMessages(rest.value(key("messages")), QStringLiteral("/messages"), warnings));
    if (type == QLatin1String("RUN_FINISHED")) {
        const QJsonValue outcome = rest.value(key("outcome"));
        const QJsonObject o = outcome.toObject();
        const QString kind = o.value(key("type")).toString();
        QJsonArray pending;
        QJsonArray interrupts;
        QString flat;
        if (outcome.isUndefined() || outcome.isNull()) {
            flat.clear();
        } else if (kind == QLatin1String("success")) {
            flat = kind;
            pending = o.value(key("pendingToolCallIds")).toArray();
        } else if (kind == QLatin1String("interrupt")) {
            flat = kind;
            interrupts = o.value(key("interrupts")).toArray();
        } else {
            flat = kind; // "cancelled", or a kind this build does not know (carried as is)
        }
        warnListNotCarried(o, "pendingToolCallIds", "success", warnings);
        warnListNotCarried(o, "interrupts", "interrupt", warnings);
        rest.insert(key("outcome"), flat);
        rest.insert(key("pendingToolCallIds"), pending);
        rest.insert(key("interrupts"), interrupts);
    }
    if (type == QLatin1String("SUBAGENT_FINISHED")) {
        const QJsonValue outcome = rest.value(key("outcome"));
        const QJsonObject o = outcome.toObject();
        const QString kind = o.value(key("type")).toString();
        QJsonArray interruptIds;
        if (kind == QLatin1String("suspended"))
            interruptIds = o.value(key("interruptIds")).toArray();
        warnListNotCarried(o, "interruptIds", "suspended", warnings);
        rest.insert(key("outcome"), (outcome.isUndefined() || outcome.isNull()) ? QString() : kind);
        rest.insert(key("interruptIds"), interruptIds);
    }
    if (type == QLatin1String("STATE_DELTA") && rest.value(key("delta")).isArray())
        rest.insert(key("delta"),
                    toWirePatch(rest.value(key("delta")), QStringLiteral("/delta"), warnings));
    if (type == QLatin1String("ACTIVITY_DELTA") && rest.value(key("patch")).isArray())
        rest.insert(key("patch"),
                    toWirePatch(rest.value(key("patch")), QStringLiteral("/patch"), warnings));
    if (type == QLatin1String("TOOL_CALL_RESULT") && rest.value(key("content")).isArray()) {
        rest.insert(key("contentParts"),
                    toProtoContentParts(rest.value(key("content")).toArray(),
                                        QStringLiteral("/content"), warnings));
        rest.remove(key("content"));
    }
    if (type == QLatin1String("RUN_STARTED") && rest.value(key("input")).isObject()) {
        const QJsonObject input = rest.value(key("input")).toObject();
        QJsonObject wire;
        for (const char *k : {"threadId", "runId", "protocolVersion", "parentRunId", "state",
                              "context", "forwardedProps"})
            putIfDefined(wire, key(k), input.value(key(k)));
        wire.insert(key("messages"),
                    toWireMessages(input.value(key("messages")), QStringLiteral("/input/messages"),
                                   warnings));
        wire.insert(key("tools"), withObjectMetadataEach(input.value(key("tools"))));
        wire.insert(key("resume"), withObjectMetadataEach(input.value(key("resume"))));
        rest.insert(key("input"), wire);
    }

    QJsonObject base {{key("type"), enumValue}};
    putIfDefined(base, key("timestamp"), event.value(key("timestamp")));
    putIfDefined(base, key("rawEvent"), event.value(key("rawEvent")));
    if (event.value(key("metadata")).isObject())
        base.insert(key("metadata"), event.value(key("metadata")));
    rest.insert(key("baseEvent"), base);

    const QByteArray messageName = messageNameFor(type);
    const MessageSpec *spec = proto::findMessage(QLatin1StringView(messageName));
    const QByteArray inner = proto::encodeMessage(rest, *spec, QString(), warnings);
    proto::Writer envelope;
    envelope.bytesField(quint32(kEventKinds[enumValue].oneofField), inner);
    result.message = envelope.take();
    return result;
}

ProtoDecodeResult decodeProtoEvent(QByteArrayView message)
{
    ProtoDecodeResult result;
    result.status = ProtoDecodeResult::Status::Invalid;
    QList<Field> fields;
    if (!proto::readFields(message, &fields, &result.error))
        return result;

    // Exactly one kind of known arm (1..31) may appear; repeats of it merge.
    quint32 arm = 0;
    QByteArray payload;
    bool unknownArm = false;
    for (const Field &f : fields) {
        if (f.number >= 1 && f.number <= 31) {
            if (f.wireType != proto::Len) {
                result.error = QStringLiteral("Invalid event: event field %1 at byte %2 is not a "
                                              "message")
                                   .arg(f.number)
                                   .arg(f.offset);
                return result;
            }
            if (arm != 0 && arm != f.number) {
                result.error = QStringLiteral("Invalid event: the envelope carries two events "
                                              "(fields %1 and %2)")
                                   .arg(arm)
                                   .arg(f.number);
                return result;
            }
            arm = f.number;
            payload.append(f.bytes.data(), f.bytes.size());
        } else if (f.wireType == proto::Len && walksAsMessage(f.bytes)) {
            unknownArm = true;
        }
    }
    if (arm == 0) {
        if (unknownArm) {
            result.status = ProtoDecodeResult::Status::UnknownEventType;
            result.error = QStringLiteral("Unknown event type: the envelope carries only event "
                                          "kinds this build does not know");
        } else {
            result.error = QStringLiteral("Invalid event: the envelope carries no event");
        }
        return result;
    }

    const int enumValue = enumValueForOneof(arm);
    const QString type = key(kEventKinds[enumValue].type);
    const QByteArray messageName = messageNameFor(type);
    QJsonObject decoded;
    if (!proto::decodeMessage(payload, *proto::findMessage(QLatin1StringView(messageName)),
                              &decoded, &result.error))
        return result;
    if (!decoded.value(key("baseEvent")).isObject()) {
        result.error = QStringLiteral("Invalid event: %1 carries no baseEvent").arg(type);
        return result;
    }
    const QJsonObject base = decoded.take(key("baseEvent")).toObject();
    const int declared = base.value(key("type")).toInt();
    if (declared != enumValue) {
        const QString declaredName = declared >= 0 && declared < int(std::size(kEventKinds))
            ? key(kEventKinds[declared].type)
            : QStringLiteral("undefined");
        result.error = QStringLiteral("Invalid event: envelope carries %1 but the base event "
                                      "declares %2")
                           .arg(type, declaredName);
        return result;
    }
    decoded.insert(key("type"), type);
    for (const char *k : {"timestamp", "rawEvent", "metadata"})
        putIfDefined(decoded, key(k), base.value(key(k)));

    if (type == QLatin1String("MESSAGES_SNAPSHOT")) {
        QJsonArray messages;
        if (!fromWireMessages(decoded.value(key("messages")), &messages, &result.error,
                              &result.warnings))
            return result;
        decoded.insert(key("messages"), messages);
    }
    if (type == QLatin1String("RUN_FINISHED")) {
        const QString outcome = decoded.take(key("outcome")).toString();
        const QJsonArray pending = decoded.take(key("pendingToolCallIds")).toArray();
        const QJsonArray interrupts = decoded.take(key("interrupts")).toArray();
        if (outcome.isEmpty()) {
            if (!pending.isEmpty())
                decoded.insert(key("pendingToolCallIds"), pending);
            if (!interrupts.isEmpty())
                decoded.insert(key("interrupts"), interrupts);
        } else {
            decoded.insert(key("outcome"),
                           outcomeWithLists(outcome, pending, interrupts,
                                            outcome == QLatin1String("interrupt")));
        }
        if (decoded.value(key("usage")).toArray().isEmpty())
            decoded.remove(key("usage"));
    }
    if (type == QLatin1String("SUBAGENT_FINISHED")) {
        const QString outcome = decoded.take(key("outcome")).toString();
        const QJsonArray ids = decoded.take(key("interruptIds")).toArray();
        if (outcome.isEmpty()) {
            if (!ids.isEmpty())
                decoded.insert(key("interruptIds"), ids);
        } else {
            QJsonObject o {{key("type"), outcome}};
            if (!ids.isEmpty())
                o.insert(key("interruptIds"), ids);
            decoded.insert(key("outcome"), o);
        }
    }
    if (type == QLatin1String("STATE_DELTA"))
        patchOpsFromWire(decoded, key("delta"));
    if (type == QLatin1String("ACTIVITY_DELTA"))
        patchOpsFromWire(decoded, key("patch"));
    if (type == QLatin1String("RUN_ERROR") && decoded.value(key("usage")).toArray().isEmpty())
        decoded.remove(key("usage"));
    if (type == QLatin1String("TOOL_CALL_RESULT")) {
        const QJsonArray parts = decoded.take(key("contentParts")).toArray();
        if (decoded.contains(key("content")) && !parts.isEmpty()) {
            result.error = QStringLiteral(
                "Invalid event: content carries both string content and content parts");
            return result;
        }
        if (!decoded.contains(key("content"))) {
            QJsonArray content;
            if (!fromProtoContentParts(parts, &content, &result.error, &result.warnings))
                return result;
            decoded.insert(key("content"), content);
        }
    }
    if (type == QLatin1String("RUN_STARTED") && decoded.contains(key("input"))) {
        const QJsonObject wire = decoded.value(key("input")).toObject();
        QJsonObject input;
        for (const char *k :
             {"threadId", "runId", "protocolVersion", "parentRunId", "state", "forwardedProps"})
            putIfDefined(input, key(k), wire.value(key(k)));
        QJsonArray messages;
        if (!fromWireMessages(wire.value(key("messages")), &messages, &result.error,
                              &result.warnings))
            return result;
        input.insert(key("messages"), messages);
        input.insert(key("tools"), wire.value(key("tools")).toArray());
        input.insert(key("context"), wire.value(key("context")).toArray());
        input.insert(key("resume"), wire.value(key("resume")).toArray());
        decoded.insert(key("input"), input);
    }

    result.event = decoded;
    result.status = ProtoDecodeResult::Status::Ok;
    result.error.clear();
    return result;
}

} // namespace agui
