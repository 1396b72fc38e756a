// What a developer meets in the window's first hour (issue "the window as a daily tool"): number
// columns wide enough for the last event, times from the events' timestamps when nothing was
// received live, run bands on the cursor's axis however many runs, Tool Calls columns that fit,
// a first window that fits the screen and is remembered, something useful selected after a load
// or a run, Connect dialog mnemonics, and fallback fonts for emoji and CJK text.

#include "sessionviews_testdata.h"
#include "sseserver.h"
#include "ui/dialogs/connectdialog.h"
#include "ui/eventpresentation.h"
#include "ui/live/runrequest.h"
#include "ui/models/eventlistmodel.h"
#include "ui/persistsettings.h"
#include "ui/timeline/timelinedata.h"
#include "ui/views/eventlistview.h"
#include "ui/widgets/filterlineedit.h"
#include "ui/window/mainwindow.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QRawFont>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextLayout>

using namespace agui;
using namespace agui::ui;

class TestWindowDaily : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void numberColumnsFitTheLargestValue();
    void timesFallBackToTimestamps();
    void runBandsShareTheCursorAxis();
    void toolCallColumnsFit();
    void firstLaunchFitsTheScreenAndIsRemembered();
    void selectsTheFirstErrorAfterOpening();
    void selectsTheFirstErrorAfterARun();
    void connectDialogMnemonicsHaveBuddies();
    void emojiAndCjkHaveAFont();
    void filterErrorIsMarkedWhereItIs();

private:
    QTemporaryDir m_dir;
    QString m_manyRuns; // 1500 runs, 100,500 events, JSON lines with timestamps
};

namespace {

constexpr qint64 kFirstTimestampMs = 1'764'600'000'000;

// JSON lines: `runs` runs of RUN_STARTED, a text message of `deltas` deltas, RUN_FINISHED; each
// event with an integer timestamp one millisecond after the one before.
bool writeRuns(const QString &path, int runs, int deltas)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return false;
    qint64 n = 0;
    auto event = [&](const QByteArray &fields) {
        file.write("{" + fields + ",\"timestamp\":" + QByteArray::number(kFirstTimestampMs + n++)
                   + "}\n");
    };
    for (int r = 0; r < runs; ++r) {
        const QByteArray run = "\"threadId\":\"t\",\"runId\":\"r" + QByteArray::number(r) + "\"";
        const QByteArray message = "\"messageId\":\"m" + QByteArray::number(r) + "\"";
        event("\"type\":\"RUN_STARTED\"," + run);
        event("\"type\":\"TEXT_MESSAGE_START\",\"role\":\"assistant\"," + message);
        for (int d = 0; d < deltas; ++d)
            event("\"type\":\"TEXT_MESSAGE_CONTENT\",\"delta\":\"x\"," + message);
        event("\"type\":\"TEXT_MESSAGE_END\"," + message);
        event("\"type\":\"RUN_FINISHED\"," + run);
    }
    return true;
}

// Whether the cell shows its whole text (the delegate elides what its section cannot hold).
bool fitsInColumn(EventListView *view, int column, const QString &text)
{
    const int margin = view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1;
    const int room = view->header()->sectionSize(column) - 2 * margin;
    return view->fontMetrics().elidedText(text, Qt::ElideRight, room) == text;
}

// Whether every glyph of text comes from some font (no empty box: glyph 0).
bool hasGlyphs(const QFont &font, const QString &text)
{
    QTextLayout layout(text, font);
    layout.beginLayout();
    layout.createLine();
    layout.endLayout();
    int glyphs = 0;
    for (const QGlyphRun &run : layout.glyphRuns()) {
        for (const quint32 index : run.glyphIndexes()) {
            if (index == 0)
                return false;
            ++glyphs;
        }
    }
    return glyphs > 0;
}

} // namespace

void TestWindowDaily::initTestCase()
{
    setPersistSettings(false);
    QVERIFY(m_dir.isValid());
    m_manyRuns = m_dir.filePath(QStringLiteral("many-runs.jsonl"));
    QVERIFY(writeRuns(m_manyRuns, 1500, 63));
}

