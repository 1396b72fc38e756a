#include "core/analysis/capturesession.h"

#include "core/ingest/sessionloader.h"

#include <cmath>

namespace agui::analysis {

void TimingSamples::addFrame(const DecodedFrame &frame, const EventOrigin &origin)
{
    const json::JsonView t = frame.event.value(EventKey::Timestamp); // the indexed member
    timestampsMs.append(t.isDouble() ? t.toDouble() : std::nan(""));
    exchangeOfSeq.append(origin.runIndex);
}

void TimingSamples::addHeartbeat(const Heartbeat &beat, const EventOrigin &origin)
{
    if (origin.runIndex < 0 || beat.receivedAtUs < 0)
        return;
    if (origin.runIndex >= keepAliveAtUs.size())
        keepAliveAtUs.resize(origin.runIndex + 1);
    keepAliveAtUs[origin.runIndex].append(beat.receivedAtUs);
}

TimingReport TimingSamples::compute(const Capture &capture, const Session &session,
                                    const TimingOptions &options) const
{
    TimingInput in;
    in.store = &session.events();
    in.model = &session.current();
    in.clock = EventClock::choose(*in.store, timestampsMs);
    in.exchangeOfSeq = exchangeOfSeq;
    in.exchanges = exchangesOf(capture);
    for (qsizetype e = 0; e < in.exchanges.size() && e < keepAliveAtUs.size(); ++e)
        in.exchanges[e].keepAliveAtUs = keepAliveAtUs[e];
    return computeTiming(in, options);
}

namespace {

// Every decoded event into the session, and what the timing needs on the side.
CaptureLoadOptions loadInto(CaptureSession *out)
{
    CaptureLoadOptions load;
    load.keepChunks = true;
    load.onRunStart = [out](const Capture &capture, int runIndex) {
        // The POSTed RunAgentInput seeds messages and state like the client had them.
        out->session->seedFromRequestBody(capture.runs[runIndex].request.body);
    };
    load.onFrame = [out](const DecodedFrame &frame, const EventOrigin &origin) {
        out->origins.note(out->samples.exchangeOfSeq.size(), origin, frame.streamOffset);
        out->samples.addFrame(frame, origin);
        out->session->appendFrame(frame);
    };
    load.onHeartbeat = [out](const Heartbeat &beat, const EventOrigin &origin) {
        out->samples.addHeartbeat(beat, origin);
    };
    return load;
}

} // namespace

bool loadCaptureSession(const QString &path, CaptureSession *out, QString *error,
                        const SessionOptions &options)
{
    out->path = path;
    out->session = std::make_unique<Session>(options);
    // The same two-thread loader as the CLI and the GUI; only the timing samples are extra.
    SessionLoadOptions load;
    load.keepChunks = true;
    load.onFrame = [out](const DecodedFrame &frame, const EventOrigin &origin) {
        out->origins.note(out->samples.exchangeOfSeq.size(), origin, frame.streamOffset);
        out->samples.addFrame(frame, origin);
    };
    load.onHeartbeat = [out](const Heartbeat &beat, const EventOrigin &origin) {
        out->samples.addHeartbeat(beat, origin);
    };
    const SessionLoadResult result = loadIntoSession(path, *out->session, &out->capture, load);
    if (!result.ok && error)
        *error = result.error;
    return result.ok;
}

void sessionFromCapture(const Capture &capture, CaptureSession *out, const SessionOptions &options)
{
    out->capture = capture;
    out->session = std::make_unique<Session>(options);
    forEachEvent(capture, loadInto(out));
    out->session->finish();
}

GrowingCaptureSession::GrowingCaptureSession(const SessionOptions &options)
    : m_options(options)
{ }

GrowingCaptureSession::~GrowingCaptureSession() = default;

void GrowingCaptureSession::update(const Capture &capture)
{
    if (!m_follower || !m_follower->feed(capture)) {
        restart();
        m_follower->feed(capture);
    }
    m_current.capture = capture;
}

void GrowingCaptureSession::restart()
{
    m_follower.reset(); // its callbacks point into m_current
    m_current.capture = Capture {};
    m_current.samples = TimingSamples {};
    m_current.session = std::make_unique<Session>(m_options);
    m_follower = std::make_unique<CaptureFollower>(loadInto(&m_current));
    ++m_restarts;
}

} // namespace agui::analysis
