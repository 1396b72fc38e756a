#pragma once

#include "core/session/idkeys.h"
#include "core/session/raremembers.h"
#include "core/session/slotarena.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>
#include <optional>
#include <utility>

namespace agui {

// The session model: what a stream of AG-UI events has built up to some event (@ag-ui/client 1.0.0
// defaultApplyEvents). Plain value types; copies are cheap (implicit sharing, SlotArena), which is
// what makes checkpoints and time travel affordable. Only the reducer (core/session/apply*.cpp)
// writes.
//
// Conventions: seq = 0-based index of the received event in the session; -1 = not (yet) known.
// Times *AtUs are receive times (µs since the Unix epoch), -1 when unknown. runIndex indexes
// SessionSnapshot::run(); -1 = outside any run (events before the first RUN_STARTED).
// Optional string fields: an empty string means "absent".

enum class RunStatus : quint8 {
    Running, // RUN_STARTED seen, no terminal event yet
    Finished, // RUN_FINISHED
    Errored, // RUN_ERROR
    Truncated, // the stream ended (Session::finish) while the run was running
};
QString runStatusName(RunStatus status); // "running", "finished", "errored", "truncated"

// What a run seldom has (each member empty in most runs), kept apart from the Run record: see
// RareMembers.
struct RunRare
{
    QString parentRunId;
    QString protocolVersion; // RUN_STARTED.protocolVersion (the producer's)
    QJsonObject input; // RUN_STARTED.input, else the RunAgentInput given to Session::setRunInput
    QJsonObject outcome; // RUN_FINISHED.outcome as sent ({} when absent)
    std::optional<QJsonValue> result; // RUN_FINISHED.result (absent = nullopt)
    QJsonArray usage; // TokenUsage[] of RUN_FINISHED / RUN_ERROR
    QJsonArray interrupts; // outcome.interrupts when the outcome is "interrupt"
    // Success only: outcome.pendingToolCallIds when non-empty, else derived like the client
    // (calls started in this run without a TOOL_CALL_RESULT).
    QStringList pendingToolCallIds;
    QString errorMessage; // RUN_ERROR.message
    QString errorCode; // RUN_ERROR.code

    friend bool operator==(const RunRare &, const RunRare &) = default;
};

struct Run
{
    QString threadId;
    QString runId;
    RunStatus status = RunStatus::Running;
    QString outcomeType; // "success" / "interrupt" / "cancelled"; "" until RUN_FINISHED
    qint64 firstSeq = -1; // RUN_STARTED (or the RUN_ERROR that opened an implicit run)
    qint64 lastSeq = -1; // last event attributed to the run
    qint64 endSeq = -1; // RUN_FINISHED / RUN_ERROR
    qint64 startedAtUs = -1;
    qint64 endedAtUs = -1;
    qint64 eventCount = 0;
    RareMembers<RunRare> rareMembers;

    const RunRare &rare() const { return rareMembers.get(); }
    RunRare &editRare() { return rareMembers.edit(); }

    friend bool operator==(const Run &, const Run &) = default;
};

enum class ContentKind : quint8 {
    Absent, // no "content" key (e.g. the assistant message a TOOL_CALL_START creates)
    Text, // a string, kept in Message::text (appended to in O(delta))
    Json, // anything else as sent (ContentPart[] of user/tool messages, activity content object)
};

// What a message seldom has (each member empty in almost every message), kept apart from the
// Message record: see RareMembers.
struct MessageRare
{
    QJsonValue contentJson; // when contentKind == Json
    QString name;
    QString activityType; // activity messages
    QString encryptedValue;
    // AG-UI 1.1: the kind of encryptedValue, as a REASONING_ENCRYPTED_VALUE sent it. The pinned
    // 1.0 client strips it (compat.newer-field), so messagesAsAgUi() leaves it out; views show it.
    QString encryptedValueType;
    QString error; // tool messages
    QString subagentRunId;
    std::optional<QJsonObject> metadata; // merged from events like the client (per key)
    QJsonObject extra; // members of a snapshot/input message that none of the others models

