#pragma once

#include "core/finding/diagnostic.h"
#include "core/json/jsonview.h"
#include "core/protocol/eventtype.h"

#include <QByteArrayList>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <string_view>

namespace agui {

// The AG-UI 1.0 event catalogue (docs.ag-ui.com/spec/1.0, read from the zod schemas of
// @ag-ui/core 1.0.0, the package @ag-ui/client 1.0.0 validates with) as data, plus the schema layer
// of findings built on it. Members AG-UI 1.1 added are known as such (compat.newer-field: the
// pinned client strips them, a 1.1 consumer keeps them; core/session/lintrules.h lists the row).
//
// Rule ids produced by validateEvent() (stable; documented in docs/lint-rules.md):
// Errors are what the client rejects the stream for (a malformed known value); their message ends
// with the issue of the ZodError the client throws (" — @ag-ui/client: {"path":[...],
// "message":"Invalid input: expected string, received number"}"). Warnings are what the client
// removes or converts; their message carries its console text ("Removed unrecognised material at
// '/delta/0' on STATE_DELTA", "Converting deprecated ...", "Dropping unrecognised event ..."), and
// their path is what it removes, so the client's pipeline (core/session/clientpipeline.h) strips
// exactly these paths.
//   schema.required          error    a required field is absent
//   schema.type              error    a field has the wrong JSON type
//   schema.enum              error    a string outside its fixed set (e.g. TEXT_MESSAGE_START.role)
//   schema.integer-timestamp error    timestamp is not an integer within +-(2^53-1) (e.g. 1.5)
//   schema.null-not-allowed  error    null where the schema has no null (optional means "omit it")
//   schema.min-items         error    an array shorter than allowed (interrupt outcome: >= 1)
//   schema.range             error    a number outside its range (negative token counts)
//   schema.format            error    a JSON Pointer (patch path/from) not matching RFC 6901
//   schema.unknown-variant   warning  a discriminated object (outcome, message, content part,
//                                     source, patch op) whose discriminator is missing or unknown:
//                                     the client removes it whole (outcome {type:"weird"} ->
//                                     success, a message with role "bot" vanishes from
//                                     MESSAGES_SNAPSHOT); path = what it removes (a part with an
//                                     unknown source goes as a whole)
//   schema.null-stripped     warning  a null the client silently removes (RunAgentInput.state)
//   schema.unknown-field     warning  a member the schema does not define (the client strips it; we
//                                     keep it)
//   compat.newer-field       info     a member a later AG-UI version defines that the client's 1.0
//                                     does not (1.1's encryptedValueType): the client strips it
//                                     likewise; not a fault of a 1.1 stream
//   schema.unknown-type      warning  an event type outside the catalogue (the client drops it)
//   schema.deprecated        warning  legacy THINKING_* types, legacy nulls the compat stage
//                                     converts (parentMessageId:null, outcome:null, ...), binary
//                                     content parts
// Every finding has a JSON Pointer path to the offending member ("" = the event) and a message
// naming the field and what was expected, e.g. "'delta' is required on TEXT_MESSAGE_CONTENT".

// The JSON type a field accepts.
enum class FieldKind : quint8 {
    String,
    Integer, // a number with no fractional part (JS Number.isInteger)
    Number,
    Boolean,
    Object,
    Array,
    Any, // any JSON value, null included; for required fields it must still be present
    NonNull, // any JSON value except null
    StringOrArray, // string or array (message content: string or ContentPart[])
};

struct FieldSpec
{
    QString name;
    QByteArray key; // name, UTF-8 (look-ups on parsed JSON)
    FieldKind kind = FieldKind::Any;
    bool required = false;
    QStringList enumValues; // non-empty: the only string values allowed
    QByteArrayList enumKeys; // enumValues, UTF-8
    QString shape; // nested shape validated recursively, e.g. "Message[]", "JsonPatch"; "" = none
    QString description; // one line, for docs and the UI
    bool legacyNull = false; // null is a 0.x habit the client's compat stage strips (deprecated)
    bool nullStripped = false; // null is silently removed by the client (treated as absent)
};

struct EventSpec
{
    EventType type = EventType::Unknown;
    QString typeName;
    QString description; // one line
    QList<FieldSpec> fields; // type-specific fields (base fields: baseFieldSpecs())
    bool attribution = true; // subagentRunId allowed as optional attribution
    // The member a list shows as the event's id (messageId, toolCallId, runId, ...); "" = none.
    const char *primaryIdKey = "";
    // Carries one piece of streamed content (message, reasoning or argument text) in "delta".
    bool streamsDelta = false;
};

// The 31 AG-UI 1.0 types in catalogue order (RUN_STARTED .. CUSTOM).
QList<EventType> aguiEventTypes();
// The legacy 0.x THINKING_* types.
QList<EventType> legacyEventTypes();

// Fields every event may carry: type, timestamp, rawEvent, metadata (subagentRunId is listed
// separately: attributionFieldSpec()).
QList<FieldSpec> baseFieldSpecs();
FieldSpec attributionFieldSpec();
// The spec of a type; Unknown/Invalid give an empty spec (typeName "UNKNOWN"/"INVALID").
const EventSpec &eventSpec(EventType type);
// eventSpec(type).primaryIdKey, as a view.
std::string_view primaryIdKey(EventType type);
// All fields a type may carry in display order: type-specific, then base, then attribution
// (SUBAGENT_* list subagentRunId among their own required fields).
QList<FieldSpec> allFieldSpecs(EventType type);
// "string", "integer", "'developer' | 'system' | ...", "Message[]", "any (may be null)", ...
QString fieldTypeText(const FieldSpec &field);

// Schema findings for one event object of the given type. Unknown/Invalid types: returns a single
// schema.unknown-type warning for Unknown (the caller keeps the event) and nothing for Invalid.
// Never modifies or drops anything: unknown fields stay in the object and are only flagged.
Diagnostics validateEvent(json::JsonView obj, EventType type);
Diagnostics validateEvent(const QJsonObject &obj, EventType type);

// Nested shapes, reused by RunAgentInput validation and by editors. `path` is the JSON Pointer of
// the value inside its document; findings carry paths below it.
Diagnostics validateMessage(json::JsonView message, const QString &path);
Diagnostics validateMessages(json::JsonView messages, const QString &path);
Diagnostics validateJsonPatch(json::JsonView patch, const QString &path);
Diagnostics validateMessage(const QJsonValue &message, const QString &path);
Diagnostics validateMessages(const QJsonValue &messages, const QString &path);
Diagnostics validateJsonPatch(const QJsonValue &patch, const QString &path);

// RunAgentInput (docs.ag-ui.com/spec/1.1/basic/run-input): its fields for docs/editors and its
// schema findings (where "RunAgentInput"); runagentinput.h's validateRunAgentInput() builds on it.
QList<FieldSpec> runAgentInputFieldSpecs();
Diagnostics validateRunAgentInputSchema(const QJsonObject &input);

// RFC 6901 syntax check ("" and "/a/b~0c~1d" are valid; "a", "/~2" are not).
bool isJsonPointerSyntax(const QString &pointer);
bool isJsonPointerSyntax(std::string_view pointer);

// JSON Pointer helpers used to build diagnostic paths.
QString pointerAppend(const QString &base, const QString &key);
QString pointerAppend(const QString &base, qsizetype index);

} // namespace agui
