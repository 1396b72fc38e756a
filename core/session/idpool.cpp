#include "core/session/idpool.h"

namespace agui {

qint32 IdPool::intern(std::string_view utf8)
{
    if (utf8.empty())
        return -1;
    const auto it = m_index.find(utf8);
    if (it != m_index.end())
        return it->second;
    const auto index = qint32(m_strings.size());
    m_index.emplace(std::string(utf8), index);
    m_strings.append(QString::fromUtf8(utf8.data(), qsizetype(utf8.size())));
    return index;
}

qint32 IdPool::find(std::string_view utf8) const
{
    const auto it = m_index.find(utf8);
    return it == m_index.end() ? -1 : it->second;
}

QStringList IdPool::withPrefix(const QString &prefix, int limit) const
{
    QStringList out;
    for (const QString &id : m_strings) {
        if (out.size() >= limit)
            break;
        if (id.startsWith(prefix, Qt::CaseInsensitive))
            out << id;
    }
    return out;
}

qint64 IdPool::approximateMemoryUsage() const
{
    qint64 total = 0;
    for (const auto &[key, index] : m_index)
        total += qint64(key.capacity()) + 48;
    for (const QString &s : m_strings)
        total += s.capacity() * 2 + 24;
    return total;
}

} // namespace agui
