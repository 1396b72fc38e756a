#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <string>
#include <string_view>
#include <unordered_map>

namespace agui {

// Interned ids (message, tool call, run ids ...): each distinct UTF-8 string once, numbered in
// order of first appearance. Looking an id up from a parsed event's bytes allocates nothing.
class IdPool
{
public:
    qint32 intern(std::string_view utf8); // -1 for ""
    qint32 find(std::string_view utf8) const; // -1 when absent
    QString string(qint32 index) const { return index < 0 ? QString() : m_strings.at(index); }
    qsizetype size() const { return m_strings.size(); }
    // Ids starting with prefix (case-insensitive), at most limit, in first-seen order: the
    // filter bar's completion (a linear scan, run on a keystroke, not per event).
    QStringList withPrefix(const QString &prefix, int limit) const;
    qint64 approximateMemoryUsage() const;

private:
    struct Hash
    {
        using is_transparent = void;
        size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
    };
    std::unordered_map<std::string, qint32, Hash, std::equal_to<>> m_index;
    QList<QString> m_strings;
};

} // namespace agui
