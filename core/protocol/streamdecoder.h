#pragma once

#include "core/protocol/event.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <memory>

namespace agui {

class FrameSplitter;

// A frame that carried no event: an SSE block without data lines (keep-alive, ":" comment,
// lone "event:"/"id:"/"retry:" fields). Kept so that nothing received is lost.
struct Heartbeat
{
    qint64 streamOffset = -1; // first byte of the block in the stream
    qint64 receivedAtUs = -1; // arrival time of the chunk that completed it
    QByteArray raw; // the block's bytes as received
    Diagnostics diagnostics; // wire findings inside it (e.g. an unterminated block at EOF)
};

// Bytes of one response body / file -> Events, incrementally.
//
// Events are numbered consecutively from firstSeq; each carries raw (the whole frame: SSE block
// including its terminating blank line, or one JSON line including its newline), payload (the
// JSON text), streamOffset and the receivedAtUs of the chunk that completed it. Wire problems
// become diagnostics on the event concerned (rule ids "wire.*"):
//   wire.crlf-framing        warning  CRLF/CR line ends: the reference client splits on "\n\n" only
//   wire.unterminated-frame  warning  the last frame had no terminating blank line / newline at EOF
//   wire.invalid-utf8        error    the frame is not valid UTF-8 (the client sees U+FFFD)
//   wire.line-too-long       error    a line/frame longer than the limit (cut into an Invalid
//   event) wire.sse-event-name      info     an SSE "event:" name other than "message" (client
//   ignores it)
// plus the decoder's wire.not-json / wire.not-object / wire.no-type and schema.* findings.
//
//   wire.proto-*             protobuf binding: truncated frame / frame too large (core/wire),
//                            proto-invalid (error: "Failed to decode protocol buffer message:
//                            ..."), proto-unknown-event (warning: the client drops it), proto-lossy
//                            (warning: a part of the message the reference decoder also drops)
//
// Framing::Sse, Framing::JsonLine and Framing::Proto are supported; each framing is one
// FrameSplitter (see framesplitter.h). For Proto, payload is the protobuf message and json the
// event object decoded from it (then validated like any other).
class StreamDecoder
{
public:
    explicit StreamDecoder(Framing framing, qint64 firstSeq = 0);
    ~StreamDecoder();
    StreamDecoder(const StreamDecoder &) = delete;
    StreamDecoder &operator=(const StreamDecoder &) = delete;

    Framing framing() const { return m_framing; }

    // Decodes every frame the bytes complete.
    QList<Event> feed(QByteArrayView bytes, qint64 receivedAtUs);
    // End of stream: the unterminated rest (if any) becomes a last event.
    QList<Event> finish();

    qint64 bytesSeen() const { return m_bytesSeen; }
    qint64 nextSeq() const { return m_nextSeq; }
    // Data-less SSE frames seen so far, in stream order.
    const QList<Heartbeat> &heartbeats() const { return m_heartbeats; }

private:
    QList<Event> decodeFrames(qint64 receivedAtUs);

    Framing m_framing;
    std::unique_ptr<FrameSplitter> m_splitter;
    qint64 m_nextSeq = 0;
    qint64 m_bytesSeen = 0;
    qint64 m_lastReceivedAtUs = -1;
    QList<Heartbeat> m_heartbeats;
};

} // namespace agui
