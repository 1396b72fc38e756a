#include "core/wire/sseparser.h"

#include "core/json/jsonparser.h"

#include <QStringList>

#include <cstring>

namespace agui {

namespace {

constexpr char kBom[] = {'\xEF', '\xBB', '\xBF'};

bool isAllAsciiDigits(QByteArrayView v)
{
    if (v.isEmpty())
        return false;
    for (const char c : v) {
        if (c < '0' || c > '9')
            return false;
    }
    return true;
}

// The first LF or CR at or after `from`, or -1. Without CRs in the range, one memchr.
qsizetype findLineEnd(const char *p, qsizetype from, qsizetype n, bool mayHaveCr)
{
    if (!mayHaveCr) {
        const void *hit = std::memchr(p + from, '\n', size_t(n - from));
        return hit ? static_cast<const char *>(hit) - p : -1;
    }
    for (qsizetype i = from; i < n; ++i) {
        if (p[i] == '\n' || p[i] == '\r')
            return i;
    }
    return -1;
}

QByteArrayView terminatorBytes(LineEnding ending)
{
    switch (ending) {
    case LineEnding::Lf:
        return "\n";
    case LineEnding::CrLf:
        return "\r\n";
    case LineEnding::Cr:
        break;
    }
    return "\r";
}

// Blocks keep their buffers' capacity from one to the next, up to this much.
constexpr qsizetype kKeepCapacity = 64 * 1024;

void setBuffer(QByteArray &buffer, QByteArrayView bytes)
{
    buffer.resize(0);
    buffer.append(bytes);
}

void resetBuffer(QByteArray &buffer)
{
    if (buffer.capacity() > kKeepCapacity)
        buffer = QByteArray();
    else
        buffer.resize(0);
}

} // namespace

QString lineEndingsName(LineEndings endings)
{
    QStringList parts;
    if (endings.testFlag(LineEnding::Lf))
        parts << QStringLiteral("lf");
    if (endings.testFlag(LineEnding::CrLf))
        parts << QStringLiteral("crlf");
    if (endings.testFlag(LineEnding::Cr))
        parts << QStringLiteral("cr");
    return parts.join(QLatin1Char('+'));
}

bool SseEvent::hasErrors() const
{
    for (const WireIssue &issue : issues) {
        if (issue.severity == Severity::Error)
            return true;
    }
    return false;
}

// One line as the block logic sees it: in place (a view of the chunk being scanned, its
// terminator right after it) or assembled from earlier chunks (m_lineCarry).
struct SseParser::Line
{
    QByteArrayView content; // without its terminator
    qint64 offset = 0; // absolute offset of the line's first byte
    LineEnding ending = LineEnding::Lf;
    int terminatorLength = 0; // 0: the stream ended on this line
    bool inPlace = false;
};

// Materialises what the parser reports, for takeEvents() & co.
class SseParser::Collector final : public SseBlockHandler
{
public:
    explicit Collector(SseParser &parser)
        : m_parser(parser)
    { }

    void block(const SseBlock &b) override
    {
        if (b.isEvent()) {
            SseEvent e;
            e.data = b.data.toByteArray();
            e.eventName = b.eventName;
            e.lastEventId = m_parser.m_lastEventId;
            e.hasIdField = b.hasIdField;
            e.retryMs = b.retryMs;
            e.offset = b.offset;
            e.length = b.raw.size();
            e.raw = b.raw.toByteArray();
            e.dataLineCount = b.dataLineCount;
            e.dataValueOffsets = *b.dataValueOffsets;
            e.commentCount = b.commentCount;
            e.lineEndings = b.lineEndings;
            e.terminated = b.terminated;
            e.issues = *b.issues;
            m_parser.m_events.append(std::move(e));
            return;
        }
        SseKeepAlive k;
        k.offset = b.offset;
        k.length = b.raw.size();
        k.raw = b.raw.toByteArray();
        k.commentCount = b.commentCount;
        k.lineEndings = b.lineEndings;
        k.terminated = b.terminated;
        k.issues = *b.issues;
        m_parser.m_keepAlives.append(std::move(k));
    }

