#include "core/wire/protoschema.h"

#include "core/wire/protowire.h"

#include <QJsonArray>

#include <cmath>

namespace agui::proto {

namespace {

// Field tables in wire-writing order (the order the reference encoder writes them).
//
// One extension of ours: AG-UI 1.1 added encryptedValueType beside every encryptedValue
// (docs.ag-ui.com/spec/1.1/events/reasoning#encryptedvaluetype), and @ag-ui/proto 1.0.0 has no
// field for it. It is written as field kEncryptedValueTypeField, a number the official schema
// does not use, last, so that a capture re-served or converted as protobuf keeps it: a decoder
// that does not know the field skips it (proto3 keeps or ignores unknown fields), and the bytes
// differ from the reference encoder's only when the event carries the member
// (tests/wire/test_proto_interop.cpp checks both).
constexpr quint32 kEncryptedValueTypeField = 100;
// clang-format off
const FieldSpec kBaseEvent[] = {
    {1, "type", Kind::Enum},
    {2, "timestamp", Kind::OptInt64},
    {3, "rawEvent", Kind::Value},
    {4, "metadata", Kind::Struct},
};
const FieldSpec kTextMessageStartEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "messageId", Kind::Str},
    {3, "role", Kind::OptStr},
    {4, "name", Kind::OptStr},
    {5, "subagentRunId", Kind::OptStr},
};
const FieldSpec kTextMessageContentEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "messageId", Kind::Str},
    {3, "delta", Kind::Str},
    {4, "subagentRunId", Kind::OptStr},
};
const FieldSpec kTextMessageEndEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "messageId", Kind::Str},
    {3, "subagentRunId", Kind::OptStr},
};
const FieldSpec kTextMessageChunkEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "messageId", Kind::OptStr},
    {3, "role", Kind::OptStr},
    {4, "delta", Kind::OptStr},
    {5, "name", Kind::OptStr},
    {6, "subagentRunId", Kind::OptStr},
};
const FieldSpec kToolCallStartEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "toolCallId", Kind::Str},
    {3, "toolCallName", Kind::Str},
    {4, "parentMessageId", Kind::OptStr},
    {5, "subagentRunId", Kind::OptStr},
};
const FieldSpec kToolCallArgsEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "toolCallId", Kind::Str},
    {3, "delta", Kind::Str},
    {4, "subagentRunId", Kind::OptStr},
};
const FieldSpec kToolCallEndEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "toolCallId", Kind::Str},
    {3, "subagentRunId", Kind::OptStr},
};
const FieldSpec kToolCallChunkEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "toolCallId", Kind::OptStr},
    {3, "toolCallName", Kind::OptStr},
    {4, "parentMessageId", Kind::OptStr},
    {5, "delta", Kind::OptStr},
    {6, "subagentRunId", Kind::OptStr},
};
const FieldSpec kToolCallResultEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "subagentRunId", Kind::OptStr},
    {3, "messageId", Kind::Str},
    {4, "toolCallId", Kind::Str},
    {5, "content", Kind::OptStr},
    {6, "role", Kind::OptStr},
    {7, "contentParts", Kind::RepMsg, "InputContent"},
};
const FieldSpec kStateSnapshotEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "snapshot", Kind::Value, nullptr, true},
    {3, "subagentRunId", Kind::OptStr},
};
const FieldSpec kStateDeltaEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "delta", Kind::RepMsg, "JsonPatchOperation"},
    {3, "subagentRunId", Kind::OptStr},
};
const FieldSpec kMessagesSnapshotEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "messages", Kind::RepMsg, "Message"},
};
const FieldSpec kActivitySnapshotEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "subagentRunId", Kind::OptStr},
    {3, "messageId", Kind::Str},
    {4, "activityType", Kind::Str},
    {5, "content", Kind::Struct},
    {6, "replace", Kind::OptBool},
};
const FieldSpec kActivityDeltaEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "subagentRunId", Kind::OptStr},
    {3, "messageId", Kind::Str},
    {4, "activityType", Kind::Str},
    {5, "patch", Kind::RepMsg, "JsonPatchOperation"},
};
const FieldSpec kRawEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "event", Kind::Value, nullptr, true},
    {3, "source", Kind::OptStr},
    {4, "subagentRunId", Kind::OptStr},
};
const FieldSpec kCustomEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "name", Kind::Str},
    {3, "value", Kind::Value, nullptr, true},
    {4, "subagentRunId", Kind::OptStr},
};
const FieldSpec kRunStartedEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "threadId", Kind::Str},
    {3, "runId", Kind::Str},
    {4, "parentRunId", Kind::OptStr},
    {5, "input", Kind::Msg, "RunAgentInput"},
    {6, "protocolVersion", Kind::OptStr},
};
const FieldSpec kRunFinishedEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "threadId", Kind::Str},
    {3, "runId", Kind::Str},
    {4, "result", Kind::Value},
    {5, "outcome", Kind::Str},
    {6, "interrupts", Kind::RepMsg, "Interrupt"},
    {7, "usage", Kind::RepMsg, "Usage"},
    {8, "pendingToolCallIds", Kind::RepStr},
};
const FieldSpec kRunErrorEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "code", Kind::OptStr},
    {3, "message", Kind::Str},
    {4, "usage", Kind::RepMsg, "Usage"},
};
const FieldSpec kStepStartedEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "stepName", Kind::Str},
    {3, "subagentRunId", Kind::OptStr},
};
const FieldSpec kStepFinishedEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "stepName", Kind::Str},
    {3, "subagentRunId", Kind::OptStr},
};
const FieldSpec kReasoningStartEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "subagentRunId", Kind::OptStr},
    {3, "messageId", Kind::Str},
};
const FieldSpec kReasoningMessageStartEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "subagentRunId", Kind::OptStr},
    {3, "messageId", Kind::Str},
    {4, "role", Kind::Str},
};
const FieldSpec kReasoningMessageContentEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "subagentRunId", Kind::OptStr},
    {3, "messageId", Kind::Str},
    {4, "delta", Kind::Str},
};
const FieldSpec kReasoningMessageEndEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "subagentRunId", Kind::OptStr},
    {3, "messageId", Kind::Str},
};
const FieldSpec kReasoningMessageChunkEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "subagentRunId", Kind::OptStr},
    {3, "messageId", Kind::OptStr},
    {4, "delta", Kind::OptStr},
};
const FieldSpec kReasoningEndEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "subagentRunId", Kind::OptStr},
    {3, "messageId", Kind::Str},
};
const FieldSpec kReasoningEncryptedValueEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "subagentRunId", Kind::OptStr},
    {3, "subtype", Kind::Str},
    {4, "entityId", Kind::Str},
    {5, "encryptedValue", Kind::Str},
    {kEncryptedValueTypeField, "encryptedValueType", Kind::OptStr},
};
const FieldSpec kSubagentStartedEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "subagentRunId", Kind::Str},
    {3, "name", Kind::Str},
    {4, "description", Kind::OptStr},
    {5, "parentSubagentRunId", Kind::OptStr},
    {6, "parentToolCallId", Kind::OptStr},
    {7, "parentMessageId", Kind::OptStr},
};
const FieldSpec kSubagentFinishedEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "subagentRunId", Kind::Str},
    {3, "result", Kind::Value},
    {4, "outcome", Kind::Str},
    {5, "interruptIds", Kind::RepStr},
};
const FieldSpec kSubagentErrorEvent[] = {
    {1, "baseEvent", Kind::Msg, "BaseEvent"},
    {2, "subagentRunId", Kind::Str},
    {3, "message", Kind::Str},
    {4, "code", Kind::OptStr},
};
const FieldSpec kUsage[] = {
    {1, "provider", Kind::OptStr},
    {2, "model", Kind::OptStr},
    {3, "inputTokens", Kind::OptInt64},
    {4, "outputTokens", Kind::OptInt64},
    {5, "totalTokens", Kind::OptInt64},
    {6, "reasoningTokens", Kind::OptInt64},
    {7, "cachedInputTokens", Kind::OptInt64},
    {8, "cacheWriteInputTokens", Kind::OptInt64},
};
const FieldSpec kTextInputPart[] = {
    {1, "text", Kind::Str},
    {2, "id", Kind::OptStr},
    {3, "metadata", Kind::Value},
};
const FieldSpec kImageInputPart[] = {
    {1, "source", Kind::Msg, "InputContentSource"},
    {2, "metadata", Kind::Value},
    {3, "id", Kind::OptStr},
};
const FieldSpec kInputContentDataSource[] = {
    {1, "value", Kind::Str},
    {2, "mimeType", Kind::Str},
};
const FieldSpec kInputContentUrlSource[] = {
    {1, "value", Kind::Str},
    {2, "mimeType", Kind::OptStr},
};
const FieldSpec kInputContentFileSource[] = {
    {1, "value", Kind::Str},
    {2, "provider", Kind::OptStr},
    {3, "mimeType", Kind::OptStr},
};
const FieldSpec kInputContentSource[] = {
    {1, "data", Kind::Msg, "InputContentDataSource"},
    {2, "url", Kind::Msg, "InputContentUrlSource"},
    {3, "file", Kind::Msg, "InputContentFileSource"},
};
const FieldSpec kAudioInputPart[] = {
    {1, "source", Kind::Msg, "InputContentSource"},
    {2, "metadata", Kind::Value},
    {3, "id", Kind::OptStr},
};
const FieldSpec kVideoInputPart[] = {
    {1, "source", Kind::Msg, "InputContentSource"},
    {2, "metadata", Kind::Value},
    {3, "id", Kind::OptStr},
};
const FieldSpec kDocumentInputPart[] = {
    {1, "source", Kind::Msg, "InputContentSource"},
    {2, "metadata", Kind::Value},
    {3, "id", Kind::OptStr},
};
const FieldSpec kInputContent[] = {
    {1, "text", Kind::Msg, "TextInputPart"},
    {2, "image", Kind::Msg, "ImageInputPart"},
    {3, "audio", Kind::Msg, "AudioInputPart"},
    {4, "video", Kind::Msg, "VideoInputPart"},
    {5, "document", Kind::Msg, "DocumentInputPart"},
};
const FieldSpec kToolCall[] = {
    {1, "id", Kind::Str},
    {2, "type", Kind::Str},
    {3, "function", Kind::Msg, "ToolCall_Function"},
    {4, "metadata", Kind::Struct},
    {5, "encryptedValue", Kind::OptStr},
    {kEncryptedValueTypeField, "encryptedValueType", Kind::OptStr},
};
const FieldSpec kToolCall_Function[] = {
    {1, "name", Kind::Str},
    {2, "arguments", Kind::Str},
};
const FieldSpec kMessage[] = {
    {1, "id", Kind::Str},
    {2, "role", Kind::Str},
    {3, "content", Kind::OptStr},
    {4, "name", Kind::OptStr},
    {5, "toolCalls", Kind::RepMsg, "ToolCall"},
    {6, "toolCallId", Kind::OptStr},
    {7, "error", Kind::OptStr},
    {8, "contentParts", Kind::RepMsg, "InputContent"},
    {9, "metadata", Kind::Struct},
    {10, "subagentRunId", Kind::OptStr},
    {11, "encryptedValue", Kind::OptStr},
    {12, "activityType", Kind::OptStr},
    {13, "activityContent", Kind::Struct},
    {kEncryptedValueTypeField, "encryptedValueType", Kind::OptStr},
};
const FieldSpec kTool[] = {
    {1, "name", Kind::Str},
    {2, "description", Kind::Str},
    {3, "parameters", Kind::Value},
    {4, "metadata", Kind::Struct},
};
const FieldSpec kContext[] = {
    {1, "description", Kind::Str},
    {2, "value", Kind::Str},
};
const FieldSpec kResumeEntry[] = {
    {1, "interruptId", Kind::Str},
    {2, "status", Kind::Str},
    {3, "payload", Kind::Value},
    {4, "metadata", Kind::Struct},
};
const FieldSpec kRunAgentInput[] = {
    {1, "threadId", Kind::Str},
    {2, "runId", Kind::Str},
    {3, "parentRunId", Kind::OptStr},
    {4, "state", Kind::Value},
    {5, "messages", Kind::RepMsg, "Message"},
    {6, "tools", Kind::RepMsg, "Tool"},
    {7, "context", Kind::RepMsg, "Context"},
    {8, "forwardedProps", Kind::Value},
    {9, "resume", Kind::RepMsg, "ResumeEntry"},
    {10, "protocolVersion", Kind::OptStr},
};
const FieldSpec kInterrupt[] = {
    {1, "id", Kind::Str},
    {2, "reason", Kind::Str},
    {3, "message", Kind::OptStr},
    {4, "toolCallId", Kind::OptStr},
    {5, "responseSchema", Kind::Value},
    {6, "expiresAt", Kind::OptStr},
    {7, "metadata", Kind::Value},
    {8, "subagentRunId", Kind::OptStr},
};
const FieldSpec kJsonPatchOperation[] = {
    {1, "op", Kind::Enum},
    {2, "path", Kind::Str},
    {3, "from", Kind::OptStr},
    {4, "value", Kind::Value, nullptr, true},
};
const MessageSpec kMessages[] = {
    {"BaseEvent", kBaseEvent},
    {"TextMessageStartEvent", kTextMessageStartEvent},
    {"TextMessageContentEvent", kTextMessageContentEvent},
    {"TextMessageEndEvent", kTextMessageEndEvent},
    {"TextMessageChunkEvent", kTextMessageChunkEvent},
    {"ToolCallStartEvent", kToolCallStartEvent},
    {"ToolCallArgsEvent", kToolCallArgsEvent},
    {"ToolCallEndEvent", kToolCallEndEvent},
    {"ToolCallChunkEvent", kToolCallChunkEvent},
    {"ToolCallResultEvent", kToolCallResultEvent},
    {"StateSnapshotEvent", kStateSnapshotEvent},
    {"StateDeltaEvent", kStateDeltaEvent},
    {"MessagesSnapshotEvent", kMessagesSnapshotEvent},
    {"ActivitySnapshotEvent", kActivitySnapshotEvent},
    {"ActivityDeltaEvent", kActivityDeltaEvent},
    {"RawEvent", kRawEvent},
    {"CustomEvent", kCustomEvent},
    {"RunStartedEvent", kRunStartedEvent},
    {"RunFinishedEvent", kRunFinishedEvent},
    {"RunErrorEvent", kRunErrorEvent},
    {"StepStartedEvent", kStepStartedEvent},
    {"StepFinishedEvent", kStepFinishedEvent},
    {"ReasoningStartEvent", kReasoningStartEvent},
    {"ReasoningMessageStartEvent", kReasoningMessageStartEvent},
    {"ReasoningMessageContentEvent", kReasoningMessageContentEvent},
    {"ReasoningMessageEndEvent", kReasoningMessageEndEvent},
    {"ReasoningMessageChunkEvent", kReasoningMessageChunkEvent},
    {"ReasoningEndEvent", kReasoningEndEvent},
    {"ReasoningEncryptedValueEvent", kReasoningEncryptedValueEvent},
    {"SubagentStartedEvent", kSubagentStartedEvent},
    {"SubagentFinishedEvent", kSubagentFinishedEvent},
    {"SubagentErrorEvent", kSubagentErrorEvent},
    {"Usage", kUsage},
    {"TextInputPart", kTextInputPart},
    {"ImageInputPart", kImageInputPart},
    {"InputContentDataSource", kInputContentDataSource},
    {"InputContentUrlSource", kInputContentUrlSource},
    {"InputContentFileSource", kInputContentFileSource},
    {"InputContentSource", kInputContentSource},
    {"AudioInputPart", kAudioInputPart},
    {"VideoInputPart", kVideoInputPart},
    {"DocumentInputPart", kDocumentInputPart},
    {"InputContent", kInputContent},
    {"ToolCall", kToolCall},
    {"ToolCall_Function", kToolCall_Function},
    {"Message", kMessage},
    {"Tool", kTool},
    {"Context", kContext},
    {"ResumeEntry", kResumeEntry},
    {"RunAgentInput", kRunAgentInput},
    {"Interrupt", kInterrupt},
    {"JsonPatchOperation", kJsonPatchOperation},
};
// clang-format on

