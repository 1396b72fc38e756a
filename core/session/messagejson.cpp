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
                m.contentJson = v;
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
            m.metadata = v.toObject();
            continue;
        }
        if (key == QLatin1String("subagentRunId") && v.isNull())
            continue; // the client deletes "subagentRunId: null" (verify reports it)
        bool modelled = false;
        if (v.isString()) {
            static const QLatin1StringView kStringKeys[] = {
                QLatin1String("id"),           QLatin1String("role"),
                QLatin1String("name"),         QLatin1String("toolCallId"),
                QLatin1String("activityType"), QLatin1String("encryptedValue"),
                QLatin1String("error"),        QLatin1String("subagentRunId"),
            };
            QString *targets[] = {&m.id,           &m.role,           &m.name,  &m.toolCallId,
                                  &m.activityType, &m.encryptedValue, &m.error, &m.subagentRunId};
            for (size_t i = 0; i < std::size(kStringKeys); ++i) {
                // An empty string would read as "absent"; keep it verbatim in extra instead.
                if (key == kStringKeys[i] && (!v.toString().isEmpty() || i < 2)) {
                    *targets[i] = v.toString();
                    modelled = true;
                    break;
                }
            }
        }
        if (!modelled)
            m.extra.insert(key, v);
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
            call.encryptedValue = c.value(QLatin1String("encryptedValue")).toString();
            if (c.value(QLatin1String("metadata")).isObject())
                call.metadata = c.value(QLatin1String("metadata")).toObject();
            else
                call.metadata.reset();
            QJsonObject extra = c;
            for (const char *k : {"id", "type", "function", "encryptedValue", "metadata"})
                extra.remove(QLatin1String(k));
            call.extra = extra;
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
            call.result = obj.value(QLatin1String("content"));
            if (call.resultSeq < 0)
                call.resultSeq = seq;
        }
    }
}

} // namespace agui
