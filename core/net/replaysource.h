#pragma once

// Serves a capture back: each POST gets the next recorded run, its body chunks exactly as they
// were received and with their original spacing in time divided by `speed`. For
// `agui-inspect serve --replay` and for tests that need a server misbehaving in a recorded way.

#include "core/capture/capture.h"
#include "core/net/aguiendpoint.h"

namespace agui::net {

class ReplaySource
{
public:
    // speed > 0: 2.0 replays twice as fast; the original pacing comes from Chunk::receivedAtUs.
    ReplaySource(Capture capture, double speed = 1.0);

    // The next run with a response (request-only runs are skipped); 503 once all were served.
    // With a fixed run, that run every time.
    RunReply next(const QJsonObject &runAgentInput);
    // run >= 0: every request gets capture run `run`; -1: the next recorded run each time.
    void setFixedRun(int run) { m_fixedRun = run; }
    int fixedRun() const { return m_fixedRun; }

    int runCount() const { return int(m_capture.runs.size()); }
    int served() const { return m_served; }

    // The chunks of one run with delays (exposed for tests).
    static QList<AgentChunk> pacedChunks(const RunRecording &run, double speed);

private:
    RunReply replyFor(const RunRecording &run) const;

    Capture m_capture;
    int m_fixedRun = -1;
    double m_speed;
    int m_next = 0;
    int m_served = 0;
};

} // namespace agui::net
