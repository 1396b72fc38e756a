#pragma once

// Shared by the session-view widget tests: loads tests/data/ui-views/views.agui.jsonl through
// the app's own capture loader (the same path File > Open takes) into a SessionDocument.

#include "ui/models/captureloader.h"
#include "ui/models/sessiondocument.h"

#include <QString>

inline QString viewsCapturePath()
{
    return QStringLiteral(AGUI_TEST_DATA_DIR "/ui-views/views.agui.jsonl");
}

// Returns an error text ("" on success).
inline QString loadViewsCapture(agui::ui::SessionDocument &doc)
{
    agui::ui::CaptureLoadResult result
        = agui::ui::CaptureLoader::load(viewsCapturePath(), nullptr, {});
    if (!result.error.isEmpty())
        return result.error;
    doc.adopt(std::move(result.backing));
    return {};
}
