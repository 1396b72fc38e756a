// The State tab: the tree as of the selected event, the changed paths highlighted, a delta's ops
// with their effect (failed ones with the reason), a snapshot's diff, and the history of a path.

#include "sessionviews_testdata.h"
#include "ui/models/timetravel.h"
#include "ui/state/statechangemodel.h"
#include "ui/state/statepathhistory.h"
#include "ui/state/statetreemodel.h"
#include "ui/state/stateview.h"

#include "core/json/jsonpatch.h"
#include "core/session/session.h"
#include "core/session/snapshot.h"

#include <QAbstractItemModelTester>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>
#include <QTreeView>

using namespace agui;
using namespace agui::ui;

namespace {

// JSON written with ' for " (moc cannot read raw string literals holding JSON).
QByteArray js(const char *text)
{
    return QByteArray(text).replace('\'', '"');
}

} // namespace

class TestStateView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void firstSnapshotIsAllAdded();
    void deltaOpsAndHighlights();
    void failedDeltaListsTheReason();
    void snapshotDiffAgainstTheStateBefore();
    void eventWithoutStateChange();
    void pathHistory();
    void historyRowSelectsItsEvent();
    void deltaRowsAgreeWithTheReducer_data();
    void deltaRowsAgreeWithTheReducer();

private:
    void seek(qint64 seq);
    QString valueAt(const QString &pointer) const;
    QString kindAt(const QString &pointer) const;

    SessionDocument *m_doc = nullptr;
    StateView *m_view = nullptr;
    QList<QAbstractItemModelTester *> m_testers;
};

void TestStateView::init()
{
    m_doc = new SessionDocument;
    m_view = new StateView;
    // The testers watch every model from before it holds data.
    for (QAbstractItemModel *m : std::initializer_list<QAbstractItemModel *> {
             m_view->treeModel(), m_view->changeModel(), m_view->historyModel()})
        m_testers.append(new QAbstractItemModelTester(
            m, QAbstractItemModelTester::FailureReportingMode::QtTest, m_view));
    const QString error = loadViewsCapture(*m_doc);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_view->setDocument(m_doc);
    m_view->resize(900, 700);
}

void TestStateView::cleanup()
{
    delete m_view;
    delete m_doc;
    m_testers.clear();
}

void TestStateView::seek(qint64 seq)
{
    m_view->setCurrentEvent(seq);
    m_view->timeTravel()->flush();
    QCOMPARE(m_view->timeTravel()->seq(), seq);
}

QString TestStateView::valueAt(const QString &pointer) const
{
    const QModelIndex i = m_view->treeModel()->indexForPointer(pointer);
    return i.isValid() ? i.data(JsonTreeModel::CompactJsonRole).toString()
                       : QStringLiteral("<absent>");
}

QString TestStateView::kindAt(const QString &pointer) const
{
    const QModelIndex i = m_view->treeModel()->indexForPointer(pointer);
    return i.isValid() ? i.data(StateTreeModel::ChangeKindRole).toString()
                       : QStringLiteral("<absent>");
}

void TestStateView::firstSnapshotIsAllAdded()
{
    seek(1);
    QCOMPARE(valueAt(QStringLiteral("/count")), QStringLiteral("0"));
    QCOMPARE(valueAt(QStringLiteral("/items")), QStringLiteral("[\"a\"]"));
    // The run input's state was {}: every member is new.
    QCOMPARE(kindAt(QStringLiteral("/count")), QStringLiteral("added"));
    QCOMPARE(kindAt(QStringLiteral("/user")), QStringLiteral("added"));
    QCOMPARE(m_view->changeModel()->rowCount(), 3);
    QVERIFY(m_view->summaryText().contains(QLatin1String("STATE_SNAPSHOT")));
}

void TestStateView::deltaOpsAndHighlights()
{
    seek(5);
    QCOMPARE(valueAt(QStringLiteral("/count")), QStringLiteral("1"));
    QCOMPARE(valueAt(QStringLiteral("/items/1")), QStringLiteral("\"b\""));
    QCOMPARE(valueAt(QStringLiteral("/user/name")), QStringLiteral("<absent>"));
    QCOMPARE(kindAt(QStringLiteral("/count")), QStringLiteral("replaced"));
    QCOMPARE(kindAt(QStringLiteral("/items/1")), QStringLiteral("added"));
    QCOMPARE(kindAt(QStringLiteral("/items/0")), QString());
    // The parent of a changed location says so, even when collapsed.
    const QModelIndex user = m_view->treeModel()->indexForPointer(QStringLiteral("/user"));
    QVERIFY(user.data(StateTreeModel::ContainsChangeRole).toBool());
    QVERIFY(m_view->treeView()->isExpanded(
        m_view->treeModel()->indexForPointer(QStringLiteral("/items"))));

    const StateChangeModel *ops = m_view->changeModel();
    QCOMPARE(ops->rowCount(), 3);
    auto cell = [ops](int row, int column) { return ops->index(row, column).data().toString(); };
    QCOMPARE(cell(0, StateChangeModel::OpColumn), QStringLiteral("replace"));
    QCOMPARE(cell(0, StateChangeModel::EffectColumn), QStringLiteral("replaced /count"));
    QCOMPARE(cell(0, StateChangeModel::BeforeColumn), QStringLiteral("0"));
    QCOMPARE(cell(0, StateChangeModel::AfterColumn), QStringLiteral("1"));
    QCOMPARE(cell(1, StateChangeModel::PathColumn), QStringLiteral("/items/-"));
    QCOMPARE(cell(1, StateChangeModel::EffectColumn), QStringLiteral("inserted at /items/1"));
    QCOMPARE(cell(2, StateChangeModel::EffectColumn), QStringLiteral("removed /user/name"));
    QCOMPARE(cell(2, StateChangeModel::BeforeColumn), QStringLiteral("\"Ada\""));
    QCOMPARE(cell(2, StateChangeModel::AfterColumn), QString());
    for (int row = 0; row < 3; ++row)
        QCOMPARE(ops->index(row, 0).data(StateChangeModel::OutcomeRole).toString(),
                 QStringLiteral("applied"));
}

