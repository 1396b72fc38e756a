// The Findings panel (issue 18, "the window as a daily tool"): every finding of the session in
// one list, like Wireshark's Expert Information. A capture cut off mid-run opens the panel by
// itself, because the truncated run is a finding about the stream that no event's detail pane
// shows; Enter on a finding selects its event; the minimum severity hides the lesser ones; a
// live run's findings appear while it streams; opening another capture starts the list over.

#include "sseserver.h"
#include "ui/dialogs/connectdialog.h"
#include "ui/live/liveruncontroller.h"
#include "ui/live/runrequest.h"
#include "ui/models/eventlistmodel.h"
#include "ui/models/findingsmodel.h"
#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/views/eventdetailview.h"
#include "ui/views/eventlistview.h"
#include "ui/views/findingspanel.h"
#include "ui/window/findingsdock.h"
#include "ui/window/mainwindow.h"

#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace agui;
using namespace agui::ui;

namespace {

constexpr int kTimeoutMs = 30000;

bool writeLines(const QString &path, const QList<QByteArray> &lines)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    for (const QByteArray &line : lines)
        file.write(line + '\n');
    return true;
}

// The model's row of the first finding with that rule; -1 when none.
int rowOfRule(const FindingsModel *model, const QString &rule)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, FindingsModel::RuleColumn).data().toString() == rule)
            return row;
    }
    return -1;
}

int rowOfEvent(const FindingsModel *model, qint64 seq)
{
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, 0).data(FindingsModel::SeqRole).toLongLong() == seq)
            return row;
    }
    return -1;
}

// A run of the Connect dialog's default input against the server's scripted /agent.
RunRequest agentRun(const SseTestServer &server)
{
    RunRequest request;
    request.url = server.url(QStringLiteral("/agent"));
    request.input = ConnectDialog::defaultInput();
    return request;
}

} // namespace

class TestFindingsPanel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }
    void aCutCaptureOpensThePanel();
    void theOpenedDockLeavesTheSelectedEventInView();
    void liveFindingsAppearAsTheRunStreams();
    void aLiveRunCutOffIsReportedWhenItsBodyEnds();

private:
    QTemporaryDir m_dir;
};

