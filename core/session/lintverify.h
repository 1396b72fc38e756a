#pragma once

#include "core/protocol/eventview.h"
#include "core/session/emptyhash.h"
#include "core/session/lintsink.h"

#include <QHash>
#include <QJsonArray>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>

namespace agui {

// Ids in the order they were opened, with O(1) insert/remove/contains. Listing (for the
// "still active: a, b" messages) sorts what is open, which is bounded by what is open, not by
// the session. Re-inserting a removed id moves it to the end, like a JS Set.
class OpenIds
{
public:
    bool contains(const QString &id) const { return m_order.contains(id); }
    void insert(const QString &id)
    {
        if (!m_order.contains(id))
            m_order.insert(id, m_next++);
    }
    void remove(const QString &id)
    {
        m_order.remove(id);
        ++m_generation;
    }
    bool isEmpty() const { return m_order.isEmpty(); }
    void clear()
    {
        emptyKeepingBuckets(m_order);
        ++m_generation;
    }
    QStringList inOrder() const;
    // Changes whenever an id leaves the set: "id was open at generation g" holds while the
    // generation is still g.
    quint64 generation() const { return m_generation; }

private:
    QHash<QString, quint64> m_order;
    quint64 m_next = 0;
    quint64 m_generation = 0;
};

// Layer 2: the ordering state machine of @ag-ui/client 1.0.0 verifyEvents with its exact messages,
// plus the 0.x client's THINKING_* checks (warnings). Runs on what the client's pipeline delivers.
//
// The client throws at the first problem; this engine reports and carries on. After a finding
// the offending event is treated as APPLIED when there is something to apply it to (an event after
// a terminal event still opens/closes what it names; a RUN_STARTED during an active run starts a
// new run; an END tagged with the wrong subagent still closes), and IGNORED when there is not
// (CONTENT/END for an id that is not open, a START of an id already open, a STEP_FINISHED with no
// matching step). docs/lint-rules.md, "After an error", lists every case.
class VerifyRules
{
public:
    // One event as the client's verification stage sees it: delivered by its pipeline.
    void check(const EventView &e, qint64 index, LintSink &sink);
    // The 0.x client's THINKING_* rules (verify.TH*, warnings), on a received retired event:
    // @ag-ui/client 1.0 translates these before verification, so only a <= 0.0.59 client
    // rejects what they find.
    void checkThinking(const EventView &frame, qint64 index, LintSink &sink);

private:
    using Owner = std::optional<QString>; // the agent an entity belongs to; nullopt = the parent
    using OwnerMap = QHash<QString, Owner>;

    void resetRun();
    void checkLifecycle(const EventView &e, qint64 index, LintSink &sink);
    void checkNulls(const EventView &e, qint64 index, LintSink &sink);
    void checkRunFinished(qint64 index, LintSink &sink);
    // The event families check() dispatches to; `tag` is the event's subagentRunId (nullopt: the
    // parent agent).
    void checkTextStart(const EventView &e, const Owner &tag, qint64 index, LintSink &sink);
    void checkTextContentOrEnd(const EventView &e, const Owner &tag, qint64 index, LintSink &sink);
    void checkToolCallStart(const EventView &e, const Owner &tag, qint64 index, LintSink &sink);
    void checkToolCallArgsOrEnd(const EventView &e, const Owner &tag, qint64 index, LintSink &sink);
    void recordToolCallResult(const EventView &e, const Owner &tag);
    void checkStep(const EventView &e, const Owner &tag, qint64 index, LintSink &sink);
    void checkActivity(const EventView &e, const Owner &tag, qint64 index, LintSink &sink);
    void checkReasoningStart(const EventView &e, const Owner &tag, qint64 index, LintSink &sink);
    void checkReasoningContentOrEnd(const EventView &e, const Owner &tag, qint64 index,
                                    LintSink &sink);
    void checkEncryptedValueOwner(const EventView &e, const Owner &tag, qint64 index,
                                  LintSink &sink);
    void checkSubagentStarted(const EventView &e, qint64 index, LintSink &sink);
    void checkSubagentEnd(const EventView &e, qint64 index, LintSink &sink);
    // RUN_STARTED, RUN_FINISHED, RUN_ERROR; `terminatedBefore`: the run had ended before `e`.
    void checkRun(const EventView &e, bool terminatedBefore, qint64 index, LintSink &sink);
    void seedOwners(json::JsonView messages, bool authoritative, const QString &path, qint64 index,
                    LintSink &sink);
    // A11: reports when the event's tag differs from the entity's recorded owner.
    void checkOwner(const EventView &e, const Owner &tag, const OwnerMap &owners, const QString &id,
                    QLatin1StringView kind, qint64 index, LintSink &sink);

    // The deltas of a stream are most of a session. One that carries no tag and names the
    // stream the previous delta of its kind found open, in a run that has not ended, has nothing
    // to report: skip the look-ups (see DeltaCache).
    struct DeltaCache
    {
        std::string id; // UTF-8 as sent
        quint64 generation = ~quint64(0); // of the OpenIds it was found open in
    };
    bool isQuietDelta(const EventView &e);
    void rememberOpenDelta(const EventView &e);
    DeltaCache m_textDelta, m_toolDelta, m_reasoningDelta;

    // Per run (cleared by resetRun(), i.e. at a RUN_STARTED after a terminal event).
    OpenIds m_openText, m_openTools, m_openReasoningSpans, m_openReasoningMessages;
    OwnerMap m_messageOwners, m_toolCallOwners, m_activityOwners, m_reasoningOwners;
    // Steps per owner, owners in first-use order (key: "p" parent, "s<id>" subagent).
    QHash<QString, OpenIds> m_steps;
    QStringList m_stepOwnerOrder;
    OpenIds m_activeSubagents;
    QSet<QString> m_finishedSubagents;
    bool m_thinking = false;
    bool m_thinkingMessage = false;

    // Whole stream.
    bool m_runFinished = false;
    bool m_runErrored = false;
    bool m_seenFirst = false;
    bool m_runStartedSeen = false;
};

} // namespace agui
