#include "core/capture/eventorigins.h"

#include <algorithm>

namespace agui {

void EventOrigins::note(qint64 seq, const EventOrigin &origin, qint64 streamOffset)
{
    m_count = std::max(m_count, seq + 1);
    if (!m_spans.isEmpty() && m_spans.last().origin.runIndex == origin.runIndex) {
        Span &last = m_spans.last();
        const qint64 advanced = last.origin.sourceOffset + (streamOffset - last.streamOffset);
        const bool sameRecord = origin.sourceOffset == last.origin.sourceOffset;
        const bool follows = last.origin.sourceOffset >= 0 && origin.sourceOffset == advanced;
        if (!last.decided && (sameRecord || follows)) {
            last.decided = true;
            last.advancing = follows && !sameRecord;
            return;
        }
        if (last.decided && (last.advancing ? follows : sameRecord))
            return;
    }
    m_spans.append(Span {seq, origin, streamOffset, false, false});
}

const EventOrigins::Span *EventOrigins::spanOf(qint64 seq) const
{
    const auto it = std::upper_bound(m_spans.cbegin(), m_spans.cend(), seq,
                                     [](qint64 s, const Span &span) { return s < span.firstSeq; });
    return it == m_spans.cbegin() ? nullptr : &*std::prev(it);
}

qint64 EventOrigins::fileOffset(qint64 seq, qint64 eventStreamOffset, qint64 streamByte,
                                bool exact) const
{
    const Span *span = seq >= 0 && seq < m_count ? spanOf(seq) : nullptr;
    if (!span || span->origin.sourceOffset < 0)
        return -1;
    const qint64 eventStart = span->advancing && eventStreamOffset >= 0
        ? span->origin.sourceOffset + (eventStreamOffset - span->streamOffset)
        : span->origin.sourceOffset;
    if (exact && streamByte >= 0 && eventStreamOffset >= 0 && streamByte >= eventStreamOffset)
        return eventStart + (streamByte - eventStreamOffset);
    return eventStart;
}

bool fileOffsetsAreExact(CaptureFormat format)
{
    return format == CaptureFormat::Sse || format == CaptureFormat::JsonLines
        || format == CaptureFormat::Protobuf;
}

} // namespace agui
