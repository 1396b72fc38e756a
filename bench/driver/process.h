#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <initializer_list>

namespace agui::bench {

// One child process, measured as a whole: wall time from just before fork to its exit, its CPU
// time and peak RSS (wait4's rusage), and what it wrote.
struct RunSpec
{
    RunSpec(QStringList argv, QStringList env = {}, int timeoutS = 600, bool keepStdout = true)
        : argv(std::move(argv))
        , env(std::move(env))
        , timeoutS(timeoutS)
        , keepStdout(keepStdout)
    { }

    QStringList argv; // argv[0]: the program (a path, or a name looked up in PATH)
    QStringList env; // "KEY=VALUE" added to (or replacing in) the driver's environment
    int timeoutS; // killed (with its process group) after this long
    bool keepStdout; // false: stdout goes to /dev/null (large outputs are not our cost)
};

struct RunResult
{
    bool started = false;
    bool timedOut = false;
    int exitCode = -1; // -1 when killed by a signal
    int signal = 0;
    double wallS = 0;
    double cpuS = 0; // user + system
    double maxRssKb = 0;
    qint64 startNs = 0; // CLOCK_MONOTONIC just before fork
    QByteArray out;
    QByteArray err;

    bool exitedWith(std::initializer_list<int> codes) const
    {
        return started && !timedOut
            && std::find(codes.begin(), codes.end(), exitCode) != codes.end();
    }
    // For messages: "exit 2: <first line of stderr>", "killed after 900 s", ...
    QString failure() const;
};

RunResult runProcess(const RunSpec &spec);

// CLOCK_MONOTONIC, nanoseconds (the clock agui-inspector --bench-* modes report in).
qint64 monotonicNs();

} // namespace agui::bench
