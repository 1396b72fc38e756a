#include "core/protocol/framesplitter.h"

#include "core/wire/debugenvelope.h"
#include "core/wire/jsonlines.h"
#include "core/wire/protoevent.h"
#include "core/wire/protoframes.h"
#include "core/wire/sseparser.h"

#include <algorithm>
#include <utility>

namespace agui {

qint64 RawFrame::streamOffsetOfPayload(qint64 payloadOffset) const
{
    if (payloadPieces.isEmpty())
        return payloadStart < 0 ? -1 : payloadStart + payloadOffset;
    // The last piece starting at or before the payload offset.
    auto it = std::upper_bound(
        payloadPieces.cbegin(), payloadPieces.cend(), payloadOffset,
        [](qint64 value, const std::pair<qint64, qint64> &piece) { return value < piece.first; });
    if (it == payloadPieces.cbegin())
        return -1;
    --it;
    return it->second + (payloadOffset - it->first);
}

void RawFrame::clear()
{
    offset = 0;
    raw = {};
    payload = {};
    payloadStart = -1;
    if (!payloadPieces.isEmpty())
        payloadPieces.clear();
    heartbeat = false;
    decodable = true;
    object.reset();
    if (!diagnostics.isEmpty())
        diagnostics.clear();
}

namespace {

// @ag-ui/client parseSSEStream's limit on its buffer of not yet framed text.
constexpr qsizetype kClientSseBufferLimit = 10 * 1024 * 1024;

Diagnostics toDiagnostics(const WireIssues &issues)
{
    Diagnostics out;
    for (const WireIssue &i : issues) {
        QString rule = wireIssueRuleId(i.kind);
        // One rule for "the stream ended inside the last frame", whatever the framing.
        if (i.kind == WireIssueKind::UnterminatedEvent || i.kind == WireIssueKind::UnterminatedLine)
            rule = QStringLiteral("wire.unterminated-frame");
        out.append(Diagnostic {rule, i.severity, QString(), i.message, i.byteOffset});
    }
    return out;
}

// The reference client (@ag-ui/client parseSSEStream) splits the buffer on "\n\n" only.
void flagLineEndings(LineEndings endings, QByteArrayView raw, qint64 offset, Diagnostics &out)
{
    if (!(endings & (LineEnding::CrLf | LineEnding::Cr)))
        return;
    const qint64 cr = raw.indexOf('\r');
    out.append(Diagnostic {
        QStringLiteral("wire.crlf-framing"), Severity::Warning, QString(),
        QStringLiteral("the frame uses %1 line ends: valid SSE, but the reference client splits "
                       "frames on \"\\n\\n\" only and cannot parse this stream")
            .arg(endings & LineEnding::CrLf ? QStringLiteral("CRLF") : QStringLiteral("CR")),
        cr < 0 ? offset : offset + cr});
}

// Where each "\n"-separated piece of an SSE event's data lies in the stream (one data line each).
void mapDataLines(RawFrame &f, const QList<qint64> &valueOffsets)
{
    qint64 payloadPos = 0;
    qsizetype line = 0;
    for (qsizetype i = 0; i <= f.payload.size() && line < valueOffsets.size(); ++i) {
        if (i == f.payload.size() || f.payload[i] == '\n') {
            f.payloadPieces.append({payloadPos, valueOffsets[line++]});
            payloadPos = i + 1;
        }
    }
}

class SseSplitter final
    : public FrameSplitter
    , private SseBlockHandler
{
public:
    SseSplitter()
        : m_parser(SseParser::Options {16 * 1024 * 1024})
    { }
    void feed(QByteArrayView bytes, FrameHandler &handler) override
    {
        m_handler = &handler;
        m_parser.feed(bytes, *this);
    }
    void finish(FrameHandler &handler) override
    {
        m_handler = &handler;
        m_parser.finish(*this);
    }
    qint64 bytesSeen() const override { return m_parser.bytesSeen(); }

private:
    void block(const SseBlock &b) override
    {
        RawFrame &f = m_frame;
        f.clear();
        f.offset = b.offset;
        f.raw = b.raw;
        if (!b.issues->isEmpty())
            f.diagnostics = toDiagnostics(*b.issues);
        if (!b.isEvent()) {
            f.heartbeat = true;
            flagGlue(f, b);
            m_handler->frame(f);
            return;
        }
        f.payload = b.data;
        f.decodable = !b.overlong;
        if (b.dataLineCount == 1)
            f.payloadStart = b.dataValueOffsets->first();
        else
            mapDataLines(f, *b.dataValueOffsets);
        flagLineEndings(b.lineEndings, f.raw, f.offset, f.diagnostics);
        if (!b.eventName.isEmpty() && b.eventName != QLatin1String("message"))
            f.diagnostics.append(Diagnostic {
                QStringLiteral("wire.sse-event-name"), Severity::Info, QString(),
                QStringLiteral("SSE event name '%1' is ignored by the reference client (it "
                               "reads every frame's data as an AG-UI event)")
                    .arg(b.eventName),
                f.offset});
        // The reference client errors out when its unsplit buffer passes 10 MiB.
        if (f.raw.size() > kClientSseBufferLimit)
            f.diagnostics.append(Diagnostic {
                QStringLiteral("wire.sse-frame-too-large"), Severity::Error, QString(),
                QStringLiteral("SSE buffer size exceeded maximum limit of 10 MB (this frame "
                               "is %1 bytes; the reference client fails the run)")
                    .arg(f.raw.size()),
                f.offset});
        flagGlue(f, b);
        m_handler->frame(f);
    }

    // The reference client only ends a frame at "\n\n". After a block without one (CRLF or CR
    // line ends) the next event's data lands in the same frame, and JSON.parse of the joined
    // data fails: a lone CRLF event still works, the second one is where the client breaks.
    void flagGlue(RawFrame &f, const SseBlock &b)
    {
        if (!f.heartbeat && m_clientFrameOpen)
            f.diagnostics.append(Diagnostic {
                QStringLiteral("wire.crlf-framing"), Severity::Error, QString(),
                QStringLiteral("no \"\\n\\n\" separates this event from the one before "
                               "(CRLF/CR line ends): the reference client reads both as "
                               "one frame and fails to parse it"),
                f.offset});
        // A terminated block with LF line ends only ends in "\n\n": no search needed.
        const bool lfOnly = b.terminated && b.lineEndings == LineEndings(LineEnding::Lf);
        if (!lfOnly && !f.raw.contains("\n\n"))
            m_clientFrameOpen = m_clientFrameOpen || !f.heartbeat;
        else
            m_clientFrameOpen = false;
    }

    SseParser m_parser;
    FrameHandler *m_handler = nullptr;
    RawFrame m_frame; // reused: its lists keep their capacity
    bool m_clientFrameOpen = false; // the client's current frame has not reached "\n\n" yet
};

// A FrameSplitter over a splitter of the wire layer that cuts whole pieces (lines, length-prefixed
// messages) out of the bytes; deliver() turns the pieces found so far into frames.
template<typename PieceSplitter> class PieceFrameSplitter : public FrameSplitter
{
public:
    void feed(QByteArrayView bytes, FrameHandler &handler) override
    {
        m_splitter.feed(bytes);
        deliver(handler);
    }
    void finish(FrameHandler &handler) override
    {
        m_splitter.finish();
        deliver(handler);
    }
    qint64 bytesSeen() const override { return m_splitter.bytesSeen(); }

protected:
    explicit PieceFrameSplitter(PieceSplitter splitter)
        : m_splitter(std::move(splitter))
    { }
    virtual void deliver(FrameHandler &handler) = 0;

    PieceSplitter m_splitter;
    RawFrame m_frame; // reused: its lists keep their capacity from frame to frame
};

class JsonLineFrameSplitter final : public PieceFrameSplitter<JsonLineSplitter>
{
public:
    JsonLineFrameSplitter()
        : PieceFrameSplitter(JsonLineSplitter(JsonLineSplitter::Options {16 * 1024 * 1024, false}))
    { }

private:
    void deliver(FrameHandler &handler) override
    {
        for (const JsonLineSpan &l : m_splitter.spans()) {
            RawFrame &f = m_frame;
            f.clear();
            // Blank lines carry no event; kept (as heartbeats) so every byte is accounted for.
            f.heartbeat = !l.overlong && l.isBlank();
            f.offset = l.offset;
            f.raw = l.raw;
            f.payload = l.content;
            f.payloadStart = l.offset;
            if (!l.issues.isEmpty())
                f.diagnostics = toDiagnostics(l.issues);
            f.decodable = !l.overlong;
            handler.frame(f);
        }
    }
};

class ProtoSplitter final : public PieceFrameSplitter<ProtoFrameSplitter>
{
public:
    ProtoSplitter()
        : PieceFrameSplitter(ProtoFrameSplitter())
    { }

private:
    void deliver(FrameHandler &handler) override
    {
        for (const ProtoFrame &p : m_splitter.takeFrames()) {
            RawFrame &f = m_frame;
            f.clear();
            f.offset = p.offset;
            f.raw = p.raw;
            f.payload = p.message;
            f.payloadStart = p.offset + 4;
            f.diagnostics = toDiagnostics(p.issues);
            f.decodable = p.complete;
            if (p.complete)
                decode(f);
            handler.frame(f);
        }
    }

