#pragma once

#include "core/capture/captureloader.h"

#include <QList>

namespace agui {

// Where in the capture FILE each event starts, kept compactly while a capture is read: one entry
// per stretch of events whose file offsets follow from their stream offsets (a raw file: one; an
// agui capture: one per chunk record), instead of one per event. The CLI's byte offsets and the
// MCP server's lint findings come from here, so both name the same byte.
class EventOrigins
{
public:
    // Call for every event, in seq order, with the loader's origin and the event's offset in its
    // response body.
    void note(qint64 seq, const EventOrigin &origin, qint64 streamOffset);

    // The byte in the file where event `seq` (at `eventStreamOffset` in its body) starts, or
    // where byte `streamByte` of that body is when `exact` (raw bodies: file offset == stream
    // offset); else the record's start. -1 when unknown.
    qint64 fileOffset(qint64 seq, qint64 eventStreamOffset, qint64 streamByte, bool exact) const;

private:
    struct Span
    {
        qint64 firstSeq = 0;
        EventOrigin origin; // of the span's first event
        qint64 streamOffset = -1; // of the span's first event
        bool decided = false; // a second event told how the span goes on:
        bool advancing = false; // file offsets advance with stream offsets (else: one record)
    };
    const Span *spanOf(qint64 seq) const;

    QList<Span> m_spans;
    qint64 m_count = 0;
};

// Raw bodies (.sse, .jsonl, protobuf): an event's offset in its stream is its offset in the file.
bool fileOffsetsAreExact(CaptureFormat format);

} // namespace agui
