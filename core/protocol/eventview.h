#pragma once

#include "core/json/jsonview.h"
#include "core/protocol/eventmembers.h"
#include "core/protocol/eventtype.h"

#include <QString>

#include <string_view>
#include <type_traits>

namespace agui {

// One event as the stages of the ingest pipeline see it (decoder → client pipeline → linter and
// reducer): its type and a view of its JSON object, plus where it came from. The JSON lives in a
// document owned by whoever produced the event — the decoder for a received frame, the client
// pipeline for what it synthesises — and is valid until that producer moves on to its next
// event. Copying a view is copying four words; it owns nothing.
//
// (agui::Event is the other form: one event materialised for a view or a test, with its own
// QJsonObject. The pipeline never builds one.)
struct EventView
{
    EventType type = EventType::Invalid;
    json::JsonView json; // the event object; undefined for frames that are not one
    qint64 seq = -1; // the received event (for a synthesised one: the event it came from)
    qint64 receivedAtUs = -1; // µs since the Unix epoch; -1 unknown
    bool synthetic = false; // made by a pipeline stage (chunk expansion, compat mapping)

    // Where the most-read members of `json` are (see EventMembers), when whoever read the event
    // first indexed them. The index holds for the JSON it was attached to only: a stage that gives
    // a copy of the view other JSON gets plain look-ups, never another event's members.
    // (An index of something that was not an object is not attached: plain look-ups say the same.)
    void attachMembers(const EventMembers *members)
    {
        const bool usable = members && members->isIndexed() && json.tapeData();
        m_members = usable ? members : nullptr;
        m_indexedRoot = usable ? json.tapeData() + json.tapeIndex() : nullptr;
    }
    bool hasMemberIndex() const
    {
        return m_members && m_indexedRoot == json.tapeData() + json.tapeIndex();
    }

    // The hot look-ups name their key: no mapping from the name at all.
    json::JsonView value(EventKey key) const
    {
        return hasMemberIndex() ? m_members->value(json, key) : json.value(eventKeyName(key));
    }
    bool has(EventKey key) const { return !value(key).isUndefined(); }
    json::JsonView value(std::string_view key) const
    {
        const EventKey k = eventKeyOf(key);
        return k != EventKey::Count ? value(k) : json.value(key);
    }
    json::JsonView value(QLatin1StringView key) const
    {
        return value(std::string_view(key.data(), size_t(key.size())));
    }
    template<size_t N> json::JsonView value(const char (&key)[N]) const
    {
        return value(std::string_view(key, N - 1));
    }
    bool has(std::string_view key) const { return !value(key).isUndefined(); }
    bool has(QLatin1StringView key) const { return !value(key).isUndefined(); }
    template<size_t N> bool has(const char (&key)[N]) const { return !value(key).isUndefined(); }
    QString str(std::string_view key) const { return value(key).toString(); }
    QString str(QLatin1StringView key) const { return value(key).toString(); }
    template<size_t N> QString str(const char (&key)[N]) const { return value(key).toString(); }

private:
    const EventMembers *m_members = nullptr;
    const uint64_t *m_indexedRoot = nullptr; // json's root word when the index was attached
};

// Empties a QVarLengthArray of plain values without a call: its clear() is resize(0), an
// out-of-line reallocation check that cost as much as the rest of a client pipeline step.
template<typename Array> inline void emptyInPlace(Array &array)
{
    static_assert(std::is_trivially_destructible_v<typename Array::value_type>);
    while (!array.isEmpty())
        array.removeLast();
}

} // namespace agui
