#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <string_view>
#include <vector>

namespace agui {

// Interned ids (message, tool call, run ids ...): each distinct UTF-8 string once, numbered in
// order of first appearance. Looking an id up from a parsed event's bytes allocates nothing.
//
// Each id is kept once, as the QString the views show (shared with every copy handed out). The
// index is an open-addressing table of string numbers that compares the bytes asked for with
// the kept QString: keeping the UTF-8 bytes again as a std::unordered_map's keys took more than
// the strings themselves (a node, a heap copy and its allocator overhead per id). The hash is of
// the bytes, so ids stay apart by their bytes; only two invalid UTF-8 spellings of one text
// whose 32-bit hashes also collide would share a number.
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
    static quint32 hashOf(std::string_view utf8);
    // The slot holding utf8's number, or the empty slot where it would go.
    qsizetype slotOf(std::string_view utf8, quint32 hash) const;
    void grow(); // doubles the table (re-placing each number by its kept hash)

    QList<QString> m_strings;
    std::vector<quint32> m_hashes; // per string: growing never converts a string back to UTF-8
    std::vector<qint32> m_slots; // string number + 1, 0 when empty; a power of two, < 1/2 full
};

} // namespace agui
