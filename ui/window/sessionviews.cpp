#include "ui/window/sessionviews.h"

#include "ui/models/eventlistmodel.h"
#include "ui/models/timetravel.h"
#include "ui/state/stateview.h"
#include "ui/timeline/timelinewidget.h"
#include "ui/toolcalls/toolcallsview.h"
#include "ui/transcript/transcriptview.h"
#include "ui/views/eventlistview.h"
#include "ui/window/windowservices.h"

#include <QItemSelection>
#include <QMainWindow>

namespace agui::ui {

namespace {

// The visible row of seq in the (filtered) list, -1 when filtered out: rows are in ascending
// sequence order under any filter, so a binary search over SeqRole finds it.
int rowOfSeq(const QAbstractItemModel *model, qint64 seq)
{
    int lo = 0;
    int hi = model->rowCount() - 1;
    while (lo <= hi) {
        const int mid = lo + (hi - lo) / 2;
        const qint64 s = model->index(mid, 0).data(EventListModel::SeqRole).toLongLong();
        if (s == seq)
            return mid;
        if (s < seq)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

void selectEventsInList(WindowServices *window, const QList<qint64> &seqs)
{
    EventListView *list = window->eventList();
    QAbstractItemModel *model = list->model();
    if (!model || seqs.isEmpty())
        return;
    window->listModel()->flushPendingRows();
    QItemSelection selection;
    const int lastColumn = model->columnCount() - 1;
    int rangeStart = -1;
    int rangeEnd = -1;
    int first = -1;
    for (qint64 seq : seqs) {
        const int row = rowOfSeq(model, seq);
        if (row < 0)
            continue;
        if (first < 0)
            first = row;
        if (row == rangeEnd + 1 && rangeStart >= 0) {
            rangeEnd = row;
            continue;
        }
        if (rangeStart >= 0)
            selection.select(model->index(rangeStart, 0), model->index(rangeEnd, lastColumn));
        rangeStart = rangeEnd = row;
    }
    if (rangeStart >= 0)
        selection.select(model->index(rangeStart, 0), model->index(rangeEnd, lastColumn));
    if (first < 0)
        return;
    // Select without touching the current index: the views stay at the event they show.
    list->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    list->scrollTo(model->index(first, 0), QAbstractItemView::PositionAtCenter);
}

} // namespace

// A session view built when its tab is first shown: it attaches to the time-travel cursor, catches
// up with where the cursor is, and selects in the list what it is asked to.
template<typename View>
void addSessionViewTab(WindowServices *window, const QString &name, const QString &title)
{
    window->addDetailTab(name, title, [window] {
        auto *view = new View;
        view->setTimeTravel(window->timeTravel()); // and catches up with it
        QObject::connect(view, &View::eventsSelected, window->hostWindow(),
                         [window](const QList<qint64> &seqs) { selectEventsInList(window, seqs); });
        return view;
    });
}

TimelineWidget *installSessionViews(WindowServices *window)
{
    EventListView *list = window->eventList();
    TimeTravel *travel = window->timeTravel();
    addSessionViewTab<StateView>(window, QStringLiteral("state"), QObject::tr("State"));
    addSessionViewTab<TranscriptView>(window, QStringLiteral("transcript"),
                                      QObject::tr("Transcript"));
    addSessionViewTab<ToolCallsView>(window, QStringLiteral("tools"), QObject::tr("Tool Calls"));

    auto *timeline = new TimelineWidget;
    timeline->setDocument(window->document());
    window->addBelowEventList(timeline);

    QObject::connect(list, &EventListView::currentSeqChanged, travel,
                     [travel, timeline](qint64 seq) {
                         travel->setCurrentEvent(seq);
                         timeline->setCurrentEvent(seq);
                     });
    QObject::connect(timeline, &TimelineWidget::seekRequested, window->hostWindow(),
                     [window, travel](qint64 seq) {
                         // An event hidden by the filter has no row to select; time-travel to it
                         // anyway.
                         if (!window->selectEvent(seq))
                             travel->setCurrentEvent(seq);
                     });
    QObject::connect(timeline, &TimelineWidget::eventsSelected, window->hostWindow(),
                     [window](const QList<qint64> &seqs) { selectEventsInList(window, seqs); });
    return timeline;
}

} // namespace agui::ui
