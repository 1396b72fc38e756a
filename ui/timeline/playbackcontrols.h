#pragma once

namespace agui::ui {

class WindowServices;
class Playback;
class TimelineWidget;

// Play back under the timeline: Play/Pause, Step Back, Step Forward, the speed (0.25× to 16×,
// or as fast as possible) and the longest gap kept (longer ones are shortened to it). The
// actions are in the Go menu with window-wide keys — Space, "." and "," — which text fields
// (the filter bar) keep for typing, since they claim printable keys first. The cursor moves the
// list's selection as a seek does (an event hidden by the filter is time-travelled to), so
// every view follows. Installed after the session views (it attaches to their timeline).
Playback *installPlaybackControls(WindowServices *window, TimelineWidget *timeline);

} // namespace agui::ui
