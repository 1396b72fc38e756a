#pragma once

#include "core/wire/wireissue.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QFlags>
#include <QList>
#include <QString>

#include <optional>

namespace agui {

// Line terminators seen (a set: a stream can mix them). The AG-UI reference client
// (@ag-ui/client parseSSEStream) splits frames on "\n\n" only, so CRLF or CR framing, while valid
// SSE, breaks it: callers lint on these flags.
enum class LineEnding : quint8 {
    Lf = 0x1,
    CrLf = 0x2,
    Cr = 0x4,
};
Q_DECLARE_FLAGS(LineEndings, LineEnding)
Q_DECLARE_OPERATORS_FOR_FLAGS(LineEndings)

// "lf", "crlf", "cr", joined with '+' for mixed sets ("lf+crlf"); "" for none.
QString lineEndingsName(LineEndings endings);

// One event block: the lines from the first line after the previous block up to and including
// the blank line that ends it. Blocks partition the stream: the blocks of all SseEvents and
// SseKeepAlives, ordered by offset, cover [bomLength(), bytesSeen()) without gap or overlap.
struct SseEvent
{
    QByteArray data; // data lines' values joined with "\n" (bytes as received, not decoded)
    QString eventName; // value of the last "event" field in the block; "" if none (SSE: "message")
    QString lastEventId; // the stream's last-event-id buffer at dispatch (persists across events)
    bool hasIdField = false; // this block carried an accepted "id" field
    std::optional<qint64> retryMs; // valid "retry" field of this block, if any
    qint64 offset = 0; // absolute byte offset of the block's first line
    qint64 length = 0; // block length in bytes, including the terminating blank line
    QByteArray raw; // exactly the bytes [offset, offset + length)
    int dataLineCount = 0; // number of "data" fields (0 only for a block with a LineTooLong issue)
    // Absolute stream offset of each data line's value (after "data:" and its optional space), one
    // per data line: the i-th "\n"-separated piece of data starts there. Lets a caller map an
    // offset inside data (e.g. a JSON parse error) back onto the stream.
    QList<qint64> dataValueOffsets;
    int commentCount = 0; // ':' lines inside this block (also reported by takeComments())
    LineEndings lineEndings; // terminators used inside this block (including the blank line)
    // false: the stream ended before the block's blank line (see SseParser::finish()).
    bool terminated = true;
    WireIssues issues; // problems inside this block, offsets absolute

    bool hasErrors() const;
};

// A block that is not dispatched because it has no data line: keep-alives / heartbeats (comment
// lines, or fields without data, or a stray blank line). Reported so that every byte is accounted
// for and heartbeats can be counted.
struct SseKeepAlive
{
    qint64 offset = 0;
    qint64 length = 0;
    QByteArray raw; // bytes [offset, offset + length)
    int commentCount = 0;
    LineEndings lineEndings;
    bool terminated = true; // false: the last, unfinished block at finish()
    WireIssues issues;
};

// A block of the commonest shape — one "data:" line then the blank line, LF line ends, valid
// UTF-8, nothing pending before it — read without copying when Options::spans is on: views of
// the bytes just fed, valid until the next feed()/finish(). It is an SseEvent in every other
// respect (one data line, event name "message", no id or retry, no issues).
struct SseSpan
{
    qint64 offset = 0; // absolute offset of the block's first byte
    QByteArrayView raw; // the block, its blank line included
    QByteArrayView data; // the data line's value
    qint64 dataOffset = 0; // absolute offset of data[0]
};

// One comment line (":" + text), wherever it appears (inside an event block or a keep-alive).
struct SseComment
{
    qint64 offset = 0; // absolute offset of the ':'
    QByteArray text; // the bytes after ':' up to the line end (no space stripping)
};

// Incremental parser for text/event-stream bodies following the WHATWG HTML "Interpreting an event
// stream" rules (section 9.2.6):
//  - line ends: LF, CRLF, CR; a CR at the end of one feed() followed by LF at the start of the next
//    is ONE line end (a trailing CR is held until the next byte or finish() decides);
//  - one UTF-8 BOM is skipped at the very start of the stream only (elsewhere it is data);
//  - "field:value" with one leading space of the value removed; a line without ':' is a field
//    name with an empty value; lines starting with ':' are comments;
//  - data: appended to the data buffer + "\n"; event: sets the event name; id: sets the
//    last-event-id buffer unless the value contains U+0000; retry: ASCII digits only, else
//    ignored (InvalidRetry issue); other field names are ignored (UnknownField, info);
//  - a blank line ends the block: a block with at least one data line is an SseEvent (the final
//    "\n" of the data buffer removed), any other block is an SseKeepAlive.
//
// Deviations / additions (documented on purpose):
//  - End of stream: WHATWG discards an event whose blank line never arrived; the AG-UI reference
//    client still parses it. finish() therefore reports such a block as an SseEvent with
//    terminated == false and an UnterminatedEvent warning issue (a final line without any line end
//    is interpreted as a line first). A final data-less block becomes an unterminated SseKeepAlive.
//  - A line longer than Options::maxLineBytes (terminator excluded) is an error
//    (LineTooLong, offset = the line's first byte): the line is not interpreted, its bytes stay in
//    the block's raw, and parsing resumes at the next line end. A block holding such a line is
//    always reported as an SseEvent (even without data lines) so the bytes surface as an invalid
//    event. Memory for that line still grows with its size (we keep every byte).
//  - Invalid UTF-8 in a line: bytes kept unchanged in data/raw, an InvalidUtf8 warning names the
//    offset of the first bad byte; event name/id are decoded with U+FFFD replacement.
//
// Cost is linear in the input: each byte is scanned once (a scan position is kept across feeds).
// Typical use:
//    SseParser p; for (chunk : chunks) { p.feed(chunk); for (auto &e : p.takeEvents()) ... }
//    p.finish(); for (auto &e : p.takeEvents()) ...
class SseParser
{
public:
    struct Options
    {
        qint64 maxLineBytes = 16 * 1024 * 1024;
        // Report the commonest blocks as SseSpans (views, see spans()) instead of SseEvents.
        bool spans = false;
    };

