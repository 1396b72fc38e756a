#include "core/analysis/eventclock.h"

#include "core/session/eventstore.h"

namespace agui::analysis {

QString timeSourceName(TimeSource source)
{
    switch (source) {
    case TimeSource::Arrival:
        return QStringLiteral("arrival");
    case TimeSource::Timestamp:
        return QStringLiteral("timestamp");
    case TimeSource::None:
        break;
    }
    return QStringLiteral("none");
}

EventClock EventClock::choose(const EventStore &store, const QList<double> &timestampsMs)
{
    EventClock clock;
    const qint64 n = store.size();
    clock.atUs.resize(n, -1);
    bool any = false;
    // A store that never saw a receive time says so without a look at each event (a file of
    // bare SSE or JSON lines: most of what `stats` reads).
    const qint64 withTimes = store.hasReceiveTimes() ? n : 0;
    for (qint64 seq = 0; seq < withTimes; ++seq) {
        clock.atUs[seq] = store.receivedAtUs(seq);
        any = any || clock.atUs[seq] >= 0;
    }
    if (any) {
        clock.source = TimeSource::Arrival;
        return clock;
    }
    for (qint64 seq = 0; seq < n && seq < timestampsMs.size(); ++seq) {
        const double ms = timestampsMs[seq];
        if (std::isfinite(ms) && ms >= 0) {
            clock.atUs[seq] = qint64(std::llround(ms * 1000.0));
            any = true;
        }
    }
    clock.source = any ? TimeSource::Timestamp : TimeSource::None;
    return clock;
}

} // namespace agui::analysis