// Opening a long capture selects its last event and scrolls to it; the dock that then opens
// for a stream problem takes height from the list, which must still show that event once
// everything is laid out (the dock's panel used to be built inside its show and laid out in a
// second pass, after the list had scrolled).
void TestFindingsPanel::theOpenedDockLeavesTheSelectedEventInView()
{
    const QString cut = m_dir.filePath(QStringLiteral("long-cut.jsonl"));
    QList<QByteArray> lines {"{\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}",
                             "{\"type\":\"TEXT_MESSAGE_START\",\"messageId\":\"m\","
                             "\"role\":\"assistant\"}"};
    for (int i = 0; i < 300; ++i)
        lines.append("{\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\",\"delta\":\"w \"}");
    QVERIFY(writeLines(cut, lines));
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    FindingsDock *findings = window.findChild<FindingsDock *>();
    QVERIFY(findings);
    QString error;
    QVERIFY2(window.openCaptureAndWait(cut, &error), qPrintable(error));
    EventListView *list = window.eventList();
    QTRY_COMPARE_WITH_TIMEOUT(list->currentSeq(), qint64(lines.size() - 1), kTimeoutMs);
    // The dock is shown and then given its height (MainWindow::showBottomDock): wait for that,
    // then for every layout it set off.
    QTRY_VERIFY_WITH_TIMEOUT(findings->dock()->isVisible(), kTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(findings->dock()->height() >= 200, kTimeoutMs);
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    const QRect row = list->visualRect(list->currentIndex());
    QVERIFY2(list->viewport()->rect().contains(row),
             qPrintable(QStringLiteral("row %1,%2 %3x%4 outside the viewport's %5 px")
                            .arg(row.x())
                            .arg(row.y())
                            .arg(row.width())
                            .arg(row.height())
                            .arg(list->viewport()->height())));
}

void TestFindingsPanel::aCutCaptureOpensThePanel()
{
    const QString cut = m_dir.filePath(QStringLiteral("cut.jsonl"));
    QVERIFY(writeLines(cut,
                       {"{\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}",
                        "{\"type\":\"TEXT_MESSAGE_START\",\"messageId\":\"m\","
                        "\"role\":\"assistant\"}",
                        "{\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\"}",
                        "{\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\","
                        "\"delta\":\"hi\"}"}));
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    FindingsDock *findings = window.findChild<FindingsDock *>();
    QVERIFY(findings);
    QVERIFY(!findings->dock()->isVisible());
    QString error;
    QVERIFY2(window.openCaptureAndWait(cut, &error), qPrintable(error));

    // The truncated run names no event: the dock opens to say it.
    QTRY_VERIFY_WITH_TIMEOUT(findings->dock()->isVisible(), kTimeoutMs);
    FindingsModel *model = findings->panel()->model();
    const int truncated = rowOfRule(model, QStringLiteral("lint.truncated-run"));
    QVERIFY(truncated >= 0);
    QCOMPARE(model->index(truncated, FindingsModel::EventColumn).data().toString(),
             QStringLiteral("stream"));
    QCOMPARE(model->index(truncated, FindingsModel::SeverityColumn).data().toString(),
             QStringLiteral("error"));
    QVERIFY2(findings->panel()->summary().contains(QStringLiteral("about the stream as a whole")),
             qPrintable(findings->panel()->summary()));
    QVERIFY(rowOfRule(model, QStringLiteral("lint.no-timestamps")) >= 0); // a note

    // Enter on the missing delta's finding selects event 2.
    const int missing = rowOfEvent(model, 2);
    QVERIFY(missing >= 0);
    QCOMPARE(model->index(missing, FindingsModel::TypeColumn).data().toString(),
             QStringLiteral("TEXT_MESSAGE_CONTENT"));
    QVERIFY(window.selectEvent(0));
    QTreeView *view = findings->panel()->view();
    view->setFocus();
    view->setCurrentIndex(model->index(missing, FindingsModel::MessageColumn));
    QTest::keyClick(view, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(window.eventList()->currentSeq(), 2, kTimeoutMs);

    // Errors only: the note goes, every row left is an error.
    const int all = model->rowCount();
    auto *minimum
        = findings->panel()->findChild<QComboBox *>(QStringLiteral("findingsMinimumSeverity"));
    QVERIFY(minimum);
    minimum->setCurrentIndex(minimum->findData(int(Severity::Error)));
    QVERIFY(model->rowCount() < all);
    QCOMPARE(rowOfRule(model, QStringLiteral("lint.no-timestamps")), -1);
    for (int row = 0; row < model->rowCount(); ++row)
        QCOMPARE(model->index(row, FindingsModel::SeverityColumn).data().toString(),
                 QStringLiteral("error"));
    minimum->setCurrentIndex(minimum->findData(int(Severity::Info)));
    QCOMPARE(model->rowCount(), all);

    // Another capture, whole and with timestamps: the list starts over, empty.
    const QString whole = m_dir.filePath(QStringLiteral("whole.jsonl"));
    QVERIFY(writeLines(whole,
                       {"{\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\","
                        "\"timestamp\":1764600000000}",
                        "{\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\","
                        "\"timestamp\":1764600000001}"}));
    QVERIFY2(window.openCaptureAndWait(whole, &error), qPrintable(error));
    QCOMPARE(window.document()->size(), 2);
    QCOMPARE(model->rowCount(), 0);
    QCOMPARE(findings->panel()->summary(), QStringLiteral("No findings"));
}

void TestFindingsPanel::liveFindingsAppearAsTheRunStreams()
{
    SseTestServer server;
    ScriptedReply reply
        = SseTestServer::sse({R"({"type":"RUN_STARTED","threadId":"t","runId":"r"})",
                              R"({"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant"})",
                              R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m"})",
                              R"({"type":"TEXT_MESSAGE_END","messageId":"m"})",
                              R"({"type":"RUN_FINISHED","threadId":"t","runId":"r"})"});
    reply.pauseMs = 300; // the list is looked at between events
    server.setReply(QStringLiteral("/agent"), reply);
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    FindingsDock *findings = window.findChild<FindingsDock *>();
    QVERIFY(findings);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    // View > Findings is on Ctrl+Shift+E.
    QTest::keySequence(&window, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    QTRY_VERIFY_WITH_TIMEOUT(findings->dock()->isVisible(), kTimeoutMs);
    FindingsModel *model = findings->panel()->model();

    QVERIFY(window.startRun(agentRun(server)));
    // The events before the bad one come first, without a finding about event 2; then it comes.
    QTRY_VERIFY_WITH_TIMEOUT(window.document()->size() >= 2, kTimeoutMs);
    if (window.document()->size() == 2)
        QCOMPARE(rowOfEvent(model, 2), -1);
    QTRY_VERIFY_WITH_TIMEOUT(rowOfEvent(model, 2) >= 0, kTimeoutMs);
    QVERIFY(window.waitForRunToEnd(60000));
    QVERIFY(model->count(Severity::Error) >= 1);
    QCOMPARE(model->streamCount(), 0); // the run ended as framed
}

// The body ends inside a run: the truncation is said at once, on the run's last event, which the
// user is already looking at. Its list row, its detail pane and the panel all show it (nothing
// new arrives to refresh them).
void TestFindingsPanel::aLiveRunCutOffIsReportedWhenItsBodyEnds()
{
    SseTestServer server;
    ScriptedReply reply = SseTestServer::sse(
        {R"({"type":"RUN_STARTED","threadId":"t","runId":"r"})",
         R"({"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant"})"});
    reply.chunks << ": the agent stops here\n\n"; // the body ends this long after event 1
    reply.pauseMs = 1500;
    server.setReply(QStringLiteral("/agent"), reply);
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    FindingsDock *findings = window.findChild<FindingsDock *>();
    QVERIFY(findings);
    FindingsModel *model = findings->panel()->model();

    QVERIFY(window.startRun(agentRun(server)));
    QTRY_VERIFY_WITH_TIMEOUT(window.eventList()->model()->rowCount() >= 2, kTimeoutMs);
    QVERIFY(window.selectEvent(1));
    if (window.liveRun()
            ->isRunning()) // the usual case: shown before the body ends, with nothing to say
        QCOMPARE(window.detailView()->diagnosticCount(), 0);
    QVERIFY(window.waitForRunToEnd(60000));

    const int truncated = rowOfRule(model, QStringLiteral("lint.truncated-run"));
    QVERIFY(truncated >= 0);
    QCOMPARE(model->index(truncated, 0).data(FindingsModel::SeqRole).toLongLong(), 1);
    QCOMPARE(model->streamCount(), 0);
    QCOMPARE(window.eventList()->currentSeq(), 1);
    QTRY_COMPARE_WITH_TIMEOUT(window.detailView()->diagnosticCount(), 1, kTimeoutMs);
    const QModelIndex row = window.listModel()->index(1, EventListModel::DiagnosticsColumn);
    QCOMPARE(row.data().toString(), QStringLiteral("1"));
}

QTEST_MAIN(TestFindingsPanel)
#include "test_findings_panel.moc"
