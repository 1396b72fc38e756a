#pragma once

// Glue between the session model and the A2UI pieces, for the main window: the surfaces as of a
// snapshot (any event; core/analysis/sessionsurfaces.h), and the composer's context for the next
// run.

#include "core/analysis/sessionsurfaces.h"
#include "core/session/snapshot.h"
#include "ui/composer/composerdialog.h"

namespace agui::ui {

using analysis::a2uiSourcesOf;
using analysis::surfacesOf;

// The composer's context after snapshot: the last run's input, the thread's messages as the
// client holds them (messagesAsAgUi), the state, and the interrupts the last run left pending.
ComposerContext composerContextOf(const SessionSnapshot &snapshot);

} // namespace agui::ui
