#include "core/analysis/capturesession.h"

#include <QJsonDocument>

#include <cmath>

namespace agui::analysis {

void TimingSamples::addFrame(const DecodedFrame &frame, const EventOrigin &origin)
{
    const json::JsonView t = frame.event.json.value("timestamp");
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
        const QJsonObject body
            = QJsonDocument::fromJson(capture.runs[runIndex].request.body).object();
        if (!body.isEmpty())
            out->session->setRunInput(body);
    };
    load.onFrame = [out](const DecodedFrame &frame, const EventOrigin &origin) {
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
    if (!loadCaptureFile(path, &out->capture, error, loadInto(out)))
        return false;
    out->session->finish();
    return true;
}

void sessionFromCapture(const Capture &capture, CaptureSession *out, const SessionOptions &options)
{
    out->capture = capture;
    out->session = std::make_unique<Session>(options);
    forEachEvent(capture, loadInto(out));
    out->session->finish();
}

} // namespace agui::analysis
