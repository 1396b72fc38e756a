#pragma once

#include "core/protocol/decoder.h"
#include "core/protocol/event.h"
#include "core/protocol/eventview.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <memory>
#include <utility>

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

// What a StreamDecoder hands its sink for each event frame. Everything in it is a view, valid
// during the call only: a sink that keeps anything copies it (the session stores the bytes once).
struct DecodedFrame
{
    EventView event; // type, json (valid during the call), seq, receivedAtUs
    Framing framing = Framing::Sse;
    qint64 streamOffset = -1; // first byte of the frame in its stream
    QByteArrayView raw; // the frame's bytes exactly as received
    QByteArrayView payload; // the JSON text (protobuf: the message bytes)
    const Diagnostics *diagnostics = nullptr; // wire, decode and schema findings
    // The chunk being decoded, when the caller fed one it owns: a frame whose raw bytes lie
    // inside it can be kept by sharing the chunk instead of copying the bytes.
    const QByteArray *chunk = nullptr;
};

class FrameSink
{
public:
    virtual ~FrameSink() = default;
    virtual void frame(const DecodedFrame &frame) = 0;
    virtual void heartbeat(const Heartbeat &beat) { Q_UNUSED(beat); }
};

// Bytes of one response body / file -> Events, incrementally.
//
// Events are numbered consecutively from firstSeq; each carries raw (the whole frame: SSE block
// including its terminating blank line, one JSON line including its newline, or one protobuf
// frame including its length prefix), payload (the JSON text; for protobuf the message bytes, json
// being the object decoded from them), streamOffset and the receivedAtUs of the chunk that
// completed it. Wire problems become diagnostics on the event concerned (Diagnostic::byteOffset
// absolute in the stream; a JSON syntax error points at its byte):
//   wire.crlf-framing        warning  CRLF/CR line ends: the reference client splits on "\n\n" only
//   wire.unterminated-frame  warning  the last SSE frame had no blank line at EOF (info for a last
//                                     .jsonl line without newline)
//   wire.invalid-utf8        warning  the frame is not valid UTF-8 (the client sees U+FFFD)
//   wire.line-too-long       error    a line over the limit: the frame becomes an Invalid event
//   wire.sse-event-name      info     an SSE "event:" name other than "message" (client ignores it)
//   wire.sse-frame-too-large error    an SSE frame over 10 MiB (the reference client's limit)
//   wire.sse-*               as core/wire reports them (invalid retry, id with NUL, unknown field)
//   wire.proto-*             truncated frame / frame too large (core/wire); proto-invalid (error,
//                                     "Failed to decode protocol buffer message: ..."),
//                                     proto-unknown-event (warning: the client drops it),
//                                     proto-lossy (warning: dropped by the reference decoder too)
// plus the decoder's wire.not-json / wire.not-object / wire.no-type and schema.* findings.
// A UTF-8 BOM at the very start is skipped by the parsers and belongs to no frame.
//
// Each framing is one FrameSplitter (framesplitter.h); Synthetic has none.
class StreamDecoder
{
public:
    explicit StreamDecoder(Framing framing, qint64 firstSeq = 0);
    ~StreamDecoder();
    StreamDecoder(const StreamDecoder &) = delete;
    StreamDecoder &operator=(const StreamDecoder &) = delete;

    Framing framing() const { return m_framing; }

    // Decodes every frame the bytes complete and hands each to the sink (the fast path: nothing
    // is copied or materialised).
    void feed(QByteArrayView bytes, qint64 receivedAtUs, FrameSink &sink);
    // The same for a chunk the caller owns (shared by the frames: DecodedFrame::chunk).
    void feed(const QByteArray &chunk, qint64 receivedAtUs, FrameSink &sink);
    // End of stream: the unterminated rest (if any) becomes a last event.
    void finish(FrameSink &sink);

    // The same, materialised as Events with their own bytes and QJsonObject (tools, tests).
    // Heartbeats are then collected (heartbeats() / takeHeartbeats()).
    QList<Event> feed(QByteArrayView bytes, qint64 receivedAtUs);
    QList<Event> finish();

    qint64 bytesSeen() const { return m_bytesSeen; }
    qint64 nextSeq() const { return m_nextSeq; }
    // Data-less frames (SSE keep-alives/comments, blank .jsonl lines) seen so far, in stream
    // order; takeHeartbeats() hands them over and forgets them (for long-running consumers).
    const QList<Heartbeat> &heartbeats() const { return m_heartbeats; }
    QList<Heartbeat> takeHeartbeats() { return std::exchange(m_heartbeats, {}); }
    qint64 heartbeatCount() const { return m_heartbeatCount; }

private:
    class Decoding;
    const QByteArray *m_chunk = nullptr; // during feed(const QByteArray &)

    Framing m_framing;
    std::unique_ptr<FrameSplitter> m_splitter;
    EventDecoder m_decoder;
    qint64 m_nextSeq = 0;
    qint64 m_bytesSeen = 0;
    qint64 m_lastReceivedAtUs = -1;
    QList<Heartbeat> m_heartbeats;
    qint64 m_heartbeatCount = 0;
};

} // namespace agui
