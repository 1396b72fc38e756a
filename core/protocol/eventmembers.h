#pragma once

#include "core/json/jsonview.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace agui {

// The members that the pipeline's stages read from nearly every event. A look-up by key walks
// the whole object: JSON.parse keeps the last of a repeated key, so the walk cannot stop at the
// first match, and an absent key (metadata, subagentRunId on most events) costs a full walk.
// The client pipeline, the reducer and the linter each asking for messageId, delta, metadata and
// subagentRunId made six to eight walks per streamed delta. EventMembers finds them all in one,
// on whichever thread reads the event first (the reading thread of a two-thread load).
enum class EventKey : quint8 {
    Type,
    MessageId,
    Delta,
    Metadata,
    SubagentRunId,
    ToolCallId,
    ToolCallName,
    ParentMessageId,
    Timestamp,
    Role,
    Name,
    RunId,
    ThreadId,
    StepName,
    Content,
    Snapshot,
    Count, // not an indexed key
};

// The key's member name.
inline std::string_view eventKeyName(EventKey key)
{
    static constexpr std::string_view names[] = {
        "type",         "messageId",       "delta",     "metadata", "subagentRunId", "toolCallId",
        "toolCallName", "parentMessageId", "timestamp", "role",     "name",          "runId",
        "threadId",     "stepName",        "content",   "snapshot",
    };
    static_assert(std::size(names) == size_t(EventKey::Count));
    return names[size_t(key)];
}

namespace detail {
// key.size() == N - 1 already: a fixed-size compare, which compilers turn into a load or two.
template<size_t N> inline bool sameBytes(std::string_view key, const char (&name)[N])
{
    return std::memcmp(key.data(), name, N - 1) == 0;
}
} // namespace detail

// The indexed key that `key` names, or EventKey::Count. Runs for every member of every event:
// one switch on the length and at most four fixed-size compares.
inline EventKey eventKeyOf(std::string_view key)
{
    using detail::sameBytes;
    switch (key.size()) {
    case 4:
        return sameBytes(key, "type") ? EventKey::Type
            : sameBytes(key, "role")  ? EventKey::Role
            : sameBytes(key, "name")  ? EventKey::Name
                                      : EventKey::Count;
    case 5:
        return sameBytes(key, "delta") ? EventKey::Delta
            : sameBytes(key, "runId")  ? EventKey::RunId
                                       : EventKey::Count;
    case 7:
        return sameBytes(key, "content") ? EventKey::Content : EventKey::Count;
    case 8:
        return sameBytes(key, "metadata") ? EventKey::Metadata
            : sameBytes(key, "threadId")  ? EventKey::ThreadId
            : sameBytes(key, "stepName")  ? EventKey::StepName
            : sameBytes(key, "snapshot")  ? EventKey::Snapshot
                                          : EventKey::Count;
    case 9:
        return sameBytes(key, "messageId") ? EventKey::MessageId
            : sameBytes(key, "timestamp")  ? EventKey::Timestamp
                                           : EventKey::Count;
    case 10:
        return sameBytes(key, "toolCallId") ? EventKey::ToolCallId : EventKey::Count;
    case 12:
        return sameBytes(key, "toolCallName") ? EventKey::ToolCallName : EventKey::Count;
    case 13:
        return sameBytes(key, "subagentRunId") ? EventKey::SubagentRunId : EventKey::Count;
    case 15:
        return sameBytes(key, "parentMessageId") ? EventKey::ParentMessageId : EventKey::Count;
    default:
        return EventKey::Count;
    }
}

// Where an object's indexed members are, as tape offsets from the object itself: an exact copy
// of the object elsewhere on a tape (JsonArena::copy) has the same offsets, so an index made
// while the object was in the parser's document still applies to the copy.
class EventMembers
{
public:
    // Indexes `object`'s members (the last of a repeated key, as JSON.parse reads it); anything
    // but an object is left unindexed.
    void index(json::JsonView object);
    bool isIndexed() const { return m_indexed; }

    // The member's value in `object`, which must be the indexed object or an exact copy of it;
    // undefined when absent.
    json::JsonView value(json::JsonView object, EventKey key) const
    {
        const uint32_t offset = m_offset[size_t(key)];
        return offset == 0
            ? json::JsonView()
            : json::JsonView(object.tapeData(), object.stringData(), object.tapeIndex() + offset);
    }

private:
    std::array<uint32_t, size_t(EventKey::Count)> m_offset {}; // 0: absent (no value is at 0)
    bool m_indexed = false;
};

} // namespace agui
