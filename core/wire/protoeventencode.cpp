// Encoding: an AG-UI JSON event -> the ag_ui.Event protobuf message, reshaped as @ag-ui/proto
// 1.0.0's encode() does (outcomes flattened, content parts, patch op enums, RunAgentInput).

#include "core/wire/protoevent.h"

#include "core/wire/protoevent_p.h"
#include "core/wire/protoschema.h"
#include "core/wire/protowire.h"

#include <QJsonArray>

#include <iterator>

namespace agui {

namespace {

using proto::MessageSpec;
using protoevent::enumValueOf;
using protoevent::kEventKinds;
using protoevent::key;
using protoevent::kPatchOps;
using protoevent::messageNameFor;
using protoevent::putIfDefined;

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
    for (const auto &tc : message.value(key("toolCalls")).toArray())
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
    for (const auto &v : items.toArray())
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

} // namespace

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
} // namespace agui
