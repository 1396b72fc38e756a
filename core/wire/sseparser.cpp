#include "core/wire/sseparser.h"

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
        if (issue.severity == WireSeverity::Error)
            return true;
    }
    return false;
}

SseParser::SseParser()
    : SseParser(Options {})
{ }

SseParser::SseParser(Options options)
    : m_options(options)
{ }

void SseParser::feed(QByteArrayView bytes)
{
    m_spans.clear();
    if (m_finished || bytes.isEmpty())
        return;
    m_bytesSeen += bytes.size();
    if (m_options.spans && atBlockBoundary()) {
        const qsizetype used = readSpans(bytes);
        m_pendingOffset += used;
        bytes = bytes.sliced(used);
        if (bytes.isEmpty())
            return;
    }
    m_pending.append(bytes.data(), bytes.size());
    scan(false);
}

// Reads "data:<value>\n\n" blocks straight from the fed bytes while they have exactly that shape;
// the first block that does not (more lines, a CR, another field, a bad byte, too long, cut by
// the chunk's end) and everything after it go through the general scanner.
qsizetype SseParser::readSpans(QByteArrayView bytes)
{
    const char *p = bytes.data();
    const qsizetype n = bytes.size();
    qsizetype pos = 0;
    while (n - pos > 6 && std::memcmp(p + pos, "data:", 5) == 0) {
        qsizetype value = pos + 5;
        if (p[value] == ' ')
            ++value;
        const void *hit = std::memchr(p + value, '\n', size_t(n - value));
        if (!hit)
            break;
        const qsizetype lf = static_cast<const char *>(hit) - p;
        if (lf + 1 >= n || p[lf + 1] != '\n' || lf - pos > m_options.maxLineBytes
            || std::memchr(p + pos, '\r', size_t(lf - pos))
            || firstInvalidUtf8(p + pos, lf - pos) >= 0)
            break;
        const qint64 absolute = m_pendingOffset + pos;
        m_spans.append(SseSpan {absolute, bytes.sliced(pos, lf + 2 - pos),
                                bytes.sliced(value, lf - value), absolute + (value - pos)});
        ++m_eventCount;
        m_streamEndings |= LineEnding::Lf;
        pos = lf + 2;
    }
    return pos;
}

