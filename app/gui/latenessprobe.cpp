#include "app/gui/latenessprobe.h"

#include <time.h>

#include <algorithm>

namespace agui::gui {

qint64 monotonicNs()
{
    timespec ts {};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

LatenessProbe::LatenessProbe(int intervalMs, QObject *parent)
    : QObject(parent)
    , m_intervalMs(intervalMs)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(intervalMs);
    connect(&m_timer, &QTimer::timeout, this, &LatenessProbe::tick);
}

void LatenessProbe::start()
{
    m_latenessUs.clear();
    m_lastNs = monotonicNs();
    m_timer.start();
}

void LatenessProbe::stop()
{
    tick(); // a stall that is still going on counts up to now
    m_timer.stop();
}

void LatenessProbe::tick()
{
    const qint64 now = monotonicNs();
    const qint64 late = (now - m_lastNs) / 1000 - qint64(m_intervalMs) * 1000;
    m_latenessUs.push_back(std::max<qint64>(0, late));
    m_lastNs = now;
}

double LatenessProbe::maxLatenessMs() const
{
    if (m_latenessUs.empty())
        return 0;
    return double(*std::max_element(m_latenessUs.begin(), m_latenessUs.end())) / 1000;
}

QJsonObject LatenessProbe::report() const
{
    std::vector<qint64> sorted = m_latenessUs;
    std::sort(sorted.begin(), sorted.end());
    auto at = [&](double p) {
        if (sorted.empty())
            return 0.0;
        const size_t i = std::min(sorted.size() - 1, size_t(p * double(sorted.size())));
        return double(sorted[i]) / 1000;
    };
    const auto over = [&](qint64 ms) {
        return double(sorted.end() - std::upper_bound(sorted.begin(), sorted.end(), ms * 1000));
    };
    return QJsonObject {
        {QStringLiteral("intervalMs"), m_intervalMs},
        {QStringLiteral("ticks"), double(sorted.size())},
        {QStringLiteral("maxMs"), sorted.empty() ? 0.0 : double(sorted.back()) / 1000},
        {QStringLiteral("p99Ms"), at(0.99)},
        {QStringLiteral("p50Ms"), at(0.5)},
        {QStringLiteral("over16ms"), over(16)},
        {QStringLiteral("over50ms"), over(50)},
    };
}

} // namespace agui::gui
