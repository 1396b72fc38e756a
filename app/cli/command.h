#pragma once

#include <QString>
#include <QStringList>
#include <QTextStream>

#include <functional>

namespace agui::cli {

// Exit codes shared by every subcommand.
enum ExitCode { ExitOk = 0, ExitFindings = 1, ExitUnreadable = 2 };

struct Command
{
    QString name;
    QString summary; // one line for `agui-inspect --help`
    std::function<int(const QStringList &args)> run; // args exclude the program and command name
};

// Subcommands register themselves from their own file: static CommandRegistration r{{...}};
void registerCommand(Command command);
const QList<Command> &commands();

struct CommandRegistration
{
    explicit CommandRegistration(Command command) { registerCommand(std::move(command)); }
};

// The command line exactly as the process got it (argv, null-terminated), for a command that
// hands it on to another program byte for byte.
char **rawArguments();

// Streams bound to stdout/stderr, UTF-8, for every subcommand.
QTextStream &out();
QTextStream &err();

} // namespace agui::cli
