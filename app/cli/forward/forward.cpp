// agui-inspect's entries for the network commands (mcp, proxy, rerun, run, serve): each hands the
// command line, byte for byte, to agui-inspect-net, which replaces this process (execv). Its
// standard input and output, signals and exit code are then the command's own, as if it had
// been built in. Only agui-inspect-net links Qt Network (app/cli/CMakeLists.txt says why).

#include "app/cli/command.h"
#include "app/cli/netcommands.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>

namespace agui::cli {

namespace {

// Beside agui-inspect in a build tree; in the libexec directory once installed.
QStringList helperCandidates()
{
    const QString dir = QCoreApplication::applicationDirPath();
    return {dir + QStringLiteral("/agui-inspect-net"),
            QFileInfo(dir + QStringLiteral("/" AGUI_NET_HELPER_FROM_BINDIR)).absoluteFilePath()};
}

int forward(const QString &name)
{
    const QStringList candidates = helperCandidates();
    for (const QString &helper : candidates) {
        if (!QFileInfo(helper).isExecutable())
            continue;
        out().flush();
        err().flush();
        std::fflush(nullptr);
        const QByteArray path = QFile::encodeName(helper);
        char **argv = rawArguments();
        argv[0] = const_cast<char *>(path.constData());
        ::execv(path.constData(), argv);
        err() << "agui-inspect: " << name << ": cannot start " << helper << ": "
              << QString::fromLocal8Bit(std::strerror(errno)) << '\n';
        return ExitUnreadable;
    }
    err() << "agui-inspect: " << name << " is a network command, run by agui-inspect-net, which "
          << "is not installed (looked for " << candidates.join(QStringLiteral(" and ")) << ")\n";
    return ExitUnreadable;
}

struct ForwardRegistration
{
    ForwardRegistration()
    {
        for (const NetCommandInfo &info : netCommands())
            registerCommand({info.name, info.summary,
                             [name = info.name](const QStringList &) { return forward(name); }});
    }
} forwarders;

} // namespace

} // namespace agui::cli