    static void decode(RawFrame &f)
    {
        const ProtoDecodeResult r = decodeProtoEvent(f.payload);
        switch (r.status) {
        case ProtoDecodeResult::Status::Ok:
            f.object = r.event;
            break;
        case ProtoDecodeResult::Status::UnknownEventType:
            // A newer protocol's event: the reference client drops it with a warning.
            f.decodable = false;
            f.diagnostics.append(Diagnostic {QStringLiteral("wire.proto-unknown-event"),
                                             Severity::Warning, QString(), r.error, f.offset});
            break;
        case ProtoDecodeResult::Status::Invalid:
            f.decodable = false;
            f.diagnostics.append(Diagnostic {QStringLiteral("wire.proto-invalid"), Severity::Error,
                                             QString(), protoDecodeFailureMessage(r.error),
                                             f.offset});
            break;
        }
        for (const QString &w : r.warnings)
            f.diagnostics.append(Diagnostic {QStringLiteral("wire.proto-lossy"), Severity::Warning,
                                             QString(), w, f.offset});
    }
};

// A CopilotKit debug feed's frames: SSE, each event's payload narrowed to the AG-UI event inside
// its envelope, so the event is decoded from the bytes received and its raw frame is the whole
// envelope. A frame that holds no envelope is not decoded, with a finding saying why and where.
class DebugFeedSplitter final
    : public FrameSplitter
    , private FrameHandler
{
public:
    void feed(QByteArrayView bytes, FrameHandler &handler) override
    {
        m_out = &handler;
        m_sse.feed(bytes, *this);
    }
    void finish(FrameHandler &handler) override
    {
        m_out = &handler;
        m_sse.finish(*this);
    }
    qint64 bytesSeen() const override { return m_sse.bytesSeen(); }

private:
    void frame(const RawFrame &f) override
    {
        if (f.heartbeat || !f.decodable) {
            m_out->frame(f);
            return;
        }
        m_frame = f;
        const DebugEnvelopeScan scan = scanDebugEnvelope(f.payload);
        if (scan.ok() && f.payloadPieces.isEmpty()) {
            m_frame.payload = f.payload.sliced(scan.eventStart, scan.eventLength);
            m_frame.payloadStart = f.payloadStart + scan.eventStart;
        } else {
            const qint64 at = f.streamOffsetOfPayload(qMax<qsizetype>(scan.errorOffset, 0));
            m_frame.decodable = false;
            m_frame.diagnostics.append(Diagnostic {
                QStringLiteral("wire.debug-envelope"), Severity::Error, QString(),
                scan.ok() ? QStringLiteral("this debug-feed frame's data spans several lines; the "
                                           "runtime writes each envelope on one line")
                          : QStringLiteral("not a CopilotKit debug-feed envelope: %1 (byte %2 of "
                                           "the frame's data)")
                                .arg(scan.error)
                                .arg(scan.errorOffset),
                at >= 0 ? at : f.offset});
        }
        m_out->frame(m_frame);
    }

    SseSplitter m_sse;
    FrameHandler *m_out = nullptr;
    RawFrame m_frame;
};

} // namespace

std::unique_ptr<FrameSplitter> makeFrameSplitter(Framing framing)
{
    switch (framing) {
    case Framing::Sse:
        return std::make_unique<SseSplitter>();
    case Framing::JsonLine:
        return std::make_unique<JsonLineFrameSplitter>();
    case Framing::Proto:
        return std::make_unique<ProtoSplitter>();
    case Framing::CopilotKitDebug:
        return std::make_unique<DebugFeedSplitter>();
    case Framing::Synthetic:
        break;
    }
    return nullptr;
}

} // namespace agui
