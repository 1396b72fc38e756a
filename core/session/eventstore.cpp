#include "core/session/eventstore.h"

#include "core/json/tapebuilder.h"
#include "core/protocol/catalogue.h"
#include "core/wire/protoevent.h"

#include <QJsonDocument>

#include <algorithm>

namespace agui {

namespace {

// Frames are copied into blocks of this size; a larger frame gets a block of its own.
constexpr qsizetype kBlockSize = 1024 * 1024;

std::string_view primaryIdIn(const json::JsonView &json, EventType type)
{
    const std::string_view key = primaryIdKey(type);
    if (key.empty())
        return {};
    return json.value(key).utf8(); // empty unless a string
}

} // namespace

QString primaryIdOf(const Event &e)
{
    const std::string_view key = primaryIdKey(e.type);
    if (key.empty())
        return {};
    const QJsonValue v = e.json.value(QLatin1StringView(key.data(), qsizetype(key.size())));
    return v.isString() ? v.toString() : QString();
}

EventStore::EventStore() = default;

QByteArrayView EventStore::bytesAt(quint32 block, quint32 offset, quint32 size) const
{
    return QByteArrayView(m_blocks.at(block).constData() + offset, size);
}

std::pair<quint32, quint32> EventStore::place(QByteArrayView bytes, const QByteArray *chunk)
{
    const char *begin = chunk ? chunk->constData() : nullptr;
    if (!begin || bytes.data() < begin || bytes.data() + bytes.size() > begin + chunk->size())
        return copy(bytes);
    // Holding the chunk keeps its memory alive, so no later chunk can reuse its address.
    if (m_lastChunk < 0 || m_blocks.at(m_lastChunk).constData() != begin
        || m_blocks.at(m_lastChunk).size() != chunk->size()) {
        appendBlock(*chunk);
        m_lastChunk = m_blocks.size() - 1;
        m_bytesStored += chunk->size();
    }
    return {quint32(m_lastChunk), quint32(bytes.data() - begin)};
}

std::pair<quint32, quint32> EventStore::copy(QByteArrayView bytes)
{
    if (m_ownBlock < 0
        || m_blocks.at(m_ownBlock).size() + bytes.size() > m_blocks.at(m_ownBlock).capacity()) {
        QByteArray block;
        block.reserve(qMax(kBlockSize, bytes.size()));
        appendBlock(block);
        m_ownBlock = m_blocks.size() - 1;
    }
    QByteArray &block = m_blocks[m_ownBlock];
    const auto offset = quint32(block.size());
    block.append(bytes.data(), bytes.size());
    m_bytesStored += bytes.size();
    return {quint32(m_ownBlock), offset};
}

void EventStore::appendBlock(const QByteArray &block)
{
    m_blocks.append(block);
    m_blockBases.append(kNoBase);
}

// Most frames lie in a received chunk as far from its start as from the chunk's first byte in
// the stream, so the chunk's base plus the frame's offset in it is the stream offset, and the
// record needs no field of its own for it. The rest (frames copied because they straddle two
// chunks, synthetic events) keep theirs apart; with no bytes kept, the record's byte position
// holds it.
void EventStore::keepStreamOffset(Record &r, qint64 seq, qint64 streamOffset)
{
    if (!m_keepBytes) {
        r.flags |= kOffsetInRecord;
        r.block = quint32(quint64(streamOffset) >> 32);
        r.offset = quint32(quint64(streamOffset) & 0xFFFFFFFF);
        return;
    }
    qint64 &base = m_blockBases[r.block];
    if (base == kNoBase && streamOffset >= 0)
        base = streamOffset - r.offset;
    if (base == kNoBase || base + r.offset != streamOffset) {
        r.flags |= kOffsetApart;
        m_offsetsApart.insert(seq, streamOffset);
    }
}

qint64 EventStore::streamOffsetOf(const Record &r, qint64 seq) const
{
    if (r.flags & kOffsetInRecord)
        return qint64((quint64(r.block) << 32) | r.offset);
    if (r.flags & kOffsetApart)
        return m_offsetsApart.value(seq, -1);
    return m_blockBases.at(r.block) + r.offset;
}

qint64 EventStore::relativeTime(qint64 receivedAtUs)
{
    if (receivedAtUs < 0)
        return kNoTime;
    if (m_originUs < 0)
        m_originUs = receivedAtUs;
    const qint64 relative = receivedAtUs - m_originUs;
    // 48 bits hold ±4.4 years around the origin; beyond that the time is not kept.
    return relative > -kNoTime - 1 || relative <= kNoTime ? kNoTime : relative;
}

qint64 EventStore::absoluteTime(const Record &r) const
{
    const qint64 relative = join48(r.receivedLo, r.receivedHi);
    return relative == kNoTime ? -1 : m_originUs + relative;
}

const EventStore::Record &EventStore::noRecord()
{
    static const Record none = [] {
        Record r {};
        split48(kNoTime, r.receivedLo, r.receivedHi);
        r.flags = kOffsetInRecord;
        r.block = 0xFFFFFFFF; // stream offset -1
        r.offset = 0xFFFFFFFF;
        r.primaryId = -1;
        r.type = EventType::Invalid;
        r.worstSeverity = -1;
        return r;
    }();
    return none;
}

void EventStore::append(const StoredEvent &e)
{
    const qint64 seq = size();
    if (!m_keepRecords) {
        if (m_size % kRecordsPerChunk == 0) {
            m_offsets.append(QList<qint64>());
            m_offsets.last().reserve(kRecordsPerChunk);
        }
        m_offsets.last().append(e.streamOffset);
        ++m_size;
        return;
    }
    Record r {};
    split48(relativeTime(e.receivedAtUs), r.receivedLo, r.receivedHi);
    r.rawSize = quint32(e.raw.size());
    r.type = e.type;
    r.framing = e.framing;
    r.worstSeverity = -1;
    // Interned in one pass too: the timing figures (run ids, per-message token gaps) and the
    // filter's id: term read them even when no bytes are kept.
    r.primaryId = m_ids.intern(primaryIdIn(e.json, e.type));

    // Usually the payload is the frame minus a prefix ("data: ") and a suffix ("\n\n", "\n"),
    // or a protobuf frame minus its length prefix: keep the frame once and the two lengths.
    const QByteArrayView raw = e.raw;
    const QByteArrayView payload = e.payload;
    qsizetype at = -1;
    if (payload.isEmpty())
        at = 0;
    else if (payload.data() >= raw.data()
             && payload.data() + payload.size() <= raw.data() + raw.size())
        at = payload.data() - raw.data(); // a view into the frame: no search
    else if (e.framing == Framing::Proto && raw.size() >= 4 && raw.sliced(4) == payload)
        at = 4;
    const qsizetype trail = raw.size() - at - payload.size();
    const bool inside = at >= 0 && at <= 0xFFFF && trail >= 0 && trail <= 0xFFFF;
    if (e.framing == Framing::Proto && inside && at == 4)
        r.flags |= kProtoMessage;
    std::pair<quint32, quint32> where {0, 0};
    if (!m_keepBytes) {
        r.rawSize = 0;
    } else {
        where = place(raw, e.chunk);
        if (inside) {
            r.payloadLead = quint16(at);
            r.payloadTrail = quint16(trail);
        } else {
            r.flags |= kPayloadSeparate;
            SideInfo &side = m_side[seq];
            std::tie(side.payloadBlock, side.payloadOffset) = copy(payload);
            side.payloadSize = quint32(payload.size());
        }
    }
    r.block = where.first;
    r.offset = where.second;
    keepStreamOffset(r, seq, e.streamOffset);

    if (e.type == EventType::Unknown || e.originSeq >= 0) {
        SideInfo &side = m_side[seq];
        side.typeName = e.json.value("type").toString();
        side.originSeq = e.originSeq;
    }
    if (m_side.contains(seq))
        r.flags |= kHasSideInfo;
    if (e.diagnostics && !e.diagnostics->isEmpty()) {
        r.flags |= kHasDiagnostics;
        m_diagnostics.insert(seq, *e.diagnostics);
    }
    if (m_size % kRecordsPerChunk == 0) {
        m_records.append(QList<Record>());
        m_records.last().reserve(kRecordsPerChunk);
    }
    m_records.last().append(r);
    ++m_size;
}

void EventStore::append(const Event &e)
{
    // A protobuf frame's payload is binary and a synthetic event may have none: keep the JSON
    // text (decoded again by event()/view()) next to the frame.
    QByteArray payload = e.payload;
    if (e.framing == Framing::Proto || (payload.isEmpty() && !e.json.isEmpty()))
        payload = QJsonDocument(e.json).toJson(QJsonDocument::Compact);
    const json::JsonDoc doc = json::JsonDoc::fromQJson(e.json);
    StoredEvent s;
    s.type = e.type;
    s.framing = e.framing;
    s.receivedAtUs = e.receivedAtUs;
    s.streamOffset = e.streamOffset;
    s.raw = e.raw;
    s.payload = payload;
    s.json = doc.root();
    s.diagnostics = &e.diagnostics;
    s.originSeq = e.originSeq;
    append(s);
    if (e.type == EventType::Unknown && !e.typeName.isEmpty())
        m_side[size() - 1].typeName = e.typeName;
}

QByteArrayView EventStore::rawView(qint64 seq) const
{
    if (!keepsBytes())
        return {};
    const Record &r = record(seq);
    return bytesAt(r.block, r.offset, r.rawSize);
}

QByteArrayView EventStore::payloadView(qint64 seq) const
{
    if (!keepsBytes())
        return {};
    const Record &r = record(seq);
    if (r.flags & kPayloadSeparate) {
        const SideInfo side = m_side.value(seq);
        return bytesAt(side.payloadBlock, side.payloadOffset, side.payloadSize);
    }
    return bytesAt(r.block, r.offset + r.payloadLead, r.rawSize - r.payloadLead - r.payloadTrail);
}

QByteArray EventStore::raw(qint64 seq) const
{
    return rawView(seq).toByteArray();
}

QByteArray EventStore::payload(qint64 seq) const
{
    return payloadView(seq).toByteArray();
}

// The stored event's JSON, decoded again (a protobuf message through its codec).
json::JsonView EventStore::decodeStored(const Record &r, qint64 seq, EventDecoder &decoder) const
{
    if (r.flags & kProtoMessage) {
        const ProtoDecodeResult proto = decodeProtoEvent(payloadView(seq));
        return decoder.decodeObject(proto.event, false).json;
    }
    return decoder.decode(payloadView(seq), false).json;
}

EventView EventStore::view(qint64 seq, EventDecoder &decoder) const
{
    const Record &r = record(seq);
    EventView v;
    v.seq = seq;
    v.receivedAtUs = absoluteTime(r);
    v.type = r.type;
    if (r.type == EventType::Invalid && !(r.flags & kHasSideInfo))
        return v; // nothing the reducer could use; not decoded again
    v.json = decodeStored(r, seq, decoder);
    return v;
}

Event EventStore::event(qint64 seq) const
{
    const Record &r = record(seq);
    Event e;
    if (r.flags & kProtoMessage) {
        e = decodeObject(decodeProtoEvent(payloadView(seq)).event, Framing::Proto);
        e.payload = payload(seq);
    } else if (r.framing == Framing::Proto) {
        // A materialised protobuf event kept as JSON text (see append(const Event &)).
        e = decodeObject(QJsonDocument::fromJson(payload(seq)).object(), Framing::Proto);
        e.payload = raw(seq).mid(4);
    } else {
        e = decodePayload(payload(seq), r.framing);
    }
    e.raw = raw(seq);
    e.framing = r.framing;
    e.seq = seq;
    e.receivedAtUs = absoluteTime(r);
    e.streamOffset = streamOffsetOf(r, seq);
    e.diagnostics = (r.flags & kHasDiagnostics) ? m_diagnostics.value(seq) : Diagnostics();
    if (r.flags & kHasSideInfo) {
        const SideInfo side = m_side.value(seq);
        e.originSeq = side.originSeq;
        if (!side.typeName.isEmpty())
            e.typeName = side.typeName;
    }
    return e;
}

EventType EventStore::type(qint64 seq) const
{
    return record(seq).type;
}

Framing EventStore::framing(qint64 seq) const
{
    return record(seq).framing;
}

qint64 EventStore::receivedAtUs(qint64 seq) const
{
    return absoluteTime(record(seq));
}

qint64 EventStore::streamOffset(qint64 seq) const
{
    if (!m_keepRecords)
        return m_offsets.at(seq / kRecordsPerChunk).at(seq % kRecordsPerChunk);
    return streamOffsetOf(record(seq), seq);
}

int EventStore::runIndex(qint64 seq) const
{
    // Last run-length entry starting at or before seq.
    const auto it
        = std::upper_bound(m_runStarts.cbegin(), m_runStarts.cend(), seq,
                           [](qint64 s, const std::pair<qint64, int> &e) { return s < e.first; });
    return it == m_runStarts.cbegin() ? -1 : std::prev(it)->second;
}

QString EventStore::primaryId(qint64 seq) const
{
    return m_ids.string(record(seq).primaryId);
}

qint32 EventStore::primaryIdIndex(qint64 seq) const
{
    return record(seq).primaryId;
}

QString EventStore::typeName(qint64 seq) const
{
    const Record &r = record(seq);
    if (r.flags & kHasSideInfo) {
        const auto it = m_side.constFind(seq);
        if (it != m_side.cend() && !it->typeName.isEmpty())
            return it->typeName;
    }
    return eventTypeName(r.type);
}

std::optional<Severity> EventStore::worstSeverity(qint64 seq) const
{
    const qint8 worst = record(seq).worstSeverity;
    return worst < 0 ? std::nullopt : std::optional<Severity>(Severity(worst));
}

Diagnostics EventStore::diagnostics(qint64 seq) const
{
    return (record(seq).flags & kHasDiagnostics) ? m_diagnostics.value(seq) : Diagnostics();
}

EventSummary EventStore::summary(qint64 seq) const
{
    const Record &r = record(seq);
    EventSummary s;
    s.seq = seq;
    s.type = r.type;
    s.typeName = typeName(seq);
    s.framing = r.framing;
    s.receivedAtUs = absoluteTime(r);
    s.streamOffset = streamOffsetOf(r, seq);
    s.rawSize = r.rawSize;
    s.runIndex = runIndex(seq);
    s.primaryId = primaryId(seq);
    s.diagnosticCount = r.findingCount;
    if (r.worstSeverity >= 0)
        s.worstSeverity = Severity(r.worstSeverity);
    return s;
}

void EventStore::setRunIndex(qint64 seq, int runIndex)
{
    // Events get their run in seq order; only a change of run costs an entry. (Setting an
    // earlier seq again forgets what was set from there on.)
    while (!m_runStarts.isEmpty() && m_runStarts.last().first >= seq)
        m_runStarts.removeLast();
    if (m_runStarts.isEmpty() ? runIndex != -1 : m_runStarts.last().second != runIndex)
        m_runStarts.append({seq, runIndex});
}

void EventStore::addFindingSeverity(qint64 seq, Severity severity)
{
    if (!m_keepRecords)
        return;
    Record &r = recordRef(seq);
    if (r.findingCount < 0xFFFF)
        ++r.findingCount;
    r.worstSeverity = qMax<qint8>(r.worstSeverity, qint8(severity));
}

qint64 EventStore::approximateMemoryUsage() const
{
    qint64 total = m_records.size() * kRecordsPerChunk * qint64(sizeof(Record))
        + m_offsets.size() * kRecordsPerChunk * qint64(sizeof(qint64));
    for (const QByteArray &b : m_blocks)
        total += b.capacity();
    total += m_blockBases.size() * qint64(sizeof(qint64)) + m_offsetsApart.size() * 32;
    total += m_diagnostics.size() * 128 + m_side.size() * 64 + m_ids.approximateMemoryUsage();
    return total;
}

} // namespace agui
