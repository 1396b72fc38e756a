#pragma once

#include "core/protocol/decoder.h"
#include "core/protocol/event.h"
#include "core/protocol/eventview.h"
#include "core/session/idpool.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

#include <limits>
#include <memory>
#include <optional>

namespace agui {

// What a list view needs of one event, without re-decoding it.
struct EventSummary
{
    qint64 seq = -1;
    EventType type = EventType::Invalid;
    QString typeName; // as sent (kept for Unknown types)
    Framing framing = Framing::Sse;
    qint64 receivedAtUs = -1;
    qint64 streamOffset = -1;
    qint64 rawSize = 0;
    int runIndex = -1;
    QString primaryId; // messageId / toolCallId / runId / stepName / subagentRunId / entityId
    int diagnosticCount = 0; // findings about this event (all layers), saturating at 65535
    std::optional<Severity> worstSeverity;
};

// One event to store: views of its bytes and what the decoder said (copied by append()).
struct StoredEvent
{
    EventType type = EventType::Invalid;
    Framing framing = Framing::Sse;
    qint64 receivedAtUs = -1;
    qint64 streamOffset = -1;
    QByteArrayView raw; // the frame as received
    QByteArrayView payload; // the JSON text (for protobuf frames: the JSON of the decoded event)
    json::JsonView json; // the event object, for its primary id and type name
    const Diagnostics *diagnostics = nullptr; // decode findings (kept for event())
    qint64 originSeq = -1; // events appended already expanded (tests): the chunk's seq
    // The received chunk raw lies in, if the caller has it: the store then shares the chunk
    // (the session's bytes are held once) instead of copying the frame.
    const QByteArray *chunk = nullptr;
};

// Compact, append-only storage of a session's events: the bytes once — the received chunks
// themselves, shared with whoever else holds them (the capture), and only frames that straddle
// chunks copied into blocks of our own — and a fixed-size record per event (type, times, byte
// ranges, interned primary id, findings count and worst severity). Nothing is decoded to list or
// filter events; event() and view() decode one event's payload again when a view shows it or a
// replay needs it. Decode diagnostics are kept in a side table for the events that have any.
//
// Receive times are kept exactly, relative to a 64-bit origin (the first known time): 48 bits
// of microseconds, ±4.4 years from it.
class EventStore
{
public:
    EventStore();

    qint64 size() const { return m_size; }
    bool isEmpty() const { return m_size == 0; }
    // false: records only, the bytes are not copied (one-pass consumers); event(), view(),
    // raw() and payload() then give empty results.
    void setKeepBytes(bool keep) { m_keepBytes = keep; }
    bool keepsBytes() const { return m_keepBytes && m_keepRecords; }
    // false: only each event's stream offset is kept (8 bytes an event instead of a 32-byte
    // record and an interned id), for a one-pass lint that places its findings in the file and
    // reads nothing else of the events. The other accessors then answer as for an event that
    // carried nothing: Invalid type, no time, no id, no findings counted, no bytes.
    void setKeepRecords(bool keep) { m_keepRecords = keep; }
    bool keepsRecords() const { return m_keepRecords; }
    // Keeps `owner` alive as long as the store: what owns bytes of chunks the store shares
    // without owning them (a mapped file's slices, MappedFile).
    void keepBytesAlive(std::shared_ptr<const void> owner) { m_owners.append(std::move(owner)); }

    // Stores e as event number size().
    void append(const StoredEvent &e);
    // Same for a materialised event (its JSON text when it has no payload bytes).
    void append(const Event &e);

    Event event(qint64 seq) const; // the event as appended (json decoded again)
    // The event's JSON decoded by `decoder` (no schema checks), valid until its next decode.
    EventView view(qint64 seq, EventDecoder &decoder) const;
    EventSummary summary(qint64 seq) const;
    EventType type(qint64 seq) const;
    Framing framing(qint64 seq) const;
    qint64 receivedAtUs(qint64 seq) const;
    // Whether any event has a receive time (JSON lines and most exports have none).
    bool hasReceiveTimes() const { return m_originUs >= 0; }
    qint64 streamOffset(qint64 seq) const;
    QByteArray raw(qint64 seq) const; // the frame's bytes as received
    QByteArray payload(qint64 seq) const; // the JSON text
    QByteArrayView rawView(qint64 seq) const; // same, without a copy (valid as long as the store)
    QByteArrayView payloadView(qint64 seq) const;
    int runIndex(qint64 seq) const;
    QString primaryId(qint64 seq) const;
    qint32 primaryIdIndex(qint64 seq) const; // -1 = none; ids() resolves it
    const IdPool &ids() const { return m_ids; }
    QString typeName(qint64 seq) const; // as sent
    int findingCount(qint64 seq) const { return record(seq).findingCount; }
    std::optional<Severity> worstSeverity(qint64 seq) const;
    Diagnostics diagnostics(qint64 seq) const; // decode findings

    // Set by the Session after the reducer and linter have seen the event (in seq order).
    void setRunIndex(qint64 seq, int runIndex);
    void addFindingSeverity(qint64 seq, Severity severity);

