#include "ui/models/timetravel.h"

#include "core/session/session.h"
#include "ui/models/sessiondocument.h"

#include <QElapsedTimer>

namespace agui::ui {

TimeTravel::TimeTravel(QObject *parent)
    : QObject(parent)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(kCoalesceMs);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_pending)
            computeAndCoolDown(); // still busy: keep coalescing
    });
}

void TimeTravel::setDocument(SessionDocument *document)
{
    for (const auto &c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
    m_document = document;
    ++m_documentGeneration;
    if (document) {
        m_connections.append(
            connect(document, &SessionDocument::eventsAppended, this, [this](qint64, qint64) {
                // Past events never change; only a view at the live end has something new.
                if (isFollowingEnd())
                    schedule(true);
            }));
        m_connections.append(connect(document, &SessionDocument::resetDone, this, [this] {
            ++m_documentGeneration;
            m_requested = -1;
            schedule();
        }));
    }
    schedule();
}

void TimeTravel::setCurrentEvent(qint64 seq)
{
    m_requested = seq < 0 ? -1 : seq;
    schedule();
}

void TimeTravel::schedule(bool live)
{
    // A cursor move pending among the stream's updates keeps the quick cool-down.
    m_live = live && (!m_pending || m_live);
    m_pending = true;
    if (m_timer.isActive()) {
        // Cooling down: the timeout computes the latest request, a cursor move no later than
        // a cursor move's cool-down.
        if (!live && m_timer.remainingTime() > kCoalesceMs)
            m_timer.start(kCoalesceMs);
        return;
    }
    // Leading edge: a single move (a click, a key) shows at once; a burst (a drag, a stream)
    // is coalesced to one update per cool-down.
    computeAndCoolDown();
}

void TimeTravel::computeAndCoolDown()
{
    const bool live = m_live;
    QElapsedTimer elapsed;
    elapsed.start();
    compute();
    // The cool-down scales with what an update costs (seek + every view's refresh): a small
    // session updates on every request, a huge one at most every kCoalesceMs.
    const qint64 cooldown = live ? qMin<qint64>(kLiveCoalesceMs, 4 * elapsed.elapsed())
                                 : qMin<qint64>(kCoalesceMs, 2 * elapsed.elapsed());
    if (cooldown > 0)
        m_timer.start(int(cooldown));
}

void TimeTravel::flush()
{
    if (m_pending)
        compute();
}

void TimeTravel::compute()
{
    m_pending = false;
    if (!m_document) {
        m_seq = -1;
        m_snapshot = SessionSnapshot();
        m_before = SessionSnapshot();
        m_change = EventChange();
        ++m_generation;
        Q_EMIT updated();
        return;
    }
    const Session &session = m_document->session();
    const qint64 last = session.size() - 1;
    const qint64 seq = (m_requested < 0 || m_requested > last) ? last : m_requested;
    m_seq = seq;
    if (seq < 0) {
        m_snapshot = session.snapshotAt(-1);
        m_before = m_snapshot;
        m_change = EventChange();
    } else {
        // Order matters for the session's seek cache: changeAt(seq) leaves it at seq - 1, so the
        // two snapshots after it cost zero and one reduction.
        m_change = session.changeAt(seq);
        m_before = session.snapshotAt(seq - 1);
        m_snapshot = session.snapshotAt(seq);
    }
    ++m_generation;
    Q_EMIT updated();
}

} // namespace agui::ui
