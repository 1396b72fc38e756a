#include "core/json/sharedstring.h"

#include "core/json/wtf8.h"
#include "core/platform/threadlocal.h"

#include <array>
#include <cstring>

namespace agui::json {

namespace {

constexpr size_t kSlots = 1024; // a power of two: the hash's low bits pick the slot

struct Slot
{
    std::array<char, kSharedStringMaxBytes> bytes {};
    size_t size = 0; // 0: empty slot (empty strings are never cached)
    QString text;
};

using Cache = std::array<Slot, kSlots>;

size_t hashOf(std::string_view s)
{
    // 8 bytes at a time, multiply and fold: short ids differ in their last bytes as often as
    // in their first, so every byte counts.
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ s.size();
    size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
        uint64_t w;
        std::memcpy(&w, s.data() + i, 8);
        h = (h ^ w) * 0xBF58476D1CE4E5B9ULL;
    }
    if (i < s.size()) {
        uint64_t w = 0;
        std::memcpy(&w, s.data() + i, s.size() - i);
        h = (h ^ w) * 0xBF58476D1CE4E5B9ULL;
    }
    return size_t(h ^ (h >> 29));
}

Cache &threadCache()
{
    // Made on a thread's first use: threads that never read ids do not carry one.
    return platform::threadLocal<Cache>();
}

} // namespace

QString sharedString(std::string_view wtf8)
{
    if (wtf8.empty() || wtf8.size() > kSharedStringMaxBytes)
        return fromWtf8(wtf8);
    Slot &slot = threadCache()[hashOf(wtf8) & (kSlots - 1)];
    if (slot.size == wtf8.size() && std::memcmp(slot.bytes.data(), wtf8.data(), wtf8.size()) == 0)
        return slot.text;
    std::memcpy(slot.bytes.data(), wtf8.data(), wtf8.size());
    slot.size = wtf8.size();
    slot.text = fromWtf8(wtf8);
    return slot.text;
}

} // namespace agui::json
