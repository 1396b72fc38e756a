#pragma once

#include "core/session/change.h"
#include "core/session/linter.h"
#include "core/session/snapshot.h"

namespace agui {

// The A2UI findings (core/a2ui/a2uilint.h, rule ids "a2ui.*", layer "a2ui") of the a2ui-surface
// activities an event changed: each one's content as the session now holds it is built into
// surfaces and linted (cycles, dangling child ids, a malformed operations container, ...). The
// Session records them with the event, so `lint` and the event list see them like any finding.
//
// A surface that is still being streamed binds paths its data model only gets later, so what
// depends on data still to come (a binding with nothing behind it) is held apart: it holds only
// if the surface settles as it is, which the Session decides when the run ends.
struct SurfaceFindings
{
    QString activityId; // the ACTIVITY_* message id
    Findings now; // true whatever arrives later
    Findings ifSettled; // true if no later event changes this surface
};

QList<SurfaceFindings> a2uiFindings(const SessionSnapshot &snapshot, const EventChange &change,
                                    qint64 seq);

} // namespace agui
