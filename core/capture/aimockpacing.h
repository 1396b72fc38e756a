#pragma once

#include <QList>
#include <QString>

namespace agui {

// aimock paces a fixture's stream with one number: it writes an event, waits delayMs, writes
// the next (writeAGUIEventStream in @copilotkit/aimock 1.43.0, dist/agui-handler.js). A recorded
// run has a gap of its own before every event; the fixture gets the median of those gaps, so a
// few long pauses (a tool running, a stall) do not slow every event down, and a run whose events
// came in a burst gets 0.
struct AimockDelayChoice
{
    int delayMs = 0; // whole milliseconds, rounded
    int gaps = 0; // how many gaps between consecutive events the choice was made from
    QString reason; // said to the user: "the median of 22 gaps between events (12.4 ms)"
};

// The delay for a fixture whose events were received at these times (µs since the epoch, in
// order; -1 unknown). Gaps are measured between consecutive events with known times; for an even
// count the median is the mean of the middle two.
AimockDelayChoice chooseAimockDelay(const QList<qint64> &eventTimesUs);

} // namespace agui
