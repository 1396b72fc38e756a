#include "core/protocol/eventmembers.h"

namespace agui {

void EventMembers::index(json::JsonView object)
{
    m_offset.fill(0);
    m_indexed = object.isObject();
    if (!m_indexed)
        return;
    const uint32_t root = object.tapeIndex();
    for (auto it = object.rawMembersBegin(); it.valid(); it.next()) {
        const EventKey key = eventKeyOf(it.key().utf8());
        if (key != EventKey::Count)
            m_offset[size_t(key)] = it.value().tapeIndex() - root; // a later repeat overwrites
    }
}

} // namespace agui
