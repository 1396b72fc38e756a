#pragma once

#include "core/session/change.h"
#include "core/session/snapshot.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

namespace agui::ui {

class SessionDocument;

// The world as a front end saw it after one event: the session model after event seq, after
// seq - 1 (what that event started from) and the detailed change record of seq. Shared by the
// state, transcript and tool-call views so one cursor move costs one seek, not one per view.
//
// A seek costs at most K reductions (Session checkpoints), which is fast but not free on a
// 1,000,000-event capture, so cursor moves are throttled: a request while idle is computed at
// once, then a cool-down of twice what that update cost (at most kCoalesceMs) starts; requests
// during the cool-down only record the latest event and are computed together when it ends. A
// drag over a huge capture thus updates the views ~30 times a second with the newest position,
// while a click, a key press or any move over a small capture shows without delay.
//
// Following a stream is throttled harder: there the views redraw for the stream's sake, not for
// a hand on the cursor, so the cool-down is four times an update's cost, up to kLiveCoalesceMs.
// An update over a large state (a state tree of ten thousand nodes) then takes at most a fifth
// of the GUI thread instead of a third, and the stream is read that much faster.
class TimeTravel : public QObject
{
    Q_OBJECT
public:
    static constexpr int kCoalesceMs = 30;
    static constexpr int kLiveCoalesceMs = 200;

    explicit TimeTravel(QObject *parent = nullptr);

    void setDocument(SessionDocument *document);
    SessionDocument *document() const { return m_document; }

    // seq < 0 (or past the end): follow the newest event, so the views grow while a run streams.
    void setCurrentEvent(qint64 seq);
    bool isFollowingEnd() const { return m_requested < 0; }
    qint64 requestedSeq() const { return m_requested; }

    // What the views show: valid after updated() (or flush()).
    qint64 seq() const { return m_seq; } // -1: no event (empty session)
    const SessionSnapshot &snapshot() const { return m_snapshot; }
    const SessionSnapshot &before() const { return m_before; }
    const EventChange &change() const { return m_change; }
    // Bumped by every computed update; views use it to skip work when nothing moved.
    quint64 generation() const { return m_generation; }
    // Bumped when the document is reset (a capture opened): cached derived data is void.
    quint64 documentGeneration() const { return m_documentGeneration; }

    // Computes a pending request now (tests, screenshots); no-op when nothing is pending.
    void flush();

Q_SIGNALS:
    void updated();

private:
    void schedule(bool live = false);
    void computeAndCoolDown();
    void compute();

    QPointer<SessionDocument> m_document;
    QTimer m_timer;
    qint64 m_requested = -1;
    bool m_pending = false;
    bool m_live = false; // what is pending is the stream's, not a cursor move
    qint64 m_seq = -1;
    SessionSnapshot m_snapshot;
    SessionSnapshot m_before;
    EventChange m_change;
    quint64 m_generation = 0;
    quint64 m_documentGeneration = 0;
    QList<QMetaObject::Connection> m_connections;
};

} // namespace agui::ui
