#pragma once

#include "core/protocol/eventview.h"
#include "core/session/change.h"
#include "core/session/lintsink.h"

#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>

namespace agui {

// Layer 3: checks the reference client does not enforce (from the AG-UI specification) and
// hygiene rules,
// ids "lint.*". Keeps its own light model of the stream (message roles, tool calls, activities,
// the state document) so it does not depend on the session's reducer.
class ExtraRules
{
public:
    // Frame-level rules, on every event as received (before chunk expansion; also Unknown and
    // Invalid frames).
    void observeFrame(const EventView &frame, qint64 index, LintSink &sink);
    // Stream rules, on each chunk-expanded event. `frame` is the event it came from (itself for a
    // non-chunk event), for rules that must tell what the producer actually sent.
    // `reduced`: what the Session's reducer made of the frame (its state patch result is
    // reused), or nullptr for a Linter on its own.
    void check(const EventView &e, const EventView &frame, const Diagnostics &frameDiagnostics,
               const EventChange *reduced, qint64 index, LintSink &sink);
    // The body of one request ended (more may follow): a run still open is reported truncated at
    // lastIndex, the request's last event, and nothing stays open for the next request.
    void endRequest(qint64 lastIndex, LintSink &sink);
    void finish(LintSink &sink);

    void setRunInput(const QJsonObject &runAgentInput) { m_pendingInput = runAgentInput; }

private:
    struct ToolCall
    {
        bool open = true;
        QString args; // concatenated TOOL_CALL_ARGS while open; dropped at TOOL_CALL_END
        qint64 endIndex = -1;
    };

    void startRun(const EventView &e, qint64 index);
    void reportTruncatedRun(qint64 index, LintSink &sink); // index -1: at the end of the stream
    void learnMessages(const QJsonValue &messages);
    // The event families check() dispatches to. `frame`/`asSent`: as in check().
    void checkRunStarted(const EventView &e, const EventView &frame, bool asSent, qint64 index,
                         LintSink &sink);
    void checkRunEnd(const EventView &e, qint64 index, LintSink &sink); // RUN_FINISHED/RUN_ERROR
    void checkRunFinished(const EventView &e, qint64 index, LintSink &sink);
    void checkText(const EventView &e, const EventView &frame, qint64 index, LintSink &sink);
    void checkToolCallStart(const EventView &e, qint64 index, LintSink &sink);
    void collectToolCallArgs(const EventView &e);
    void checkToolCallEnd(const QString &id, qint64 index, LintSink &sink);
    void checkToolCallResult(const EventView &e, qint64 index, LintSink &sink);
    void checkStateSnapshot(const EventView &e, qint64 index, LintSink &sink);
    void checkStateDelta(qint64 index, LintSink &sink); // the delta as sent (m_sent)
    void checkMessagesSnapshot(const EventView &e, const EventView &frame, bool asSent,
                               qint64 index, LintSink &sink);
    void recordActivitySnapshot(const EventView &e);
    void checkActivityDelta(const EventView &e, qint64 index, LintSink &sink);
    void checkReasoningMessage(const EventView &e, qint64 index, LintSink &sink);
    void checkEncryptedValue(const EventView &e, qint64 index, LintSink &sink);
    void checkCustomName(const EventView &e, qint64 index, LintSink &sink);
    void checkRawWrapped(const EventView &e, qint64 index, LintSink &sink);
    void checkAttribution(const EventView &e, qint64 index, LintSink &sink);

    // Run lifecycle.
    enum class RunPhase : quint8 { None, Active, Finished, Errored };
    RunPhase m_phase = RunPhase::None;
    std::optional<QString> m_runId, m_threadId; // of the RUN_STARTED that opened the run
    qint64 m_terminalIndex = -1;
    QJsonObject m_pendingInput;

    // Whole session: what the client's message list would hold (id -> role), tool calls, ids.
    QHash<QString, QString> m_roles;
    QHash<QString, ToolCall> m_toolCalls;
    ToolCall *m_lastArgs = nullptr; // the call the last TOOL_CALL_ARGS named
    std::string m_lastArgsId; // its id, UTF-8
    QSet<QString> m_openText, m_openReasoning;
    QHash<QString, qint64> m_closedText, m_closedReasoning; // id -> index of its END
    QHash<QString, QJsonValue>
        m_activities; // activity message id -> content, as the client holds it

    // Per run.
    QStringList m_runToolCalls; // started in this run, in order (for pendingToolCallIds)
    QSet<QString> m_runToolCallSet, m_runAnswered;
    QSet<QString> m_runSubagents, m_runUnstartedReported;
    int m_runDeltas = 0; // STATE_DELTAs applied since the last snapshot in this run
    bool m_runDeltaBeforeSnapshotReported = false;

    // State: nullopt while no snapshot / input.state has shown its base. In a Session only
    // whether there is one matters (the reducer applies the deltas); on its own, the document.
    std::optional<QJsonValue> m_state;
    qsizetype m_deltasSinceCompaction = 0;
    qsizetype m_compactionThreshold = 64;

    // Frames.
    const Diagnostics *m_frameDiagnostics = nullptr; // of the frame being checked
    const EventChange *m_reduced = nullptr; // the reducer's record of it (in a Session)
    // The event as the producer sent it, when the one being checked is it reshaped by the
    // client's pipeline (stripped, converted): what a patch's op indexes count.
    json::JsonView m_sent;
    qint64 m_frames = 0;
    bool m_sawTimestamp = false;
    bool m_finished = false;
};

} // namespace agui
