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

// One block of the stream: the lines from the first line after the previous block up to and
// including the blank line that ends it. Blocks partition the stream: they cover
// [bomLength(), bytesSeen()) without gap or overlap. Everything in it is a view, valid during the
// SseBlockHandler call only: into the bytes just fed when the block lies inside them (the common
// case: nothing is copied), else into the parser's own buffers.
struct SseBlock
{
    qint64 offset = 0; // absolute byte offset of the block's first line
    QByteArrayView raw; // exactly the bytes [offset, offset + raw.size())
    QByteArrayView data; // data lines' values joined with "\n" (bytes as received, not decoded)
    int dataLineCount = 0; // 0: a keep-alive (comments, fields without data, a stray blank line)
    // Absolute stream offset of each data line's value (after "data:" and its optional space): the
    // i-th "\n"-separated piece of data starts there. Maps an offset inside data (a JSON parse
    // error) back onto the stream.
    const QList<qint64> *dataValueOffsets = nullptr;
    QString eventName; // value of the last "event" field in the block; "" if none (SSE: "message")
    bool hasIdField = false; // this block carried an accepted "id" field
    std::optional<qint64> retryMs; // valid "retry" field of this block, if any
    int commentCount = 0; // ':' lines inside this block
    LineEndings lineEndings; // terminators used inside this block (including the blank line)
    bool terminated = true; // false: the stream ended before the block's blank line (finish())
    bool overlong = false; // a line of it was over the limit (LineTooLong): not interpreted
    const WireIssues *issues = nullptr; // problems inside this block, offsets absolute

    // Dispatched as an event: it has data, or an over-long line (so the bytes surface as an
    // invalid event rather than vanish into a keep-alive).
    bool isEvent() const { return dataLineCount > 0 || overlong; }
};

// Receives the parser's results in stream order, during feed()/finish().
class SseBlockHandler
{
public:
    virtual ~SseBlockHandler() = default;
    virtual void block(const SseBlock &block) = 0;
    // One comment line (":" + text), wherever it appears; offset of the ':'. Before the block
    // that contains it.
    virtual void comment(qint64 offset, QByteArrayView text)
    {
        Q_UNUSED(offset);
        Q_UNUSED(text);
    }
};

// Materialised results (tests, tools): the same blocks with their own copies of the bytes.
struct SseEvent
{
    QByteArray data;
    QString eventName;
    QString lastEventId; // the stream's last-event-id buffer at dispatch (persists across events)
    bool hasIdField = false;
    std::optional<qint64> retryMs;
    qint64 offset = 0;
    qint64 length = 0; // block length in bytes, including the terminating blank line
    QByteArray raw;
    int dataLineCount = 0; // 0 only for a block with a LineTooLong issue
    QList<qint64> dataValueOffsets;
    int commentCount = 0;
    LineEndings lineEndings;
    bool terminated = true;
    WireIssues issues;

    bool hasErrors() const;
};

struct SseKeepAlive
{
    qint64 offset = 0;
    qint64 length = 0;
    QByteArray raw;
    int commentCount = 0;
    LineEndings lineEndings;
    bool terminated = true; // false: the last, unfinished block at finish()
    WireIssues issues;
};

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
//  - a blank line ends the block: a block with at least one data line is an event (the final
//    "\n" of the data buffer removed), any other block is a keep-alive.
//
// Deviations / additions (documented on purpose):
//  - End of stream: WHATWG discards an event whose blank line never arrived; the AG-UI reference
//    client still parses it. finish() therefore reports such a block as an event with
//    terminated == false and an UnterminatedEvent warning issue (a final line without any line end
//    is interpreted as a line first). A final data-less block becomes an unterminated keep-alive.
//  - A line longer than Options::maxLineBytes (terminator excluded) is an error
//    (LineTooLong, offset = the line's first byte): the line is not interpreted, its bytes stay in
//    the block's raw, and parsing resumes at the next line end. A block holding such a line is
//    always reported as an event (even without data lines) so the bytes surface as an invalid
//    event. Memory for that line still grows with its size (we keep every byte).
//  - Invalid UTF-8 in a line: bytes kept unchanged in data/raw, an InvalidUtf8 warning names the
//    offset of the first bad byte; event name/id are decoded with U+FFFD replacement.
//
// Cost: each byte is looked at once by a line-end search (memchr) and once by a UTF-8 check of
// the whole chunk; a block that lies inside the chunk it completes in is never copied.
class SseParser
{
public:
    struct Options
    {
        qint64 maxLineBytes = 16 * 1024 * 1024;
    };

