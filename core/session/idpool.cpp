#include "core/session/idpool.h"

#include <QHashFunctions>

#include <algorithm>

namespace agui {

quint32 IdPool::hashOf(std::string_view utf8)
{
    return quint32(qHashBits(utf8.data(), utf8.size()));
}

qsizetype IdPool::slotOf(std::string_view utf8, quint32 hash) const
{
    const qsizetype mask = qsizetype(m_slots.size()) - 1;
    for (qsizetype slot = hash & mask;; slot = (slot + 1) & mask) {
        const qint32 held = m_slots[size_t(slot)] - 1;
        if (held < 0)
            return slot;
        if (m_hashes[size_t(held)] == hash && this->utf8(held) == utf8)
            return slot;
    }
}

void IdPool::grow()
{
    std::vector<qint32> slots(std::max<size_t>(64, m_slots.size() * 2), 0);
    const size_t mask = slots.size() - 1;
    for (size_t index = 0; index < m_hashes.size(); ++index) {
        size_t slot = m_hashes[index] & mask;
        while (slots[slot] != 0)
            slot = (slot + 1) & mask;
        slots[slot] = qint32(index) + 1;
    }
    m_slots = std::move(slots);
}

qint32 IdPool::intern(std::string_view utf8)
{
    if (utf8.empty())
        return -1;
    if ((size() + 1) * 2 > qsizetype(m_slots.size()))
        grow();
    const quint32 hash = hashOf(utf8);
    const qsizetype slot = slotOf(utf8, hash);
    if (m_slots[size_t(slot)] != 0)
        return m_slots[size_t(slot)] - 1;
    const auto index = qint32(size());
    m_bytes.append(utf8);
    m_ends.push_back(m_bytes.size());
    m_hashes.push_back(hash);
    m_slots[size_t(slot)] = index + 1;
    return index;
}

qint32 IdPool::find(std::string_view utf8) const
{
    if (utf8.empty() || m_slots.empty())
        return -1;
    return m_slots[size_t(slotOf(utf8, hashOf(utf8)))] - 1;
}

std::string_view IdPool::utf8(qint32 index) const
{
    if (index < 0)
        return {};
    const size_t begin = index == 0 ? 0 : m_ends[size_t(index) - 1];
    return std::string_view(m_bytes).substr(begin, m_ends[size_t(index)] - begin);
}

QString IdPool::string(qint32 index) const
{
    if (index < 0)
        return {};
    const std::string_view bytes = utf8(index);
    return QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
}

QStringList IdPool::withPrefix(const QString &prefix, int limit) const
{
    QStringList out;
    for (qint32 index = 0; index < size() && out.size() < limit; ++index) {
        QString id = string(index);
        if (id.startsWith(prefix, Qt::CaseInsensitive))
            out << std::move(id);
    }
    return out;
}

qint64 IdPool::approximateMemoryUsage() const
{
    return qint64(m_bytes.capacity() + m_ends.capacity() * sizeof(size_t)
                  + m_hashes.capacity() * sizeof(quint32) + m_slots.capacity() * sizeof(qint32));
}

} // namespace agui
