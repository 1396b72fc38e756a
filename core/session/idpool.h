#pragma once

#include <QString>
#include <QStringList>

#include <string_view>
#include <vector>

namespace agui {

// Interned ids (message, tool call, run ids ...): each distinct UTF-8 string once, numbered in
// order of first appearance. Looking an id up from a parsed event's bytes allocates nothing.
//
// The ids' bytes lie end to end in one buffer; string() makes the QString a view shows when it
// asks. A QString per id (a heap block with its header and allocator overhead, plus a list
// entry) took three times the bytes of the ids themselves, for the 70,000 ids of a 1M-event
// session (bench/HISTORY.md, "139 MB, the rest of the list"). The index is an open-addressing
// table of string numbers with each string's hash kept beside it, so growing it never reads the
// bytes again. Ids compare by their bytes: two spellings of one text are two ids.
class IdPool
{
public:
    qint32 intern(std::string_view utf8); // -1 for ""
    qint32 find(std::string_view utf8) const; // -1 when absent
    std::string_view utf8(qint32 index) const; // empty for -1
    QString string(qint32 index) const; // null for -1
    qsizetype size() const { return qsizetype(m_hashes.size()); }
    // Ids starting with prefix (case-insensitive), at most limit, in first-seen order: the
    // filter bar's completion (a linear scan, run on a keystroke, not per event).
    QStringList withPrefix(const QString &prefix, int limit) const;
    qint64 approximateMemoryUsage() const;

private:
    static quint32 hashOf(std::string_view utf8);
    // The slot holding utf8's number, or the empty slot where it would go.
    qsizetype slotOf(std::string_view utf8, quint32 hash) const;
    void grow(); // doubles the table (re-placing each number by its kept hash)

    std::string m_bytes; // every id's UTF-8, end to end
    std::vector<size_t> m_ends; // per string: where its bytes end in m_bytes
    std::vector<quint32> m_hashes; // per string: growing never hashes the bytes again
    std::vector<qint32> m_slots; // string number + 1, 0 when empty; a power of two, < 1/2 full
};

} // namespace agui