void TestWindowDaily::numberColumnsFitTheLargestValue()
{
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QString error;
    QVERIFY2(window.openCaptureAndWait(m_manyRuns, &error), qPrintable(error));
    QCOMPARE(window.document()->size(), 100500);
    QCOMPARE(window.document()->runCount(), 1500);
    EventListView *list = window.eventList();
    // The last row's number and run fit, whatever rows are in view.
    QVERIFY(fitsInColumn(list, EventListModel::SeqColumn, QStringLiteral("100499")));
    QVERIFY(fitsInColumn(list, EventListModel::RunColumn, QStringLiteral("1500")));
    QVERIFY(window.selectEvent(0));
    QVERIFY(fitsInColumn(list, EventListModel::SeqColumn, QStringLiteral("100499")));
}

void TestWindowDaily::timesFallBackToTimestamps()
{
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QString error;
    QVERIFY2(window.openCaptureAndWait(m_manyRuns, &error), qPrintable(error));
    EventListModel *model = window.listModel();
    QVERIFY(!window.document()->hasReceiveTimes());
    QVERIFY(model->showsTimestamps());
    const QModelIndex time = model->index(100, EventListModel::TimeColumn);
    const QModelIndex delta = model->index(100, EventListModel::DeltaColumn);
    // Parsed off paint: empty on the first ask, the timestamp's time on the next turn.
    model->data(time);
    QTRY_COMPARE_WITH_TIMEOUT(model->data(time).toString(),
                              formatTime((kFirstTimestampMs + 100) * 1000), 30000);
    QCOMPARE(model->data(delta).toString(), formatDelta(1000));
    for (const int column : {int(EventListModel::TimeColumn), int(EventListModel::DeltaColumn)})
        QVERIFY(model->headerData(column, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("\"timestamp\"")));

    // A capture with receive times keeps them (one clock per session, never mixed).
    QVERIFY(window.openCaptureAndWait(viewsCapturePath(), &error));
    QVERIFY(window.document()->hasReceiveTimes());
    QVERIFY(!model->showsTimestamps());
    QCOMPARE(model->data(model->index(1, EventListModel::TimeColumn)).toString(),
             formatTime(window.document()->row(1).receivedAtUs));
}

void TestWindowDaily::runBandsShareTheCursorAxis()
{
    const QString path = m_dir.filePath(QStringLiteral("6000-runs.jsonl"));
    QVERIFY(writeRuns(path, 6000, 0));
    SessionDocument document;
    CaptureLoadResult result = CaptureLoader::load(path, nullptr, {});
    QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
    document.adopt(std::move(result.backing));
    QCOMPARE(document.runCount(), 6000);
    TimelineBuilder builder;
    const TimelineData d = builder.build(document.session());
    QVERIFY(d.runs.size() <= TimelineData::kMaxSpans);
    // The bands reach the end of the axis, where the last event (the cursor) is.
    const double last = TimelineBuilder::positionOf(document.session(), d, document.size() - 1);
    QCOMPARE(last, d.domainEnd);
    QCOMPARE(d.runs.last().to, d.domainEnd);
    QCOMPARE(d.runs.first().from, d.domainStart);
    QCOMPARE(d.runs.last().lastIndex, 5999);
    QCOMPARE(d.runs.last().label, QStringLiteral("runs 5999–6000"));
}

void TestWindowDaily::toolCallColumnsFit()
{
    // The default size on a 1600×1000 screen (80%).
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QString error;
    QVERIFY2(window.openCaptureAndWait(viewsCapturePath(), &error), qPrintable(error));
    QVERIFY(window.showTab(QStringLiteral("tools")));
    auto *table = window.findChild<QTableView *>(QStringLiteral("toolCallTable"));
    QVERIFY(table);
    QTRY_VERIFY(table->isVisible() && table->model()->rowCount() > 0);
    QVERIFY2(table->horizontalHeader()->length() <= table->viewport()->width(),
             qPrintable(QStringLiteral("%1 > %2")
                            .arg(table->horizontalHeader()->length())
                            .arg(table->viewport()->width())));
    QVERIFY(!table->horizontalScrollBar()->isVisible());
}

void TestWindowDaily::firstLaunchFitsTheScreenAndIsRemembered()
{
    QTemporaryDir config;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, config.path());
    QCoreApplication::setOrganizationName(QStringLiteral("agui-inspector-test"));
    setPersistSettings(true);
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    {
        MainWindow window;
        QCOMPARE(window.size(), (QSizeF(available.size()) * 0.8).toSize());
        QVERIFY(available.contains(window.geometry()));
        window.show();
        window.resize(770, 530);
        QTRY_COMPARE(window.size(), QSize(770, 530));
        window.close(); // saves
    }
    {
        MainWindow window;
        QCOMPARE(window.size(), QSize(770, 530));
    }
    setPersistSettings(false);
}

