#pragma once

// Glue between the session model and the A2UI pieces, for the main window: the surfaces as of a
// snapshot (any event), and the composer's context for the next run.

#include "core/a2ui/surfacemodel.h"
#include "core/session/snapshot.h"
#include "ui/composer/composerdialog.h"

namespace agui::ui {

// The A2UI sources of a snapshot in thread order: each a2ui-surface activity message (its content
// as the session holds it, deltas applied) and each tool message whose content carries
// a2ui_operations. A tool result that an activity already shows (the middleware names the
// activity "a2ui-surface-[<surfaceId>-]<toolCallId>") is left out, so it is not applied twice.
QList<a2ui::A2uiSource> a2uiSourcesOf(const SessionSnapshot &snapshot);

// buildSurfaceSet(a2uiSourcesOf(snapshot)).
a2ui::SurfaceSet surfacesOf(const SessionSnapshot &snapshot);

// The composer's context after snapshot: the last run's input, the thread's messages as the
// client holds them (messagesAsAgUi), the state, and the interrupts the last run left pending.
ComposerContext composerContextOf(const SessionSnapshot &snapshot);

} // namespace agui::ui
