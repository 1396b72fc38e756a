#pragma once

// The Breakpoint tab of the detail pane: the proxy's held events (ProxyControl::holds()), the
// oldest first, in a HeldEventView. Made and shown once the proxy runs with breakpoints (hidden
// again when it stops); a hit brings
// it to the front and selects the held event in the list (following the tail stops), so the
// person sees where the stream stopped.

namespace agui::ui {

class WindowServices;
class ProxyControl;

void installBreakpointTab(WindowServices *window, ProxyControl *control);

} // namespace agui::ui
