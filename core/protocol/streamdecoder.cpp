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
    m_splitter->feed(bytes);
    decodeFrames(receivedAtUs, sink);
}

void StreamDecoder::finish(FrameSink &sink)
{
    if (!m_splitter)
        return;
    m_splitter->finish();
    decodeFrames(m_lastReceivedAtUs, sink);
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

void StreamDecoder::decodeFrames(qint64 receivedAtUs, FrameSink &sink)
{
    Diagnostics diagnostics;
    for (RawFrame &f : m_splitter->takeFrames()) {
        if (f.heartbeat) {
            ++m_heartbeatCount;
            sink.heartbeat(
                Heartbeat {f.offset, receivedAtUs, f.raw.toByteArray(), std::move(f.diagnostics)});
            continue;
        }
        DecodedFrame out;
        out.framing = m_framing;
        out.streamOffset = f.offset;
        out.raw = f.raw;
        out.payload = f.payload;
        out.event.seq = m_nextSeq++;
        out.event.receivedAtUs = receivedAtUs;
        diagnostics = std::move(f.diagnostics);
        if (f.decodable) {
            const EventDecoder::Result &r
                = f.object ? m_decoder.decodeObject(*f.object) : m_decoder.decode(f.payload);
            out.event.type = r.type;
            out.event.json = r.json;
            // The splitter already reports bad UTF-8 with its exact offset: keep that one only.
            const bool splitterSawUtf8
                = std::any_of(diagnostics.cbegin(), diagnostics.cend(), [](const Diagnostic &d) {
                      return d.ruleId == QLatin1String("wire.invalid-utf8");
                  });
            for (const Diagnostic &d : r.diagnostics) {
                if (splitterSawUtf8 && d.ruleId == QLatin1String("wire.invalid-utf8"))
                    continue;
                Diagnostic rebased = d;
                // The decoder knows offsets inside the payload only; views want stream offsets.
                if (d.ruleId == QLatin1String("wire.not-json") && d.byteOffset >= 0)
                    rebased.byteOffset = f.streamOffsetOfPayload(d.byteOffset);
                diagnostics.append(std::move(rebased));
            }
        }
        out.diagnostics = &diagnostics;
        sink.frame(out);
    }
}

} // namespace agui
