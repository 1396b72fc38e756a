#pragma once

// `agui-inspect run URL --agent NAME`: a run (or connect, or stop) of one agent of a CopilotKit
// runtime, on the route and with the body its transport takes (core/copilotkit).

#include "app/cli/net/agentrun.h"

#include "core/copilotkit/runtimeprobe.h"
#include "core/copilotkit/runtimeroutes.h"

namespace agui::cli {

struct RuntimeRunOptions
{
    QString agent;
    copilotkit::TransportChoice transport = copilotkit::TransportChoice::Auto;
    copilotkit::AgentAction action = copilotkit::AgentAction::Run;
    QString threadId; // "" : the body's (a run), required by stop
    QString runId; // stop: only this run
};

// options.url is the runtime's base URL and options.body the RunAgentInput; returns the exit
// code.
int runOnRuntime(RunOptions options, const RuntimeRunOptions &runtime);

} // namespace agui::cli
