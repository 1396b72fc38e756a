// agui-inspect state FILE [--at N] : the shared state document as of an event.

#include "app/cli/command.h"
#include "app/cli/input.h"

namespace agui::cli {

namespace {

const char kHelp[]
    = "usage: agui-inspect state [--at N] FILE\n\n"
      "Prints the agent state as of event N (0-based; default: the last event; -1: before any\n"
      "event) as JSON: what the reference client's agent.state holds after the same events\n"
      "(STATE_SNAPSHOT replaces, STATE_DELTA patches, a failing patch is skipped as a whole).\n"
      "Like agent.state, it starts as {} (or the state of the run input the capture recorded).\n";

int runState(const QStringList &argv)
{
    return runAtEventCommand(QStringLiteral("state"), kHelp, argv,
                             [](const SessionSnapshot &snapshot) { return snapshot.state(); });
}

const CommandRegistration reg {{QStringLiteral("state"),
                                QStringLiteral("print the state document as of an event (JSON)"),
                                &runState}};

} // namespace

} // namespace agui::cli
