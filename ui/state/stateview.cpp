#include "ui/state/stateview.h"

#include "core/session/session.h"
#include "ui/models/sessiondocument.h"
#include "ui/models/timetravel.h"
#include "ui/state/statechangemodel.h"
#include "ui/state/statepathhistory.h"
#include "ui/state/statetreemodel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

namespace agui::ui {

namespace {

// Expanding a huge state would cost more than it helps: reveal at most this many changes.
constexpr int kMaxRevealed = 200;

QTableView *makeTable(QWidget *parent)
{
    auto *table = new QTableView(parent);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setWordWrap(false);
    table->setAlternatingRowColors(true);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

} // namespace

StateView::StateView(QWidget *parent)
    : QWidget(parent)
{
    m_treeModel = new StateTreeModel(this);
    m_changeModel = new StateChangeModel(this);
    m_historyModel = new StatePathHistoryModel(this);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *top = new QHBoxLayout;
    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    m_historyButton = new QPushButton(tr("History of This Path"), this);
    m_historyButton->setToolTip(tr("Every event that changed the selected location"));
    top->addWidget(m_summary, 1);
    top->addWidget(m_historyButton);
    layout->addLayout(top);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    m_tree = new QTreeView(splitter);
    m_tree->setObjectName(QStringLiteral("stateTree"));
    m_tree->setModel(m_treeModel);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setSectionResizeMode(JsonTreeModel::KeyColumn, QHeaderView::Interactive);
    m_tree->header()->resizeSection(JsonTreeModel::KeyColumn, 220);
    m_tree->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *historyAction = new QAction(tr("History of This Path"), m_tree);
    auto *copyPointer = new QAction(tr("Copy Path"), m_tree);
    auto *copyValue = new QAction(tr("Copy Value"), m_tree);
    m_tree->addAction(historyAction);
    m_tree->addAction(copyPointer);
    m_tree->addAction(copyValue);

    m_lower = new QTabWidget(splitter);
    m_lower->setDocumentMode(true);
    m_changes = makeTable(m_lower);
    m_changes->setObjectName(QStringLiteral("stateChanges"));
    m_changes->setModel(m_changeModel);
    m_changes->horizontalHeader()->resizeSection(StateChangeModel::IndexColumn, 30);
    m_changes->horizontalHeader()->resizeSection(StateChangeModel::OpColumn, 65);
    m_changes->horizontalHeader()->resizeSection(StateChangeModel::PathColumn, 120);
    m_changes->horizontalHeader()->resizeSection(StateChangeModel::EffectColumn, 230);
    m_changes->horizontalHeader()->resizeSection(StateChangeModel::BeforeColumn, 110);
    m_lower->addTab(m_changes, tr("Changes by This Event"));
    auto *historyPage = new QWidget(m_lower);
    auto *historyLayout = new QVBoxLayout(historyPage);
    historyLayout->setContentsMargins(0, 4, 0, 0);
    m_historyLabel = new QLabel(
        tr("Select a location in the tree and choose History of This Path."), historyPage);
    m_historyLabel->setTextFormat(Qt::PlainText);
    m_historyLabel->setWordWrap(true);
    m_history = makeTable(historyPage);
    m_history->setObjectName(QStringLiteral("statePathHistory"));
    m_history->setModel(m_historyModel);
    historyLayout->addWidget(m_historyLabel);
    historyLayout->addWidget(m_history, 1);
    m_lower->addTab(historyPage, tr("Path History"));
    splitter->addWidget(m_tree);
    splitter->addWidget(m_lower);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);

    auto historyOfSelection = [this] {
        if (m_tree->currentIndex().isValid())
            showPathHistory(selectedPointer());
    };
    connect(m_historyButton, &QPushButton::clicked, this, historyOfSelection);
    connect(historyAction, &QAction::triggered, this, historyOfSelection);
    connect(copyPointer, &QAction::triggered, this,
            [this] { QApplication::clipboard()->setText(selectedPointer()); });
    connect(copyValue, &QAction::triggered, this, [this] {
        const QModelIndex i = m_tree->currentIndex();
        if (i.isValid())
            QApplication::clipboard()->setText(i.data(JsonTreeModel::CompactJsonRole).toString());
    });
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &StateView::updateHistoryButton);
    connect(m_treeModel, &QAbstractItemModel::modelReset, this, &StateView::updateHistoryButton);
    connect(m_history, &QAbstractItemView::activated, this, [this](const QModelIndex &index) {
        Q_EMIT eventsSelected({index.data(StatePathHistoryModel::SeqRole).toLongLong()});
    });
    updateHistoryButton();
}

void StateView::setDocument(SessionDocument *document)
{
    if (!m_ownTimeTravel) {
        m_ownTimeTravel = new TimeTravel(this);
        setTimeTravel(m_ownTimeTravel);
    }
    m_timeTravel->setDocument(document);
}

void StateView::setTimeTravel(TimeTravel *timeTravel)
{
    disconnect(m_updatedConnection);
    m_timeTravel = timeTravel;
    m_shownGeneration = 0;
    if (timeTravel)
        m_updatedConnection = connect(timeTravel, &TimeTravel::updated, this, &StateView::refresh);
    refresh(); // attached late (its tab first shown mid-session), it catches up at once
}