    void comment(qint64 offset, QByteArrayView text) override
    {
        m_parser.m_comments.append(SseComment {offset, text.toByteArray()});
    }

private:
    SseParser &m_parser;
};

SseParser::SseParser()
    : SseParser(Options {})
{ }

SseParser::SseParser(Options options)
    : m_options(options)
{ }

void SseParser::feed(QByteArrayView bytes)
{
    Collector collector(*this);
    feed(bytes, collector);
}

void SseParser::finish()
{
    Collector collector(*this);
    finish(collector);
}

QList<SseEvent> SseParser::takeEvents()
{
    return std::exchange(m_events, {});
}

QList<SseKeepAlive> SseParser::takeKeepAlives()
{
    return std::exchange(m_keepAlives, {});
}

QList<SseComment> SseParser::takeComments()
{
    return std::exchange(m_comments, {});
}

void SseParser::feed(QByteArrayView bytes, SseBlockHandler &handler)
{
    if (m_finished || bytes.isEmpty())
        return;
    m_bytesSeen += bytes.size();
    if (m_bomDecided) {
        scan(bytes, m_bytesSeen - bytes.size(), false, handler);
        return;
    }
    // Only the first three bytes of the stream may be a BOM: wait until they are all here. Only
    // those are set aside; the rest of the chunk is read in place (copying a whole first chunk,
    // a megabyte when a file is read, cost a tenth of a small file's `stats`).
    const QByteArrayView taken = bytes.first(std::min<qsizetype>(3 - m_head.size(), bytes.size()));
    m_head.append(taken.data(), taken.size());
    if (m_head.size() < 3 && QByteArrayView(kBom, m_head.size()) == QByteArrayView(m_head))
        return;
    m_bomDecided = true;
    const QByteArray head = std::exchange(m_head, {});
    m_bomLength = QByteArrayView(head).startsWith(QByteArrayView(kBom, 3)) ? 3 : 0;
    scan(QByteArrayView(head).sliced(m_bomLength), m_bomLength, false, handler);
    const QByteArrayView rest = bytes.sliced(taken.size());
    if (!rest.isEmpty())
        scan(rest, m_bytesSeen - rest.size(), false, handler);
}

void SseParser::finish(SseBlockHandler &handler)
{
    if (m_finished)
        return;
    if (!m_bomDecided) {
        // Fewer than three bytes, all a BOM prefix: they are data.
        m_bomDecided = true;
        const QByteArray head = std::exchange(m_head, {});
        scan(head, 0, true, handler);
    } else {
        scan({}, m_bytesSeen, true, handler);
    }
    endBlock(false, nullptr, handler);
    m_finished = true;
}

// Everything the chunk completes. Lines inside it are read in place; the unfinished last line is
// carried (or, past the limit, set aside in the block's raw bytes); an open block copies what it
// has in place before the chunk goes away.
void SseParser::scan(QByteArrayView chunk, qint64 chunkOffset, bool atEnd, SseBlockHandler &handler)
{
    const char *p = chunk.data();
    const qsizetype n = chunk.size();
    m_chunkIsUtf8 = json::isValidUtf8(chunk);
    qsizetype pos = 0;
    if (m_heldCr || m_discardingLine || !m_lineCarry.isEmpty())
        carryIntoLine(chunk, pos, atEnd, handler);

    const bool mayHaveCr = pos < n && std::memchr(p + pos, '\r', size_t(n - pos)) != nullptr;
    while (pos < n) {
        const qsizetype e = findLineEnd(p, pos, n, mayHaveCr);
        if (e < 0)
            break;
        Line line;
        line.content = QByteArrayView(p + pos, e - pos);
        line.offset = chunkOffset + pos;
        line.inPlace = true;
        line.terminatorLength = 1;
        if (p[e] == '\r') {
            if (e + 1 < n) {
                line.ending = p[e + 1] == '\n' ? LineEnding::CrLf : LineEnding::Cr;
                line.terminatorLength = p[e + 1] == '\n' ? 2 : 1;
            } else if (atEnd) {
                line.ending = LineEnding::Cr;
            } else {
                break; // CR or CRLF? The next chunk decides: carried below with the CR held.
            }
        }
        processLine(line, handler);
        pos = e + line.terminatorLength;
    }
    keepOpenBlock(p + pos);

    if (pos == n)
        return;
    const QByteArrayView rest = chunk.sliced(pos);
    const qint64 restOffset = chunkOffset + pos;
    if (atEnd) {
        // A last line without a line end: interpreted like the reference client does.
        Line line;
        line.content = rest;
        line.offset = restOffset;
        processLine(line, handler);
        keepOpenBlock(p + n);
        return;
    }
    const bool heldCr = rest.back() == '\r' && !m_discardingLine;
    const QByteArrayView content = heldCr ? rest.chopped(1) : rest;
    if (content.size() > m_options.maxLineBytes) {
        setAside(content, restOffset);
        m_heldCr = heldCr;
        return;
    }
    setBuffer(m_lineCarry, content);
    m_lineCarryOffset = restOffset;
    m_heldCr = heldCr;
}

// Completes the line that an earlier chunk left unfinished (or skips the rest of an over-long
// one); pos ends at the first byte of the chunk after it.
void SseParser::carryIntoLine(QByteArrayView chunk, qsizetype &pos, bool atEnd,
                              SseBlockHandler &handler)
{
    const char *p = chunk.data();
    const qsizetype n = chunk.size();
    if (m_heldCr) {
        const bool crlf = n > 0 && p[0] == '\n';
        const LineEnding ending = crlf ? LineEnding::CrLf : LineEnding::Cr;
        pos = crlf ? 1 : 0;
        m_heldCr = false;
        if (m_discardingLine) {
            m_discardingLine = false;
            m_blockRaw.append(terminatorBytes(ending));
            m_blockEndings |= ending;
            m_streamEndings |= ending;
            return;
        }
        Line line;
        line.content = m_lineCarry;
        line.offset = m_lineCarryOffset;
        line.ending = ending;
        line.terminatorLength = crlf ? 2 : 1;
        processLine(line, handler);
        resetBuffer(m_lineCarry);
        return;
    }

    const qsizetype e = findLineEnd(p, 0, n, true);
    const bool crAtEnd = e >= 0 && e == n - 1 && p[e] == '\r' && !atEnd;
    if (m_discardingLine) {
        if (e < 0 || crAtEnd) {
            m_blockRaw.append(chunk.first(e < 0 ? n : e));
            m_heldCr = crAtEnd;
            m_discardingLine = !(e < 0 && atEnd);
            pos = n;
            return;
        }
        const bool crlf = p[e] == '\r' && e + 1 < n && p[e + 1] == '\n';
        const LineEnding ending = p[e] == '\n' ? LineEnding::Lf
            : crlf                             ? LineEnding::CrLf
                                               : LineEnding::Cr;
        pos = e + (crlf ? 2 : 1);
        m_blockRaw.append(chunk.first(pos));
        m_blockEndings |= ending;
        m_streamEndings |= ending;
        m_discardingLine = false;
        return;
    }

    if (e < 0 && !atEnd) {
        m_lineCarry.append(chunk);
        pos = n;
        if (m_lineCarry.size() > m_options.maxLineBytes) {
            const QByteArray line = std::exchange(m_lineCarry, {});
            setAside(line, m_lineCarryOffset);
        }
        return;
    }
    if (crAtEnd) {
        m_lineCarry.append(chunk.first(e));
        m_heldCr = true;
        pos = n;
        if (m_lineCarry.size() > m_options.maxLineBytes) {
            const QByteArray line = std::exchange(m_lineCarry, {});
            setAside(line, m_lineCarryOffset);
            m_heldCr = true;
        }
        return;
    }
    Line line;
    line.offset = m_lineCarryOffset;
    if (e < 0) {
        m_lineCarry.append(chunk); // atEnd: the stream's last line, without a line end
        pos = n;
    } else {
        m_lineCarry.append(chunk.first(e));
        const bool crlf = p[e] == '\r' && e + 1 < n && p[e + 1] == '\n';
        line.ending = p[e] == '\n' ? LineEnding::Lf : crlf ? LineEnding::CrLf : LineEnding::Cr;
        line.terminatorLength = crlf ? 2 : 1;
        pos = e + line.terminatorLength;
    }
    line.content = m_lineCarry;
    processLine(line, handler);
    resetBuffer(m_lineCarry);
}

// An unfinished line past the limit: its bytes go to the block (kept, never interpreted) and the
// rest of it is skipped up to its line end, so an endless line is neither rescanned nor buffered
// twice.
void SseParser::setAside(QByteArrayView bytes, qint64 lineOffset)
{
    if (!m_blockOpen)
        openBlock(lineOffset, nullptr);
    reportOverlong(lineOffset);
    m_blockHasOverlong = true;
    m_blockRaw.append(bytes);
    m_discardingLine = true;
}

void SseParser::processLine(const Line &line, SseBlockHandler &handler)
{
    if (!m_blockOpen)
        openBlock(line.offset, line.inPlace ? line.content.data() : nullptr);
    if (!m_blockStart) {
        m_blockRaw.append(line.content);
        if (line.terminatorLength > 0)
            m_blockRaw.append(terminatorBytes(line.ending));
    }
    if (line.terminatorLength > 0) {
        m_blockEndings |= line.ending;
        m_streamEndings |= line.ending;
    }
    if (line.content.size() > m_options.maxLineBytes) {
        m_blockHasOverlong = true;
        reportOverlong(line.offset);
        return;
    }
    if (line.content.isEmpty()) {
        if (line.terminatorLength > 0)
            endBlock(true, line.content.data() + line.terminatorLength, handler);
        return;
    }
    if (!(line.inPlace && m_chunkIsUtf8)) {
        const qsizetype bad = firstInvalidUtf8(line.content.data(), line.content.size());
        if (bad >= 0)
            addIssue(WireIssueKind::InvalidUtf8, Severity::Warning, line.offset + bad,
                     QStringLiteral("invalid UTF-8 at byte %1 (the bytes are kept as received)")
                         .arg(line.offset + bad));
    }
    processField(line.content, line.offset, line.inPlace, handler);
}

void SseParser::processField(QByteArrayView line, qint64 lineOffset, bool inPlace,
                             SseBlockHandler &handler)
{
    if (line.front() == ':') {
        handler.comment(lineOffset, line.sliced(1));
        ++m_blockComments;
        ++m_commentCount;
        return;
    }
    const qsizetype colon = line.indexOf(':');
    const QByteArrayView name = colon < 0 ? line : line.first(colon);
    QByteArrayView value = colon < 0 ? QByteArrayView() : line.sliced(colon + 1);
    if (!value.isEmpty() && value.front() == ' ')
        value = value.sliced(1);

    if (name == "data") {
        // The one data line of a block that lies in the chunk is kept as a view; a second line
        // (or one from an earlier chunk) makes the joined copy.
        if (m_dataLines == 0 && inPlace && m_blockStart) {
            m_dataView = value;
            m_dataInPlace = true;
        } else {
            if (m_dataInPlace) {
                setBuffer(m_data, m_dataView);
                m_dataInPlace = false;
            }
            if (m_dataLines > 0)
                m_data.append('\n');
            m_data.append(value);
        }
        ++m_dataLines;
        // The value ends the line, so its start is the line's end minus its length.
        m_dataValueOffsets.append(lineOffset + line.size() - value.size());
    } else if (name == "event") {
        m_eventName = QString::fromUtf8(value);
    } else if (name == "id") {
        if (value.contains('\0')) {
            addIssue(WireIssueKind::IdContainsNul, Severity::Warning, lineOffset,
                     QStringLiteral("SSE id field at byte %1 contains NUL and is ignored")
                         .arg(lineOffset));
        } else {
            m_lastEventId = QString::fromUtf8(value);
            m_blockHasId = true;
        }
    } else if (name == "retry") {
        bool ok = isAllAsciiDigits(value);
        qint64 ms = 0;
        if (ok)
            ms = value.toLongLong(&ok, 10); // fails only on overflow
        if (ok) {
            m_retryMs = ms;
            m_blockRetry = ms;
        } else {
            addIssue(WireIssueKind::InvalidRetry, Severity::Warning, lineOffset,
                     QStringLiteral("SSE retry field at byte %1 is not a base-ten integer (\"%2\") "
                                    "and is ignored")
                         .arg(lineOffset)
                         .arg(QString::fromUtf8(value)));
        }
    } else {
        addIssue(WireIssueKind::UnknownField, Severity::Info, lineOffset,
                 QStringLiteral("SSE field \"%1\" at byte %2 is not data/event/id/retry and is "
                                "ignored")
                     .arg(QString::fromUtf8(name))
                     .arg(lineOffset));
    }
}

void SseParser::openBlock(qint64 offset, const char *inPlaceStart)
{
    m_blockOpen = true;
    m_blockOffset = offset;
    m_blockStart = inPlaceStart;
}

// The chunk is about to go away: an open block keeps a copy of what it has in place.
void SseParser::keepOpenBlock(const char *consumedEnd)
{
    if (!m_blockOpen)
        return;
    if (m_blockStart) {
        setBuffer(m_blockRaw, QByteArrayView(m_blockStart, consumedEnd - m_blockStart));
        m_blockStart = nullptr;
    }
    if (m_dataInPlace) {
        setBuffer(m_data, m_dataView);
        m_dataInPlace = false;
    }
}

void SseParser::endBlock(bool terminated, const char *inPlaceEnd, SseBlockHandler &handler)
{
    if (!m_blockOpen)
        return;
    const bool isEvent = m_dataLines > 0 || m_blockHasOverlong;
    if (!terminated) {
        addIssue(WireIssueKind::UnterminatedEvent, isEvent ? Severity::Warning : Severity::Info,
                 m_blockOffset,
                 QStringLiteral("the stream ended at byte %1 inside the SSE block starting at "
                                "byte %2 (no blank line after it)%3")
                     .arg(m_bytesSeen)
                     .arg(m_blockOffset)
                     .arg(isEvent
                              ? QStringLiteral("; reported anyway, as the AG-UI reference "
                                               "client parses it (the SSE standard discards it)")
                              : QString()));
    }
    SseBlock b;
    b.offset = m_blockOffset;
    b.raw = m_blockStart ? QByteArrayView(m_blockStart, inPlaceEnd - m_blockStart)
                         : QByteArrayView(m_blockRaw);
    b.data = m_dataInPlace ? m_dataView : QByteArrayView(m_data);
    b.dataLineCount = m_dataLines;
    b.dataValueOffsets = &m_dataValueOffsets;
    b.eventName = m_eventName;
    b.hasIdField = m_blockHasId;
    b.retryMs = m_blockRetry;
    b.commentCount = m_blockComments;
    b.lineEndings = m_blockEndings;
    b.terminated = terminated;
    b.overlong = m_blockHasOverlong;
    b.issues = &m_blockIssues;
    if (isEvent)
        ++m_eventCount;
    else
        ++m_keepAliveCount;
    handler.block(b);
    resetBlock();
}

void SseParser::resetBlock()
{
    m_blockOpen = false;
    m_blockStart = nullptr;
    resetBuffer(m_blockRaw);
    resetBuffer(m_data);
    m_dataInPlace = false;
    m_dataLines = 0;
    m_dataValueOffsets.clear();
    m_blockComments = 0;
    m_blockHasOverlong = false;
    m_blockHasId = false;
    if (!m_eventName.isEmpty())
        m_eventName.clear();
    m_blockRetry.reset();
    m_blockEndings = {};
    if (!m_blockIssues.isEmpty())
        m_blockIssues.clear();
}

void SseParser::reportOverlong(qint64 lineOffset)
{
    addIssue(WireIssueKind::LineTooLong, Severity::Error, lineOffset,
             QStringLiteral("SSE line starting at byte %1 is longer than the limit of %2 bytes; "
                            "its bytes are kept but the line is not interpreted")
                 .arg(lineOffset)
                 .arg(m_options.maxLineBytes));
}

void SseParser::addIssue(WireIssueKind kind, Severity severity, qint64 offset,
                         const QString &message)
{
    m_blockIssues.append(WireIssue {kind, severity, offset, message});
}

} // namespace agui
