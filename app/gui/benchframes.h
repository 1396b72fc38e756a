#pragma once

#include <QJsonObject>

namespace agui::ui {
class MainWindow;
}

namespace agui::gui {

// Frame times of the loaded window: pages through the event list (from the top, from the middle,
// random jumps) and drags the timeline's cursor across, timing each step from the input to the
// end of the repaint it causes (QWidget::repaint() paints every dirty widget of the window at
// once), and separately the work the step left for the next turn of the event loop.
// With callgrindPaint, callgrind collects only inside those repaints (run under
// valgrind --tool=callgrind --collect-atstart=no), so its profile shows whether anything parses
// JSON while painting.
QJsonObject measureFrames(ui::MainWindow &window, bool callgrindPaint);

} // namespace agui::gui