    SseParser();
    explicit SseParser(Options options);

    // Feeds the next bytes of the stream (any split); the blocks they complete go to handler.
    // Ignored after finish().
    void feed(QByteArrayView bytes, SseBlockHandler &handler);
    // End of stream: settles a held CR / BOM prefix, reports the unfinished block (see above).
    void finish(SseBlockHandler &handler);

    // The same, collecting materialised results for take*() (tests, tools).
    void feed(QByteArrayView bytes);
    void finish();
    QList<SseEvent> takeEvents();
    QList<SseKeepAlive> takeKeepAlives();
    QList<SseComment> takeComments();

    bool isFinished() const { return m_finished; }
    qint64 bytesSeen() const { return m_bytesSeen; } // total fed, including the BOM
    qint64 bomLength() const { return m_bomLength; } // 3 if a BOM was skipped at the start, else 0
    LineEndings lineEndingsSeen() const { return m_streamEndings; } // over the whole stream so far
    qint64 eventCount() const { return m_eventCount; } // event blocks produced so far
    qint64 keepAliveCount() const { return m_keepAliveCount; } // keep-alive blocks so far
    qint64 commentCount() const { return m_commentCount; }
    QString lastEventId() const { return m_lastEventId; }
    std::optional<qint64> reconnectionTimeMs() const { return m_retryMs; } // last valid retry

private:
    class Collector;
    struct Line;
    void scan(QByteArrayView chunk, qint64 chunkOffset, bool atEnd, SseBlockHandler &handler);
    void carryIntoLine(QByteArrayView chunk, qsizetype &pos, bool atEnd, SseBlockHandler &handler);
    void processLine(const Line &line, SseBlockHandler &handler);
    void processField(QByteArrayView line, qint64 lineOffset, bool inPlace,
                      SseBlockHandler &handler);
    void openBlock(qint64 offset, const char *inPlaceStart);
    void setAside(QByteArrayView bytes, qint64 lineOffset);
    void keepOpenBlock(const char *chunkEnd);
    void endBlock(bool terminated, const char *inPlaceEnd, SseBlockHandler &handler);
    void resetBlock();
    void reportOverlong(qint64 lineOffset);
    void addIssue(WireIssueKind kind, Severity severity, qint64 offset, const QString &message);

    Options m_options;
    qint64 m_bytesSeen = 0;
    qint64 m_bomLength = 0;
    bool m_bomDecided = false;
    bool m_finished = false;
    QByteArray m_head; // the first bytes while a BOM is still possible

    // The unfinished line from earlier feeds (never past the limit) and where it starts.
    QByteArray m_lineCarry;
    qint64 m_lineCarryOffset = 0;
    bool m_heldCr = false; // m_lineCarry's line ended in a CR: CR or CRLF? The next byte decides.
    bool m_discardingLine = false; // inside an over-long line: skip to its line end
    bool m_chunkIsUtf8 = false; // the chunk being scanned is valid UTF-8 as a whole

    // Current block. Its raw bytes are a view of the chunk being scanned (m_blockStart) while it
    // lies inside it, and m_blockRaw (a copy) once it spans chunks; the same for its data.
    bool m_blockOpen = false;
    qint64 m_blockOffset = 0;
    const char *m_blockStart = nullptr;
    QByteArray m_blockRaw;
    QByteArrayView m_dataView; // the one data line's value, in place
    bool m_dataInPlace = false;
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

    QList<SseEvent> m_events;
    QList<SseKeepAlive> m_keepAlives;
    QList<SseComment> m_comments;
};

} // namespace agui
