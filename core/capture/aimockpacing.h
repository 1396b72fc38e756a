#pragma once

#include <QList>
#include <QString>

namespace agui {

// aimock paces a fixture's stream with one number: it writes an event, waits delayMs, writes
// the next (writeAGUIEventStream in @copilotkit/aimock 1.43.0, dist/agui-handler.js). A recorded
// run has a gap of its own before every piece of body that brought events. The fixture gets the
// median of those gaps between arrivals:
//  - events that arrived together (in one piece, or at the same microsecond) are one arrival, not
//    gaps of 0, or a transport that batches events would leave nearly every fixture unpaced;
//  - the median, not the mean, so that a few long pauses (a tool running, a stall) do not slow
//    every event down;
//  - but no more than the run's duration spread evenly over its events, so that a fixture never
//    takes longer to serve than the run took to arrive (a run of two bursts has one gap, which
//    aimock would otherwise wait after every event).
struct AimockDelayChoice
{
    int delayMs = 0; // whole milliseconds, rounded
    int gaps = 0; // how many gaps between arrivals the choice was made from
    QString reason; // said to the user: "the median of 22 gaps between arrivals (12.4 ms)"
};

// The delay for a fixture whose events were received at these times (µs since the epoch, in
// order; -1 unknown). For an even number of gaps the median is the mean of the middle two.
AimockDelayChoice chooseAimockDelay(const QList<qint64> &eventTimesUs);

} // namespace agui
