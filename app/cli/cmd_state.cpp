// agui-inspect state FILE [--at N] : the shared state document as of an event.

#include "app/cli/command.h"
#include "app/cli/input.h"
#include "app/cli/jsonprint.h"

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect state [--at N] FILE\n\n"
      "Prints the agent state as of event N (0-based; default: the last event; -1: before any\n"
      "event) as JSON: what the reference client's agent.state holds after the same events\n"
      "(STATE_SNAPSHOT replaces, STATE_DELTA patches, a failing patch is skipped as a whole).\n"
      "null when no state was ever set.\n";

int runState(const QStringList &argv)
{
    const Args args = parseArgs(argv, {QStringLiteral("--at")}, {QStringLiteral("--help")});
    if (!args.error.isEmpty())
        return usageError(QStringLiteral("state"), args.error);
    if (args.options.contains(QStringLiteral("--help"))) {
        out() << kHelp;
        return ExitOk;
    }
    if (args.positional.size() != 1)
        return usageError(QStringLiteral("state"), QStringLiteral("expects exactly one FILE"));
    Input input;
    if (!openInput(args.positional.first(), &input))
        return ExitUnreadable;
    reportCaptureProblems(input);
    qint64 seq = -1;
    QString error;
    if (!parseAtOption(args.options.value(QStringLiteral("--at")), input.session->size(), &seq,
                       &error))
        return usageError(QStringLiteral("state"), error);
    const bool last = seq == input.session->size() - 1;
    const SessionSnapshot snapshot
        = last ? input.session->current() : input.session->snapshotAt(seq);
    out() << indentedJson(snapshot.hasState() ? snapshot.state() : QJsonValue());
    return ExitOk;
}

const CommandRegistration reg {{QStringLiteral("state"),
                                QStringLiteral("print the state document as of an event (JSON)"),
                                &runState}};

} // namespace

} // namespace agui::cli
