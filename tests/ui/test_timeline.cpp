// The timeline under the event list: runs / steps / subagents as spans, density bins, token
// usage, the cursor, and scrubbing: moving the cursor time-travels the session views.

#include "core/protocol/decoder.h"
#include "sessionviews_testdata.h"
#include "ui/models/timetravel.h"
#include "ui/persistsettings.h"
#include "ui/state/statetreemodel.h"
#include "ui/state/stateview.h"
#include "ui/timeline/timelinewidget.h"
#include "ui/toolcalls/toolcallmodel.h"
#include "ui/toolcalls/toolcallsview.h"
#include "ui/transcript/transcriptmodel.h"
#include "ui/transcript/transcriptview.h"
#include "ui/views/eventlistview.h"
#include "ui/window/mainwindow.h"

#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>

#include <numeric>

using namespace agui;
using namespace agui::ui;

class TestTimeline : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void spansBinsAndTokens();
    void cursorAndPositions();
    void draggingTimeTravelsTheViews();
    void keyboardSteps();
    void untimedEventsUseTheEventNumber();
    void liveAppendsRebuildIncrementally();
    void mainWindowWiring();
};

namespace {

void sendMouse(QWidget *w, QEvent::Type type, int x, Qt::MouseButtons buttons)
{
    const QPointF pos(x, w->height() / 2);
    QMouseEvent e(type, pos, w->mapToGlobal(pos), Qt::LeftButton, buttons, Qt::NoModifier);
    QCoreApplication::sendEvent(w, &e);
}

} // namespace

void TestTimeline::spansBinsAndTokens()
{
    SessionDocument doc;
    QVERIFY(loadViewsCapture(doc).isEmpty());
    TimelineWidget timeline;
    timeline.setDocument(&doc);
    const TimelineData &d = timeline.data();
    QVERIFY(d.timeAxis);
    QCOMPARE(d.eventCount, 32);
    QCOMPARE(std::accumulate(d.bins.cbegin(), d.bins.cend(), qint64(0)), 32);
    QCOMPARE(d.runs.size(), 2);
    QCOMPARE(d.runs.at(0).label, QStringLiteral("run-1"));
    QCOMPARE(d.runs.at(1).label, QStringLiteral("run-2"));
    QVERIFY(d.runs.at(0).to <= d.runs.at(1).from);
    QCOMPARE(d.steps.size(), 2);
    QCOMPARE(d.steps.at(0).label, QStringLiteral("plan"));
    QVERIFY(!d.steps.at(1).open);
    // Usage: 120 tokens at the end of run 1, 380 more at the end of run 2.
    QCOMPARE(d.tokens.size(), 2);
    QCOMPARE(d.tokens.at(0).cumulativeTokens, 120);
    QCOMPARE(d.tokens.at(1).cumulativeTokens, 500);
    QCOMPARE(d.maxTokens, 500);
}

void TestTimeline::cursorAndPositions()
{
    SessionDocument doc;
    QVERIFY(loadViewsCapture(doc).isEmpty());
    TimelineWidget timeline;
    timeline.resize(1000, timeline.sizeHint().height());
    timeline.setDocument(&doc);
    int previous = -1;
    for (qint64 seq = 0; seq < doc.size(); ++seq) {
        const int x = timeline.xOfSeq(seq);
        QVERIFY(x >= previous);
        previous = x;
        // Every event of the test capture is at least a few pixels from its neighbours.
        QCOMPARE(timeline.seqAtX(x), seq);
    }
    QVERIFY(timeline.xOfSeq(31) > timeline.xOfSeq(0) + 800);
    timeline.setCurrentEvent(7);
    QCOMPARE(timeline.currentEvent(), 7);
}

void TestTimeline::draggingTimeTravelsTheViews()
{
    SessionDocument doc;
    QVERIFY(loadViewsCapture(doc).isEmpty());
    TimeTravel travel;
    travel.setDocument(&doc);
    StateView state;
    TranscriptView transcript;
    ToolCallsView tools;
    state.setTimeTravel(&travel);
    transcript.setTimeTravel(&travel);
    tools.setTimeTravel(&travel);
    TimelineWidget timeline;
    timeline.resize(1000, timeline.sizeHint().height());
    timeline.setDocument(&doc);
    connect(&timeline, &TimelineWidget::seekRequested, &travel, &TimeTravel::setCurrentEvent);
    QSignalSpy seeks(&timeline, &TimelineWidget::seekRequested);

    sendMouse(&timeline, QEvent::MouseButtonPress, timeline.xOfSeq(1), Qt::LeftButton);
    travel.flush();
    QCOMPARE(travel.seq(), 1);
    QCOMPARE(state.treeModel()
                 ->indexForPointer(QStringLiteral("/count"))
                 .data(JsonTreeModel::CompactJsonRole)
                 .toString(),
             QStringLiteral("0"));
    QCOMPARE(tools.model()->rowCount(), 0);
    QCOMPARE(transcript.model()->rowCount(), 1);

    // Drag right through the run: the views follow without waiting for the release.
    sendMouse(&timeline, QEvent::MouseMove, timeline.xOfSeq(10), Qt::LeftButton);
    sendMouse(&timeline, QEvent::MouseMove, timeline.xOfSeq(19), Qt::LeftButton);
    QTRY_COMPARE(travel.seq(), 19); // the coalescing timer computes the latest request
    QCOMPARE(tools.model()->rowCount(), 2);
    sendMouse(&timeline, QEvent::MouseMove, timeline.xOfSeq(27), Qt::LeftButton);
    sendMouse(&timeline, QEvent::MouseButtonRelease, timeline.xOfSeq(27), Qt::NoButton);
    travel.flush();
    QCOMPARE(travel.seq(), 27);
    QCOMPARE(timeline.currentEvent(), 27);
    QCOMPARE(state.treeModel()
                 ->indexForPointer(QStringLiteral("/count"))
                 .data(StateTreeModel::ChangeKindRole)
                 .toString(),
             QStringLiteral("replaced"));
    QCOMPARE(transcript.model()->rowCount(), 4); // after the MESSAGES_SNAPSHOT
    QCOMPARE(seeks.last().first().toLongLong(), 27);
    // A move without the button held does nothing.
    sendMouse(&timeline, QEvent::MouseMove, timeline.xOfSeq(3), Qt::NoButton);
    QCOMPARE(timeline.currentEvent(), 27);
}

