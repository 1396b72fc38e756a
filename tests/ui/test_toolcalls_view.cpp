// The Tool Calls tab: status through streaming / complete / answered / never answered, args as
// streamed (partial text, pretty JSON, a diagnostic for invalid JSON), result, parent message,
// run, times; selecting a call selects its events; args and result copy.

#include "sessionviews_testdata.h"
#include "ui/models/timetravel.h"
#include "ui/toolcalls/toolcallmodel.h"
#include "ui/toolcalls/toolcallsview.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace agui;
using namespace agui::ui;

class TestToolCallsView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void argsWhileStreaming();
    void completeAndAnswered();
    void invalidArgsAndNeverAnswered();
    void secondRunStillStreaming();
    void selectingACallSelectsItsEvents();
    void copyArgsAndResult();

private:
    void seek(qint64 seq);
    QString cell(const QString &id, int column, int role = Qt::DisplayRole) const;

    SessionDocument *m_doc = nullptr;
    ToolCallsView *m_view = nullptr;
};

void TestToolCallsView::init()
{
    m_doc = new SessionDocument;
    m_view = new ToolCallsView;
    new QAbstractItemModelTester(m_view->model(),
                                 QAbstractItemModelTester::FailureReportingMode::QtTest, m_view);
    const QString error = loadViewsCapture(*m_doc);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_view->setDocument(m_doc);
    m_view->resize(1100, 700);
}

void TestToolCallsView::cleanup()
{
    delete m_view;
    delete m_doc;
}

void TestToolCallsView::seek(qint64 seq)
{
    m_view->setCurrentEvent(seq);
    m_view->timeTravel()->flush();
    QCOMPARE(m_view->timeTravel()->seq(), seq);
}

QString TestToolCallsView::cell(const QString &id, int column, int role) const
{
    const int row = m_view->model()->rowOf(id);
    return row < 0 ? QStringLiteral("<absent>")
                   : m_view->model()->index(row, column).data(role).toString();
}

void TestToolCallsView::argsWhileStreaming()
{
    seek(5);
    QCOMPARE(m_view->model()->rowCount(), 0);
    seek(7);
    QCOMPARE(m_view->model()->rowCount(), 1);
    QCOMPARE(cell(QStringLiteral("c1"), ToolCallModel::NameColumn), QStringLiteral("search"));
    QCOMPARE(cell(QStringLiteral("c1"), ToolCallModel::StatusColumn),
             QStringLiteral("streaming args"));
    QCOMPARE(cell(QStringLiteral("c1"), ToolCallModel::ArgsColumn), QStringLiteral("{\"q\":"));
    QCOMPARE(cell(QStringLiteral("c1"), 0, ToolCallModel::ArgsTextRole), QStringLiteral("{\"q\":"));
    QCOMPARE(cell(QStringLiteral("c1"), 0, ToolCallModel::ArgsErrorRole), QString());
    QCOMPARE(cell(QStringLiteral("c1"), ToolCallModel::ParentMessageColumn), QStringLiteral("m1"));
    QCOMPARE(cell(QStringLiteral("c1"), ToolCallModel::RunColumn), QStringLiteral("run-1"));
    QCOMPARE(cell(QStringLiteral("c1"), ToolCallModel::EndColumn), QString());
}

void TestToolCallsView::completeAndAnswered()
{
    seek(9);
    QCOMPARE(cell(QStringLiteral("c1"), ToolCallModel::StatusColumn),
             QStringLiteral("args complete"));
    QCOMPARE(cell(QStringLiteral("c1"), 0, ToolCallModel::ArgsTextRole),
             QStringLiteral("{\n    \"q\": \"weather\"\n}"));
    QCOMPARE(cell(QStringLiteral("c1"), ToolCallModel::ResultColumn), QString());
    seek(10);
    QCOMPARE(cell(QStringLiteral("c1"), ToolCallModel::StatusColumn), QStringLiteral("answered"));
    QCOMPARE(cell(QStringLiteral("c1"), ToolCallModel::ResultColumn),
             QStringLiteral("sunny, 21 C"));
    QVERIFY(!cell(QStringLiteral("c1"), ToolCallModel::StartColumn).isEmpty());
    QVERIFY(!cell(QStringLiteral("c1"), ToolCallModel::EndColumn).isEmpty());
    // START at event 6, RESULT at event 10: 4 x 40 ms apart in the capture.
    QCOMPARE(cell(QStringLiteral("c1"), ToolCallModel::DurationColumn), QStringLiteral("160 ms"));
}

