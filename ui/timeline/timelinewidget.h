#pragma once

#include "ui/timeline/timelinedata.h"

#include <QPointer>
#include <QTimer>
#include <QWidget>

namespace agui::ui {

class SessionDocument;

// The session at a glance, under the event list: runs as bands, steps and subagents as spans,
// event rate over time (binned density) and, when runs report usage, cumulative token usage,
// with a cursor at the selected event. Clicking or dragging moves the cursor and asks for that
// event (seekRequested), which is how one time-travels by scrubbing.
//
// Painting never walks the events: the bins and spans are rebuilt once per batch of appended
// events (throttled) by TimelineBuilder, whose cost is O(bins x log n + new events).
class TimelineWidget : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kRebuildThrottleMs = 250;

    explicit TimelineWidget(QWidget *parent = nullptr);

    void setDocument(SessionDocument *document);
    void setCurrentEvent(qint64 seq);
    qint64 currentEvent() const { return m_seq; }
    const TimelineData &data() const { return m_data; }

    // Geometry, for tests and the mouse: the event at widget x, and the x of an event.
    qint64 seqAtX(int x) const;
    int xOfSeq(qint64 seq) const;
    // Rebuilds now if new events are waiting (tests, screenshots).
    void flush();

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void seekRequested(qint64 seq);
    // Kept for symmetry with the other session views (a click on a run band selects its events).
    void eventsSelected(const QList<qint64> &seqs);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;

private:
    void rebuild();
    void scheduleRebuild();
    QRect plotRect() const;
    double xToDomain(int x) const;
    int domainToX(double v) const;
    void seekToX(int x);

    QPointer<SessionDocument> m_document;
    TimelineBuilder m_builder;
    TimelineData m_data;
    QTimer m_rebuildTimer;
    bool m_rebuildPending = false;
    qint64 m_seq = -1;
    bool m_dragging = false;
};

} // namespace agui::ui
