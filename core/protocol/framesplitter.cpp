#include "core/protocol/framesplitter.h"

#include "core/wire/jsonlines.h"
#include "core/wire/protoevent.h"
#include "core/wire/protoframes.h"
#include "core/wire/sseparser.h"

#include <algorithm>

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

namespace {

// @ag-ui/client parseSSEStream's limit on its buffer of not yet framed text.
constexpr qsizetype kClientSseBufferLimit = 10 * 1024 * 1024;

Severity toSeverity(WireSeverity s)
{
    switch (s) {
    case WireSeverity::Info:
        return Severity::Info;
    case WireSeverity::Warning:
        return Severity::Warning;
    case WireSeverity::Error:
        break;
    }
    return Severity::Error;
}

Diagnostics toDiagnostics(const WireIssues &issues)
{
    Diagnostics out;
    for (const WireIssue &i : issues) {
        QString rule = wireIssueRuleId(i.kind);
        // One rule for "the stream ended inside the last frame", whatever the framing.
        if (i.kind == WireIssueKind::UnterminatedEvent || i.kind == WireIssueKind::UnterminatedLine)
            rule = QStringLiteral("wire.unterminated-frame");
        out.append(Diagnostic {rule, toSeverity(i.severity), QString(), i.message, i.byteOffset});
    }
    return out;
}

bool hasIssue(const WireIssues &issues, WireIssueKind kind)
{
    return std::any_of(issues.cbegin(), issues.cend(),
                       [kind](const WireIssue &i) { return i.kind == kind; });
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

class SseSplitter final : public FrameSplitter
{
public:
    SseSplitter()
        : m_parser(SseParser::Options {16 * 1024 * 1024, true})
    { }
    void feed(QByteArrayView bytes) override
    {
        m_keep.clear();
        m_parser.feed(bytes);
    }
    void finish() override
    {
        m_keep.clear();
        m_parser.finish();
    }
    qint64 bytesSeen() const override { return m_parser.bytesSeen(); }

    QList<RawFrame> takeFrames() override
    {
        QList<RawFrame> frames;
        frames.reserve(m_parser.spans().size());
        // The commonest blocks, read in place (views of the chunk just fed): nothing to say.
        for (const SseSpan &span : m_parser.spans()) {
            RawFrame f;
            f.offset = span.offset;
            f.raw = span.raw;
            f.payload = span.data;
            f.payloadStart = span.dataOffset;
            f.endsWithBlankLine = true;
            frames.append(std::move(f));
        }
        for (SseEvent &e : m_parser.takeEvents()) {
            RawFrame f;
            f.offset = e.offset;
            m_keep.append(std::move(e.raw));
            f.raw = m_keep.last();
            m_keep.append(std::move(e.data));
            f.payload = m_keep.last();
            f.diagnostics = toDiagnostics(e.issues);
            f.decodable = !hasIssue(e.issues, WireIssueKind::LineTooLong);
            flagLineEndings(e.lineEndings, f.raw, f.offset, f.diagnostics);
            if (!e.eventName.isEmpty() && e.eventName != QLatin1String("message"))
                f.diagnostics.append(Diagnostic {
                    QStringLiteral("wire.sse-event-name"), Severity::Info, QString(),
                    QStringLiteral("SSE event name '%1' is ignored by the reference client (it "
                                   "reads every frame's data as an AG-UI event)")
                        .arg(e.eventName),
                    f.offset});
            mapDataLines(f, e.dataValueOffsets);
            // The reference client errors out when its unsplit buffer passes 10 MiB.
            if (f.raw.size() > kClientSseBufferLimit)
                f.diagnostics.append(Diagnostic {
                    QStringLiteral("wire.sse-frame-too-large"), Severity::Error, QString(),
                    QStringLiteral("SSE buffer size exceeded maximum limit of 10 MB (this frame "
                                   "is %1 bytes; the reference client fails the run)")
                        .arg(f.raw.size()),
                    f.offset});
            frames.append(std::move(f));
        }
        for (SseKeepAlive &k : m_parser.takeKeepAlives()) {
            RawFrame f;
            f.offset = k.offset;
            m_keep.append(std::move(k.raw));
            f.raw = m_keep.last();
            f.heartbeat = true;
            f.diagnostics = toDiagnostics(k.issues);
            frames.append(std::move(f));
        }
        if (frames.size() > m_parser.spans().size())
            std::sort(frames.begin(), frames.end(),
                      [](const RawFrame &a, const RawFrame &b) { return a.offset < b.offset; });
        flagGluedFrames(frames);
        return frames;
    }

private:
    // The reference client only ends a frame at "\n\n". After a block without one (CRLF or CR
    // line ends) the next event's data lands in the same frame, and JSON.parse of the joined
    // data fails: a lone CRLF event still works, the second one is where the client breaks.
    void flagGluedFrames(QList<RawFrame> &frames)
    {
        for (RawFrame &f : frames) {
            if (!f.heartbeat && m_clientFrameOpen)
                f.diagnostics.append(Diagnostic {
                    QStringLiteral("wire.crlf-framing"), Severity::Error, QString(),
                    QStringLiteral("no \"\\n\\n\" separates this event from the one before "
                                   "(CRLF/CR line ends): the reference client reads both as "
                                   "one frame and fails to parse it"),
                    f.offset});
            if (!f.endsWithBlankLine && !f.raw.contains("\n\n"))
                m_clientFrameOpen = m_clientFrameOpen || !f.heartbeat;
            else
                m_clientFrameOpen = false;
        }
    }

    SseParser m_parser;
    QList<QByteArray> m_keep; // what the frames of the last feed view
    bool m_clientFrameOpen = false; // the client's current frame has not reached "\n\n" yet
};

class JsonLineFrameSplitter final : public FrameSplitter
{
public:
    JsonLineFrameSplitter()
        : m_splitter(JsonLineSplitter::Options {16 * 1024 * 1024, false})
    { }
    void feed(QByteArrayView bytes) override { m_splitter.feed(bytes); }
    void finish() override { m_splitter.finish(); }
    qint64 bytesSeen() const override { return m_splitter.bytesSeen(); }

    QList<RawFrame> takeFrames() override
    {
        QList<RawFrame> frames;
        frames.reserve(m_splitter.spans().size());
        for (const JsonLineSpan &l : m_splitter.spans()) {
            RawFrame f;
            // Blank lines carry no event; kept (as heartbeats) so every byte is accounted for.
            f.heartbeat = !l.overlong && l.isBlank();
            f.offset = l.offset;
            f.raw = l.raw;
            f.payload = l.content;
            f.payloadStart = l.offset;
            if (!l.issues.isEmpty())
                f.diagnostics = toDiagnostics(l.issues);
            f.decodable = !l.overlong;
            frames.append(std::move(f));
        }
        return frames;
    }

private:
    JsonLineSplitter m_splitter;
};

class ProtoSplitter final : public FrameSplitter
{
public:
    void feed(QByteArrayView bytes) override
    {
        m_keep.clear();
        m_splitter.feed(bytes);
    }
    void finish() override
    {
        m_keep.clear();
        m_splitter.finish();
    }
    qint64 bytesSeen() const override { return m_splitter.bytesSeen(); }

    QList<RawFrame> takeFrames() override
    {
        QList<RawFrame> frames;
        for (ProtoFrame &p : m_splitter.takeFrames()) {
            RawFrame f;
            f.offset = p.offset;
            m_keep.append(std::move(p.raw));
            f.raw = m_keep.last();
            m_keep.append(std::move(p.message));
            f.payload = m_keep.last();
            f.payloadStart = p.offset + 4;
            f.diagnostics = toDiagnostics(p.issues);
            f.decodable = p.complete;
            if (p.complete)
                decode(f);
            frames.append(std::move(f));
        }
        return frames;
    }

private:
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

    ProtoFrameSplitter m_splitter;
    QList<QByteArray> m_keep; // what the frames of the last feed view
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
    case Framing::Synthetic:
        break;
    }
    return nullptr;
}

} // namespace agui
