#pragma once

#include "core/capture/aimockmatch.h"
#include "core/capture/aimockpacing.h"
#include "core/capture/capture.h"

#include <QByteArray>
#include <QList>
#include <QStringList>

namespace agui {

// One fixture of an export: which run it came from and what was chosen for it.
struct AimockExportedFixture
{
    int run = -1; // index in Capture::runs
    int events = 0;
    AimockMatch match;
    bool matchFromImport = false; // kept from the run's X-Aimock-Match header, not derived
    AimockDelayChoice delay;
    int unstamped = 0; // events without a "timestamp": aimock stamps each as it serves it
};

struct AimockExport
{
    QByteArray text; // the fixture file
    QList<AimockExportedFixture> fixtures;
    // What the file cannot hold (keep-alives, frames that are not JSON objects, runs that
    // answered with an error) or what aimock will not serve as recorded (a fixture an earlier
    // one always wins against): each names its run.
    QStringList warnings;
};

// A capture as a CopilotKit aimock config file that serves its runs (docs/fixtures.md): one
// AG-UI fixture per run that answered with a stream, in the capture's order, {"agui":
// {"fixtures": [{"match", "delayMs", "events"}]}}, which `aimock --config FILE` serves on POST
// /agui (@copilotkit/aimock 1.43.0). Each event is written as received (its JSON text on one
// line; protobuf events as their decoded JSON). The match comes from the run's request
// (aimockMatchForRequest), or from its X-Aimock-Match header when the run was imported from a
// fixture; delayMs is chosen from the recorded pacing (chooseAimockDelay). The capture must have
// been read with its chunks.
AimockExport captureToAimock(const Capture &capture);

} // namespace agui
