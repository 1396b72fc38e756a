#pragma once

#include "core/json/sharedstring.h"
#include "core/protocol/eventview.h"
#include "core/session/change.h"
#include "core/session/raremembers.h"
#include "core/session/reducer.h"

#include <QJsonObject>
#include <QString>

namespace agui {

// What every applier gets: the event being applied (after chunk expansion / legacy mapping), the
// state to change and the change record to fill. seq is the received event's index (for a
// synthesised event: that of the chunk it came from).
struct ApplyContext
{
    ReducerState &state;
    SessionSnapshot &snap;
    const EventView &event;
    EventChange &change;
    qint64 seq = -1;
    qint64 atUs = -1;
    bool detailed = false;
    bool legacy = false; // the event was a THINKING_* one, mapped by the compat stage
    const EventView *received = nullptr; // the event as received, when it is this one reshaped

    // A member as the producer sent it when the delivered event is the received one with
    // material stripped (a patch's op indexes as sent), else as delivered.
    json::JsonView sent(std::string_view key) const
    {
        return received && received->type == event.type ? received->value(key) : event.value(key);
    }

    json::JsonView json() const { return event.json; }
    // A string member (ids, names, roles: "" when absent or not a string), shared with the last
    // time this thread read the same bytes, since the same few ids come back event after event.
    QString str(QLatin1StringView key) const { return json::sharedString(event.value(key).utf8()); }
    bool has(QLatin1StringView key) const { return event.has(key); }
    // A member as a Qt value, for what the model keeps (content, state, outcome, ...).
    QJsonValue qvalue(QLatin1StringView key) const { return event.value(key).toQJsonValue(); }

    // A reducer-side problem: the event (or part of it) could not be applied. Recorded on the
    // change and, by the Session, as a finding (layer "session").
    void diagnose(const char *ruleId, Severity severity, const QString &path,
                  const QString &message);

    // Bookkeeping shared by the appliers.
    void noteMessageAdded(const QString &id);
    void noteMessageChanged(const QString &id);
    void noteMessageRemoved(const QString &id);
    void noteActivity(const QString &id);
    ToolCallAdvance &noteToolCall(const QString &id, ToolCallStatus before, bool created);
};

// Merges event metadata into a message / tool call like the client's mergeMetadata (per key,
// last write wins); true when the event carried metadata.
bool mergeEventMetadata(std::optional<QJsonObject> &target, const EventView &event);
// The same for a record whose metadata is one of its rare members: they are written (and so
// allocated) only when the event carries metadata.
template<typename Rare> bool mergeEventMetadata(RareMembers<Rare> &rare, const EventView &event)
{
    return event.value(EventKey::Metadata).isObject()
        && mergeEventMetadata(rare.edit().metadata, event);
}

// One applier per concern; each handles its own event types and returns false for the others.
bool applyRunEvent(ApplyContext &ctx);
bool applyTextEvent(ApplyContext &ctx);
bool applyReasoningEvent(ApplyContext &ctx);
bool applyToolCallEvent(ApplyContext &ctx);
bool applyStateEvent(ApplyContext &ctx);
bool applyMessagesSnapshot(ApplyContext &ctx);
bool applyActivityEvent(ApplyContext &ctx);
bool applyStepEvent(ApplyContext &ctx);
bool applySubagentEvent(ApplyContext &ctx);

// Shared helpers of the message appliers.
// A message object (snapshot / input) -> Message; tool calls it lists are registered.
Message messageFromJson(ApplyContext &ctx, const QJsonObject &obj);
void registerSnapshotToolCalls(SessionSnapshot &snap, const QJsonObject &obj, int runIndex,
                               qint64 seq);

} // namespace agui