constexpr int kMaxDepth = 100;

bool isIntegral(double d)
{
    return std::isfinite(d) && std::floor(d) == d && std::fabs(d) < 9.3e18;
}

} // namespace

const MessageSpec *findMessage(QLatin1StringView name)
{
    for (const MessageSpec &m : kMessages) {
        if (name == QLatin1StringView(m.name))
            return &m;
    }
    return nullptr;
}

QByteArray encodeMessage(const QJsonObject &object, const MessageSpec &spec, const QString &path,
                         QStringList *warnings)
{
    Writer w;
    for (const FieldSpec &f : spec.fields) {
        const QString key = QString::fromLatin1(f.json);
        const auto it = object.constFind(key);
        if (it == object.constEnd())
            continue;
        const QJsonValue v = it.value();
        const QString where = path + QLatin1Char('/') + key;
        auto wrongType = [&](const char *expected) {
            warnings->append(
                QStringLiteral("%1: expected %2, not encoded").arg(where, QLatin1String(expected)));
        };
        if (v.isNull() && !(f.kind == Kind::Value && f.nullIsValue))
            continue; // an optional null is omitted before encoding, as the reference does
        switch (f.kind) {
        case Kind::Str:
            if (!v.isString())
                wrongType("a string");
            else if (!v.toString().isEmpty())
                w.stringField(f.number, v.toString());
            break;
        case Kind::OptStr:
            if (v.isString())
                w.stringField(f.number, v.toString());
            else
                wrongType("a string");
            break;
        case Kind::OptBool:
            if (v.isBool())
                w.boolField(f.number, v.toBool());
            else
                wrongType("a boolean");
            break;
        case Kind::OptInt64:
            if (v.isDouble() && isIntegral(v.toDouble()))
                w.int64Field(f.number, qint64(v.toDouble()));
            else
                wrongType("an integer");
            break;
        case Kind::Enum:
            if (v.isDouble() && isIntegral(v.toDouble())) {
                if (v.toInt() != 0)
                    w.int32Field(f.number, v.toInt());
            } else {
                wrongType("an enum value");
            }
            break;
        case Kind::Value:
            w.bytesField(f.number, encodeValue(v));
            break;
        case Kind::Struct:
            if (v.isObject())
                w.bytesField(f.number, encodeStruct(v.toObject()));
            else
                wrongType("an object");
            break;
        case Kind::Msg: {
            const MessageSpec *sub = findMessage(QLatin1StringView(f.message));
            if (!v.isObject() || !sub)
                wrongType("an object");
            else
                w.bytesField(f.number, encodeMessage(v.toObject(), *sub, where, warnings));
            break;
        }
        case Kind::RepMsg: {
            const MessageSpec *sub = findMessage(QLatin1StringView(f.message));
            if (!v.isArray() || !sub) {
                wrongType("an array");
                break;
            }
            const QJsonArray items = v.toArray();
            for (qsizetype i = 0; i < items.size(); ++i) {
                const QString itemPath = where + QLatin1Char('/') + QString::number(i);
                if (!items.at(i).isObject()) {
                    warnings->append(
                        QStringLiteral("%1: expected an object, not encoded").arg(itemPath));
                    continue;
                }
                w.bytesField(f.number,
                             encodeMessage(items.at(i).toObject(), *sub, itemPath, warnings));
            }
            break;
        }
        case Kind::RepStr: {
            if (!v.isArray()) {
                wrongType("an array of strings");
                break;
            }
            const QJsonArray items = v.toArray();
            for (qsizetype i = 0; i < items.size(); ++i) {
                if (items.at(i).isString())
                    w.stringField(f.number, items.at(i).toString());
                else
                    warnings->append(
                        QStringLiteral("%1/%2: expected a string, not encoded").arg(where).arg(i));
            }
            break;
        }
        }
    }
    return w.take();
}

