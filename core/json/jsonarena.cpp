#include "core/json/jsonarena.h"

#include <cstring>

namespace agui::json {

namespace {

constexpr uint64_t kTagMask = 0xFF00000000000000ULL;
constexpr uint64_t kLow32 = 0xFFFFFFFFULL;

// A tape word with its low 32 bits (a tape index) moved by delta; the rest (tag, element count)
// kept.
uint64_t relocated(uint64_t word, int64_t delta)
{
    return (word & ~kLow32) | (uint64_t(int64_t(word & kLow32) + delta) & kLow32);
}

// The bytes a string takes in a string buffer: [u32 length][bytes][NUL].
uint64_t stringFootprint(const uint8_t *s)
{
    uint32_t length;
    std::memcpy(&length, s, sizeof length);
    return sizeof length + length + 1;
}

// Appends value's tape words to tape, each link moved to where the words land; a string word
// becomes what onString(word, &moved) makes of it. false when onString refused one (the words
// appended so far stay: the caller takes them back).
template<typename OnString>
bool appendWords(std::vector<uint64_t> &tape, JsonView value, OnString &&onString)
{
    const uint64_t *source = value.tapeData();
    const uint32_t begin = value.tapeIndex();
    const uint32_t end = value.afterIndex();
    const int64_t delta = int64_t(tape.size()) - int64_t(begin);
    // Geometric growth: reserve(size + n) would reallocate on every copy (quadratic).
    if (tape.capacity() < tape.size() + (end - begin))
        tape.reserve(2 * (tape.size() + (end - begin)));
    for (uint32_t i = begin; i < end; ++i) {
        const uint64_t word = source[i];
        switch (char(word >> 56)) {
        case '{':
        case '[':
        case '}':
        case ']':
            tape.push_back(relocated(word, delta));
            break;
        case '"': {
            uint64_t moved = 0;
            if (!onString(word, &moved))
                return false;
            tape.push_back(moved);
            break;
        }
        case 'l':
        case 'u':
        case 'd':
            tape.push_back(word);
            tape.push_back(source[++i]); // the number itself
            break;
        default:
            tape.push_back(word);
            break;
        }
    }
    return true;
}

} // namespace

void JsonArena::clear()
{
    m_tape.clear();
    m_tape.push_back(0); // word 0 stays unused, so that no handle is 0
    m_strings.clear();
}

void JsonArena::reserve(size_t tapeWords, size_t stringBytes)
{
    m_tape.reserve(tapeWords);
    m_strings.reserve(stringBytes);
}

JsonArena::Handle JsonArena::copy(JsonView value)
{
    if (value.isUndefined())
        return kUndefined;
    const auto at = Handle(m_tape.size());
    const uint8_t *strings = value.stringData();
    // The strings of a value usually lie back to back in its string buffer, in tape order
    // (simdjson and our own tape builders write each string as they meet it): then they are
    // copied with one memcpy and each string word moved by one constant. Copying string by
    // string was a tenth of the reading thread of a load.
    bool anyString = false;
    uint64_t first = 0; // the first string's offset in the source's buffer
    uint64_t next = 0; // where the next string must start for the strings to be packed
    const uint64_t base = m_strings.size();
    const bool packed = appendWords(m_tape, value, [&](uint64_t word, uint64_t *moved) {
        const uint64_t offset = word & ~kTagMask;
        if (!anyString) {
            anyString = true;
            first = next = offset;
        }
        if (offset != next)
            return false;
        next = offset + stringFootprint(strings + offset);
        *moved = (word & kTagMask) | (base + (offset - first));
        return true;
    });
    if (packed) {
        if (anyString)
            m_strings.insert(m_strings.end(), strings + first, strings + next);
        return at;
    }
    // A string found elsewhere: copy them one at a time.
    m_tape.resize(at);
    appendWords(m_tape, value, [&](uint64_t word, uint64_t *moved) {
        const uint8_t *s = strings + (word & ~kTagMask);
        *moved = (word & kTagMask) | m_strings.size();
        m_strings.insert(m_strings.end(), s, s + stringFootprint(s));
        return true;
    });
    return at;
}

} // namespace agui::json
