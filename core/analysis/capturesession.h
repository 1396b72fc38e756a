#pragma once

// A capture file read into a Session, with what the analyses need beyond the session: the
// capture with its chunks (byte times), the HTTP exchange of each event, keep-alive times and
// the events' own timestamps. For the headless consumers that work on whole files: the GUI's
// diff view (the second capture), the tests, the MCP server. Safe on a worker thread.

#include "core/analysis/timing.h"
#include "core/capture/captureloader.h"
#include "core/capture/eventorigins.h"
#include "core/session/session.h"

#include <memory>

namespace agui::analysis {

// What the timing figures need beyond the session, collected while a capture is decoded.
struct TimingSamples
{
    QList<int> exchangeOfSeq; // by event seq
    QList<double> timestampsMs; // by event seq, NaN when absent
    QList<QList<qint64>> keepAliveAtUs; // by exchange

    void addFrame(const DecodedFrame &frame, const EventOrigin &origin);
    void addHeartbeat(const Heartbeat &beat, const EventOrigin &origin);
    TimingReport compute(const Capture &capture, const Session &session,
                         const TimingOptions &options = {}) const;
};

struct CaptureSession
{
    QString path;
    Capture capture; // with chunks
    std::unique_ptr<Session> session;
    TimingSamples samples;
    EventOrigins origins; // where each event starts in the file

    TimingReport timing(const TimingOptions &options = {}) const
    {
        return samples.compute(capture, *session, options);
    }
};

// Reads any capture format ("-" = standard input). false + *error (one line) when the file
// cannot be read at all; problems inside it are in capture.problems.
bool loadCaptureSession(const QString &path, CaptureSession *out, QString *error,
                        const SessionOptions &options = {});

// The same from a capture already in memory (with its chunks), e.g. a copy of the GUI's document
// handed to a worker thread.
void sessionFromCapture(const Capture &capture, CaptureSession *out,
                        const SessionOptions &options = {});

// A CaptureSession that follows a growing capture (the GUI's live recording, handed over as a
// copy now and then): update() decodes only what was added since the previous call, so a
// refresh during a long run costs the new events, not the whole session again.
class GrowingCaptureSession
{
public:
    explicit GrowingCaptureSession(const SessionOptions &options = {});
    ~GrowingCaptureSession();
    GrowingCaptureSession(const GrowingCaptureSession &) = delete;
    GrowingCaptureSession &operator=(const GrowingCaptureSession &) = delete;

    // Starts over by itself when the capture does not continue the previous one (cleared or
    // replaced).
    void update(const Capture &capture);
    const CaptureSession &current() const { return m_current; }
    qint64 restarts() const { return m_restarts; } // for tests: how often it decoded anew

private:
    void restart();

    SessionOptions m_options;
    CaptureSession m_current;
    std::unique_ptr<CaptureFollower> m_follower;
    qint64 m_restarts = 0;
};

} // namespace agui::analysis
