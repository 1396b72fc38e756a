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
    if (copyPacked(value))
        return at;
    copyStringByString(value);
    return at;
}

// The strings of a value usually lie back to back in its string buffer, in tape order (simdjson
// and our own tape builders write each string as they meet it): then they are copied with one
// memcpy and each string word moved by one constant. A string found elsewhere undoes the copy
// (false): copyStringByString() then does it one string at a time. Copying string by string was
// a tenth of the reading thread of a load.
bool JsonArena::copyPacked(JsonView value)
{
    const uint64_t *source = value.tapeData();
    const uint8_t *strings = value.stringData();
    const uint32_t begin = value.tapeIndex();
    const uint32_t end = value.afterIndex();
    const size_t at = m_tape.size();
    const int64_t delta = int64_t(at) - int64_t(begin);
    // Geometric growth: reserve(size + n) would reallocate on every copy (quadratic).
    if (m_tape.capacity() < at + (end - begin))
        m_tape.reserve(2 * (at + (end - begin)));
    m_tape.resize(at + (end - begin));
    uint64_t *out = m_tape.data() + at;
    bool anyString = false;
    uint64_t first = 0; // the first string's offset in the source's buffer
    uint64_t next = 0; // where the next string must start to be packed
    const uint64_t base = m_strings.size();
    for (uint32_t i = begin; i < end; ++i) {
        const uint64_t word = source[i];
        switch (char(word >> 56)) {
        case '{':
        case '[':
        case '}':
        case ']':
            *out++ = relocated(word, delta);
            break;
        case '"': {
            // [u32 length][bytes][NUL] in the string buffer.
            const uint64_t offset = word & ~kTagMask;
            if (!anyString) {
                anyString = true;
                first = next = offset;
            }
            if (offset != next) {
                m_tape.resize(at);
                return false;
            }
            uint32_t length;
            std::memcpy(&length, strings + offset, sizeof length);
            next = offset + sizeof length + length + 1;
            *out++ = (word & kTagMask) | (base + (offset - first));
            break;
        }
        case 'l':
        case 'u':
        case 'd':
            *out++ = word;
            *out++ = source[++i]; // the number itself
            break;
        default:
            *out++ = word;
            break;
        }
    }
    if (anyString)
        m_strings.insert(m_strings.end(), strings + first, strings + next);
    return true;
}

void JsonArena::copyStringByString(JsonView value)
{
    const uint64_t *source = value.tapeData();
    const uint8_t *strings = value.stringData();
    const uint32_t begin = value.tapeIndex();
    const uint32_t end = value.afterIndex();
    const int64_t delta = int64_t(m_tape.size()) - int64_t(begin);
    for (uint32_t i = begin; i < end; ++i) {
        const uint64_t word = source[i];
        switch (char(word >> 56)) {
        case '{':
        case '[':
        case '}':
        case ']':
            m_tape.push_back(relocated(word, delta));
            break;
        case '"': {
            const uint8_t *s = strings + (word & ~kTagMask);
            uint32_t length;
            std::memcpy(&length, s, sizeof length);
            const uint64_t offset = m_strings.size();
            m_strings.insert(m_strings.end(), s, s + sizeof length + length + 1);
            m_tape.push_back((word & kTagMask) | offset);
            break;
        }
        case 'l':
        case 'u':
        case 'd':
            m_tape.push_back(word);
            m_tape.push_back(source[++i]); // the number itself
            break;
        default:
            m_tape.push_back(word);
            break;
        }
    }
}

} // namespace agui::json