void TestStateView::failedDeltaListsTheReason()
{
    seek(11);
    const StateChangeModel *ops = m_view->changeModel();
    QCOMPARE(ops->rowCount(), 2);
    QCOMPARE(ops->index(0, 0).data(StateChangeModel::OutcomeRole).toString(),
             QStringLiteral("skipped"));
    QCOMPARE(ops->index(1, 0).data(StateChangeModel::OutcomeRole).toString(),
             QStringLiteral("failed"));
    const QString reason = ops->index(1, StateChangeModel::EffectColumn).data().toString();
    QVERIFY2(reason.startsWith(QLatin1String("failed: "))
                 && reason.contains(QLatin1String("/missing")),
             qPrintable(reason));
    // Skipped whole, like the client: the count stays 1 and nothing is highlighted.
    QCOMPARE(valueAt(QStringLiteral("/count")), QStringLiteral("1"));
    QCOMPARE(kindAt(QStringLiteral("/count")), QString());
    QVERIFY(m_view->summaryText().contains(QLatin1String("skipped whole")));
}

void TestStateView::snapshotDiffAgainstTheStateBefore()
{
    seek(27);
    QCOMPARE(valueAt(QStringLiteral("/count")), QStringLiteral("5"));
    QCOMPARE(valueAt(QStringLiteral("/user")), QStringLiteral("<absent>"));
    QCOMPARE(kindAt(QStringLiteral("/count")), QStringLiteral("replaced"));
    QCOMPARE(kindAt(QStringLiteral("/items")), QString()); // equal in both: not a change
    const StateChangeModel *diff = m_view->changeModel();
    QCOMPARE(diff->rowCount(), 2);
    QCOMPARE(diff->index(0, StateChangeModel::PathColumn).data().toString(),
             QStringLiteral("/count"));
    QCOMPARE(diff->index(0, StateChangeModel::OpColumn).data().toString(),
             QStringLiteral("replaced"));
    QCOMPARE(diff->index(0, StateChangeModel::BeforeColumn).data().toString(), QStringLiteral("1"));
    QCOMPARE(diff->index(0, StateChangeModel::AfterColumn).data().toString(), QStringLiteral("5"));
    QCOMPARE(diff->index(1, StateChangeModel::PathColumn).data().toString(),
             QStringLiteral("/user"));
    QCOMPARE(diff->index(1, StateChangeModel::OpColumn).data().toString(),
             QStringLiteral("removed"));
    QCOMPARE(diff->index(1, StateChangeModel::BeforeColumn).data().toString(),
             QStringLiteral("{}"));
}

void TestStateView::eventWithoutStateChange()
{
    seek(3);
    QCOMPARE(m_view->changeModel()->rowCount(), 0);
    QCOMPARE(valueAt(QStringLiteral("/count")), QStringLiteral("0"));
    QCOMPARE(kindAt(QStringLiteral("/count")), QString());
    QVERIFY(m_view->summaryText().contains(QLatin1String("last changed by event 1")));
    // Time travel backwards: before the first snapshot the state is the run input's {}.
    seek(0);
    QCOMPARE(m_view->treeModel()->rowCount(), 0);
}

