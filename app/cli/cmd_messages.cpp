// agui-inspect messages FILE [--at N] : agent.messages as of an event.

#include "app/cli/command.h"
#include "app/cli/input.h"

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect messages [--at N] FILE\n\n"
      "Prints the messages as of event N (0-based; default: the last event; -1: before any\n"
      "event) as a JSON array in AG-UI's Message shape: what\n"
      "@ag-ui/client holds in agent.messages after the same events.\n";

int runMessages(const QStringList &argv)
{
    return runAtEventCommand(
        QStringLiteral("messages"), kHelp, argv,
        [](const SessionSnapshot &snapshot) { return QJsonValue(messagesAsAgUi(snapshot)); });
}

const CommandRegistration reg {
    {QStringLiteral("messages"),
     QStringLiteral("print agent.messages as of an event (AG-UI Message JSON array)"),
     &runMessages}};

} // namespace

} // namespace agui::cli
