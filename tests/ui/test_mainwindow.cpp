// The window over a capture: open (in the background) -> rows and detail match the file;
// filter -> shown/total counts; Save As in each format round-trips.

#include "core/protocol/eventtype.h"
#include "ui/a2ui/surfacespanel.h"
#include "ui/models/eventfiltermodel.h"
#include "ui/models/eventlistmodel.h"
#include "ui/models/jsontreemodel.h"
#include "ui/models/sessiondocument.h"
#include "ui/models/timetravel.h"
#include "ui/persistsettings.h"
#include "ui/state/stateview.h"
#include "ui/timeline/timelinewidget.h"
#include "ui/timing/timingview.h"
#include "ui/views/bookmarkspanel.h"
#include "ui/views/deliveredeventsmodel.h"
#include "ui/views/eventdetailview.h"
#include "ui/views/eventlistview.h"
#include "ui/views/findingspanel.h"
#include "ui/widgets/filterlineedit.h"
#include "ui/window/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QTreeView>
#include <QTreeWidget>

using namespace agui;
using namespace agui::ui;

namespace {
const QString kSmall = QStringLiteral(AGUI_TEST_DATA_DIR "/ui/small.sse");
}

class TestMainWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }
    void openCaptureShowsRowsAndDetail();
    void filterBarCounts();
    void saveAsRoundTrips();
    void saveAsJsonLinesDecodesProtobuf();
    void saveAsAimockFixturesOpensAgain();
    void missingFileIsAClearError();
    void listAsDelivered();
    void listAsDeliveredSaysWhereTheClientRejects();
    void viewsAttachThroughTheWindow();
    void rewritingTheOpenFileInPlaceIsAnnounced();
};