void TestToolCallsView::invalidArgsAndNeverAnswered()
{
    seek(19);
    QCOMPARE(m_view->model()->rowCount(), 2);
    QCOMPARE(cell(QStringLiteral("c2"), ToolCallModel::StatusColumn),
             QStringLiteral("args complete"));
    const QString error = cell(QStringLiteral("c2"), 0, ToolCallModel::ArgsErrorRole);
    QVERIFY2(error.contains(QLatin1String("not valid JSON")), qPrintable(error));
    QVERIFY(cell(QStringLiteral("c2"), ToolCallModel::ArgsColumn).startsWith(QStringLiteral("⚠")));
    QCOMPARE(cell(QStringLiteral("c2"), 0, ToolCallModel::ArgsTextRole),
             QStringLiteral("{\"people\": tru"));
    QVERIFY(m_view->selectCall(QStringLiteral("c2")));
    QVERIFY(m_view->diagnosticText().contains(error));
    QCOMPARE(m_view->argsText(), QStringLiteral("{\"people\": tru"));
    seek(23); // RUN_FINISHED: nothing in this stream answers c2 any more
    QCOMPARE(cell(QStringLiteral("c2"), ToolCallModel::StatusColumn),
             QStringLiteral("never answered"));
    QCOMPARE(cell(QStringLiteral("c1"), ToolCallModel::StatusColumn), QStringLiteral("answered"));
    // The selection survives time travel.
    QCOMPARE(m_view->selectedCallId(), QStringLiteral("c2"));
}

void TestToolCallsView::secondRunStillStreaming()
{
    seek(29);
    QCOMPARE(m_view->model()->rowCount(), 3);
    QCOMPARE(cell(QStringLiteral("c3"), ToolCallModel::RunColumn), QStringLiteral("run-2"));
    QCOMPARE(cell(QStringLiteral("c3"), ToolCallModel::StatusColumn),
             QStringLiteral("streaming args"));
    QCOMPARE(cell(QStringLiteral("c3"), ToolCallModel::ArgsColumn), QStringLiteral("{\"id\": 4"));
    seek(31);
    QCOMPARE(cell(QStringLiteral("c3"), ToolCallModel::StatusColumn),
             QStringLiteral("never answered"));
    // Going back in time removes calls that did not exist yet.
    seek(8);
    QCOMPARE(m_view->model()->rowCount(), 1);
}

void TestToolCallsView::selectingACallSelectsItsEvents()
{
    seek(31);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    QSignalSpy selected(m_view, &ToolCallsView::eventsSelected);
    QTableView *table = m_view->table();
    const QRect rect = table->visualRect(m_view->model()->index(0, ToolCallModel::NameColumn));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(m_view->selectedCallId(), QStringLiteral("c1"));
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.first().first().value<QList<qint64>>(), (QList<qint64> {6, 7, 8, 9, 10}));
}

void TestToolCallsView::copyArgsAndResult()
{
    seek(10);
    QVERIFY(m_view->selectCall(QStringLiteral("c1")));
    QCOMPARE(m_view->resultText(), QStringLiteral("sunny, 21 C"));
    m_view->copyArgs();
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("{\n    \"q\": \"weather\"\n}"));
    m_view->copyResult();
    QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("sunny, 21 C"));
}

QTEST_MAIN(TestToolCallsView)
#include "test_toolcalls_view.moc"
