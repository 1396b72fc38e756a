#pragma once

namespace agui::ui {

class WindowServices;
class TimelineWidget;

// Adds the session views to the main window: the State, Transcript and Tool Calls tabs (shown by
// WindowServices::showTab("state" | "transcript" | "tools"), each view built when its tab is first
// shown) beside the Event tab, and the timeline under the event list. All of them follow the
// list's current event through the window's TimeTravel cursor; their "select these events"
// requests select the rows in the list without moving the current event (so a click in the
// transcript does not time-travel away from what it shows); dragging the timeline moves the
// current event. Returns the timeline, which the playback controls attach to.
TimelineWidget *installSessionViews(WindowServices *window);

} // namespace agui::ui