void TestWindowDaily::selectsTheFirstErrorAfterOpening()
{
    MainWindow window;
    window.show();
    QString error;
    QVERIFY(window.openCaptureAndWait(QStringLiteral(AGUI_TEST_DATA_DIR "/ui/small.sse"), &error));
    // Event 9 does not parse (an error); the last is 10.
    QCOMPARE(window.document()->firstEventWithError(), 9);
    QCOMPARE(window.eventList()->currentSeq(), 9);
    // Without errors: the last event.
    QVERIFY(window.openCaptureAndWait(m_manyRuns, &error));
    QCOMPARE(window.eventList()->currentSeq(), window.lastEventSeq());
}

void TestWindowDaily::selectsTheFirstErrorAfterARun()
{
    SseTestServer server;
    server.setReply(QStringLiteral("/agent"),
                    SseTestServer::sse({R"({"type":"RUN_STARTED","threadId":"t","runId":"r"})",
                                        R"({"type":"STATE_SNAPSHOT","snapshot":{}})",
                                        R"({"type":"TEXT_MESSAGE_CONTENT",)",
                                        R"({"type":"RUN_FINISHED","threadId":"t","runId":"r"})"}));
    MainWindow window;
    window.show();
    RunRequest request;
    request.url = server.url(QStringLiteral("/agent"));
    request.input = ConnectDialog::defaultInput();
    QVERIFY(window.startRun(request));
    QVERIFY(window.waitForRunToEnd(60000));
    QCOMPARE(window.document()->firstEventWithError(), 2);
    QTRY_COMPARE_WITH_TIMEOUT(window.eventList()->currentSeq(), 2, 30000);
}

void TestWindowDaily::connectDialogMnemonicsHaveBuddies()
{
    ConnectDialog dialog;
    int mnemonics = 0;
    for (QLabel *label : dialog.findChildren<QLabel *>()) {
        if (!label->text().contains(QLatin1Char('&')))
            continue;
        ++mnemonics;
        // Without a buddy the "&" is shown as is and the mnemonic does nothing.
        QVERIFY2(label->buddy(), qPrintable(label->text()));
    }
    QVERIFY(mnemonics >= 4); // Endpoint, Binding, Headers, RunAgentInput
}

void TestWindowDaily::emojiAndCjkHaveAFont()
{
    // What the demo agent says; the list, the transcript and the detail use the application
    // font, the raw page the fixed one: Qt falls back to the installed emoji and CJK fonts.
    const QString text = QStringLiteral("iced coffee 🧊☕ (注文) ☀");
    QVERIFY(hasGlyphs(QApplication::font(), text));
    QVERIFY(hasGlyphs(QFontDatabase::systemFont(QFontDatabase::FixedFont), text));
}

void TestWindowDaily::filterErrorIsMarkedWhereItIs()
{
    FilterLineEdit edit;
    edit.resize(500, edit.sizeHint().height());
    edit.show();
    QVERIFY(QTest::qWaitForWindowExposed(&edit));
    edit.setText(QStringLiteral("type:TEXT_MESSAGE_START and nosuchfield:1"));
    QCOMPARE(edit.syntaxState(), FilterLineEdit::Invalid);
    const int at = edit.currentFilter().errorPosition();
    QVERIFY(at > 0);
    const QRect marker = edit.errorMarkerRect();
    QVERIFY(!marker.isEmpty());
    // It starts where the cursor is drawn when it stands before the offending character.
    edit.setCursorPosition(at);
    const QRect cursor = edit.inputMethodQuery(Qt::ImCursorRectangle).toRect();
    QVERIFY2(qAbs(marker.left() - cursor.center().x()) <= 2,
             qPrintable(QStringLiteral("%1 vs %2").arg(marker.left()).arg(cursor.center().x())));
    const QImage shot = edit.grab().toImage();
    const QColor drawn = shot.pixelColor(marker.center());
    QVERIFY2(drawn.red() > 180 && drawn.green() < 80, qPrintable(drawn.name()));
    edit.setText(QStringLiteral("type:TEXT_MESSAGE_START"));
    QVERIFY(edit.errorMarkerRect().isNull());
}

QTEST_MAIN(TestWindowDaily)
#include "test_window_daily.moc"
