#include "core/platform/processinfo.h"

#include <QFile>

#include <algorithm>
#include <limits>

#include <sys/resource.h>
#include <unistd.h>

namespace agui::platform {

qint64 peakResidentBytes()
{
    rusage usage {};
    if (getrusage(RUSAGE_SELF, &usage) != 0)
        return 0;
#ifdef Q_OS_MACOS
    return qint64(usage.ru_maxrss); // bytes there
#else
    return qint64(usage.ru_maxrss) * 1024; // kilobytes on Linux
#endif
}

qint64 residentBytes()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1 ? fields.at(1).toLongLong() * qint64(sysconf(_SC_PAGESIZE)) : -1;
}

void allowOpenFiles(int count)
{
    rlimit files {};
    const rlim_t wanted = rlim_t(count);
    if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < wanted) {
        files.rlim_cur = std::min(wanted, files.rlim_max);
        setrlimit(RLIMIT_NOFILE, &files);
    }
}

qint64 openFilesAllowed()
{
    rlimit files {};
    if (getrlimit(RLIMIT_NOFILE, &files) != 0 || files.rlim_cur == RLIM_INFINITY)
        return std::numeric_limits<qint64>::max();
    return qint64(files.rlim_cur);
}

} // namespace agui::platform
