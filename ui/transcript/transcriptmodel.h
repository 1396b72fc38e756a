#pragma once

#include "core/session/change.h"
#include "core/session/snapshot.h"

#include <QAbstractListModel>
#include <QSet>

namespace agui::ui {

// One card of the transcript: a message of the thread as of the selected event, or a message
// the selected MESSAGES_SNAPSHOT dropped (shown where it was, marked "dropped").
struct TranscriptItem
{
    Message message;
    QString tag; // what the selected event did to it: "new", "changed", "appended",
                 // "replaced", "dropped" or ""
    QString header; // "assistant · m1 · run-1"
    QString body; // plain text (never markup): content, tool calls, results, activity JSON
    bool dropped = false;
};

// The conversation as a flat list (one row per message, in thread order). Agent text is data:
// every role is plain text, painted by TranscriptDelegate without any markup interpretation.
// Reasoning messages are folded (a one-line body) until expanded. Updates in place when the
// new list extends the old one, so a streaming run grows the list without resetting it.
class TranscriptModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role {
        MessageIdRole = Qt::UserRole + 1,
        RoleRole, // "user", "assistant", ...
        TagRole,
        HeaderRole,
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

    const TranscriptItem *itemAt(int row) const;
    int rowOf(const QString &messageId) const;
    // "MESSAGES_SNAPSHOT merge: …" when the selected event is one, else "".
    QString mergeSummary() const { return m_mergeSummary; }

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    QString bodyOf(const TranscriptItem &item) const;

    QList<TranscriptItem> m_items;
    QSet<QString> m_expanded;
    QString m_mergeSummary;
};

// The plain text shown for a message's content: strings as is, parts as their text with
// placeholders for media ("[image: image/png]"), anything else as pretty JSON.
QString messageContentText(const Message &message);

} // namespace agui::ui