    friend bool operator==(const MessageRare &, const MessageRare &) = default;
};

// One message of the thread, in the shape of @ag-ui/client's agent.messages (@ag-ui/core 1.0.0
// schemas), plus where it came from. Activity messages keep their content object in
// rare().contentJson.
struct Message
{
    QString id;
    QString role; // developer / system / assistant / user / tool / activity / reasoning (open)
    ContentKind contentKind = ContentKind::Absent;
    bool hasToolCalls = false; // a "toolCalls" array is present (maybe empty)
    bool fromSnapshot = false; // last set by MESSAGES_SNAPSHOT / RUN_STARTED.input / run input
    int runIndex = -1; // run that created it
    QString text; // when contentKind == Text
    QStringList toolCalls; // ids, in order; details in SessionSnapshot::findToolCall()
    QString toolCallId; // tool messages: the call answered
    qint64 firstSeq = -1; // event that created (or last replaced) it
    qint64 lastSeq = -1; // last event that changed it
    qint64 eventCount = 0; // events that changed it
    RareMembers<MessageRare> rareMembers;

    const MessageRare &rare() const { return rareMembers.get(); }
    MessageRare &editRare() { return rareMembers.edit(); }
    // The content as the client holds it (string, parts, activity object); undefined when absent.
    QJsonValue content() const;
    bool isActivity() const { return role == QLatin1String("activity"); }

    friend bool operator==(const Message &, const Message &) = default;
};

enum class ToolCallStatus : quint8 {
    StreamingArgs, // TOOL_CALL_START seen, arguments arriving
    ArgsComplete, // TOOL_CALL_END seen (or the call came complete in a snapshot)
    Answered, // a TOOL_CALL_RESULT (or a tool message in a snapshot) answers it
};
QString toolCallStatusName(ToolCallStatus status); // "streaming-args", "args-complete", "answered"

// What a tool call seldom has, kept apart from the ToolCall record: see RareMembers.
struct ToolCallRare
{
    QString argsError; // why args did not parse (set at TOOL_CALL_END)
    // args as compact JSON text, when that differs from args as streamed (spaces, escapes, a
    // number's spelling): what views show. Most agents stream compact JSON, so it is seldom set.
    QString compactArgs;
    QString encryptedValue;
    QString encryptedValueType; // as on MessageRare
    std::optional<QJsonObject> metadata;
    QJsonObject extra; // unmodelled members of a snapshot toolCalls entry
    QString subagentRunId;
    QJsonValue resultJson; // the result when it is not a string (resultKind == Json)

    friend bool operator==(const ToolCallRare &, const ToolCallRare &) = default;
};

struct ToolCall
{
    QString id;
    QString name;
    QString parentMessageId; // the assistant message holding the call
    QString args; // function.arguments as streamed (may be invalid JSON)
    // Read as one JSON value once complete (JSON.parse's verdict; see toolargs.h). The value is
    // read again on demand (parsedToolArgs): kept, it took more than the text it came from.
    bool argsAreJson = false;
    QString resultMessageId;
    // The tool message's content (string or parts), as result() gives it. A string result
    // shares the tool message's text; kept as a QJsonValue it was a copy of its own (a container
    // and the string again: 3.5 MB in a 1M-event session, bench/HISTORY.md, "32-byte event
    // records, and what the 176 MB hold").
    QString resultString; // when resultKind == Text
    ContentKind resultKind = ContentKind::Absent;
    ToolCallStatus status = ToolCallStatus::StreamingArgs;
    int runIndex = -1;
    qint64 startSeq = -1;
    qint64 endSeq = -1;
    qint64 resultSeq = -1;
    qint64 startedAtUs = -1;
    qint64 endedAtUs = -1;
    qint64 answeredAtUs = -1;
    qint64 argsEventCount = 0;
    RareMembers<ToolCallRare> rareMembers;

    const ToolCallRare &rare() const { return rareMembers.get(); }
    ToolCallRare &editRare() { return rareMembers.edit(); }
    QJsonValue result() const; // undefined while unanswered (or answered without content)
    void setResult(const QJsonValue &content);
    void setResult(const Message &toolMessage); // shares the message's text

    friend bool operator==(const ToolCall &, const ToolCall &) = default;
};

struct Step
{
    QString name;
    QString subagentRunId; // owner ("" = the parent agent)
    int runIndex = -1;
    qint64 startSeq = -1;
    qint64 endSeq = -1; // -1 while open
    qint64 startedAtUs = -1;
    qint64 endedAtUs = -1;
    bool isOpen() const { return endSeq < 0; }

    friend bool operator==(const Step &, const Step &) = default;
};

// A REASONING_START..REASONING_END span (may hold several reasoning messages).
struct ReasoningSpan
{
    QString id;
    QString subagentRunId;
    int runIndex = -1;
    qint64 startSeq = -1;
    qint64 endSeq = -1;
    bool legacy = false; // from THINKING_START (id minted by us: "thinking-<seq>")

