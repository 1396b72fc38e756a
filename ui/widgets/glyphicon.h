#pragma once

#include <QIcon>

namespace agui::ui {

// The toolbar's icons, drawn as shapes at the size asked for, in the palette's button-text
// colour. The style's standard icons decode every size of their PNGs when made, and start Qt's
// image machinery on the way: measured offscreen here, the window's first paint came 24 ms later
// with them (bench/README.md, row 10). Drawn shapes cost nothing until painted, stay sharp at any
// scale and follow a dark palette.
enum class Glyph {
    Play,
    Pause,
    Stop,
    StepBack,
    StepForward,
    SkipForward, // compose the next run
    Open,
    Save,
    FollowEnd, // scroll to the newest
    Clear, // empty a text field
};

QIcon glyphIcon(Glyph glyph);

} // namespace agui::ui
