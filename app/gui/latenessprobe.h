#pragma once

#include <QJsonObject>
#include <QObject>
#include <QTimer>

#include <vector>

namespace agui::gui {

// How late the GUI thread gets to a timer that should fire every few milliseconds: a tick that
// comes 120 ms late means the event loop was blocked (no input, no repaint) for that long. Used by
// the benchmark modes (benchmode.h) to report the longest GUI-thread stall while the real window
// loads, streams or scrolls.
class LatenessProbe : public QObject
{
public:
    explicit LatenessProbe(int intervalMs = 5, QObject *parent = nullptr);

    void start();
    void stop();
    // {intervalMs, ticks, maxMs, p99Ms, p50Ms, over16ms, over50ms}
    QJsonObject report() const;
    double maxLatenessMs() const;

private:
    void tick();

    int m_intervalMs;
    QTimer m_timer;
    qint64 m_lastNs = -1;
    std::vector<qint64> m_latenessUs;
};

// CLOCK_MONOTONIC in nanoseconds: the same clock in every process, so a driver can subtract the
// time it started a process from a time the process reports.
qint64 monotonicNs();

} // namespace agui::gui
