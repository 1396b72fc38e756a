#pragma once

class QCommandLineParser;

namespace agui::gui {

// Developer options that measure the real window, for the benchmarks in bench/ (see
// bench/README.md). Each mode drives MainWindow through its public API exactly as a user's
// action would (open a file, start a live run, scroll), offscreen or on screen, with a GUI-thread
// lateness timer running, and writes what it measured as JSON to --bench-report:
//
//   --bench-open FILE        open FILE; times to the first rows shown and to the last event
//                            selected and painted, peak RSS, longest GUI-thread stall
//   --bench-scroll           with --bench-open: then page through the list and drag the
//                            timeline, timing each frame (--bench-callgrind-paint: collect
//                            callgrind costs inside the paints only)
//   --bench-live URL         a live run against URL until it ends: events/s, longest stall
//   --bench-startup          the time the first paint of the window ends (CLOCK_MONOTONIC)
void addBenchOptions(QCommandLineParser &parser);
bool benchRequested(const QCommandLineParser &parser);
// Runs the requested mode in the application's event loop; the process exit code.
int runBench(const QCommandLineParser &parser);

} // namespace agui::gui
