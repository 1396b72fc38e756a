// Play back in the window: playing the demo capture to its end leaves every view (selection,
// event detail, state, transcript, tool calls, surfaces) exactly as a seek to the last event
// does; Step Forward/Back move one event; Pause stops the cursor; Space, "." and "," drive it
// from the keyboard but type into the filter bar when it has the focus.

#include "core/session/session.h"
#include "ui/a2ui/surfacespanel.h"
#include "ui/a2ui/surfacewidget.h"
#include "ui/live/liveruncontroller.h"
#include "ui/models/jsontreemodel.h"
#include "ui/models/sessiondocument.h"
#include "ui/models/timetravel.h"
#include "ui/persistsettings.h"
#include "ui/state/statechangemodel.h"
#include "ui/state/statetreemodel.h"
#include "ui/state/stateview.h"
#include "ui/timeline/playback.h"
#include "ui/toolcalls/toolcallmodel.h"
#include "ui/toolcalls/toolcallsview.h"
#include "ui/transcript/transcriptmodel.h"
#include "ui/transcript/transcriptview.h"
#include "ui/views/eventdetailview.h"
#include "ui/views/eventlistview.h"
#include "ui/widgets/filterlineedit.h"
#include "ui/window/mainwindow.h"
#include "ui/window/surfacestab.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace agui;
using namespace agui::ui;

class TestPlayback : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }
    void playToEndEqualsSeekToLast_data();
    void playToEndEqualsSeekToLast();
    void stepAndPause();
    void keysPlayButTextFieldsKeepThem();
    void pacingFollowsReceiveTimes();
    void pacingFallsBackToTimestamps();
};

namespace {

const QString kDemo = QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap");

std::unique_ptr<MainWindow> openCapture(const QString &path)
{
    auto window = std::make_unique<MainWindow>();
    window->resize(1200, 800);
    window->show();
    QString error;
    if (!window->openCaptureAndWait(path, &error))
        qWarning("cannot open %s: %s", qPrintable(path), qPrintable(error));
    return window;
}

std::unique_ptr<MainWindow> openDemo()
{
    return openCapture(kDemo);
}

// A run of the built-in demo agent (text, tool calls, state and an A2UI form), recorded.
QString recordDemoAgentRun(const QString &dir)
{
    MainWindow window;
    window.liveRun()->setCaptureDirectory(dir);
    QString error;
    const QString path = dir + QStringLiteral("/demo-agent.aguicap");
    if (!window.startDemoRun(&error) || !window.waitForRunToEnd(60000)
        || !window.saveCapture(path, &error))
        qWarning("cannot record a demo agent run: %s", qPrintable(error));
    window.liveRun()->stop();
    return path;
}

Playback *playbackOf(MainWindow &window)
{
    return window.findChild<Playback *>(QStringLiteral("sessionPlayback"));
}

QAction *action(MainWindow &window, const char *name)
{
    return window.findChild<QAction *>(QLatin1String(name));
}

void dumpModel(const QAbstractItemModel *model, const QModelIndex &parent, QStringList *out)
{
    for (int r = 0; r < model->rowCount(parent); ++r) {
        QStringList cells;
        for (int c = 0; c < model->columnCount(parent); ++c)
            cells << model->index(r, c, parent).data().toString();
        out->append(cells.join(QLatin1Char('|')));
        dumpModel(model, model->index(r, 0, parent), out);
    }
}

QStringList dump(const QAbstractItemModel *model)
{
    QStringList out;
    dumpModel(model, QModelIndex(), &out);
    return out;
}

// What each view shows, once every pending update is computed.
QMap<QString, QStringList> viewContents(MainWindow &window)
{
    window.timeTravel()->flush();
    auto *surfaces = window.findChild<SurfacesTab *>();
    window.showTab(QStringLiteral("surfaces"));
    surfaces->flush();
    QMap<QString, QStringList> views;
    views[QStringLiteral("cursor")] = {QString::number(window.eventList()->currentSeq()),
                                       QString::number(window.timeTravel()->seq())};
    views[QStringLiteral("event")] = dump(window.detailView()->treeModel());
    // Built here if not yet: the played window builds them before it plays (so they follow
    // every step), the seeked one after its seek (so they catch up at once); both must agree.
    auto *state = qobject_cast<StateView *>(window.detailTabView(QStringLiteral("state")));
    auto *transcript
        = qobject_cast<TranscriptView *>(window.detailTabView(QStringLiteral("transcript")));
    auto *tools = qobject_cast<ToolCallsView *>(window.detailTabView(QStringLiteral("tools")));
    views[QStringLiteral("state")] = dump(state->treeModel()) + dump(state->changeModel());
    views[QStringLiteral("transcript")] = dump(transcript->model());
    views[QStringLiteral("tools")] = dump(tools->model());
    SurfacesPanel *panel = surfaces->panel();
    QStringList shown = {panel->currentSurfaceId(), panel->dataModelView()->toPlainText()};
    for (const QLabel *label : panel->surfaceWidget()->findChildren<QLabel *>())
        shown << label->text();
    views[QStringLiteral("surfaces")] = shown;
    return views;
}

} // namespace