    qint64 bytesStored() const { return m_bytesStored; } // chunks shared + bytes copied
    qint64 approximateMemoryUsage() const; // blocks + records + side tables

private:
    struct Record
    {
        // The receive time relative to m_originUs (kNoTime = unknown), 48 bits split so the
        // record packs to 32 bytes (a million of them in a 1M-event session).
        quint32 receivedLo;
        // Where the frame is: m_blocks index and byte offset in that block. The stream offset
        // is the block's base plus the offset (see streamOffsetOf).
        quint32 block;
        quint32 offset;
        quint32 rawSize;
        qint32 primaryId; // m_ids index, -1 = none
        qint16 receivedHi;
        // payload = raw.mid(payloadLead, rawSize - payloadLead - payloadTrail) (one "data:" line,
        // one JSON line, a protobuf message); otherwise (kPayloadSeparate) the side table says
        // where it is.
        quint16 payloadLead;
        quint16 payloadTrail;
        quint16 findingCount;
        EventType type;
        Framing framing;
        quint8 flags; // kPayloadSeparate, kHasDiagnostics, kHasSideInfo, kProtoMessage, kOffset*
        qint8 worstSeverity; // -1 = none, else int(Severity)
    };
    static_assert(sizeof(Record) <= 32, "EventStore::Record must stay small");
    static constexpr qint64 kNoTime = -(qint64(1) << 47);
    static qint64 join48(quint32 lo, qint16 hi) { return (qint64(hi) * (qint64(1) << 32)) + lo; }
    static void split48(qint64 v, quint32 &lo, qint16 &hi)
    {
        lo = quint32(v & 0xFFFFFFFF);
        hi = qint16(v >> 32);
    }
    qint64 relativeTime(qint64 receivedAtUs);
    qint64 absoluteTime(const Record &r) const;
    enum : quint8 {
        kPayloadSeparate = 1,
        kHasDiagnostics = 2,
        kHasSideInfo = 4,
        kProtoMessage = 8, // the payload is a protobuf message (decoded again on view())
        kOffsetInRecord = 16, // no bytes kept: block and offset hold the stream offset
        kOffsetApart = 32, // the stream offset is in m_offsetsApart
    };

    // Rarely needed per-event data (Unknown type names, synthetic origins).
    struct SideInfo
    {
        QString typeName;
        qint64 originSeq = -1;
        quint32 payloadBlock = 0; // when kPayloadSeparate
        quint32 payloadOffset = 0;
        quint32 payloadSize = 0;
    };

    QByteArrayView bytesAt(quint32 block, quint32 offset, quint32 size) const;
    // Where the bytes are kept: in the shared chunk when they lie inside it, else copied.
    std::pair<quint32, quint32> place(QByteArrayView bytes, const QByteArray *chunk);
    std::pair<quint32, quint32> copy(QByteArrayView bytes);
    json::JsonView decodeStored(const Record &r, qint64 seq, EventDecoder &decoder) const;
    void appendBlock(const QByteArray &block);
    void keepStreamOffset(Record &r, qint64 seq, qint64 streamOffset);
    qint64 streamOffsetOf(const Record &r, qint64 seq) const;

    // Records in fixed chunks reserved exactly: no 1.5x capacity overshoot of one growing list.
    static constexpr qsizetype kRecordsPerChunk = 16384;
    const Record &record(qint64 seq) const
    {
        if (!m_keepRecords)
            return noRecord();
        return m_records.at(seq / kRecordsPerChunk).at(seq % kRecordsPerChunk);
    }
    static const Record &noRecord(); // what record() answers when records are not kept
    Record &recordRef(qint64 seq)
    {
        return m_records[seq / kRecordsPerChunk][seq % kRecordsPerChunk];
    }

    QList<QList<Record>> m_records;
    QList<QList<qint64>> m_offsets; // stream offsets, in the same chunks, when records are not kept
    // Run index per event, run-length encoded (it changes once per run): (first seq, run index).
    QList<std::pair<qint64, int>> m_runStarts;
    qint64 m_size = 0;
    qint64 m_originUs = -1; // receive times are stored relative to this (-1: none seen yet)
    QList<QByteArray> m_blocks; // shared chunks and blocks of our own, in the order first used
    // Per block, the stream offset of its first byte as its first frame placed it (kNoBase: no
    // frame yet). A frame that does not lie at base + offset keeps its offset apart.
    QList<qint64> m_blockBases;
    static constexpr qint64 kNoBase = std::numeric_limits<qint64>::min();
    QHash<qint64, qint64> m_offsetsApart; // seq -> stream offset (kOffsetApart)
    qsizetype m_ownBlock = -1; // the block copies go to
    qsizetype m_lastChunk = -1; // the shared chunk last used (frames of one chunk come together)
    QHash<qint64, Diagnostics> m_diagnostics;
    QHash<qint64, SideInfo> m_side;
    IdPool m_ids;
    qint64 m_bytesStored = 0;
    bool m_keepBytes = true;
    bool m_keepRecords = true;
    QList<std::shared_ptr<const void>> m_owners; // keepBytesAlive()
};

// The id a list view shows for an event: messageId, toolCallId, runId, stepName, subagentRunId,
// entityId or name, depending on the type ("" when none). The key comes from the catalogue.
QString primaryIdOf(const Event &e);

} // namespace agui