    friend bool operator==(const ReasoningSpan &, const ReasoningSpan &) = default;
};

enum class SubagentStatus : quint8 { Running, Finished, Errored };
QString subagentStatusName(SubagentStatus status); // "running", "finished", "errored"

struct Subagent
{
    QString subagentRunId;
    QString name;
    QString description;
    QString parentSubagentRunId;
    QString parentToolCallId;
    QString parentMessageId;
    SubagentStatus status = SubagentStatus::Running;
    QJsonObject outcome;
    std::optional<QJsonValue> result;
    QString errorMessage;
    QString errorCode;
    int runIndex = -1;
    qint64 startSeq = -1;
    qint64 endSeq = -1;
    qint64 startedAtUs = -1;
    qint64 endedAtUs = -1;

    friend bool operator==(const Subagent &, const Subagent &) = default;
};

// Runs grouped by thread, in order of first appearance.
struct ThreadInfo
{
    QString threadId;
    QList<int> runIndexes;
};

class SessionSnapshot
{
public:
    // ---- read API (views, CLI, tests) ----
    qint64 lastSeq() const { return m_lastSeq; } // last event applied; -1 = none

    qsizetype runCount() const { return m_runs.size(); }
    const Run &run(qsizetype index) const { return m_runs.at(index); }
    int currentRunIndex() const { return m_currentRun; } // last run started; -1 = none
    QList<ThreadInfo> threads() const;

    // Messages in thread order (what agent.messages holds).
    qsizetype messageCount() const { return m_order.size(); }
    const Message &message(qsizetype position) const { return m_messages.at(m_order.at(position)); }
    qsizetype messagePosition(const QString &id) const; // -1 when absent
    const Message *findMessage(const QString &id) const;

    // Tool calls in order of first appearance (calls of dropped messages stay listed).
    qsizetype toolCallCount() const { return m_toolCalls.size(); }
    const ToolCall &toolCall(qsizetype index) const { return m_toolCalls.at(index); }
    const ToolCall *findToolCall(const QString &id) const;

    // The state starts as {} like the client's agent.state (deltas before any snapshot apply to
    // it); hasState() tells whether a STATE_SNAPSHOT / STATE_DELTA / run input ever set it.
    bool hasState() const { return m_hasState; }
    const QJsonValue &state() const { return m_state.value; }
    qint64 stateSeq() const { return m_stateSeq; } // last event that changed the state

    qsizetype stepCount() const { return m_steps.size(); }
    const Step &step(qsizetype index) const { return m_steps.at(index); }
    qsizetype reasoningSpanCount() const { return m_spans.size(); }
    const ReasoningSpan &reasoningSpan(qsizetype index) const { return m_spans.at(index); }
    qsizetype subagentCount() const { return m_subagents.size(); }
    const Subagent &subagent(qsizetype index) const { return m_subagents.at(index); }
    qsizetype findSubagent(const QString &subagentRunId) const; // last with that id; -1

    // Deep equality of everything observable (not the look-up indexes).
    friend bool operator==(const SessionSnapshot &a, const SessionSnapshot &b);

    // ---- write API (the reducer only) ----
    void setLastSeq(qint64 seq) { m_lastSeq = seq; }
    Run &runRef(qsizetype index) { return m_runs.ref(index); }
    int appendRun(Run run);

    Message &messageRef(qsizetype position) { return m_messages.ref(m_order.at(position)); }
    void appendMessage(Message message);
    void insertMessage(qsizetype position, Message message);
    void replaceMessage(qsizetype position, Message message);
    // Keeps the messages at the given positions (ascending) in that order, drops the others.
    void retainMessages(const QList<qsizetype> &positions);

    ToolCall &toolCallRef(qsizetype index) { return m_toolCalls.ref(index); }
    qsizetype toolCallIndex(const QString &id) const; // -1 when absent
    qsizetype appendToolCall(ToolCall call);

    void setState(const QJsonValue &state, qint64 seq);
    // For edits in place (a STATE_DELTA): take the state out so that nothing else shares it,
    // edit, put it back; markStateChanged() records the event when the edit happened.
    // stateShared(): a copy of this snapshot (a checkpoint, a view's) may share the state's
    // containers, so the next edit copies those it touches (json::applyPatchInPlace).
    QJsonValue takeState() { return std::exchange(m_state.value, QJsonValue()); }
    bool stateShared() const { return m_state.shared.load(std::memory_order_relaxed); }
    void restoreState(QJsonValue state)
    {
        m_state.value = std::move(state);
        m_state.shared.store(false, std::memory_order_relaxed); // edited: the touched are its own
    }
    void markStateChanged(qint64 seq)
    {
        m_hasState = true;
        m_stateSeq = seq;
    }

