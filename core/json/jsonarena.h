#pragma once

#include "core/json/jsonview.h"

#include <cstdint>
#include <vector>

namespace agui::json {

// Append-only storage for copies of parsed values, so that a value outlives the document it was
// parsed into: the parsing thread of a two-thread ingest copies each event here and hands the
// arena on with the batch, while its parser moves on to the next event. A copy is the value's
// stretch of tape (container links relocated) and its strings; no text, no re-parse.
//
// copy() returns a handle; view() turns it into a JsonView once the arena has stopped growing
// (views point into its buffers, which may move while values are added).
class JsonArena
{
public:
    using Handle = uint32_t; // tape index of the copied value
    static constexpr Handle kUndefined = 0; // word 0 is never a value

    JsonArena() { clear(); }

    Handle copy(JsonView value);
    JsonView view(Handle handle) const
    {
        return handle == kUndefined ? JsonView()
                                    : JsonView(m_tape.data(), m_strings.data(), handle);
    }
    // Empties the arena, keeping its capacity for the next batch.
    void clear();
    // Room for this much without moving: growing by doubling copies what is there into memory
    // touched for the first time, and first touches (page faults) were most of what copying
    // events into a batch cost.
    void reserve(size_t tapeWords, size_t stringBytes);
    size_t tapeWords() const { return m_tape.size(); }

private:
    std::vector<uint64_t> m_tape;
    std::vector<uint8_t> m_strings;
};

} // namespace agui::json
