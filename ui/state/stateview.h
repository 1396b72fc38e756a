#pragma once

#include <QList>
#include <QPointer>
#include <QWidget>

class QLabel;
class QPushButton;
class QTabWidget;
class QTableView;
class QTreeView;

namespace agui::ui {

class SessionDocument;
class StateChangeModel;
class StatePathHistoryModel;
class StateTreeModel;
class TimeTravel;

// The State tab: the state document as a tree as of the selected event, the locations that
// event changed highlighted, and below it what the event did (a delta's ops with their effect,
// failed ops with the reason; a snapshot's diff against the state before it) and, on demand,
// the history of one path (every event that changed it, with values).
class StateView : public QWidget
{
    Q_OBJECT
public:
    explicit StateView(QWidget *parent = nullptr);

    // Either give the document (the view keeps its own time-travel cursor) or share a cursor.
    void setDocument(SessionDocument *document);
    void setTimeTravel(TimeTravel *timeTravel);
    TimeTravel *timeTravel() const { return m_timeTravel; }
    void setCurrentEvent(qint64 seq);

    // Lists every event up to the current one that changed pointer, in the "Path history" tab.
    void showPathHistory(const QString &pointer);

    StateTreeModel *treeModel() const { return m_treeModel; }
    StateChangeModel *changeModel() const { return m_changeModel; }
    StatePathHistoryModel *historyModel() const { return m_historyModel; }
    QTreeView *treeView() const { return m_tree; }
    QString summaryText() const;
    // The JSON Pointer of the tree's current node ("" when none).
    QString selectedPointer() const;

Q_SIGNALS:
    void eventsSelected(const QList<qint64> &seqs);

private:
    void refresh();
    void revealChanges();
    void updateHistoryButton();

    QPointer<TimeTravel> m_timeTravel;
    TimeTravel *m_ownTimeTravel = nullptr;
    QMetaObject::Connection m_updatedConnection;
    StateTreeModel *m_treeModel = nullptr;
    StateChangeModel *m_changeModel = nullptr;
    StatePathHistoryModel *m_historyModel = nullptr;
    QLabel *m_summary = nullptr;
    QTreeView *m_tree = nullptr;
    QTabWidget *m_lower = nullptr;
    QTableView *m_changes = nullptr;
    QLabel *m_historyLabel = nullptr;
    QTableView *m_history = nullptr;
    QPushButton *m_historyButton = nullptr;
    quint64 m_shownGeneration = 0;
    // What the tree currently shows, so an event that did not touch the state reuses it.
    quint64 m_treeDocumentGeneration = 0;
    qint64 m_treeStateSeq = -2;
    qint64 m_treeHighlightSeq = -2;
};

} // namespace agui::ui