void SseParser::finish()
{
    m_spans.clear();
    if (m_finished)
        return;
    scan(true);
    // Whatever is left is a last line without a line end: interpret it like the reference client
    // does (it parses the remaining buffer), then close the block as unterminated.
    if (!m_pending.isEmpty())
        processLine(0, m_pending.size(), 0, LineEnding {}, m_discardingLine);
    m_pendingOffset += m_pending.size();
    m_pending.clear();
    m_scanPos = 0;
    endBlock(false);
    m_finished = true;
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

void SseParser::scan(bool atEnd)
{
    if (!m_bomDecided) {
        // Only the first three bytes of the stream may be a BOM; wait until they are all here.
        const qsizetype n = std::min<qsizetype>(m_pending.size(), 3);
        const bool prefixMatches
            = QByteArrayView(m_pending.constData(), n) == QByteArrayView(kBom, n);
        if (prefixMatches && n < 3 && !atEnd)
            return;
        m_bomDecided = true;
        if (prefixMatches && n == 3) {
            m_bomLength = 3;
            m_pending.remove(0, 3);
            m_pendingOffset = 3;
            m_blockOffset = 3;
        }
    }

    const char *p = m_pending.constData();
    const qsizetype n = m_pending.size();
    qsizetype lineStart = 0;
    qsizetype i = m_scanPos;
    qsizetype holdAt = n; // where unconsumed bytes begin (a held CR, or the end)
    while (i < n) {
        const char c = p[i];
        if (c != '\n' && c != '\r') {
            ++i;
            continue;
        }
        qsizetype terminatorLength = 1;
        LineEnding ending = LineEnding::Lf;
        if (c == '\r') {
            if (i + 1 < n) {
                if (p[i + 1] == '\n') {
                    terminatorLength = 2;
                    ending = LineEnding::CrLf;
                } else {
                    ending = LineEnding::Cr;
                }
            } else if (!atEnd) {
                holdAt = i; // CR at the end of this chunk: CR or CRLF? The next byte decides.
                break;
            } else {
                ending = LineEnding::Cr;
            }
        }
        processLine(lineStart, i - lineStart, terminatorLength, ending, m_discardingLine);
        i += terminatorLength;
        lineStart = i;
    }

    // The unfinished line [lineStart, holdAt): past the limit it is set aside (bytes kept in the
    // block, not in m_pending), so an endless line cannot make us rescan or re-buffer it.
    const qsizetype partial = holdAt - lineStart;
    if (partial > 0 && (m_discardingLine || partial > m_options.maxLineBytes)) {
        const qint64 absolute = m_pendingOffset + lineStart;
        if (!m_blockOpen) {
            m_blockOpen = true;
            m_blockOffset = absolute;
        }
        if (!m_discardingLine) {
            m_discardingLine = true;
            m_blockHasOverlong = true;
            addIssue(WireIssueKind::LineTooLong, WireSeverity::Error, absolute,
                     QStringLiteral("SSE line starting at byte %1 is longer than the limit of %2 "
                                    "bytes; its bytes are kept but the line is not interpreted")
                         .arg(absolute)
                         .arg(m_options.maxLineBytes));
        }
        m_blockRaw.append(p + lineStart, partial);
        lineStart = holdAt;
    }

    m_pending.remove(0, lineStart);
    m_pendingOffset += lineStart;
    m_scanPos = i - lineStart;
}

void SseParser::processLine(qsizetype lineStart, qsizetype lineLength, qsizetype terminatorLength,
                            LineEnding ending, bool overlong)
{
    const qint64 absolute = m_pendingOffset + lineStart;
    if (!m_blockOpen) {
        m_blockOpen = true;
        m_blockOffset = absolute;
    }
    const char *line = m_pending.constData() + lineStart;
    m_blockRaw.append(line, lineLength + terminatorLength);
    if (terminatorLength > 0) {
        m_blockEndings |= ending;
        m_streamEndings |= ending;
    }

    if (overlong) {
        // The tail of a line already reported as too long: it ends here.
        m_discardingLine = false;
        return;
    }
    if (lineLength > m_options.maxLineBytes) {
        m_blockHasOverlong = true;
        addIssue(WireIssueKind::LineTooLong, WireSeverity::Error, absolute,
                 QStringLiteral("SSE line starting at byte %1 is longer than the limit of %2 "
                                "bytes; its bytes are kept but the line is not interpreted")
                     .arg(absolute)
                     .arg(m_options.maxLineBytes));
        return;
    }
    if (lineLength == 0) {
        if (terminatorLength > 0)
            endBlock(true);
        return;
    }
    const qsizetype bad = firstInvalidUtf8(line, lineLength);
    if (bad >= 0) {
        addIssue(WireIssueKind::InvalidUtf8, WireSeverity::Warning, absolute + bad,
                 QStringLiteral("invalid UTF-8 at byte %1 (the bytes are kept as received)")
                     .arg(absolute + bad));
    }
    processField(QByteArrayView(line, lineLength), absolute);
}

void SseParser::processField(QByteArrayView line, qint64 lineOffset)
{
    if (line.front() == ':') {
        m_comments.append(SseComment {lineOffset, line.sliced(1).toByteArray()});
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
        m_data.append(value.data(), value.size());
        m_data.append('\n');
        ++m_dataLines;
        // The value ends the line, so its start is the line's end minus its length.
        m_dataValueOffsets.append(lineOffset + line.size() - value.size());
    } else if (name == "event") {
        m_eventName = QString::fromUtf8(value);
    } else if (name == "id") {
        if (value.contains('\0')) {
            addIssue(WireIssueKind::IdContainsNul, WireSeverity::Warning, lineOffset,
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
            addIssue(WireIssueKind::InvalidRetry, WireSeverity::Warning, lineOffset,
                     QStringLiteral("SSE retry field at byte %1 is not a base-ten integer (\"%2\") "
                                    "and is ignored")
                         .arg(lineOffset)
                         .arg(QString::fromUtf8(value)));
        }
    } else {
        addIssue(WireIssueKind::UnknownField, WireSeverity::Info, lineOffset,
                 QStringLiteral("SSE field \"%1\" at byte %2 is not data/event/id/retry and is "
                                "ignored")
                     .arg(QString::fromUtf8(name))
                     .arg(lineOffset));
    }
}

void SseParser::endBlock(bool terminated)
{
    if (!m_blockOpen)
        return;
    if (!terminated) {
        const bool isEvent = m_dataLines > 0 || m_blockHasOverlong;
        addIssue(WireIssueKind::UnterminatedEvent,
                 isEvent ? WireSeverity::Warning : WireSeverity::Info, m_blockOffset,
                 QStringLiteral("the stream ended at byte %1 inside the SSE block starting at "
                                "byte %2 (no blank line after it)%3")
                     .arg(m_bytesSeen)
                     .arg(m_blockOffset)
                     .arg(isEvent
                              ? QStringLiteral("; reported anyway, as the AG-UI reference "
                                               "client parses it (the SSE standard discards it)")
                              : QString()));
    }
    if (m_dataLines > 0 || m_blockHasOverlong) {
        SseEvent e;
        e.data = std::move(m_data);
        if (m_dataLines > 0)
            e.data.chop(1); // the "\n" after the last data line
        e.eventName = m_eventName;
        e.lastEventId = m_lastEventId;
        e.hasIdField = m_blockHasId;
        e.retryMs = m_blockRetry;
        e.offset = m_blockOffset;
        e.length = m_blockRaw.size();
        e.raw = std::move(m_blockRaw);
        e.dataLineCount = m_dataLines;
        e.dataValueOffsets = std::move(m_dataValueOffsets);
        e.commentCount = m_blockComments;
        e.lineEndings = m_blockEndings;
        e.terminated = terminated;
        e.issues = std::move(m_blockIssues);
        m_events.append(std::move(e));
        ++m_eventCount;
    } else {
        SseKeepAlive k;
        k.offset = m_blockOffset;
        k.length = m_blockRaw.size();
        k.raw = std::move(m_blockRaw);
        k.commentCount = m_blockComments;
        k.lineEndings = m_blockEndings;
        k.terminated = terminated;
        k.issues = std::move(m_blockIssues);
        m_keepAlives.append(std::move(k));
        ++m_keepAliveCount;
    }
    resetBlock();
}

void SseParser::resetBlock()
{
    m_blockOpen = false;
    m_blockRaw = QByteArray();
    m_data = QByteArray();
    m_dataLines = 0;
    m_dataValueOffsets.clear();
    m_blockComments = 0;
    m_blockHasOverlong = false;
    m_blockHasId = false;
    m_eventName.clear();
    m_blockRetry.reset();
    m_blockEndings = {};
    m_blockIssues.clear();
}

void SseParser::addIssue(WireIssueKind kind, WireSeverity severity, qint64 offset,
                         const QString &message)
{
    m_blockIssues.append(WireIssue {kind, severity, offset, message});
}

} // namespace agui
