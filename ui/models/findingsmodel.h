#pragma once

#include "core/finding/diagnostic.h"
#include "ui/eventpresentation.h"

#include <QAbstractTableModel>
#include <QPointer>

#include <array>

namespace agui::ui {

class SessionDocument;

// The Findings panel's table: every finding of the session (decode, verify, lint, reducer and
// A2UI layers) in the order they were found, including those about the stream as a whole that
// name no event (a truncated run, no timestamps), which no event's detail pane can show.
//
// Rows follow the document: the findings that arrive with appended events are inserted at the
// end, a reset (a capture opened, the session cleared) starts over. A minimum severity hides the
// lesser ones; the model keeps the shown findings' indexes (four bytes each), so filtering a
// session with a million findings is one integer pass and nothing is parsed.
class FindingsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        SeverityColumn,
        EventColumn,
        TypeColumn,
        RuleColumn,
        PathColumn,
        MessageColumn,
        ColumnCount
    };
    enum Role { SeqRole = Qt::UserRole + 1 }; // the finding's event, -1 for the stream

    explicit FindingsModel(SessionDocument *document, QObject *parent = nullptr);

    void setMinimumSeverity(Severity severity);
    Severity minimumSeverity() const { return m_minimum; }
    // Findings of the session so far, shown or not.
    qsizetype count(Severity severity) const { return m_counts[int(severity)]; }
    qsizetype streamCount() const { return m_streamCount; } // about the stream, not an event
    qsizetype streamProblemCount() const { return m_streamProblems; } // of those: not info

    // Picks up what the session found since the last call (also called on eventsAppended).
    void sync();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void countsChanged();

private:
    void onAboutToReset();
    void onResetDone();
    // Counts findings [first, end) and returns those the minimum severity shows.
    QList<qint32> countFrom(qsizetype first);
    bool shows(qsizetype finding) const;

    QPointer<SessionDocument> m_document;
    Severity m_minimum = Severity::Info;
    QList<qint32> m_rows; // indexes into the session's findings, in order
    qsizetype m_seen = 0; // findings counted so far
    std::array<qsizetype, 3> m_counts {};
    qsizetype m_streamCount = 0;
    qsizetype m_streamProblems = 0;
    bool m_resetting = false;
    SeverityIcons m_severityIcons;
};

} // namespace agui::ui
