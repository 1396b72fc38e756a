#pragma once

#include "core/finding/diagnostic.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace agui {

// The protocol version we speak when acting as a client (@ag-ui/core PROTOCOL_VERSION).
inline constexpr char kAguiProtocolVersion[] = "1.0";

// RunAgentInput (docs.ag-ui.com/spec/1.1/basic/run-input): the HTTP request body of a run, echoed
// as RUN_STARTED.input. Optional members are written only when set; members we do not know are kept
// in `extra` and written back (nothing is ever dropped on a round trip).
struct RunAgentInput
{
    QString threadId;
    QString runId;
    std::optional<QString> parentRunId;
    QJsonValue state = QJsonObject(); // Undefined = omit
    QJsonArray messages;
    QJsonArray tools;
    QJsonArray context;
    QJsonValue forwardedProps = QJsonObject(); // Undefined = omit
    std::optional<QJsonArray> resume;
    std::optional<QString> protocolVersion = QString::fromLatin1(kAguiProtocolVersion);
    QJsonObject extra; // unknown members, kept as they were

    QJsonObject toJson() const;
    // Takes what is there, whatever its shape (use validateRunAgentInput() to judge it); members
    // of the wrong JSON type are kept in `extra` so toJson() gives them back unchanged.
    static RunAgentInput fromJson(const QJsonObject &obj);

    // A fresh input like @ag-ui/client's first run: new UUID v4 thread and run ids, empty state,
    // no messages/tools/context, forwardedProps {}, protocolVersion "1.0".
    static RunAgentInput create();
};

// A random UUID v4 in canonical lower-case form, without braces (what @ag-ui/client uses).
QString newRunId();

// Schema findings (schema.* rule ids, JSON Pointer paths into the body) for a request body /
// RUN_STARTED.input, e.g. "'messages' is required on RunAgentInput".
Diagnostics validateRunAgentInput(const QJsonObject &input);
// Same, from the body's text (the GUI's body editor): a syntax error is input.not-json (byte
// offset and Qt's message), a non-object input.not-object.
Diagnostics validateRunAgentInputText(const QByteArray &body);

// The RunAgentInput a request body carries (what a capture recorded as POSTed, what the CLI's
// `run` sends): the body's JSON object, or an empty object when the body is empty or not a JSON
// object (nothing to seed a session with). A CopilotKit single-endpoint envelope
// ({"method": "agent/run", "params", "body"}) carries it in "body".
QJsonObject runAgentInputOfBody(const QByteArray &body);

// The input of the next run on the same thread, the way @ag-ui/client prepares it: same threadId,
// a new runId (or the one given), the thread's current messages without activity messages (the
// client never sends those back; a null subagentRunId is removed as the client does), the given
// state, protocolVersion "1.0"; tools, context and forwardedProps carried over from the previous
// input (the inspector's composer keeps them as the user's run configuration). resume and
// parentRunId are per-run and not carried. Unknown members of the previous input are kept.
QJsonObject nextRunInput(const QJsonObject &previous, const QJsonArray &messages,
                         const QJsonValue &state, const QString &runId = QString());

} // namespace agui
