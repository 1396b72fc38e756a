#pragma once

// A long-running command (proxy, serve) asked to stop by the person or the system: Ctrl+C at the
// terminal, a termination request (SIGTERM; on Windows Ctrl+Break or the console window closing).
// The command notices it on its event loop and closes its capture cleanly.
namespace agui::platform {

// From now on those requests set the flag instead of ending the process at once.
void catchInterrupts();

// Whether a request came since catchInterrupts().
bool interrupted();

} // namespace agui::platform
