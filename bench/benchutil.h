#pragma once

// Small measuring helpers shared by the benchmark programs (header only: each program is one
// file plus this).

#include <QByteArrayView>
#include <QFile>
#include <QList>

#include <time.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace agui::bench {

inline qint64 clockNs(clockid_t clock)
{
    timespec ts {};
    clock_gettime(clock, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// Wall time, and CPU time of the process (all threads) and of the calling thread: the machine
// the figures come from is shared, so CPU time is the steadier figure for one thread's work.
class Stopwatch
{
public:
    Stopwatch() { restart(); }
    void restart()
    {
        m_wall = clockNs(CLOCK_MONOTONIC);
        m_process = clockNs(CLOCK_PROCESS_CPUTIME_ID);
        m_thread = clockNs(CLOCK_THREAD_CPUTIME_ID);
    }
    double wallS() const { return double(clockNs(CLOCK_MONOTONIC) - m_wall) / 1e9; }
    double processCpuS() const
    {
        return double(clockNs(CLOCK_PROCESS_CPUTIME_ID) - m_process) / 1e9;
    }
    double threadCpuS() const { return double(clockNs(CLOCK_THREAD_CPUTIME_ID) - m_thread) / 1e9; }

private:
    qint64 m_wall = 0;
    qint64 m_process = 0;
    qint64 m_thread = 0;
};

// The least any line-oriented reader does: find every newline (memchr).
inline qint64 countLines(QByteArrayView bytes)
{
    qint64 lines = 0;
    const char *p = bytes.data();
    const char *end = p + bytes.size();
    while ((p = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p))))) {
        ++lines;
        ++p;
    }
    return lines;
}

// A field of /proc/self/status in kB (VmRSS, VmHWM), -1 when unknown.
inline qint64 procStatusKb(const char *field)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray key = QByteArray(field) + ':';
    for (const QByteArray &l : f.readAll().split('\n'))
        if (l.startsWith(key))
            return l.mid(key.size()).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

// Resets VmHWM to the current RSS (Linux >= 4.0), so the next reading is this phase's peak.
inline void resetPeakRss()
{
    QFile f(QStringLiteral("/proc/self/clear_refs"));
    if (f.open(QIODevice::WriteOnly))
        f.write("5");
}

// The p-quantile (0..1) of the values, nearest rank; 0 for none.
inline double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, size_t(p * double(values.size())))];
}

} // namespace agui::bench
