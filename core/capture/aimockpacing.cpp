#include "core/capture/aimockpacing.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace agui {

AimockDelayChoice chooseAimockDelay(const QList<qint64> &eventTimesUs)
{
    QList<qint64> gaps;
    for (qsizetype i = 1; i < eventTimesUs.size(); ++i) {
        if (eventTimesUs[i - 1] >= 0 && eventTimesUs[i] >= 0)
            gaps.append(std::max<qint64>(0, eventTimesUs[i] - eventTimesUs[i - 1]));
    }
    AimockDelayChoice choice;
    choice.gaps = int(gaps.size());
    if (gaps.isEmpty()) {
        choice.reason = eventTimesUs.size() < 2
            ? QStringLiteral("fewer than two events: no gap to measure")
            : QStringLiteral("the events' receive times are unknown");
        return choice;
    }
    std::sort(gaps.begin(), gaps.end());
    const qsizetype middle = gaps.size() / 2;
    const double medianUs
        = gaps.size() % 2 == 1 ? double(gaps[middle]) : (gaps[middle - 1] + gaps[middle]) / 2.0;
    choice.delayMs = int(std::min<double>(std::llround(medianUs / 1000.0), INT_MAX));
    choice.reason = QStringLiteral("the median of %1 gap%2 between events (%3 ms)")
                        .arg(gaps.size())
                        .arg(gaps.size() == 1 ? QString() : QStringLiteral("s"))
                        .arg(medianUs / 1000.0, 0, 'f', 1);
    return choice;
}

} // namespace agui
