#pragma once

#include <QList>
#include <QString>

#include <cmath>

namespace agui {
class EventStore;
}

namespace agui::analysis {

// Which clock the times of a session's events come from.
enum class TimeSource : quint8 {
    Arrival, // receive times recorded by whoever captured the stream (our captures, DevTools)
    Timestamp, // no receive times: the events' own "timestamp" fields (sender's clock, ms)
    None, // neither: nothing can be said about time
};
QString timeSourceName(TimeSource source); // "arrival", "timestamp", "none"

// The time of every event of a session on one clock, in µs since the Unix epoch (-1 unknown).
// Receive times when the capture has them; otherwise the events' "timestamp" fields, which are
// the sender's clock and say nothing of the network. One clock per session, never mixed.
struct EventClock
{
    TimeSource source = TimeSource::None;
    QList<qint64> atUs; // by event seq

    qint64 at(qint64 seq) const { return seq >= 0 && seq < atUs.size() ? atUs[seq] : -1; }

    // Arrival times from the store when any event has one, else the timestamps given (by seq, ms,
    // NaN where an event has none), else None.
    static EventClock choose(const EventStore &store, const QList<double> &timestampsMs);
};

} // namespace agui::analysis