bool decodeMessage(QByteArrayView bytes, const MessageSpec &spec, QJsonObject *out, QString *error,
                   int depth)
{
    if (depth > kMaxDepth) {
        *error = QStringLiteral("messages nested deeper than %1 levels").arg(kMaxDepth);
        return false;
    }
    QList<Field> fields;
    if (!readFields(bytes, &fields, error))
        return false;
    for (const FieldSpec &f : spec.fields) {
        const QString key = QString::fromLatin1(f.json);
        const WireType expected
            = (f.kind == Kind::OptBool || f.kind == Kind::OptInt64 || f.kind == Kind::Enum) ? Varint
                                                                                            : Len;
        // All occurrences of this field with the right wire type, in order (others are skipped
        // as unknown, like ts-proto does).
        QList<const Field *> hits;
        for (const Field &w : fields) {
            if (w.number == f.number && w.wireType == expected)
                hits.append(&w);
        }
        auto merged = [&hits]() {
            QByteArray all;
            for (const Field *h : hits)
                all.append(h->bytes.data(), h->bytes.size());
            return all;
        };
        switch (f.kind) {
        case Kind::Str:
            out->insert(key, hits.isEmpty() ? QString() : QString::fromUtf8(hits.last()->bytes));
            break;
        case Kind::OptStr:
            if (!hits.isEmpty())
                out->insert(key, QString::fromUtf8(hits.last()->bytes));
            break;
        case Kind::OptBool:
            if (!hits.isEmpty())
                out->insert(key, hits.last()->scalar != 0);
            break;
        case Kind::OptInt64:
            if (!hits.isEmpty()) {
                const auto value = qint64(hits.last()->scalar);
                // JavaScript numbers hold integers exactly only up to 2^53 - 1; ts-proto
                // refuses larger ones.
                if (value > 9007199254740991LL || value < -9007199254740991LL) {
                    *error = QStringLiteral("%1 = %2 is outside the range a JSON number holds "
                                            "exactly (at byte %3)")
                                 .arg(key)
                                 .arg(value)
                                 .arg(hits.last()->offset);
                    return false;
                }
                out->insert(key, value);
            }
            break;
        case Kind::Enum:
            out->insert(key, hits.isEmpty() ? 0 : int(qint32(quint32(hits.last()->scalar))));
            break;
        case Kind::Value:
            if (!hits.isEmpty()) {
                QJsonValue v;
                bool defined = false;
                if (!decodeValue(merged(), &v, &defined, error))
                    return false;
                if (defined)
                    out->insert(key, v);
            }
            break;
        case Kind::Struct:
            if (!hits.isEmpty()) {
                QJsonObject o;
                if (!decodeStruct(merged(), &o, error))
                    return false;
                out->insert(key, o);
            }
            break;
        case Kind::Msg:
            if (!hits.isEmpty()) {
                QJsonObject o;
                if (!findMessage(QLatin1StringView(f.message))) {
                    *error
                        = QStringLiteral("no table for message %1").arg(QLatin1String(f.message));
                    return false;
                }
                if (!decodeMessage(merged(), *findMessage(QLatin1StringView(f.message)), &o, error,
                                   depth + 1))
                    return false;
                out->insert(key, o);
            }
            break;
        case Kind::RepMsg: {
            QJsonArray items;
            const MessageSpec *sub = findMessage(QLatin1StringView(f.message));
            if (!sub) {
                *error = QStringLiteral("no table for message %1").arg(QLatin1String(f.message));
                return false;
            }
            for (const Field *h : hits) {
                QJsonObject o;
                if (!decodeMessage(h->bytes, *sub, &o, error, depth + 1))
                    return false;
                items.append(o);
            }
            out->insert(key, items);
            break;
        }
        case Kind::RepStr: {
            QJsonArray items;
            for (const Field *h : hits)
                items.append(QString::fromUtf8(h->bytes));
            out->insert(key, items);
            break;
        }
        }
    }
    return true;
}

} // namespace agui::proto
