#include "core/session/applycontext.h"

#include "core/session/toolargs.h"

namespace agui {

Message messageFromJson(ApplyContext &ctx, const QJsonObject &obj)
{
    Message m;
    m.runIndex = ctx.snap.currentRunIndex();
    m.firstSeq = ctx.seq;
    m.lastSeq = ctx.seq;
    m.eventCount = 1;
    m.fromSnapshot = true;
    for (auto it = obj.constBegin(); it != obj.constEnd(); ++it) {
        const QString key = it.key();
        const QJsonValue &v = it.value();
        if (key == QLatin1String("content")) {
            if (v.isString()) {
                m.contentKind = ContentKind::Text;
                m.text = v.toString();
            } else {
                m.contentKind = ContentKind::Json;
                m.editRare().contentJson = v;
            }
            continue;
        }
        if (key == QLatin1String("toolCalls") && v.isArray()) {
            m.hasToolCalls = true;
            for (const auto &call : v.toArray())
                m.toolCalls.append(call.toObject().value(QLatin1String("id")).toString());
            continue;
        }
        if (key == QLatin1String("metadata") && v.isObject()) {
            m.editRare().metadata = v.toObject();
            continue;
        }
        if (key == QLatin1String("subagentRunId") && v.isNull())
            continue; // the client deletes "subagentRunId: null" (verify reports it)
        bool modelled = false;
        if (v.isString()) {
            // Each string member, in the record or among its rare members.
            struct StringKey
            {
                QLatin1StringView key;
                QString Message::*own;
                QString MessageRare::*rare;
            };
            static const StringKey kStringKeys[] = {
                {QLatin1String("id"), &Message::id, nullptr},
                {QLatin1String("role"), &Message::role, nullptr},
                {QLatin1String("toolCallId"), &Message::toolCallId, nullptr},
                {QLatin1String("name"), nullptr, &MessageRare::name},
                {QLatin1String("activityType"), nullptr, &MessageRare::activityType},
                {QLatin1String("encryptedValue"), nullptr, &MessageRare::encryptedValue},
                {QLatin1String("error"), nullptr, &MessageRare::error},
                {QLatin1String("subagentRunId"), nullptr, &MessageRare::subagentRunId},
            };
            for (const StringKey &k : kStringKeys) {
                if (key != k.key)
                    continue;
                // An empty string would read as "absent" (id and role excepted); keep it
                // verbatim in extra instead.
                const bool always = k.own == &Message::id || k.own == &Message::role;
                if (!v.toString().isEmpty() || always) {
                    (k.own ? m.*k.own : m.editRare().*k.rare) = v.toString();
                    modelled = true;
                }
                break;
            }
        }
        if (!modelled)
            m.editRare().extra.insert(key, v);
    }
    return m;
}

void registerSnapshotToolCalls(SessionSnapshot &snap, const QJsonObject &obj, int runIndex,
                               qint64 seq)
{
    const QString messageId = obj.value(QLatin1String("id")).toString();
    const QJsonValue calls = obj.value(QLatin1String("toolCalls"));
    if (calls.isArray()) {
        for (const auto &entry : calls.toArray()) {
            const QJsonObject c = entry.toObject();
            const QString id = c.value(QLatin1String("id")).toString();
            const QJsonObject function = c.value(QLatin1String("function")).toObject();
            qsizetype index = snap.toolCallIndex(id);
            if (index < 0) {
                ToolCall call;
                call.id = id;
                call.runIndex = runIndex;
                call.startSeq = seq;
                call.status = ToolCallStatus::ArgsComplete;
                index = snap.appendToolCall(call);
            }
            ToolCall &call = snap.toolCallRef(index);
            call.name = function.value(QLatin1String("name")).toString();
            call.args = function.value(QLatin1String("arguments")).toString();
            call.parentMessageId = messageId;
            call.rareMembers.set(&ToolCallRare::encryptedValue,
                                 c.value(QLatin1String("encryptedValue")).toString());
            const QJsonValue metadata = c.value(QLatin1String("metadata"));
            call.rareMembers.set(&ToolCallRare::metadata,
                                 metadata.isObject() ? std::optional(metadata.toObject())
                                                     : std::optional<QJsonObject>());
            QJsonObject extra = c;
            for (const char *k : {"id", "type", "function", "encryptedValue", "metadata"})
                extra.remove(QLatin1String(k));
            call.rareMembers.set(&ToolCallRare::extra, std::move(extra));
            if (call.status == ToolCallStatus::StreamingArgs)
                call.status = ToolCallStatus::ArgsComplete;
            parseToolArgs(call);
        }
    }
    // A tool message in a snapshot answers its call.
    if (obj.value(QLatin1String("role")).toString() == QLatin1String("tool")) {
        const qsizetype index
            = snap.toolCallIndex(obj.value(QLatin1String("toolCallId")).toString());
        if (index >= 0) {
            ToolCall &call = snap.toolCallRef(index);
            call.status = ToolCallStatus::Answered;
            call.resultMessageId = messageId;
            call.setResult(obj.value(QLatin1String("content")));
            if (call.resultSeq < 0)
                call.resultSeq = seq;
        }
    }
}

} // namespace agui
