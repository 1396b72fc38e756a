#include "core/capture/aimockpacing.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace agui {

namespace {

QString milliseconds(double us)
{
    return QString::number(us / 1000.0, 'f', 1);
}

} // namespace

AimockDelayChoice chooseAimockDelay(const QList<qint64> &eventTimesUs)
{
    QList<qint64> arrivals;
    qsizetype known = 0;
    for (const qint64 t : eventTimesUs) {
        known += t >= 0 ? 1 : 0;
        if (t >= 0 && (arrivals.isEmpty() || t != arrivals.last()))
            arrivals.append(t);
    }
    QList<qint64> gaps;
    for (qsizetype i = 1; i < arrivals.size(); ++i)
        gaps.append(std::max<qint64>(0, arrivals[i] - arrivals[i - 1]));
    AimockDelayChoice choice;
    choice.gaps = int(gaps.size());
    if (gaps.isEmpty()) {
        choice.reason = eventTimesUs.size() < 2 ? QStringLiteral("fewer than two events: no gap")
            : known < eventTimesUs.size()
            ? QStringLiteral("the receive times are unknown")
            : QStringLiteral("all %1 events arrived at once").arg(eventTimesUs.size());
        return choice;
    }
    std::sort(gaps.begin(), gaps.end());
    const qsizetype middle = gaps.size() / 2;
    const double medianUs
        = gaps.size() % 2 == 1 ? double(gaps[middle]) : (gaps[middle - 1] + gaps[middle]) / 2.0;
    const QString median = QStringLiteral("the median of %1 gap%2 between arrivals (%3 ms)")
                               .arg(gaps.size())
                               .arg(gaps.size() == 1 ? QString() : QStringLiteral("s"))
                               .arg(milliseconds(medianUs));
    const double durationUs = double(arrivals.last() - arrivals.first());
    const double evenUs = durationUs / double(known - 1);
    const double chosenUs = std::min(medianUs, evenUs);
    choice.delayMs = int(std::min<double>(std::llround(chosenUs / 1000.0), INT_MAX));
    choice.reason = medianUs <= evenUs
        ? median
        : QStringLiteral("the run's %1 ms spread evenly over its %2 events (%3 ms): %4 would make "
                         "the fixture last longer than the run")
              .arg(milliseconds(durationUs))
              .arg(known)
              .arg(milliseconds(evenUs), median);
    return choice;
}

} // namespace agui
