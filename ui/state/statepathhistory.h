#pragma once

#include "core/session/change.h"
#include "ui/models/rowtablemodel.h"

#include <QJsonValue>

namespace agui {
class Session;
}

namespace agui::ui {

// One event that changed a state location (the location itself, one of its ancestors, or
// something inside it).
struct PathHistoryEntry
{
    qint64 seq = -1;
    QString typeName;
    QString path; // the location changed (the asked path when an ancestor was replaced)
    StatePathChange::Kind kind = StatePathChange::Kind::Replaced;
    QJsonValue before;
    QJsonValue after;
};

// Every STATE_SNAPSHOT / STATE_DELTA in 0..uptoSeq that changed path (a JSON Pointer), in
// order, with values. Walks the state events forward with Session::changeAt, which reuses the
// session's seek cache, so the whole scan costs about one replay of 0..uptoSeq; stops after
// maxEntries entries (*truncated set). State set by a RunAgentInput is not an event and is
// not listed.
QList<PathHistoryEntry> statePathHistory(const Session &session, const QString &path,
                                         qint64 uptoSeq, qsizetype maxEntries = 10000,
                                         bool *truncated = nullptr);

// The entries as a table: Event, Type, Path, Change, Before, After. SeqRole on every cell.
class StatePathHistoryModel : public RowTableModel<PathHistoryEntry>
{
    Q_OBJECT
public:
    enum Column {
        SeqColumn,
        TypeColumn,
        PathColumn,
        KindColumn,
        BeforeColumn,
        AfterColumn, // the column titles given to RowTableModel are the count
    };
    enum Role { SeqRole = Qt::UserRole + 1 };

    explicit StatePathHistoryModel(QObject *parent = nullptr);

    void setHistory(const QString &path, QList<PathHistoryEntry> entries);
    const QString &path() const { return m_path; }
    const QList<PathHistoryEntry> &entries() const { return m_rows; }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    QString m_path;
};

} // namespace agui::ui
