#pragma once

#include "ui/eventpresentation.h"
#include "ui/models/colouringrules.h"
#include "ui/models/sessiondocument.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QIcon>
#include <QPointer>
#include <QTimer>

#include <vector>

namespace agui::ui {

class BookmarkList;

// The flat, virtual event list (Wireshark's packet list model, for AG-UI events): one row per
// event of the SessionDocument, nothing stored per row here; display text is computed in data()
// for the rows the view paints. Appends are staged and announced in batches, at most every
// kFlushIntervalMs, with one beginInsertRows per batch, so a fast stream costs the view one
// insert per tick instead of one per event.
class EventListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        SeqColumn,
        TimeColumn,
        DeltaColumn,
        RunColumn,
        TypeColumn,
        IdColumn,
        SummaryColumn,
        DiagnosticsColumn,
        ColumnCount
    };
    enum Role {
        SeqRole = Qt::UserRole + 1, // qint64
        EventTypeRole, // int (EventType)
        FamilyRole, // int (EventFamily)
        DiagnosticCountRole, // int
        BookmarkedRole, // bool
        ProxyMarkRole, // int (ProxyMark)
    };
    // What a recording proxy did with the event on its way to the front end (docs/proxy.md):
    // shown as a marker in Summary, with a tooltip.
    enum class ProxyMark { None, Changed, HeldBack };
    static constexpr int kFlushIntervalMs = 50;

    explicit EventListModel(SessionDocument *document, QObject *parent = nullptr);

    SessionDocument *document() const { return m_document; }
    // Colours differ on dark palettes; the window tells the model when the palette changes.
    void setDarkPalette(bool dark);
    // Rows the first matching rule colours (background, and text that reads on it). Matches are
    // worked out for the rows painted, once each, from the store's records (no JSON parse,
    // unless a rule searches the text).
    void setColouringRules(ColouringRules rules);
    const ColouringRules &colouringRules() const { return m_colouring; }
    // Bookmarked events get a marker in "#" and their note as its tooltip.
    void setBookmarks(BookmarkList *bookmarks);
    // Announces staged rows now (tests, and before a selection jump to a row just received).
    void flushPendingRows();
    qint64 pendingRowCount() const;

    // Summaries are parsed from the event's bytes, never while painting: the view asks for the
    // rows it is about to show (prefetchSummaries), and a row data() meets first gets its
    // summary on the next turn of the event loop (a dataChanged for it). Kept in a bounded cache.
    void prefetchSummaries(const QList<qint64> &seqs);
    bool hasSummary(qint64 seq) const { return m_parsed.contains(seq); }
    // No event has a receive time (JSON lines, most exports): Time and Δ show the events' own
    // "timestamp" instead, parsed with the summaries; the headers' tooltips say so.
    bool showsTimestamps() const { return m_showsTimestamps; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

private:
    void onEventsAppended(qint64 first, qint64 last);
    void onFindingsAdded(qsizetype first); // rows already shown that gained a finding
    // What is parsed from an event's bytes for its row (outside paint, cached).
    struct ParsedRow
    {
        QString summary;
        qint64 sentAtUs = -1; // "timestamp", when the list shows timestamps
        qint64 previousSentAtUs = -1; // the event before's, for Δ
    };
    ParsedRow parseRow(qint64 seq) const;
    const ParsedRow &parsed(qint64 seq) const; // cached, or empty and scheduled
    qint64 shownTimeUs(qint64 seq, const EventSummary &row) const;
    qint64 shownDeltaUs(qint64 seq, const EventSummary &row) const;
    void updateClock();
    void computeWantedSummaries();
    void bookmarkChanged(qint64 seq);
    int colouringRuleOf(qint64 seq) const; // -1: no rule colours the row
    ProxyMark proxyMarkOf(qint64 seq) const;
    void proxyMarksChanged(); // coalesced: one repaint of Summary per flush interval

    QPointer<SessionDocument> m_document;
    int m_announcedRows = 0;
    QTimer m_flushTimer;
    bool m_dark = false;
    SeverityIcons m_severityIcons;
    QPointer<BookmarkList> m_bookmarks;
    QIcon m_bookmarkIcon;
    mutable QIcon m_changedIcon; // made on first use
    mutable QIcon m_heldIcon;
    QTimer m_marksTimer;
    ColouringRules m_colouring;
    // Per row: the matching rule's index, -1 none, kRuleUnknown not yet asked (two bytes per
    // event, 2 MB for a million, instead of matching on every repaint).
    static constexpr qint16 kRuleUnknown = -2;
    mutable std::vector<qint16> m_ruleOfRow;
    static constexpr qsizetype kSummaryCacheLimit = 20000;
    mutable QHash<qint64, ParsedRow> m_parsed;
    bool m_showsTimestamps = false;
    mutable QList<qint64> m_wanted; // asked for by data() before they were computed
    QTimer m_summaryTimer;
};

} // namespace agui::ui
