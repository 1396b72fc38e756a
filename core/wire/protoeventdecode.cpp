// Decoding: an ag_ui.Event protobuf message -> the AG-UI JSON event, reshaped back as
// @ag-ui/proto 1.0.0's decode() does; malformed messages are refused with the reason.

#include "core/wire/protoevent.h"

#include "core/wire/messageroles.h"
#include "core/wire/protoevent_p.h"
#include "core/wire/protoschema.h"
#include "core/wire/protowire.h"

#include <QJsonArray>

#include <iterator>

namespace agui {

namespace {

using proto::Field;
using protoevent::enumValueForOneof;
using protoevent::kEventKinds;
using protoevent::key;
using protoevent::kPatchOps;
using protoevent::messageNameFor;
using protoevent::putIfDefined;

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
    for (const auto &p : parts) {
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
    for (const auto &m : wire.toArray()) {
        QJsonObject message;
        if (!fromWireMessage(m.toObject(), &message, error, warnings))
            return false;
        out->append(message);
    }
    return true;
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
    for (const auto &v : decoded.value(field).toArray()) {
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
