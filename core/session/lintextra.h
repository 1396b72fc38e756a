#pragma once

#include "core/protocol/eventview.h"
#include "core/session/change.h"
#include "core/session/idpool.h"
#include "core/session/lintsink.h"

#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

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
    // What the rules know of one id, by its number (idNumber()). Message ids, tool call ids and
    // subagent run ids share the numbering, as the hashes keyed by strings shared the strings:
    // one number per distinct id, whatever it names.
    struct IdFacts
    {
        qint32 role = -1; // the message's role (its number in m_roleNames); -1: no such message
        bool toolCallKnown = false; // started in the stream, or in the input or a snapshot
    };

    // The number of an id given as WTF-8 (the parsed JSON's bytes): 0 for "", then the id pool's
    // number + 1. Numbering allocates nothing for an id seen before.
    qint32 idNumber(std::string_view wtf8);
    qint32 idNumber(const QString &id);
    // The number of a member that is a string (e.value(...)); nullopt when absent or not one.
    std::optional<qint32> idMember(const json::JsonView &member);
    QString idText(qint32 number) const; // the id as the reports quote it
    IdFacts &facts(qint32 number) { return m_facts[size_t(number)]; }
    QString roleOf(qint32 number) const; // null when no message has that id
    void setRole(qint32 number, const QString &role);
    void setRoleIfNew(qint32 number, const QString &role);
    QStringList idTexts(const QSet<qint32> &numbers) const; // sorted

    void startRun(const EventView &e, qint64 index);
    void reportTruncatedRun(qint64 index, LintSink &sink); // index -1: at the end of the stream
    void learnMessages(const QJsonValue &messages);
    // The event families check() dispatches to. `frame`/`asSent`: as in check().
    void checkRunStarted(const EventView &e, const EventView &frame, bool asSent, qint64 index,
                         LintSink &sink);
    void checkRunEnd(const EventView &e, qint64 index, LintSink &sink); // RUN_FINISHED/RUN_ERROR
    void checkRunFinished(const EventView &e, qint64 index, LintSink &sink);
    void checkThread(const EventView &e, const QJsonObject &input, qint64 index, LintSink &sink);
    void checkInterruptIds(json::JsonView outcome, qint64 index, LintSink &sink);
    void checkText(const EventView &e, const EventView &frame, qint64 index, LintSink &sink);
    void checkToolCallStart(const EventView &e, qint64 index, LintSink &sink);
    void collectToolCallArgs(const EventView &e);
    void checkToolCallEnd(qint32 id, qint64 index, LintSink &sink);
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
    // The conversation of this request's stream: the request's threadId, else its first run's
    // (lint.thread-changed). Unset until the request's first RUN_STARTED.
    std::optional<QString> m_requestThreadId;
    qint64 m_terminalIndex = -1;
    QJsonObject m_pendingInput;

    // Whole session: what the client's message list would hold (roles), tool calls, ids. Keyed by
    // id number: a 1M-event session has some 50,000 ids, and hashes keyed by QStrings kept each
    // as a heap string per hash, plus the role as a string (bench/HISTORY.md, "139 MB, the rest
    // of the list").
    IdPool m_ids;
    std::vector<IdFacts> m_facts; // by id number
    QStringList m_roleNames; // the roles seen, by number
    QHash<QString, qint32> m_roleNumbers;
    QHash<qint32, QString> m_openArgs; // open tool calls: their concatenated TOOL_CALL_ARGS
    QString *m_lastArgs = nullptr; // the open call the last TOOL_CALL_ARGS named (in m_openArgs)
    std::string m_lastArgsId; // its id, WTF-8
    QHash<qint32, qint64> m_toolCallEnds; // tool call -> index of its TOOL_CALL_END
    QSet<qint32> m_openText, m_openReasoning;
    QHash<qint32, qint64> m_closedText, m_closedReasoning; // id -> index of its END
    QHash<qint32, QJsonValue> m_activities; // activity message -> content, as the client holds it

    // Per run.
    QList<qint32> m_runToolCalls; // started in this run, in order (for pendingToolCallIds)
    QSet<qint32> m_runToolCallSet, m_runAnswered;
    QSet<qint32> m_runSubagents, m_runUnstartedReported;
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
