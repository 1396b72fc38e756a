#pragma once

// What a real CopilotKit runtime (@copilotkit/runtime 1.75.0) does that users trip over, in the
// words of someone who wrote the runtime's configuration, not its source. Each is a finding
// (rule ids "copilotkit.*", docs/copilotkit.md#traps) or a message the commands print when they
// see the situation.

#include "core/finding/diagnostic.h"

#include <QJsonObject>
#include <QString>
#include <QUrl>

namespace agui::copilotkit {

// A run or connect answered 200 with a body holding no event. The in-memory runner
// (InMemoryAgentRunner.run, dist/v2/runtime/runner/in-memory.mjs) throws "Thread already running"
// when the thread has a run in progress; the SSE response has already started, so the error
// goes to the runtime's stderr and the stream is closed empty.
Diagnostic busyThreadNote(const QString &threadId);

// A run that was stopped (POST .../stop/{threadId}) ends with {"type":"RUN_FINISHED"} and no
// threadId or runId: @copilotkit/shared's finalizeRunEvents appends it when stopRequested.
// `event` is the RUN_FINISHED; the note is given only when it lacks both ids.
bool isBareRunFinished(const QJsonObject &event);
Diagnostic stoppedRunNote(qint64 byteOffset);

// On the debug feed, a stream's run started a second time: a client connected to the thread
// (POST .../connect) and the runtime broadcast the stored history it replayed to that client on
// the feed too (createSseEventResponse broadcasts every event it streams).
Diagnostic replayedRunNote(const QString &runId, qint64 byteOffset);

// The runtime answered 404 "Agent not found" to a run/connect/stop.
bool isAgentNotFound(int status, const QByteArray &body);

// GET {base}/cpk-debug-events answered 404: the feed is off. It is served only when the runtime
// is built with `debug` on (new CopilotRuntime({ agents, debug: true })) or NODE_ENV is exactly
// "development" (isDebugEventFeedEnabled, dist/v2/runtime/core/debug-event-bus.mjs).
QString debugFeedOffMessage(const QUrl &feedUrl);
// The single-endpoint transport routes POSTs only; the feed is a GET route of the REST
// transport (fetch-handler.mjs, resolveSingleRoute), so a single-route runtime answers 405.
QString singleEndpointHasNoFeedMessage(const QUrl &base);
// 503 "Debug event bus not available": the runtime object has no event bus (a custom runtime).
QString debugBusMissingMessage(const QUrl &feedUrl);

} // namespace agui::copilotkit
