#pragma once

#include "core/finding/diagnostic.h"
#include "core/protocol/event.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <QList>

#include <memory>
#include <optional>

namespace agui {

// One unit cut from a byte stream by a FrameSplitter, before JSON decoding. The bytes are views,
// valid during the FrameHandler call only: into the chunk just fed when the frame lies inside it
// (the common case, so nothing is copied), else into the splitter's own copy.
struct RawFrame
{
    qint64 offset = 0; // absolute offset of raw[0] in the stream
    QByteArrayView raw; // the frame's bytes exactly as received
    QByteArrayView payload; // the bytes holding the event's JSON text (or the proto message)
    // Where payload byte i lies in the stream (for rebasing JSON parse errors); empty when the
    // payload is one contiguous run starting at payloadStart.
    qint64 payloadStart = -1;
    QList<std::pair<qint64, qint64>> payloadPieces; // (payload offset, stream offset), sorted
    bool heartbeat = false; // carries no event (keep-alive, comment, blank line)
    bool decodable = true; // false: the bytes could not be framed (over-long line, ...)
    // Already decoded object (framings whose payload is not JSON text, e.g. protobuf).
    std::optional<QJsonObject> object;
    Diagnostics diagnostics; // wire findings, byteOffset absolute

    qint64 streamOffsetOfPayload(qint64 payloadOffset) const;
    void clear(); // back to an empty frame, keeping the lists' capacity
};

class FrameHandler
{
public:
    virtual ~FrameHandler() = default;
    virtual void frame(const RawFrame &frame) = 0;
};

// Cuts one framing's byte stream into RawFrames, in stream order (heartbeats included), handing
// each to the handler as soon as the bytes complete it. One subclass per Framing; StreamDecoder
// does the rest (decoding, numbering, timing). Adding a framing = one subclass + one line in
// makeFrameSplitter().
class FrameSplitter
{
public:
    virtual ~FrameSplitter() = default;
    virtual void feed(QByteArrayView bytes, FrameHandler &handler) = 0;
    virtual void finish(FrameHandler &handler) = 0;
    virtual qint64 bytesSeen() const = 0;
};

// nullptr for Framing::Synthetic (made by us, never read from bytes).
std::unique_ptr<FrameSplitter> makeFrameSplitter(Framing framing);

} // namespace agui