void TestMainWindow::openCaptureShowsRowsAndDetail()
{
    MainWindow window;
    QAbstractItemModelTester listTester(window.listModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(window.filterModel(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester treeTester(window.detailView()->treeModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
    window.resize(1200, 700);
    window.show();
    QString error;
    QVERIFY2(window.openCaptureAndWait(kSmall, &error), qPrintable(error));

    QFile file(kSmall);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QCOMPARE(window.listModel()->rowCount(), 11);
    QCOMPARE(window.eventList()->model()->rowCount(), 11);
    QCOMPARE(window.document()->runCount(), 1);
    // The first event with an error (9 does not parse) is selected after opening.
    QCOMPARE(window.eventList()->currentSeq(), 9);

    QVERIFY(window.selectEvent(2));
    EventDetailView *detail = window.detailView();
    const EventSummary row = window.document()->row(2);
    QVERIFY(detail->headerLabel()->text().contains(QStringLiteral("TEXT_MESSAGE_CONTENT")));
    QVERIFY(detail->headerLabel()->text().contains(
        QStringLiteral("stream offset %1").arg(row.streamOffset)));
    // The raw page shows exactly the bytes at that offset of the file.
    const QByteArray raw = bytes.mid(row.streamOffset, row.rawSize);
    QVERIFY(raw.startsWith("data: {\"type\":\"TEXT_MESSAGE_CONTENT\""));
    QCOMPARE(detail->rawView()->toPlainText(), QString::fromUtf8(raw));
    const QModelIndex delta = detail->treeModel()->indexForPointer(QStringLiteral("/delta"));
    QVERIFY(delta.isValid());
    QCOMPARE(detail->treeModel()
                 ->index(delta.row(), JsonTreeModel::ValueColumn, delta.parent())
                 .data()
                 .toString(),
             QStringLiteral("\"Hello\""));
    QTRY_COMPARE(window.listModel()->index(2, EventListModel::SummaryColumn).data().toString(),
                 QStringLiteral("\"Hello\""));

    // The frame that is not JSON: its error is on the diagnostics page.
    QVERIFY(window.selectEvent(9));
    QVERIFY(detail->headerLabel()->text().contains(QStringLiteral("INVALID")));
    QVERIFY(detail->diagnosticsView()->topLevelItemCount() >= 1);
    QCOMPARE(detail->diagnosticsView()->topLevelItem(0)->text(1), QStringLiteral("wire.not-json"));
    QVERIFY(detail->pages()->tabText(EventDetailView::DiagnosticsPage).contains(QLatin1Char('(')));
    QVERIFY(detail->rawView()->toPlainText().contains(QStringLiteral("{not json}")));

    // Tabs that do not exist fall back to the event tab.
    QVERIFY(window.showTab(QStringLiteral("event")));
    QVERIFY(!window.showTab(QStringLiteral("no-such")));
    QVERIFY(window.countsLabel()->text().contains(QStringLiteral("11 events")));
}

void TestMainWindow::filterBarCounts()
{
    MainWindow window;
    window.show();
    QVERIFY(window.openCaptureAndWait(kSmall));
    FilterLineEdit *edit = window.filterEdit();
    QSignalSpy ready(edit, &FilterLineEdit::filterReady);

    // Typing gives syntax feedback at once; the filter applies after the pause.
    QTest::keyClicks(edit, QStringLiteral("family:tool"));
    QCOMPARE(edit->syntaxState(), FilterLineEdit::Valid);
    QCOMPARE(window.filterModel()->rowCount(), 11);
    QTRY_COMPARE(ready.count(), 1);
    QCOMPARE(window.filterModel()->rowCount(), 3);
    QVERIFY(window.findChild<QLabel *>() != nullptr);
    bool sawCounts = false;
    for (QLabel *label : window.findChildren<QLabel *>())
        sawCounts = sawCounts || label->text() == QStringLiteral("3 of 11 shown");
    QVERIFY(sawCounts);

    edit->clear();
    QTest::keyClicks(edit, QStringLiteral("family:nope"));
    QCOMPARE(edit->syntaxState(), FilterLineEdit::Invalid);
    QVERIFY(edit->toolTip().contains(QStringLiteral("unknown family")));
    QTest::qWait(FilterLineEdit::kApplyDelayMs + 100);
    // Still the empty filter applied when the text was cleared (or the last valid one).
    QVERIFY(window.filterModel()->rowCount() == 11 || window.filterModel()->rowCount() == 3);

    // Selection follows the event across filter changes.
    window.applyFilterText(QString());
    QCOMPARE(window.filterModel()->rowCount(), 11);
    QVERIFY(window.selectEvent(6));
    window.applyFilterText(QStringLiteral("text:umbrella"));
    QCOMPARE(window.filterModel()->rowCount(), 1);
    QCOMPARE(window.eventList()->currentSeq(), 6);
    window.applyFilterText(QStringLiteral("has:diag"));
    QVERIFY(window.filterModel()->rowCount() >= 1);
    window.applyFilterText(QStringLiteral("id:m1"));
    QCOMPARE(window.filterModel()->rowCount(), 4);
}

void TestMainWindow::saveAsRoundTrips()
{
    QTemporaryDir dir;
    MainWindow window;
    QVERIFY(window.openCaptureAndWait(kSmall));
    const QString own = dir.filePath(QStringLiteral("copy.aguicap"));
    const QString jsonl = dir.filePath(QStringLiteral("copy.jsonl"));
    QString error;
    QVERIFY2(window.saveCapture(own, &error), qPrintable(error));
    QVERIFY2(window.saveCapture(jsonl, &error), qPrintable(error));

    MainWindow again;
    QVERIFY(again.openCaptureAndWait(own));
    QCOMPARE(again.listModel()->rowCount(), 11);
    QCOMPARE(again.document()->eventAt(2).raw, window.document()->eventAt(2).raw);

    QFile lines(jsonl);
    QVERIFY(lines.open(QIODevice::ReadOnly));
    const QList<QByteArray> all = lines.readAll().split('\n');
    QCOMPARE(all.size(), 12); // 11 lines + the empty rest after the last newline
    QCOMPARE(all.at(2),
             QByteArray(R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"Hello"})"));
    QCOMPARE(all.at(9), QByteArray("{not json}"));
}

// A protobuf session saved as .jsonl: one JSON object per event, the decoded message (the binary
// frame is not JSON), with the type the list shows; the same lines `agui-inspect convert` writes.
void TestMainWindow::saveAsJsonLinesDecodesProtobuf()
{
    QTemporaryDir dir;
    MainWindow window;
    QVERIFY(window.openCaptureAndWait(QStringLiteral(AGUI_TEST_DATA_DIR "/ui/demo-proto.aguicap")));
    const qint64 events = window.document()->size();
    QVERIFY(events > 20);
    QCOMPARE(window.document()->eventAt(0).framing, Framing::Proto);
    const QString jsonl = dir.filePath(QStringLiteral("proto.jsonl"));
    QString error;
    QString warning;
    QVERIFY2(window.saveCapture(jsonl, &error, &warning), qPrintable(error));
    QVERIFY2(warning.isEmpty(), qPrintable(warning));

    QFile file(jsonl);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QList<QByteArray> lines = file.readAll().split('\n');
    QCOMPARE(lines.takeLast(), QByteArray());
    QCOMPARE(lines.size(), events);
    for (qint64 seq = 0; seq < events; ++seq) {
        QJsonParseError parseError;
        const QJsonDocument json = QJsonDocument::fromJson(lines.at(seq), &parseError);
        QVERIFY2(
            json.isObject(),
            qPrintable(QStringLiteral("line %1: %2").arg(seq + 1).arg(parseError.errorString())));
        QCOMPARE(json[QLatin1String("type")].toString(),
                 eventTypeName(window.document()->row(seq).type));
    }
}

// Save As to an aimock fixture file (docs/fixtures.md) says the delays it chose, and the file
// opens again (Open lists it) with every event of the session.
void TestMainWindow::saveAsAimockFixturesOpensAgain()
{
    QVERIFY(MainWindow::openFileFilter().contains(QLatin1String("*.aimock.json")));
    QTemporaryDir dir;
    MainWindow window;
    QVERIFY(window.openCaptureAndWait(
        QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap")));
    const QString fixtures = dir.filePath(QStringLiteral("demo.aimock.json"));
    QString error;
    QString warning;
    QVERIFY2(window.saveCapture(fixtures, &error, &warning), qPrintable(error));
    QVERIFY2(warning.startsWith(QLatin1String("3 aimock fixtures, delayMs ")), qPrintable(warning));
    QVERIFY2(warning.contains(QLatin1String("run 0: 1 keep-alive")), qPrintable(warning));

    MainWindow again;
    QVERIFY(again.openCaptureAndWait(fixtures));
    QCOMPARE(again.document()->capture().format, CaptureFormat::AimockFixture);
    QCOMPARE(again.document()->capture().runs.size(), 3);
    QCOMPARE(again.document()->size(), window.document()->size());
    for (qint64 seq = 0; seq < window.document()->size(); ++seq)
        QCOMPARE(again.document()->eventAt(seq).json, window.document()->eventAt(seq).json);
}

void TestMainWindow::missingFileIsAClearError()
{
    MainWindow window;
    QString error;
    const QString path = QStringLiteral(AGUI_TEST_DATA_DIR "/ui/does-not-exist.sse");
    QVERIFY(!window.openCaptureAndWait(path, &error));
    QVERIFY2(error.contains(QStringLiteral("does-not-exist.sse")), qPrintable(error));
    QCOMPARE(window.listModel()->rowCount(), 0);
}

// The switch between the events as received and as @ag-ui/client delivers them: a chunk becomes
// START + CONTENT, an unknown event is gone, the END the client inserts has a row of its own, and
// every delivered row still names the received event it came from.
void TestMainWindow::listAsDelivered()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chunks.jsonl"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n"
               "{\"type\":\"TEXT_MESSAGE_CHUNK\",\"messageId\":\"m1\",\"delta\":\"a\"}\n"
               "{\"type\":\"FUTURE_EVENT\"}\n"
               "{\"type\":\"TEXT_MESSAGE_CHUNK\",\"delta\":\"b\"}\n"
               "{\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\"}\n");
    file.close();
    MainWindow window;
    window.show();
    QVERIFY(window.openCaptureAndWait(path));
    QCOMPARE(window.filterModel()->rowCount(), 5);
    auto *mode = window.findChild<QComboBox *>(QStringLiteral("eventListMode"));
    QVERIFY(mode);
    QVERIFY(window.selectEvent(3));
    mode->setCurrentIndex(1);
    auto *delivered = qobject_cast<DeliveredEventsModel *>(window.eventList()->model());
    QVERIFY(delivered);
    QAbstractItemModelTester tester(delivered,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(delivered->rowCount(), 6);
    QCOMPARE(window.eventList()->currentSeq(), 3); // the selection follows the event
    const auto cell = [delivered](int row, int column) {
        return delivered->index(row, column).data().toString();
    };
    const QStringList types
        = {QStringLiteral("RUN_STARTED"),          QStringLiteral("TEXT_MESSAGE_START"),
           QStringLiteral("TEXT_MESSAGE_CONTENT"), QStringLiteral("TEXT_MESSAGE_CONTENT"),
           QStringLiteral("TEXT_MESSAGE_END"),     QStringLiteral("RUN_FINISHED")};
    const QList<qint64> origins = {0, 1, 1, 3, 4, 4};
    for (int row = 0; row < 6; ++row) {
        QTRY_COMPARE(cell(row, EventListModel::TypeColumn), types.at(row));
        QCOMPARE(delivered->index(row, 0).data(EventListModel::SeqRole).toLongLong(),
                 origins.at(row));
    }
    QCOMPARE(delivered->index(1, 0).data(DeliveredEventsModel::DeliveryRole).toString(),
             QStringLiteral("expanded"));
    QCOMPARE(delivered->index(4, 0).data(DeliveredEventsModel::DeliveryRole).toString(),
             QStringLiteral("closing"));
    QCOMPARE(cell(4, EventListModel::IdColumn), QStringLiteral("m1"));
    mode->setCurrentIndex(0);
    QCOMPARE(window.eventList()->model()->rowCount(), 5);
    QCOMPARE(window.eventList()->currentSeq(), 3);
}

// A stream the client rejects: as delivered, a row says where and why (as `cat --as-client`
// does), the counts say how many events are delivered, and an event the delivered list does not
// have is not left in the detail pane.
void TestMainWindow::listAsDeliveredSaysWhereTheClientRejects()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rejected.jsonl"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n"
               "{\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"nobody\",\"delta\":\"a\"}\n"
               "{\"type\":\"TEXT_MESSAGE_START\",\"messageId\":\"m\",\"role\":\"assistant\"}\n"
               "{\"type\":\"TEXT_MESSAGE_END\",\"messageId\":\"m\"}\n"
               "{\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\"}\n");
    file.close();
    MainWindow window;
    window.show();
    QVERIFY(window.openCaptureAndWait(path));
    QVERIFY(window.selectEvent(3));
    auto *mode = window.findChild<QComboBox *>(QStringLiteral("eventListMode"));
    QVERIFY(mode);
    mode->setCurrentIndex(1);
    auto *delivered = qobject_cast<DeliveredEventsModel *>(window.eventList()->model());
    QVERIFY(delivered);
    QAbstractItemModelTester tester(delivered,
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(delivered->rowCount(), 2); // RUN_STARTED, then the note
    QVERIFY(!delivered->index(0, 0).data(DeliveredEventsModel::IsRejectionRole).toBool());
    const QModelIndex note = delivered->index(1, EventListModel::SummaryColumn);
    QVERIFY(note.data(DeliveredEventsModel::IsRejectionRole).toBool());
    QCOMPARE(note.data(EventListModel::SeqRole).toLongLong(), 1);
    QVERIFY2(note.data().toString().contains(QStringLiteral("rejects the stream at event 1")),
             qPrintable(note.data().toString()));
    QCOMPARE(delivered->deliveredCount(), 1);
    auto *counts = window.findChild<QLabel *>(QStringLiteral("filterCounts"));
    QVERIFY(counts);
    QCOMPARE(counts->text(), QStringLiteral("1 delivered of 5 received"));
    // Event 3 comes after the rejection: not delivered, so not shown as if selected.
    QCOMPARE(window.detailView()->headerLabel()->text(), QStringLiteral("No event selected"));
}

// Every installer attaches through MainWindow's extension points: each tab is where showTab()
// finds it under its name, Compose Run… follows Stop in the Run menu and the toolbar, the Go and
// Help menus hold their additions, and the timeline sits under the list.
void TestMainWindow::viewsAttachThroughTheWindow()
{
    MainWindow window;
    const QStringList names
        = {QStringLiteral("event"), QStringLiteral("state"),    QStringLiteral("transcript"),
           QStringLiteral("tools"), QStringLiteral("surfaces"), QStringLiteral("timing"),
           QStringLiteral("diff")};
    // (the proxy's Breakpoint tab is made when the proxy first runs with breakpoints)
    QCOMPARE(window.detailTabs()->count(), names.size());
    // The tabs not shown at start-up are built when first shown, each view inside its tab.
    QVERIFY(!window.findChild<StateView *>());
    QVERIFY(!window.findChild<TimingView *>());
    QVERIFY(!window.findChild<SurfacesPanel *>());
    // So are the Event tab's hidden pages and the panels of the docks nobody opened.
    QVERIFY(!window.detailView()->findChild<QPlainTextEdit *>());
    QVERIFY(!window.detailView()->findChild<QTreeWidget *>());
    QVERIFY(!window.findChild<FindingsPanel *>());
    QVERIFY(!window.findChild<BookmarksPanel *>());
    for (qsizetype i = 0; i < names.size(); ++i) {
        QVERIFY2(window.showTab(names.at(i)), qPrintable(names.at(i)));
        QCOMPARE(window.detailTabs()->currentIndex(), int(i));
        const QWidget *tab = window.detailTabs()->currentWidget();
        QVERIFY(window.detailTabView(names.at(i)) == tab
                || window.detailTabView(names.at(i))->parentWidget() == tab);
    }
    QVERIFY(qobject_cast<SurfacesPanel *>(window.detailTabView(QStringLiteral("surfaces"))));
    QVERIFY(qobject_cast<StateView *>(window.detailTabView(QStringLiteral("state"))));
    QVERIFY(qobject_cast<TimingView *>(window.detailTabView(QStringLiteral("timing"))));
    QCOMPARE(window.detailTabView(QStringLiteral("no-such-tab")), nullptr);
    QVERIFY(!window.showTab(QStringLiteral("no-such-tab")));
    QCOMPARE(window.detailTabs()->currentIndex(), 0);

    const auto after = [&window](const QList<QAction *> &actions) {
        const qsizetype stop = actions.indexOf(window.stopAction());
        return stop >= 0 && stop + 1 < actions.size() ? actions.at(stop + 1)->objectName()
                                                      : QString();
    };
    QCOMPARE(after(window.menu(MainWindow::MenuId::Run)->actions()),
             QStringLiteral("composeRunAction"));
    QCOMPARE(after(window.mainToolBar()->actions()), QStringLiteral("composeRunAction"));
    QVERIFY(!window.menu(MainWindow::MenuId::Go)->actions().isEmpty());
    QVERIFY(window.menu(MainWindow::MenuId::Edit)->actions().size() > 2);
    QVERIFY(window.findChild<TimelineWidget *>());
    QCOMPARE(window.findChild<TimelineWidget *>()->parentWidget(),
             window.eventList()->parentWidget());

    // A dock's panel is built when the dock is first shown, inside it.
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    for (const char *name : {"findingsDockWidget", "bookmarksDock"}) {
        auto *dock = window.findChild<QDockWidget *>(QLatin1String(name));
        QVERIFY2(dock, name);
        QVERIFY2(dock->isHidden(), name);
        dock->show();
        QTRY_VERIFY2(dock->widget()->findChild<QAbstractItemView *>(), name);
    }
    QVERIFY(window.findChild<FindingsPanel *>());
    QVERIFY(window.findChild<BookmarksPanel *>());
}

// The open capture's bytes are read from the file again when a view shows an event (a mapping):
// rewritten in place, the file no longer holds what was loaded, and the status bar says so until
// it is opened again.
void TestMainWindow::rewritingTheOpenFileInPlaceIsAnnounced()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rewritten.sse"));
    QVERIFY(QFile::copy(kSmall, path));
    MainWindow window;
    QVERIFY(window.openCaptureAndWait(path));
    auto *notice = window.findChild<QLabel *>(QStringLiteral("fileChangeNotice"));
    QVERIFY(notice);
    QVERIFY(notice->isHidden());

    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QVERIFY(file.write("data: {\"type\":\"RUN_ERROR\",\"message\":\"new\"}\n\n") > 0);
    file.close();
    QTRY_VERIFY_WITH_TIMEOUT(!notice->isHidden(), 30000);
    QVERIFY2(notice->text().contains(QStringLiteral("rewritten.sse")), qPrintable(notice->text()));

    QVERIFY(window.openCaptureAndWait(path));
    QVERIFY(notice->isHidden());
    QCOMPARE(window.listModel()->rowCount(), 1);
}

QTEST_MAIN(TestMainWindow)
#include "test_mainwindow.moc"