void TestPlayback::playToEndEqualsSeekToLast_data()
{
    QTest::addColumn<QString>("capture");
    QTest::addColumn<QStringList>("moving"); // views that differ between the first and last event
    QTest::newRow("demo sample") << kDemo
                                 << QStringList {QStringLiteral("cursor"), QStringLiteral("event"),
                                                 QStringLiteral("transcript"),
                                                 QStringLiteral("state"), QStringLiteral("tools")};
    QTest::newRow("demo agent run")
        << QString() // recorded by the test
        << QStringList {QStringLiteral("cursor"),     QStringLiteral("event"),
                        QStringLiteral("transcript"), QStringLiteral("state"),
                        QStringLiteral("tools"),      QStringLiteral("surfaces")};
}

void TestPlayback::playToEndEqualsSeekToLast()
{
    QFETCH(QString, capture);
    QFETCH(QStringList, moving);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    if (capture.isEmpty())
        capture = recordDemoAgentRun(dir.path());

    std::unique_ptr<MainWindow> played = openCapture(capture);
    Playback *playback = playbackOf(*played);
    QVERIFY(playback);
    const qint64 last = played->lastEventSeq();
    QVERIFY(last > 10);
    QVERIFY(played->selectEvent(0));
    const QMap<QString, QStringList> atStart = viewContents(*played);
    auto *speed = played->findChild<QComboBox *>(QStringLiteral("playbackSpeed"));
    speed->setCurrentIndex(speed->findData(Playback::kAsFastAsPossible));
    QCOMPARE(playback->speed(), Playback::kAsFastAsPossible);
    played->showTab(QStringLiteral("surfaces")); // the tab repaints as the surface is built

    QSignalSpy seeks(playback, &Playback::seekRequested);
    action(*played, "playPauseAction")->trigger();
    QVERIFY(playback->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(!playback->isPlaying(), 120000);
    QVERIFY(seeks.size() > 1); // it moved through the events, not straight to the end
    QCOMPARE(played->eventList()->currentSeq(), last);
    QCOMPARE(playback->position(), last);
    const QMap<QString, QStringList> afterPlay = viewContents(*played);

    std::unique_ptr<MainWindow> seeked = openCapture(capture);
    QVERIFY(seeked->selectEvent(0));
    QVERIFY(seeked->selectEvent(last));
    const QMap<QString, QStringList> afterSeek = viewContents(*seeked);
    for (auto it = afterSeek.cbegin(); it != afterSeek.cend(); ++it)
        QCOMPARE(afterPlay.value(it.key()), it.value());
    // The comparison sees the views move: at the first event they showed something else.
    for (const QString &view : std::as_const(moving))
        QVERIFY2(atStart.value(view) != afterSeek.value(view), qPrintable(view));
}

void TestPlayback::stepAndPause()
{
    std::unique_ptr<MainWindow> window = openDemo();
    Playback *playback = playbackOf(*window);
    QVERIFY(window->selectEvent(3));
    action(*window, "stepForwardAction")->trigger();
    QCOMPARE(window->eventList()->currentSeq(), 4);
    action(*window, "stepForwardAction")->trigger();
    QCOMPARE(window->eventList()->currentSeq(), 5);
    action(*window, "stepBackAction")->trigger();
    QCOMPARE(window->eventList()->currentSeq(), 4);
    QVERIFY(window->selectEvent(0));
    action(*window, "stepBackAction")->trigger();
    QCOMPARE(window->eventList()->currentSeq(), 0); // clamped at the first event

    // Playing at the recorded pace (gaps up to 2 s) moves on; Pause stops it where it is.
    action(*window, "playPauseAction")->trigger();
    QVERIFY(playback->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(window->eventList()->currentSeq() > 0, 60000);
    action(*window, "playPauseAction")->trigger();
    QVERIFY(!playback->isPlaying());
    const qint64 pausedAt = window->eventList()->currentSeq();
    QTest::qWait(300);
    QCOMPARE(window->eventList()->currentSeq(), pausedAt);

    // A click elsewhere while paused is where play goes on from.
    QVERIFY(window->selectEvent(7));
    QCOMPARE(playback->position(), 7);
    action(*window, "stepForwardAction")->trigger();
    QCOMPARE(window->eventList()->currentSeq(), 8);
}

void TestPlayback::keysPlayButTextFieldsKeepThem()
{
    std::unique_ptr<MainWindow> window = openDemo();
    Playback *playback = playbackOf(*window);
    QVERIFY(window->selectEvent(2));
    window->eventList()->setFocus();
    QTest::keyClick(window->eventList(), Qt::Key_Period);
    QCOMPARE(window->eventList()->currentSeq(), 3);
    QTest::keyClick(window->eventList(), Qt::Key_Comma);
    QCOMPARE(window->eventList()->currentSeq(), 2);
    QTest::keyClick(window->eventList(), Qt::Key_Space);
    QVERIFY(playback->isPlaying());
    QTest::keyClick(window->eventList(), Qt::Key_Space);
    QVERIFY(!playback->isPlaying());

    FilterLineEdit *filter = window->filterEdit();
    filter->setFocus();
    filter->clear();
    const qint64 before = window->eventList()->currentSeq();
    QTest::keyClicks(filter, QStringLiteral("a. b,"));
    QCOMPARE(filter->text(), QStringLiteral("a. b,"));
    QVERIFY(!playback->isPlaying());
    QCOMPARE(window->eventList()->currentSeq(), before);
}

// The cursor waits at each event as long as the recorded gap to the next (capped), divided by
// the speed.
void TestPlayback::pacingFollowsReceiveTimes()
{
    std::unique_ptr<MainWindow> window = openDemo();
    Playback *playback = playbackOf(*window);
    const EventStore &events = window->document()->session().events();
    QVERIFY(events.hasReceiveTimes());
    bool sawGap = false;
    for (qint64 seq = 0; seq < window->lastEventSeq(); ++seq) {
        const qint64 recorded = events.receivedAtUs(seq + 1) - events.receivedAtUs(seq);
        QCOMPARE(playback->gapAfterUs(seq), qBound(qint64(0), recorded, qint64(2'000'000)));
        sawGap = sawGap || recorded > 0;
    }
    QVERIFY(sawGap);
    playback->setMaxGapMs(0);
    for (qint64 seq = 0; seq < window->lastEventSeq(); ++seq)
        QCOMPARE(playback->gapAfterUs(seq), qint64(0));
    QCOMPARE(playback->gapAfterUs(window->lastEventSeq()), qint64(0));
}

// A capture without receive times (JSON lines) plays at the pacing of its events' "timestamp"
// fields, as the list's Time column shows them; an event without one is kUnknownGapUs away.
void TestPlayback::pacingFallsBackToTimestamps()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("timestamps.jsonl"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"type":"RUN_STARTED","threadId":"t","runId":"r","timestamp":1764600000000}
{"type":"TEXT_MESSAGE_START","messageId":"m","role":"assistant","timestamp":1764600000300}
{"type":"TEXT_MESSAGE_CONTENT","messageId":"m","delta":"a","timestamp":1764600009300}
{"type":"TEXT_MESSAGE_END","messageId":"m"}
{"type":"RUN_FINISHED","threadId":"t","runId":"r","timestamp":1764600009400}
)");
    file.close();
    std::unique_ptr<MainWindow> window = openCapture(path);
    QVERIFY(!window->document()->hasReceiveTimes());
    Playback *playback = playbackOf(*window);
    QCOMPARE(playback->gapAfterUs(0), qint64(300'000));
    QCOMPARE(playback->gapAfterUs(1), qint64(2'000'000)); // 9 s, capped at the default 2 s
    QCOMPARE(playback->gapAfterUs(2), Playback::kUnknownGapUs); // the END has no timestamp
    QCOMPARE(playback->gapAfterUs(3), Playback::kUnknownGapUs);
    playback->setMaxGapMs(10'000);
    QCOMPARE(playback->gapAfterUs(1), qint64(9'000'000));
}

QTEST_MAIN(TestPlayback)
#include "test_playback.moc"
