#pragma once

#include "core/session/change.h"
#include "core/session/snapshot.h"

#include <QAbstractListModel>
#include <QSet>

namespace agui::ui {

// The conversation as a flat list (one row per message, in thread order, plus the messages a
// selected MESSAGES_SNAPSHOT dropped, shown where they were and tagged "dropped"). Agent text is
// data: every role is plain text, painted by TranscriptDelegate without markup interpretation.
// Reasoning messages are folded (a one-line body) until expanded.
//
// Rows are computed on demand from the snapshot (a cheap implicitly shared copy), so a session
// with tens of thousands of messages costs O(rows) integer work per cursor move, not O(rows)
// strings. Updates are minimal: the common prefix of old and new rows stays, changed rows in it
// get dataChanged, the differing tail is removed / inserted — so a streaming run only ever
// appends and grows rows, and the view keeps its scroll position and selection.
class TranscriptModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role {
        MessageIdRole = Qt::UserRole + 1,
        RoleRole, // "user", "assistant", ...
        TagRole, // what the selected event did: "new", "changed", "appended", "replaced",
                 // "dropped" or ""
        HeaderRole, // "assistant · m1 · run-1 · events 2–4"
        BodyRole, // what is painted (folded reasoning: the one-line summary)
        FullTextRole, // the whole body, folded or not
        IsReasoningRole,
        ExpandedRole,
        DroppedRole,
    };

    explicit TranscriptModel(QObject *parent = nullptr);

    // before: the model before the selected event (for what a MESSAGES_SNAPSHOT dropped).
    void setSnapshot(const SessionSnapshot &snapshot, const SessionSnapshot &before,
                     const EventChange &change);
    void setExpanded(const QString &messageId, bool expanded);
    bool isExpanded(const QString &messageId) const { return m_expanded.contains(messageId); }
    void toggleExpanded(const QModelIndex &index);

    // The message of a row (a dropped row: as it was before the event); nullptr out of range.
    const Message *messageAt(int row) const;
    bool isDropped(int row) const;
    int rowOf(const QString &messageId) const; // the row of the live (not dropped) message
    // "MESSAGES_SNAPSHOT merge: …" when the selected event is one, else "".
    QString mergeSummary() const { return m_mergeSummary; }

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    struct Rows
    {
        SessionSnapshot snapshot;
        QList<Message> dropped;
        QList<qint32> rows; // >= 0: position in snapshot; < 0: -(i + 1) index into dropped
        QSet<QString> added;
        QSet<QString> changed;
        bool isMerge = false;
        const Message &message(int row) const;
        qint64 signature(int row) const; // changes whenever what the row shows changes
        QString tag(int row) const;
    };
    QString headerOf(int row) const;
    QString bodyOf(int row) const; // unfolded, untruncated
    QString shownBody(int row) const;

    Rows m_data;
    QSet<QString> m_expanded;
    QString m_mergeSummary;
};

// The plain text shown for a message's content: strings as is, parts as their text with
// placeholders for media ("[image: image/png]"), anything else as pretty JSON.
QString messageContentText(const Message &message);

} // namespace agui::ui
