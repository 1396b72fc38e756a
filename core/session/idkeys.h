#pragma once

#include <QHash>
#include <QString>

namespace agui {

// A session's numbering of the ids its snapshots look up (message, tool call and subagent run
// ids): each distinct id gets a small integer the first time any snapshot of the session stores
// it. The snapshots share one table and keep their id -> position indexes as flat arrays over
// these numbers. Restoring a checkpoint then rebuilds its indexes from compact integer lists, not
// by hashing every id of the session again, which made a random seek O(session) in string
// hashing (issue 12, seek row).
//
// The table only grows and is never renumbered, so a snapshot taken earlier stays valid as later
// events add ids. It is not synchronised: a session and its snapshots are used from one thread at
// a time, as the rest of the session is.
class IdKeys
{
public:
    qint32 intern(const QString &id)
    {
        const auto it = m_keys.constFind(id);
        if (it != m_keys.constEnd())
            return *it;
        const auto key = qint32(m_keys.size());
        m_keys.insert(id, key);
        return key;
    }
    qint32 find(const QString &id) const { return m_keys.value(id, -1); } // -1: never stored
    qint32 size() const { return qint32(m_keys.size()); }

private:
    QHash<QString, qint32> m_keys;
};

} // namespace agui
