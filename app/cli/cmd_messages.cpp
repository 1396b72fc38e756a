// agui-inspect messages FILE [--at N] : agent.messages as of an event.

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "app/cli/jsonprint.h"

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect messages [--at N] FILE\n\n"
      "Prints the messages as of event N (0-based; default: the last event; -1: before any\n"
      "event) as a JSON array in AG-UI's Message shape: what\n"
      "@ag-ui/client holds in agent.messages after the same events.\n";

int runMessages(const QStringList &argv)
{
    const Args args = parseArgs(argv, {QStringLiteral("--at")}, {QStringLiteral("--help")});
    if (!args.error.isEmpty())
        return usageError(QStringLiteral("messages"), args.error);
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    if (args.positional.size() != 1)
        return usageError(QStringLiteral("messages"), QStringLiteral("expects exactly one FILE"));
    Input input;
    if (!openInput(args.positional.first(), &input))
        return ExitUnreadable;
    reportCaptureProblems(input);
    qint64 seq = -1;
    QString error;
    if (!parseAtOption(args.options.value(QStringLiteral("--at")), input.session->size(), &seq,
                       &error))
        return usageError(QStringLiteral("messages"), error);
    const bool last = seq == input.session->size() - 1;
    const SessionSnapshot snapshot
        = last ? input.session->current() : input.session->snapshotAt(seq);
    out() << indentedJson(messagesAsAgUi(snapshot));
    return ExitOk;
}

const CommandRegistration reg {
    {QStringLiteral("messages"),
     QStringLiteral("print agent.messages as of an event (AG-UI Message JSON array)"),
     &runMessages}};

} // namespace

} // namespace agui::cli
