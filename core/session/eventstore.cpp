#include "core/session/eventstore.h"

#include "core/protocol/decoder.h"

#include <QJsonDocument>

#include <algorithm>

namespace agui {

namespace {

// Frames are copied into blocks of this size; a larger frame gets a block of its own.
constexpr qsizetype kBlockSize = 1024 * 1024;

} // namespace

QString primaryIdOf(const Event &e)
{
    const char *key = nullptr;
    switch (e.type) {
    case EventType::RunStarted:
    case EventType::RunFinished:
        key = "runId";
        break;
    case EventType::RunError:
        key = "code";
        break;
    case EventType::StepStarted:
    case EventType::StepFinished:
        key = "stepName";
        break;
    case EventType::ToolCallStart:
    case EventType::ToolCallArgs:
    case EventType::ToolCallEnd:
    case EventType::ToolCallChunk:
    case EventType::ToolCallResult:
        key = "toolCallId";
        break;
    case EventType::SubagentStarted:
    case EventType::SubagentFinished:
    case EventType::SubagentError:
        key = "subagentRunId";
        break;
    case EventType::ReasoningEncryptedValue:
        key = "entityId";
        break;
    case EventType::Custom:
        key = "name";
        break;
    case EventType::Raw:
        key = "source";
        break;
    case EventType::StateSnapshot:
    case EventType::StateDelta:
    case EventType::MessagesSnapshot:
    case EventType::Unknown:
    case EventType::Invalid:
    case EventType::ThinkingStart:
    case EventType::ThinkingEnd:
    case EventType::ThinkingTextMessageStart:
    case EventType::ThinkingTextMessageContent:
    case EventType::ThinkingTextMessageEnd:
        return {};
    default:
        key = "messageId";
        break;
    }
    const QJsonValue v = e.json.value(QLatin1String(key));
    return v.isString() ? v.toString() : QString();
}

EventStore::EventStore() = default;

QByteArrayView EventStore::bytesAt(quint32 block, quint32 offset, quint32 size) const
{
    return QByteArrayView(m_blocks.at(block).constData() + offset, size);
}

std::pair<quint32, quint32> EventStore::store(QByteArrayView bytes, QByteArrayView more)
{
    const qsizetype need = bytes.size() + more.size();
    if (m_blocks.isEmpty() || m_blocks.last().size() + need > m_blocks.last().capacity()) {
        QByteArray block;
        block.reserve(qMax(kBlockSize, need));
        m_blocks.append(block);
    }
    QByteArray &block = m_blocks.last();
    const auto offset = quint32(block.size());
    block.append(bytes.data(), bytes.size());
    block.append(more.data(), more.size());
    m_bytesStored += need;
    return {quint32(m_blocks.size() - 1), offset};
}

qint32 EventStore::intern(const QString &id)
{
    if (id.isEmpty())
        return -1;
    const auto it = m_idIndex.constFind(id);
    if (it != m_idIndex.constEnd())
        return *it;
    const auto index = qint32(m_ids.size());
    m_ids.append(id);
    m_idIndex.insert(id, index);
    return index;
}

void EventStore::append(const Event &e)
{
    const qint64 seq = size();
    QByteArray payload = e.payload;
    if (e.framing == Framing::Proto || (payload.isEmpty() && !e.json.isEmpty())) {
        // A protobuf frame's payload is binary and a synthetic event may have none: keep the
        // JSON text (re-decoded by event()) next to the frame.
        payload = QJsonDocument(e.json).toJson(QJsonDocument::Compact);
    }
    Record r {};
    split48(e.receivedAtUs, r.receivedLo, r.receivedHi);
    split48(e.streamOffset, r.offsetLo, r.offsetHi);
    r.rawSize = quint32(e.raw.size());
    r.type = e.type;
    r.framing = e.framing;
    r.worstSeverity = -1;
    r.primaryId = intern(primaryIdOf(e));

    // Usually the payload is the frame minus a prefix ("data: ") and a suffix ("\n\n", "\n"):
    // store the frame once and the two lengths.
    const qsizetype at = payload.isEmpty() ? 0 : QByteArrayView(e.raw).indexOf(payload);
    const qsizetype trail = e.raw.size() - at - payload.size();
    const bool inside
        = at >= 0 && at <= 0xFFFF && trail >= 0 && trail <= 0xFFFF && e.framing != Framing::Proto;
    std::pair<quint32, quint32> where;
    if (inside) {
        r.payloadLead = quint16(at);
        r.payloadTrail = quint16(trail);
        where = store(e.raw, {});
    } else {
        r.flags |= kPayloadSeparate;
        where = store(e.raw, payload);
        m_side[seq].payloadSize = quint32(payload.size());
    }
    r.block = where.first;
    r.offset = where.second;

    if (e.type == EventType::Unknown || e.originSeq >= 0) {
        SideInfo &side = m_side[seq];
        side.typeName = e.typeName;
        side.originSeq = e.originSeq;
    }
    if (m_side.contains(seq))
        r.flags |= kHasSideInfo;
    if (!e.diagnostics.isEmpty()) {
        r.flags |= kHasDiagnostics;
        m_diagnostics.insert(seq, e.diagnostics);
    }
    if (m_size % kRecordsPerChunk == 0) {
        m_records.append(QList<Record>());
        m_records.last().reserve(kRecordsPerChunk);
    }
    m_records.last().append(r);
    ++m_size;
}

QByteArray EventStore::raw(qint64 seq) const
{
    const Record &r = record(seq);
    return bytesAt(r.block, r.offset, r.rawSize).toByteArray();
}

QByteArray EventStore::payload(qint64 seq) const
{
    const Record &r = record(seq);
    if (r.flags & kPayloadSeparate)
        return bytesAt(r.block, r.offset + r.rawSize, m_side.value(seq).payloadSize).toByteArray();
    return bytesAt(r.block, r.offset + r.payloadLead, r.rawSize - r.payloadLead - r.payloadTrail)
        .toByteArray();
}

Event EventStore::event(qint64 seq) const
{
    const Record &r = record(seq);
    const QByteArray text = payload(seq);
    Event e;
    if (r.framing == Framing::Proto) {
        // Kept as JSON text (see append()); the binary payload is the frame after its 4-byte
        // length prefix.
        e = decodeObject(QJsonDocument::fromJson(text).object(), Framing::Proto);
        e.raw = raw(seq);
        e.payload = e.raw.mid(4);
    } else {
        e = decodePayload(text, r.framing);
        e.raw = raw(seq);
        e.payload = text;
    }
    e.framing = r.framing;
    e.seq = seq;
    e.receivedAtUs = join48(r.receivedLo, r.receivedHi);
    e.streamOffset = join48(r.offsetLo, r.offsetHi);
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

qint64 EventStore::receivedAtUs(qint64 seq) const
{
    return join48(record(seq).receivedLo, record(seq).receivedHi);
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
    const qint32 id = record(seq).primaryId;
    return id < 0 ? QString() : m_ids.at(id);
}

EventSummary EventStore::summary(qint64 seq) const
{
    const Record &r = record(seq);
    EventSummary s;
    s.seq = seq;
    s.type = r.type;
    s.typeName = (r.flags & kHasSideInfo) && !m_side.value(seq).typeName.isEmpty()
        ? m_side.value(seq).typeName
        : eventTypeName(r.type);
    s.framing = r.framing;
    s.receivedAtUs = join48(r.receivedLo, r.receivedHi);
    s.streamOffset = join48(r.offsetLo, r.offsetHi);
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
    Record &r = recordRef(seq);
    if (r.findingCount < 0xFFFF)
        ++r.findingCount;
    r.worstSeverity = qMax<qint8>(r.worstSeverity, qint8(severity));
}

qint64 EventStore::approximateMemoryUsage() const
{
    qint64 total = m_records.size() * kRecordsPerChunk * qint64(sizeof(Record));
    for (const QByteArray &b : m_blocks)
        total += b.capacity();
    total += m_diagnostics.size() * 128 + m_side.size() * 64 + m_ids.size() * 64;
    return total;
}

} // namespace agui