void TestTimeline::keyboardSteps()
{
    SessionDocument doc;
    QVERIFY(loadViewsCapture(doc).isEmpty());
    TimelineWidget timeline;
    timeline.setDocument(&doc);
    QSignalSpy seeks(&timeline, &TimelineWidget::seekRequested);
    timeline.setCurrentEvent(5);
    QTest::keyClick(&timeline, Qt::Key_Right);
    QCOMPARE(seeks.last().first().toLongLong(), 6);
    QTest::keyClick(&timeline, Qt::Key_Home);
    QCOMPARE(seeks.last().first().toLongLong(), 0);
    QTest::keyClick(&timeline, Qt::Key_Left); // stays at 0: no signal
    QCOMPARE(seeks.count(), 2);
    QTest::keyClick(&timeline, Qt::Key_End);
    QCOMPARE(seeks.last().first().toLongLong(), 31);
}

void TestTimeline::untimedEventsUseTheEventNumber()
{
    SessionDocument doc;
    QList<Event> events;
    for (int i = 0; i < 10; ++i) {
        Event e = decodePayload(R"({"type":"CUSTOM","name":"x","value":1})", Framing::JsonLine);
        e.receivedAtUs = -1; // e.g. a plain .jsonl file
        events.append(e);
    }
    doc.appendEvents(events);
    TimelineWidget timeline;
    timeline.resize(500, timeline.sizeHint().height());
    timeline.setDocument(&doc);
    QVERIFY(!timeline.data().timeAxis);
    QCOMPARE(timeline.seqAtX(timeline.xOfSeq(4)), 4);
    QVERIFY(timeline.xOfSeq(9) > timeline.xOfSeq(0));
}

void TestTimeline::liveAppendsRebuildIncrementally()
{
    SessionDocument doc;
    TimelineWidget timeline;
    timeline.setDocument(&doc);
    QCOMPARE(timeline.data().eventCount, 0);
    QList<Event> batch;
    for (int i = 0; i < 1000; ++i) {
        Event e = decodePayload(R"({"type":"CUSTOM","name":"x","value":1})", Framing::JsonLine);
        e.receivedAtUs = 1'700'000'000'000'000 + qint64(i) * 1000;
        batch.append(e);
    }
    doc.appendEvents(batch.mid(0, 500));
    doc.appendEvents(batch.mid(500));
    // Throttled: one rebuild for both batches.
    QTRY_COMPARE(timeline.data().eventCount, 1000);
    QVERIFY(timeline.data().timeAxis);
    QCOMPARE(std::accumulate(timeline.data().bins.cbegin(), timeline.data().bins.cend(), qint64(0)),
             1000);
    // Evenly spaced events: every bin holds one or two.
    QVERIFY(timeline.data().maxBin <= 2);
}

void TestTimeline::mainWindowWiring()
{
    setPersistSettings(false);
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QString error;
    QVERIFY2(window.openCaptureAndWait(viewsCapturePath(), &error), qPrintable(error));
    QVERIFY(window.showTab(QStringLiteral("state")));
    QVERIFY(window.showTab(QStringLiteral("transcript")));
    QVERIFY(window.showTab(QStringLiteral("tools")));
    auto *timeline = window.findChild<TimelineWidget *>();
    auto *state = window.findChild<StateView *>();
    auto *tools = window.findChild<ToolCallsView *>();
    QVERIFY(timeline && state && tools);

    // The list's current event drives the views and the cursor.
    QVERIFY(window.selectEvent(5));
    state->timeTravel()->flush();
    QCOMPARE(state->timeTravel()->seq(), 5);
    QCOMPARE(timeline->currentEvent(), 5);
    QCOMPARE(state->treeModel()
                 ->indexForPointer(QStringLiteral("/count"))
                 .data(StateTreeModel::ChangeKindRole)
                 .toString(),
             QStringLiteral("replaced"));

    // Dragging the cursor selects the event in the list, which time-travels the views.
    sendMouse(timeline, QEvent::MouseButtonPress, timeline->xOfSeq(10), Qt::LeftButton);
    sendMouse(timeline, QEvent::MouseButtonRelease, timeline->xOfSeq(10), Qt::NoButton);
    QCOMPARE(window.eventList()->currentSeq(), 10);
    tools->timeTravel()->flush();
    QCOMPARE(tools->model()->rowCount(), 1);
    QCOMPARE(tools->model()->index(0, ToolCallModel::StatusColumn).data().toString(),
             QStringLiteral("answered"));

    // A view's "select these events" selects rows without moving the current event.
    QVERIFY(tools->selectCall(QStringLiteral("c1")));
    Q_EMIT tools->eventsSelected({6, 7, 8, 9, 10});
    QCOMPARE(window.eventList()->currentSeq(), 10);
    QCOMPARE(window.eventList()->selectionModel()->selectedRows().size(), 5);
}

QTEST_MAIN(TestTimeline)
#include "test_timeline.moc"