    Step &stepRef(qsizetype index) { return m_steps.ref(index); }
    qsizetype appendStep(Step step);
    ReasoningSpan &reasoningSpanRef(qsizetype index) { return m_spans.ref(index); }
    qsizetype appendReasoningSpan(ReasoningSpan span);
    Subagent &subagentRef(qsizetype index) { return m_subagents.ref(index); }
    qsizetype appendSubagent(Subagent subagent);

    // The id -> position indexes are derived data. Checkpoints drop them (their copies would
    // detach and cost O(session) each); restoring a checkpoint rebuilds them from the compact
    // key lists below: O(session), but integer writes, no string hashing (IdKeys).
    void dropIndexes();
    void rebuildIndexes();
    bool hasIndexes() const { return m_indexed; }
    // Changes whenever a message is added, replaced, moved or dropped: a position remembered
    // with the generation it was valid in stays valid while the generation is the same.
    quint64 structureGeneration() const { return m_generation; }

private:
    void reindexFrom(qsizetype position);
    IdKeys &keys();
    qint32 keyOf(const QString &id) const { return m_keys ? m_keys->find(id) : -1; }
    // index[key], or -1 when the key is past its end (an id stored after it was last resized).
    static qint32 lookup(const QList<qint32> &index, qint32 key)
    {
        return key >= 0 && key < index.size() ? index.at(key) : -1;
    }
    static void store(QList<qint32> &index, qint32 key, qint32 value);

    SlotArena<Run> m_runs;
    int m_currentRun = -1;
    SlotArena<Message> m_messages; // slots; never reordered
    ChunkedOrder m_order; // thread order: slot numbers
    SlotArena<ToolCall> m_toolCalls;
    SlotArena<Step> m_steps;
    SlotArena<ReasoningSpan> m_spans;
    SlotArena<Subagent> m_subagents;
    // The state and whether it may be shared: a copy marks both sides (the source through a
    // mutable flag, as copying a snapshot is a const operation on it).
    struct SharedState
    {
        QJsonValue value = QJsonObject();
        mutable std::atomic<bool> shared = false;
        SharedState() = default;
        SharedState(const SharedState &other)
            : value(other.value)
            , shared(true)
        {
            other.shared.store(true, std::memory_order_relaxed);
        }
        SharedState &operator=(const SharedState &other)
        {
            value = other.value;
            shared.store(true, std::memory_order_relaxed);
            other.shared.store(true, std::memory_order_relaxed);
            return *this;
        }
        SharedState(SharedState &&other) noexcept
            : value(std::move(other.value))
            , shared(other.shared.load(std::memory_order_relaxed))
        { }
        SharedState &operator=(SharedState &&other) noexcept
        {
            value = std::move(other.value);
            shared.store(other.shared.load(std::memory_order_relaxed), std::memory_order_relaxed);
            return *this;
        }
    };
    SharedState m_state;
    bool m_hasState = false;
    qint64 m_stateSeq = -1;
    qint64 m_lastSeq = -1;

    // The ids' numbers, kept with what they number (copied with the snapshot, cheaply).
    std::shared_ptr<IdKeys> m_keys; // shared by every snapshot of a session; made when first needed
    ChunkedOrder m_messageKeys; // slot -> key of the message's id
    ChunkedOrder m_toolCallKeys; // index -> key of the call's id
    ChunkedOrder m_subagentKeys; // index -> key of the subagent's run id

    // The indexes, by key (-1: none).
    bool m_indexed = true;
    quint64 m_generation = 0;
    QList<qint32> m_messagePos; // -> first position in m_order with that id
    QList<qint32> m_toolCallIdx; // -> index in m_toolCalls
    QList<qint32> m_subagentIdx; // -> last index in m_subagents
};

// The messages in @ag-ui/client's Message shape: what agent.messages holds after the same events
// (@ag-ui/core 1.0.0 schemas, @ag-ui/client 1.0.0 defaultApplyEvents): toolCalls as {id,
// type:"function", function:{name, arguments}}, tool / activity / reasoning messages included,
// metadata merged, "absent" fields left out, and only the members the schema allows for the role
// (the client's enforce stage strips the others; the model keeps them in Message::extra /
// ToolCall::extra).
QJsonArray messagesAsAgUi(const SessionSnapshot &snapshot);
QJsonObject messageAsAgUi(const SessionSnapshot &snapshot, const Message &message);

} // namespace agui
