#include "app/cli/command.h"
#include "core/platform/heap.h"
#include "core/platform/standardstreams.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstdio>

namespace agui::cli {

namespace {
QList<Command> &table()
{
    static QList<Command> commands;
    return commands;
}

char **g_rawArguments = nullptr;
} // namespace

char **rawArguments()
{
    return g_rawArguments;
}

void registerCommand(Command command)
{
    table().append(std::move(command));
}

const QList<Command> &commands()
{
    return table();
}

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

QTextStream &err()
{
    static QTextStream stream(stderr);
    return stream;
}

} // namespace agui::cli

using namespace agui::cli;

static void printUsage(QTextStream &to)
{
    to << "usage: agui-inspect <command> [options]\n\ncommands:\n";
    auto sorted = commands();
    std::sort(sorted.begin(), sorted.end(),
              [](const Command &a, const Command &b) { return a.name < b.name; });
    for (const Command &c : sorted)
        to << "  " << c.name.leftJustified(16) << c.summary << '\n';
    to << "\n`agui-inspect <command> --help` describes a command.\n";
    to.flush();
}

int main(int argc, char *argv[])
{
    agui::platform::keepThreadsOnOneHeap(); // before any thread allocates: see core/platform/heap.h
    agui::platform::useBinaryStandardStreams(); // captures pass through stdin/stdout unchanged
    agui::cli::g_rawArguments = argv;
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("agui-inspect"));
    QCoreApplication::setApplicationVersion(QStringLiteral(AGUI_VERSION));

    QStringList args = app.arguments().mid(1);
    if (args.isEmpty() || args.first() == QLatin1String("--help")
        || args.first() == QLatin1String("-h") || args.first() == QLatin1String("help")) {
        printUsage(out());
        return args.isEmpty() ? ExitUnreadable : ExitOk;
    }
    if (args.first() == QLatin1String("--version")) {
        out() << "agui-inspect " << AGUI_VERSION << " (Qt " << qVersion() << ")\n";
        out().flush();
        return ExitOk;
    }
    const QString name = args.takeFirst();
    for (const Command &c : commands()) {
        if (c.name == name) {
            const int code = c.run(args);
            out().flush();
            err().flush();
            return code;
        }
    }
    err() << "agui-inspect: unknown command '" << name << "'\n";
    printUsage(err());
    return ExitUnreadable;
}
