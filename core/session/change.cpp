#include "core/session/change.h"

namespace agui {

QString statePathChangeKindName(StatePathChange::Kind kind)
{
    switch (kind) {
    case StatePathChange::Kind::Added:
        return QStringLiteral("added");
    case StatePathChange::Kind::Removed:
        return QStringLiteral("removed");
    case StatePathChange::Kind::Replaced:
        return QStringLiteral("replaced");
    }
    return {};
}

void EventChange::clear()
{
    seq = -1;
    appliedTypes.clear();
    runIndex = -1;
    runChanged = false;
    messagesAdded.clear();
    messagesChanged.clear();
    messagesRemoved.clear();
    textAppended = 0;
    toolCalls.clear();
    stateChanged = false;
    stateReplaced = false;
    statePaths.clear();
    statePatch.reset();
    activitiesChanged.clear();
    stepsChanged.clear();
    subagentsChanged.clear();
    reasoningSpansChanged.clear();
    diagnostics.clear();
}

bool EventChange::isEmpty() const
{
    return !runChanged && messagesAdded.isEmpty() && messagesChanged.isEmpty()
        && messagesRemoved.isEmpty() && toolCalls.isEmpty() && !stateChanged
        && activitiesChanged.isEmpty() && stepsChanged.isEmpty() && subagentsChanged.isEmpty()
        && reasoningSpansChanged.isEmpty() && diagnostics.isEmpty();
}

} // namespace agui
