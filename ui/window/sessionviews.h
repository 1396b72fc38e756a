#pragma once

namespace agui::ui {

class MainWindow;

// Adds the session views to the main window: the State, Transcript and Tool Calls tabs (object
// names "stateTab", "transcriptTab", "toolsTab", so MainWindow::showTab finds them) beside the
// Event tab, and the timeline under the event list. All of them follow the list's current event
// through one shared TimeTravel cursor; their "select these events" requests select the rows in
// the list without moving the current event (so a click in the transcript does not time-travel
// away from what it shows); dragging the timeline moves the current event.
void installSessionViews(MainWindow *window);

} // namespace agui::ui
