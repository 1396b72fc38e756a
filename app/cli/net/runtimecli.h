#pragma once

// What `agents`, `run --agent` and `record --copilotkit-debug` share: asking a CopilotKit
// runtime what it is (core/copilotkit RuntimeProbe) and waiting for the answer on the event loop.

#include "core/capture/capture.h"
#include "core/copilotkit/runtimeprobe.h"

#include <QString>
#include <QUrl>

namespace agui::cli {

// --transport auto|rest|single; false + *error for anything else.
bool parseTransportChoice(const QString &text, copilotkit::TransportChoice *choice, QString *error);

// Runs the probe to its end (the event loop turns meanwhile).
copilotkit::ProbeResult probeRuntime(const QUrl &base, copilotkit::TransportChoice choice,
                                     const HttpHeaders &headers);

} // namespace agui::cli
