#pragma once

// The commands that talk to the network (net/cmd_*.cpp). They are built into agui-inspect-net,
// the only binary that links Qt Network; agui-inspect hands them over to it (forward/). Their
// names and summaries are listed here once, for both binaries' command tables.

#include "app/cli/command.h"

#include <QList>

namespace agui::cli {

struct NetCommandInfo
{
    QString name;
    QString summary;
};

const QList<NetCommandInfo> &netCommands();

// A network command's table entry: the name and summary from the list above, with its code.
Command netCommand(const QString &name, std::function<int(const QStringList &args)> run);

} // namespace agui::cli
