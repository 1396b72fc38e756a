#pragma once

#include "ui/models/sessiondocument.h"

#include <QAbstractTableModel>
#include <QIcon>
#include <QPointer>
#include <QTimer>

namespace agui::ui {

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
    };
    static constexpr int kFlushIntervalMs = 50;

    explicit EventListModel(SessionDocument *document, QObject *parent = nullptr);

    SessionDocument *document() const { return m_document; }
    // Colours differ on dark palettes; the window tells the model when the palette changes.
    void setDarkPalette(bool dark);
    // Announces staged rows now (tests, and before a selection jump to a row just received).
    void flushPendingRows();
    qint64 pendingRowCount() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

private:
    void onEventsAppended(qint64 first, qint64 last);
    QIcon diagnosticIcon(Severity severity) const;

    QPointer<SessionDocument> m_document;
    int m_announcedRows = 0;
    QTimer m_flushTimer;
    bool m_dark = false;
    mutable QIcon m_icons[3];
};

} // namespace agui::ui