void TestStateView::pathHistory()
{
    seek(31);
    m_view->showPathHistory(QStringLiteral("/count"));
    const StatePathHistoryModel *h = m_view->historyModel();
    QList<qint64> seqs;
    for (int row = 0; row < h->rowCount(); ++row)
        seqs.append(h->index(row, 0).data(StatePathHistoryModel::SeqRole).toLongLong());
    // 11 failed: it changed nothing.
    QCOMPARE(seqs, (QList<qint64> {1, 5, 27}));
    QCOMPARE(h->index(1, StatePathHistoryModel::BeforeColumn).data().toString(),
             QStringLiteral("0"));
    QCOMPARE(h->index(1, StatePathHistoryModel::AfterColumn).data().toString(),
             QStringLiteral("1"));
    QCOMPARE(h->index(0, StatePathHistoryModel::KindColumn).data().toString(),
             QStringLiteral("added"));

    // A path below a replaced branch: the branch's change, seen at the path.
    m_view->showPathHistory(QStringLiteral("/user/name"));
    QCOMPARE(h->rowCount(), 2);
    QCOMPARE(h->index(0, 0).data(StatePathHistoryModel::SeqRole).toLongLong(), 1);
    QCOMPARE(h->index(0, StatePathHistoryModel::AfterColumn).data().toString(),
             QStringLiteral("\"Ada\""));
    QCOMPARE(h->index(1, 0).data(StatePathHistoryModel::SeqRole).toLongLong(), 5);
    QCOMPARE(h->index(1, StatePathHistoryModel::KindColumn).data().toString(),
             QStringLiteral("removed"));

    // Only up to the selected event.
    seek(10);
    m_view->showPathHistory(QStringLiteral("/count"));
    QCOMPARE(h->rowCount(), 2);
}

void TestStateView::historyRowSelectsItsEvent()
{
    seek(31);
    m_view->show();
    m_view->showPathHistory(QStringLiteral("/items"));
    QVERIFY(m_view->historyModel()->rowCount() >= 2);
    QSignalSpy selected(m_view, &StateView::eventsSelected);
    auto *table = m_view->findChild<QAbstractItemView *>(QStringLiteral("statePathHistory"));
    QVERIFY(table);
    QTRY_VERIFY(table->isVisible());
    const QModelIndex second = m_view->historyModel()->index(1, 0);
    table->setCurrentIndex(second);
    Q_EMIT table->activated(second);
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.first().first().value<QList<qint64>>(),
             QList<qint64> {second.data(StatePathHistoryModel::SeqRole).toLongLong()});
}

void TestStateView::deltaRowsAgreeWithTheReducer_data()
{
    QTest::addColumn<QByteArray>("state");
    QTest::addColumn<QByteArray>("delta");
    QTest::newRow("applies") << js("{'a':1,'l':[1]}")
                             << js("[{'op':'replace','path':'/a','value':2},"
                                   "{'op':'add','path':'/l/-','value':2},"
                                   "{'op':'copy','from':'/a','path':'/b'},"
                                   "{'op':'move','from':'/b','path':'/c'},"
                                   "{'op':'test','path':'/c','value':2}]");
    QTest::newRow("unknown op dropped, rest applies")
        << js("{'count':1}")
        << js("[{'op':'increment','path':'/count','value':1},"
              "{'op':'replace','path':'/count','value':5}]");
    QTest::newRow("fails at the second op")
        << js("{'plan':{'status':'open'}}")
        << js("[{'op':'replace','path':'/plan/status','value':'closed'},"
              "{'op':'replace','path':'/absent/deeper','value':1},"
              "{'op':'remove','path':'/plan'}]");
    QTest::newRow("failing test") << js("{'a':1}") << js("[{'op':'test','path':'/a','value':2}]");
    QTest::newRow("remove with a leftover value")
        << js("{'items':['a','b','c']}") << js("[{'op':'remove','path':'/items/2','value':'x'}]");
}

// Parity: the ops the State tab says applied, replayed one by one, give the state the session's
// reducer holds after the delta; when it says an op failed, the reducer kept the state before.
void TestStateView::deltaRowsAgreeWithTheReducer()
{
    QFETCH(QByteArray, state);
    QFETCH(QByteArray, delta);
    Session session;
    const QByteArray deltaEvent = js("{'type':'STATE_DELTA','delta':") + delta + '}';
    const QByteArray snapshotEvent = js("{'type':'STATE_SNAPSHOT','snapshot':") + state + '}';
    for (const QByteArray &line :
         {js("{'type':'RUN_STARTED','threadId':'t','runId':'r'}"), snapshotEvent, deltaEvent}) {
        Event e = decodePayload(line, Framing::JsonLine);
        e.raw = line;
        session.append(e);
    }
    const QJsonValue before = QJsonDocument::fromJson(state).object();
    const QList<StateChangeRow> rows
        = describeStateDelta(QJsonDocument::fromJson(deltaEvent).object(), before);
    const QJsonArray ops = QJsonDocument::fromJson(delta).array();
    QCOMPARE(rows.size(), ops.size());
    QJsonValue replayed = before;
    bool failed = false;
    for (const StateChangeRow &row : rows) {
        failed = failed || row.outcome == StateChangeRow::Outcome::Failed;
        if (row.outcome != StateChangeRow::Outcome::Applied)
            continue;
        const json::PatchResult r = json::applyPatch(replayed, QJsonArray {ops.at(row.opIndex)});
        QVERIFY2(r.ok, qPrintable(r.error.message));
        replayed = r.document;
    }
    QCOMPARE(session.current().state(), failed ? before : replayed);
}

QTEST_MAIN(TestStateView)
#include "test_state_view.moc"
