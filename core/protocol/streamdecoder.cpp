#include "core/protocol/streamdecoder.h"

#include "core/protocol/framesplitter.h"

#include <algorithm>

namespace agui {

namespace {

// Collects materialised Events (and heartbeats) for the QList-returning overloads.
class CollectingSink final : public FrameSink
{
public:
    explicit CollectingSink(QList<Heartbeat> *heartbeats)
        : m_heartbeats(heartbeats)
    { }

    void frame(const DecodedFrame &f) override
    {
        Event e = materialize(f.event, f.framing);
        e.streamOffset = f.streamOffset;
        e.raw = f.raw.toByteArray();
        e.payload = f.payload.toByteArray();
        e.diagnostics = *f.diagnostics;
        events.append(std::move(e));
    }
    void heartbeat(const Heartbeat &beat) override { m_heartbeats->append(beat); }

    QList<Event> events;

private:
    QList<Heartbeat> *m_heartbeats;
};

} // namespace

// Decodes each frame the splitter completes and hands it to the sink, without collecting.
class StreamDecoder::Decoding final : public FrameHandler
{
public:
    Decoding(StreamDecoder &decoder, qint64 receivedAtUs, FrameSink &sink)
        : m_decoder(decoder)
        , m_receivedAtUs(receivedAtUs)
        , m_sink(sink)
    { }

    void frame(const RawFrame &f) override
    {
        if (f.heartbeat) {
            ++m_decoder.m_heartbeatCount;
            m_sink.heartbeat(
                Heartbeat {f.offset, m_receivedAtUs, f.raw.toByteArray(), f.diagnostics});
            return;
        }
        DecodedFrame out;
        out.framing = m_decoder.m_framing;
        out.streamOffset = f.offset;
        out.raw = f.raw;
        out.payload = f.payload;
        out.event.seq = m_decoder.m_nextSeq++;
        out.event.receivedAtUs = m_receivedAtUs;
        out.diagnostics = &f.diagnostics;
        out.chunk = m_decoder.m_chunk;
        if (f.decodable) {
            const EventDecoder::Result &r = f.object ? m_decoder.m_decoder.decodeObject(*f.object)
                                                     : m_decoder.m_decoder.decode(f.payload);
            out.event.type = r.type;
            out.event.json = r.json;
            if (!r.diagnostics.isEmpty()) {
                m_diagnostics = f.diagnostics;
                addDecodeFindings(f, r.diagnostics);
                out.diagnostics = &m_diagnostics;
            }
        }
        m_sink.frame(out);
    }

private:
    void addDecodeFindings(const RawFrame &f, const Diagnostics &found)
    {
        // The splitter already reports bad UTF-8 with its exact offset: keep that one only.
        const bool splitterSawUtf8
            = std::any_of(f.diagnostics.cbegin(), f.diagnostics.cend(), [](const Diagnostic &d) {
                  return d.ruleId == QLatin1String("wire.invalid-utf8");
              });
        for (const Diagnostic &d : found) {
            if (splitterSawUtf8 && d.ruleId == QLatin1String("wire.invalid-utf8"))
                continue;
            Diagnostic rebased = d;
            // The decoder knows offsets inside the payload only; views want stream offsets.
            if (d.ruleId == QLatin1String("wire.not-json") && d.byteOffset >= 0)
                rebased.byteOffset = f.streamOffsetOfPayload(d.byteOffset);
            m_diagnostics.append(std::move(rebased));
        }
    }

    StreamDecoder &m_decoder;
    qint64 m_receivedAtUs;
    FrameSink &m_sink;
    Diagnostics m_diagnostics; // the frame's findings plus the decoder's, when it has any
};

StreamDecoder::StreamDecoder(Framing framing, qint64 firstSeq)
    : m_framing(framing)
    , m_splitter(makeFrameSplitter(framing))
    , m_nextSeq(firstSeq)
{ }

StreamDecoder::~StreamDecoder() = default;

void StreamDecoder::feed(QByteArrayView bytes, qint64 receivedAtUs, FrameSink &sink)
{
    m_bytesSeen += bytes.size();
    m_lastReceivedAtUs = receivedAtUs;
    if (!m_splitter) {
        // Framing::Synthetic is never read from bytes; should someone feed it anyway, keep the
        // bytes as an invalid event rather than lose them.
        const Diagnostics diagnostics {
            Diagnostic {QStringLiteral("wire.unsupported-framing"), Severity::Error, QString(),
                        QStringLiteral("no decoder for this framing yet; bytes kept undecoded"),
                        m_bytesSeen - bytes.size()}};
        DecodedFrame f;
        f.event.seq = m_nextSeq++;
        f.event.receivedAtUs = receivedAtUs;
        f.framing = m_framing;
        f.streamOffset = m_bytesSeen - bytes.size();
        f.raw = bytes;
        f.diagnostics = &diagnostics;
        sink.frame(f);
        return;
    }
    Decoding decoding(*this, receivedAtUs, sink);
    m_splitter->feed(bytes, decoding);
}

void StreamDecoder::feed(const QByteArray &chunk, qint64 receivedAtUs, FrameSink &sink)
{
    m_chunk = &chunk;
    feed(QByteArrayView(chunk), receivedAtUs, sink);
    m_chunk = nullptr;
}

void StreamDecoder::finish(FrameSink &sink)
{
    if (!m_splitter)
        return;
    Decoding decoding(*this, m_lastReceivedAtUs, sink);
    m_splitter->finish(decoding);
}

QList<Event> StreamDecoder::feed(QByteArrayView bytes, qint64 receivedAtUs)
{
    CollectingSink sink(&m_heartbeats);
    feed(bytes, receivedAtUs, sink);
    return std::move(sink.events);
}

QList<Event> StreamDecoder::finish()
{
    CollectingSink sink(&m_heartbeats);
    finish(sink);
    return std::move(sink.events);
}

} // namespace agui
