#include "bench/driver/machine.h"

#include "bench/driver/process.h"

#include <QFile>
#include <QSysInfo>

#include <sys/resource.h>
#include <unistd.h>

namespace agui::bench {

namespace {

QByteArray readProc(const char *path)
{
    QFile f(QString::fromLatin1(path));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray fieldOf(const QByteArray &text, const QByteArray &key)
{
    for (const QByteArray &line : text.split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed() == key)
            return line.mid(colon + 1).trimmed();
    }
    return {};
}

// Seconds of CPU time the kernel counted as busy on all CPUs since boot.
double busyCpuSeconds()
{
    const QList<QByteArray> f = readProc("/proc/stat").split('\n').value(0).simplified().split(' ');
    // cpu user nice system idle iowait irq softirq steal ...
    double busy = 0;
    for (int i : {1, 2, 3, 6, 7, 8})
        busy += f.value(i).toDouble();
    return busy / double(sysconf(_SC_CLK_TCK));
}

double ownCpuSeconds()
{
    double s = 0;
    for (int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
        rusage u {};
        getrusage(who, &u);
        s += double(u.ru_utime.tv_sec + u.ru_stime.tv_sec)
            + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
    }
    return s;
}

} // namespace

double loadAverage1()
{
    return readProc("/proc/loadavg").split(' ').value(0).toDouble();
}

int cpuCount()
{
    return int(sysconf(_SC_NPROCESSORS_ONLN));
}

QJsonObject machineInfo()
{
    const QByteArray cpu = readProc("/proc/cpuinfo");
    const double memKb
        = fieldOf(readProc("/proc/meminfo"), "MemTotal").split(' ').value(0).toDouble();
    return QJsonObject {
        {QStringLiteral("cpu"), QString::fromUtf8(fieldOf(cpu, "model name"))},
        {QStringLiteral("cores"), cpuCount()},
        {QStringLiteral("ramGiB"), memKb / 1024 / 1024},
        {QStringLiteral("kernel"), QSysInfo::kernelVersion()},
        {QStringLiteral("os"), QSysInfo::prettyProductName()},
    };
}

BusyMeter::BusyMeter()
    : m_loadStart(loadAverage1())
    , m_startNs(monotonicNs())
    , m_busyS(busyCpuSeconds())
    , m_ownS(ownCpuSeconds())
{ }

QJsonObject BusyMeter::finish() const
{
    const double wall = double(monotonicNs() - m_startNs) / 1e9;
    const double others = (busyCpuSeconds() - m_busyS) - (ownCpuSeconds() - m_ownS);
    const double share = wall > 0 ? std::max(0.0, others) / (wall * cpuCount()) : 0;
    return QJsonObject {{QStringLiteral("loadStart"), m_loadStart},
                        {QStringLiteral("loadEnd"), loadAverage1()},
                        {QStringLiteral("othersCpuShare"), share},
                        {QStringLiteral("wallS"), wall}};
}

} // namespace agui::bench
