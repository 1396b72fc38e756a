#include "core/protocol/streamdecoder.h"

#include "core/protocol/decoder.h"
#include "core/protocol/framesplitter.h"

#include <algorithm>

namespace agui {

StreamDecoder::StreamDecoder(Framing framing, qint64 firstSeq)
    : m_framing(framing)
    , m_splitter(makeFrameSplitter(framing))
    , m_nextSeq(firstSeq)
{ }

StreamDecoder::~StreamDecoder() = default;

QList<Event> StreamDecoder::feed(QByteArrayView bytes, qint64 receivedAtUs)
{
    m_bytesSeen += bytes.size();
    m_lastReceivedAtUs = receivedAtUs;
    if (!m_splitter) {
        // Framing::Synthetic is never read from bytes; should someone feed it anyway, keep the
        // bytes as an invalid event rather than lose them.
        Event e;
        e.seq = m_nextSeq++;
        e.receivedAtUs = receivedAtUs;
        e.streamOffset = m_bytesSeen - bytes.size();
        e.framing = m_framing;
        e.raw = bytes.toByteArray();
        e.diagnostics.append(Diagnostic {QStringLiteral("wire.unsupported-framing"),
                                         Severity::Error, QString(),
                                         QStringLiteral("no decoder for this framing yet; bytes "
                                                        "kept undecoded"),
                                         e.streamOffset});
        return {e};
    }
    m_splitter->feed(bytes);
    return decodeFrames(receivedAtUs);
}

QList<Event> StreamDecoder::finish()
{
    if (!m_splitter)
        return {};
    m_splitter->finish();
    return decodeFrames(m_lastReceivedAtUs);
}

QList<Event> StreamDecoder::decodeFrames(qint64 receivedAtUs)
{
    QList<Event> out;
    for (RawFrame &f : m_splitter->takeFrames()) {
        if (f.heartbeat) {
            ++m_heartbeatCount;
            m_heartbeats.append(
                Heartbeat {f.offset, receivedAtUs, std::move(f.raw), std::move(f.diagnostics)});
            continue;
        }
        Event e;
        if (!f.decodable) {
            e.framing = m_framing;
            e.payload = f.payload;
        } else if (f.object) {
            e = decodeObject(*f.object, m_framing);
            e.payload = f.payload;
        } else {
            e = decodePayload(f.payload, m_framing);
        }
        // The decoder knows offsets inside the payload only; the views want stream offsets.
        for (Diagnostic &d : e.diagnostics)
            if (d.ruleId == QLatin1String("wire.not-json") && d.byteOffset >= 0)
                d.byteOffset = f.streamOffsetOfPayload(d.byteOffset);
        // The splitter already reports bad UTF-8 with its exact offset: keep that one only.
        const auto isUtf8
            = [](const Diagnostic &d) { return d.ruleId == QLatin1String("wire.invalid-utf8"); };
        if (std::any_of(f.diagnostics.cbegin(), f.diagnostics.cend(), isUtf8))
            e.diagnostics.removeIf(isUtf8);
        e.diagnostics = f.diagnostics + e.diagnostics;
        e.seq = m_nextSeq++;
        e.receivedAtUs = receivedAtUs;
        e.streamOffset = f.offset;
        e.raw = std::move(f.raw);
        out.append(std::move(e));
    }
    return out;
}

} // namespace agui
