#pragma once

namespace agui::ui {

class WindowServices;

// Adds the report views to the main window beside the session views: the Timing tab (the
// waterfall, the per-exchange figures and the inter-token gap histogram) and the Diff tab (this
// session against another capture, or two of its runs). Object names "timingTab" and "diffTab",
// so WindowServices::showTab("timing" / "diff") finds them. A click on a waterfall row or a
// double-click on a difference selects that event in the list, which moves every other view to it.
void installReportTabs(WindowServices *window);

} // namespace agui::ui
