#include "bench/driver/process.h"

#include "bench/benchutil.h"

#include <QFile>
#include <QTemporaryFile>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstdlib>
#include <vector>

namespace agui::bench {

qint64 monotonicNs()
{
    return clockNs(CLOCK_MONOTONIC);
}

QString RunResult::failure() const
{
    if (!started)
        return QStringLiteral("could not start");
    if (timedOut)
        return QStringLiteral("killed after the time limit");
    const QString firstLine = QString::fromUtf8(err.trimmed().split('\n').value(0)).left(200);
    if (signal)
        return QStringLiteral("killed by signal %1 %2").arg(signal).arg(firstLine);
    return QStringLiteral("exit %1: %2").arg(exitCode).arg(firstLine);
}

namespace {

// Waits for pid up to deadlineNs; true when it exited (status and rusage filled in).
bool waitUntil(pid_t pid, qint64 deadlineNs, int *status, rusage *usage)
{
    const int pidfd = int(syscall(SYS_pidfd_open, pid, 0));
    for (;;) {
        const pid_t done = wait4(pid, status, WNOHANG, usage);
        if (done == pid) {
            if (pidfd >= 0)
                close(pidfd);
            return true;
        }
        const qint64 left = deadlineNs - monotonicNs();
        if (left <= 0) {
            if (pidfd >= 0)
                close(pidfd);
            return false;
        }
        if (pidfd >= 0) {
            pollfd p {pidfd, POLLIN, 0};
            poll(&p, 1, int(std::min<qint64>(left / 1'000'000 + 1, 1000)));
        } else {
            usleep(1000); // no pidfd (old kernel): 1 ms resolution
        }
    }
}

QByteArray readBack(QTemporaryFile &file)
{
    file.seek(0);
    return file.readAll();
}

} // namespace

RunResult runProcess(const RunSpec &spec)
{
    RunResult result;
    QTemporaryFile out;
    QTemporaryFile err;
    if (!out.open() || !err.open())
        return result;

    // Everything the child needs is prepared before fork (no allocation after it).
    std::vector<QByteArray> args;
    for (const QString &a : spec.argv)
        args.push_back(a.toLocal8Bit());
    std::vector<char *> argv;
    for (QByteArray &a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<QByteArray> envs;
    for (const QString &e : spec.env)
        envs.push_back(e.toLocal8Bit());
    const int outFd = spec.keepStdout ? out.handle() : open("/dev/null", O_WRONLY);
    const int errFd = err.handle();

    result.startNs = monotonicNs();
    const pid_t pid = fork();
    if (pid < 0)
        return result;
    if (pid == 0) {
        setpgid(0, 0); // its own group: a timeout kills its children too
        for (QByteArray &e : envs)
            putenv(e.data());
        dup2(outFd, STDOUT_FILENO);
        dup2(errFd, STDERR_FILENO);
        execvp(argv[0], argv.data());
        _exit(127);
    }
    if (!spec.keepStdout)
        close(outFd);
    result.started = true;
    int status = 0;
    rusage usage {};
    const qint64 deadline = result.startNs + qint64(spec.timeoutS) * 1'000'000'000;
    if (!waitUntil(pid, deadline, &status, &usage)) {
        result.timedOut = true;
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
        wait4(pid, &status, 0, &usage);
    }
    result.wallS = double(monotonicNs() - result.startNs) / 1e9;
    result.cpuS = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    result.maxRssKb = double(usage.ru_maxrss);
    if (WIFEXITED(status))
        result.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        result.signal = WTERMSIG(status);
    if (result.exitCode == 127 && !result.timedOut)
        result.started = false; // exec failed
    result.out = readBack(out);
    result.err = readBack(err);
    return result;
}

} // namespace agui::bench
