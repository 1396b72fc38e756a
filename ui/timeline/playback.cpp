#include "ui/timeline/playback.h"

#include "core/session/session.h"
#include "ui/models/sessiondocument.h"

#include <cmath>

namespace agui::ui {

Playback::Playback(SessionDocument *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
{
    m_timer.setInterval(kTickMs);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &Playback::tick);
    if (document)
        connect(document, &SessionDocument::resetDone, this, [this] {
            pause();
            m_seq = -1;
        });
}

void Playback::setSpeed(double speed)
{
    m_speed = speed > 0 ? speed : kAsFastAsPossible;
}

void Playback::setMaxGapMs(qint64 ms)
{
    m_maxGapUs = qMax<qint64>(0, ms) * 1000;
}

qint64 Playback::lastSeq() const
{
    return m_document ? m_document->size() - 1 : -1;
}

// The session's one clock, as the list's Time column shows it: receive times when the capture
// has them, otherwise the events' own "timestamp" fields (JSON lines, most exports).
qint64 Playback::timeUs(qint64 seq) const
{
    return m_document->hasReceiveTimes() ? m_document->session().events().receivedAtUs(seq)
                                         : m_document->timestampUs(seq);
}

qint64 Playback::gapAfterUs(qint64 seq) const
{
    if (!m_document || seq < 0 || seq >= lastSeq())
        return 0;
    const qint64 a = timeUs(seq);
    const qint64 b = timeUs(seq + 1);
    const qint64 gap = (a < 0 || b < 0) ? kUnknownGapUs : qMax<qint64>(0, b - a);
    return qMin(gap, m_maxGapUs);
}

void Playback::setPosition(qint64 seq)
{
    if (seq == m_seq)
        return;
    m_seq = seq;
    m_dueUs = 0;
}

void Playback::play()
{
    const qint64 last = lastSeq();
    if (last < 0 || isPlaying())
        return;
    if (m_seq < 0 || m_seq >= last)
        moveTo(0); // at the end (or nowhere): play from the start
    m_dueUs = 0;
    m_clock.start();
    m_timer.start();
    Q_EMIT playingChanged(true);
}

void Playback::pause()
{
    if (!isPlaying())
        return;
    m_timer.stop();
    Q_EMIT playingChanged(false);
}

void Playback::togglePlaying()
{
    if (isPlaying())
        pause();
    else
        play();
}

void Playback::step(qint64 delta)
{
    pause();
    const qint64 last = lastSeq();
    if (last < 0)
        return;
    const qint64 from = m_seq < 0 ? (delta > 0 ? -1 : last + 1) : m_seq;
    moveTo(qBound<qint64>(0, from + delta, last));
}

void Playback::moveTo(qint64 seq)
{
    m_seq = seq;
    m_dueUs = 0;
    Q_EMIT seekRequested(seq);
}

void Playback::tick()
{
    const qint64 last = lastSeq();
    const qint64 elapsedUs = m_clock.nsecsElapsed() / 1000;
    m_clock.restart();
    qint64 seq = qMax<qint64>(0, m_seq);
    if (m_speed == kAsFastAsPossible) {
        const qint64 perTick
            = qint64(std::ceil(double(last + 1) * double(elapsedUs) / double(kFastPlayMs * 1000)));
        seq = qMin(last, seq + qMax<qint64>(1, perTick));
    } else {
        m_dueUs += double(elapsedUs) * m_speed;
        const qint64 maxWalk
            = m_document->hasReceiveTimes() ? kMaxWalkPerTick : kMaxParsedWalkPerTick;
        for (qint64 walked = 0; seq < last; ++walked) {
            const qint64 gap = gapAfterUs(seq);
            if (m_dueUs < double(gap))
                break;
            if (walked == maxWalk) {
                m_dueUs = 0; // too far behind: drop the backlog rather than stall
                break;
            }
            m_dueUs -= double(gap);
            ++seq;
        }
    }
    if (seq != m_seq) {
        const double due = m_dueUs; // moveTo() starts a new wait; keep what is already due
        moveTo(seq);
        m_dueUs = m_speed == kAsFastAsPossible ? 0 : due;
    }
    if (seq >= last)
        pause(); // playing to the end stops at the last event
}

} // namespace agui::ui