void StateView::setCurrentEvent(qint64 seq)
{
    if (m_timeTravel)
        m_timeTravel->setCurrentEvent(seq);
}

QString StateView::summaryText() const
{
    return m_summary->text();
}

QString StateView::selectedPointer() const
{
    const QModelIndex i = m_tree->currentIndex();
    return i.isValid() ? i.data(JsonTreeModel::PointerRole).toString() : QString();
}

void StateView::updateHistoryButton()
{
    m_historyButton->setEnabled(m_tree->currentIndex().isValid());
}

void StateView::refresh()
{
    if (!m_timeTravel || m_timeTravel->generation() == m_shownGeneration)
        return;
    m_shownGeneration = m_timeTravel->generation();
    const TimeTravel &tt = *m_timeTravel;
    const SessionSnapshot &snap = tt.snapshot();
    const EventChange &change = tt.change();
    const qint64 seq = tt.seq();
    const EventType type = (seq >= 0 && tt.document()) ? tt.document()->session().events().type(seq)
                                                       : EventType::Invalid;
    const bool stateEvent = type == EventType::StateDelta || type == EventType::StateSnapshot;

    // The tree: rebuilt only when the state or the highlighted event differs from what it shows.
    const qint64 highlight = change.stateChanged ? seq : -1;
    if (tt.documentGeneration() != m_treeDocumentGeneration || snap.stateSeq() != m_treeStateSeq
        || highlight != m_treeHighlightSeq) {
        m_treeDocumentGeneration = tt.documentGeneration();
        m_treeStateSeq = snap.stateSeq();
        m_treeHighlightSeq = highlight;
        m_treeModel->setState(snap.state(),
                              change.stateChanged ? change.statePaths : QList<StatePathChange>());
        revealChanges();
    }

    QList<StateChangeRow> rows;
    if (type == EventType::StateDelta && tt.document())
        rows = describeStateDelta(tt.document()->eventAt(seq).json, tt.before().state());
    else if (type == EventType::StateSnapshot)
        rows = describeStateSnapshot(change.statePaths);
    m_changeModel->setRows(rows);

    QString text;
    if (seq < 0) {
        text = tr("No events yet.");
    } else if (type == EventType::StateDelta) {
        text = change.stateChanged
            ? tr("State after event %1 (STATE_DELTA): %n location(s) changed.", nullptr,
                 int(change.statePaths.size()))
                  .arg(seq)
            : tr("State after event %1: the STATE_DELTA failed and was skipped whole, like the "
                 "client does; the state is unchanged.")
                  .arg(seq);
    } else if (type == EventType::StateSnapshot) {
        text = change.stateChanged
            ? tr("State after event %1 (STATE_SNAPSHOT): %n location(s) differ from the state "
                 "before it.",
                 nullptr, int(change.statePaths.size()))
                  .arg(seq)
            : tr("State after event %1: the STATE_SNAPSHOT was not applied.").arg(seq);
    } else if (!snap.hasState()) {
        text = tr("No state yet at event %1 (the client starts from {}).").arg(seq);
    } else {
        text = tr("State after event %1; this event did not change it (last changed by event %2).")
                   .arg(seq)
                   .arg(snap.stateSeq());
    }
    m_summary->setText(text);
    if (stateEvent && m_lower->currentIndex() != 0 && m_historyModel->rowCount() == 0)
        m_lower->setCurrentIndex(0);
}

void StateView::revealChanges()
{
    m_tree->collapseAll();
    // Top-level members are open by default: the state of most agents is a handful of keys.
    for (int row = 0; row < m_treeModel->rowCount() && row < 50; ++row)
        m_tree->expand(m_treeModel->index(row, 0));
    int revealed = 0;
    QModelIndex first;
    for (const StatePathChange &c : m_treeModel->changes()) {
        if (revealed++ >= kMaxRevealed)
            break;
        QModelIndex index = m_treeModel->indexForPointer(c.path);
        if (!index.isValid()) // removed: show its parent
            index = m_treeModel->indexForPointer(c.path.left(c.path.lastIndexOf(QLatin1Char('/'))));
        if (!index.isValid())
            continue;
        if (!first.isValid())
            first = index;
        for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
            m_tree->expand(p);
    }
    if (first.isValid())
        m_tree->scrollTo(first);
}

void StateView::showPathHistory(const QString &pointer)
{
    if (!m_timeTravel || !m_timeTravel->document())
        return;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    bool truncated = false;
    const qint64 upto = m_timeTravel->seq();
    QList<PathHistoryEntry> entries
        = statePathHistory(m_timeTravel->document()->session(), pointer, upto, 10000, &truncated);
    QApplication::restoreOverrideCursor();
    const QString where = pointer.isEmpty() ? tr("the whole state") : pointer;
    QString text
        = tr("%1: changed by %n event change(s) up to event %2.", nullptr, int(entries.size()))
              .arg(where)
              .arg(upto);
    if (truncated)
        text += tr(" (Only the first %1 are listed.)").arg(entries.size());
    m_historyLabel->setText(text);
    m_historyModel->setHistory(pointer, std::move(entries));
    m_lower->setCurrentIndex(1);
}

} // namespace agui::ui