    SseParser();
    explicit SseParser(Options options);

    // Feeds the next bytes of the stream (any split). Ignored after finish().
    void feed(QByteArrayView bytes);
    // End of stream: settles a held CR / BOM prefix, reports the unfinished block (see above).
    void finish();

    // With Options::spans: the simple blocks the last feed() read, ahead of its other results.
    const QList<SseSpan> &spans() const { return m_spans; }
    // Results produced so far, in stream order within each list; each call hands them over once.
    QList<SseEvent> takeEvents();
    QList<SseKeepAlive> takeKeepAlives();
    QList<SseComment> takeComments();

    bool isFinished() const { return m_finished; }
    qint64 bytesSeen() const { return m_bytesSeen; } // total fed, including the BOM
    qint64 bomLength() const { return m_bomLength; } // 3 if a BOM was skipped at the start, else 0
    LineEndings lineEndingsSeen() const { return m_streamEndings; } // over the whole stream so far
    qint64 eventCount() const { return m_eventCount; } // SseEvents produced so far
    qint64 keepAliveCount() const { return m_keepAliveCount; } // SseKeepAlives produced so far
    qint64 commentCount() const { return m_commentCount; }
    QString lastEventId() const { return m_lastEventId; }
    std::optional<qint64> reconnectionTimeMs() const { return m_retryMs; } // last valid retry

private:
    // Nothing is pending: the next byte starts a block.
    bool atBlockBoundary() const
    {
        return m_bomDecided && m_pending.isEmpty() && !m_blockOpen && !m_discardingLine;
    }
    qsizetype readSpans(QByteArrayView bytes); // how many bytes it consumed
    void scan(bool atEnd);
    void processLine(qsizetype lineStart, qsizetype lineLength, qsizetype terminatorLength,
                     LineEnding ending, bool overlong);
    void processField(QByteArrayView line, qint64 lineOffset);
    void endBlock(bool terminated);
    void resetBlock();
    void addIssue(WireIssueKind kind, WireSeverity severity, qint64 offset, const QString &message);

    Options m_options;
    QByteArray m_pending; // bytes not yet consumed as complete lines
    qsizetype m_scanPos = 0; // where the search for a line end resumes in m_pending
    qint64 m_pendingOffset = 0; // absolute offset of m_pending[0]
    qint64 m_bytesSeen = 0;
    qint64 m_bomLength = 0;
    bool m_bomDecided = false;
    bool m_finished = false;
    bool m_discardingLine = false; // inside an over-long line: skip to its line end

    // Current block.
    bool m_blockOpen = false;
    QByteArray m_blockRaw;
    qint64 m_blockOffset = 0;
    QByteArray m_data;
    int m_dataLines = 0;
    QList<qint64> m_dataValueOffsets;
    int m_blockComments = 0;
    bool m_blockHasOverlong = false;
    bool m_blockHasId = false;
    QString m_eventName;
    std::optional<qint64> m_blockRetry;
    LineEndings m_blockEndings;
    WireIssues m_blockIssues;

    // Stream state.
    QString m_lastEventId;
    std::optional<qint64> m_retryMs;
    LineEndings m_streamEndings;
    qint64 m_eventCount = 0;
    qint64 m_keepAliveCount = 0;
    qint64 m_commentCount = 0;

    QList<SseSpan> m_spans;
    QList<SseEvent> m_events;
    QList<SseKeepAlive> m_keepAlives;
    QList<SseComment> m_comments;
};

} // namespace agui
