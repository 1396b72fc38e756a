#pragma once

#include "core/finding/diagnostic.h"
#include "core/protocol/clientpatch.h"
#include "core/protocol/eventtype.h"
#include "core/session/snapshot.h"

#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace agui {

// One JSON Pointer location of the state whose value an event changed.
struct StatePathChange
{
    enum class Kind : quint8 { Added, Removed, Replaced };
    QString path; // JSON Pointer, "" = the whole state; array appends ("-") resolved to the index
    Kind kind = Kind::Replaced;
    QJsonValue before; // Undefined when Added
    QJsonValue after; // Undefined when Removed

    friend bool operator==(const StatePathChange &, const StatePathChange &) = default;
};
QString statePathChangeKindName(StatePathChange::Kind kind); // "added", "removed", "replaced"

// How one tool call moved on.
struct ToolCallAdvance
{
    QString id;
    bool created = false;
    ToolCallStatus before = ToolCallStatus::StreamingArgs;
    ToolCallStatus after = ToolCallStatus::StreamingArgs;
    qsizetype argsAppended = 0; // characters of arguments this event added

    friend bool operator==(const ToolCallAdvance &, const ToolCallAdvance &) = default;
};

// What applying one received event changed, so views can highlight it. A chunk event may stand
// for several synthesised events (its START/CONTENT/END); its record covers all of them.
struct EventChange
{
    qint64 seq = -1;
    QList<EventType> appliedTypes; // what the reducer applied (after chunk expansion / legacy
                                   // mapping); empty for events with no model effect

    int runIndex = -1; // the run the event belongs to
    bool runChanged = false; // the run's status / outcome / usage / input changed

    QStringList messagesAdded; // ids, in order
    QStringList messagesChanged; // ids whose content / fields changed (grew, replaced, ...)
    QStringList messagesRemoved; // ids dropped (MESSAGES_SNAPSHOT merge)
    qsizetype textAppended = 0; // characters appended to message content by this event

    QList<ToolCallAdvance> toolCalls;

    bool stateChanged = false;
    bool stateReplaced = false; // STATE_SNAPSHOT (paths computed by diff against the old state)
    // Filled only when the change is computed in detail (Session::changeAt), not during ingest.
    QList<StatePathChange> statePaths;
    // STATE_DELTA: how its patch applied (the one client-like application, shared with the
    // linter so that a patch is applied once per event).
    std::optional<ClientPatchResult> statePatch;

    QStringList activitiesChanged; // activity message ids (added or changed)
    QList<int> stepsChanged; // SessionSnapshot::step() indexes
    QList<int> subagentsChanged; // SessionSnapshot::subagent() indexes
    QList<int> reasoningSpansChanged;

    // What the reducer had to skip or could not honour, like the client's console warnings
    // (rule ids "session.*", e.g. session.delta-failed). Never silently dropped: the Session
    // also records them as findings (layer "session") of this event.
    Diagnostics diagnostics;

    bool isEmpty() const;
    // Back to an empty record, keeping the lists' capacity (one record is reused per event).
    void clear();
};

} // namespace agui
