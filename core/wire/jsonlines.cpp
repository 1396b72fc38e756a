#include "core/wire/jsonlines.h"

#include <cstring>

namespace agui {

namespace {

constexpr char kBom[] = {'\xEF', '\xBB', '\xBF'};

QString tooLongMessage(qint64 offset, qint64 limit)
{
    return QStringLiteral("JSON line starting at byte %1 is longer than the limit of %2 bytes; its "
                          "bytes are kept but the line is not interpreted")
        .arg(offset)
        .arg(limit);
}

} // namespace

bool JsonLine::isBlank() const
{
    if (overlong)
        return false;
    for (const char c : bytes) {
        if (c != ' ' && c != '\t' && c != '\r')
            return false;
    }
    return true;
}

JsonLineSplitter::JsonLineSplitter()
    : JsonLineSplitter(Options {})
{ }

JsonLineSplitter::JsonLineSplitter(Options options)
    : m_options(options)
{ }

void JsonLineSplitter::feed(QByteArrayView bytes)
{
    if (m_finished || bytes.isEmpty())
        return;
    m_bytesSeen += bytes.size();
    m_pending.append(bytes.data(), bytes.size());
    scan(false);
}

void JsonLineSplitter::finish()
{
    if (m_finished)
        return;
    scan(true);
    if (!m_pending.isEmpty() || m_overlong)
        emitLine(0, m_pending.size(), 0, false);
    m_pendingOffset += m_pending.size();
    m_pending.clear();
    m_scanPos = 0;
    m_finished = true;
}

QList<JsonLine> JsonLineSplitter::takeLines()
{
    return std::exchange(m_lines, {});
}

void JsonLineSplitter::scan(bool atEnd)
{
    if (!m_bomDecided) {
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
        }
    }

    const char *p = m_pending.constData();
    const qsizetype n = m_pending.size();
    qsizetype lineStart = 0;
    qsizetype i = m_scanPos;
    while (i < n) {
        const void *hit = std::memchr(p + i, '\n', size_t(n - i));
        if (!hit) {
            i = n;
            break;
        }
        const qsizetype lf = static_cast<const char *>(hit) - p;
        const bool crlf = lf > lineStart && p[lf - 1] == '\r';
        // In over-long mode the CR may already sit in m_overlongRaw: emitLine sorts that out.
        emitLine(lineStart, lf - lineStart - (crlf ? 1 : 0), crlf ? 2 : 1, true);
        i = lf + 1;
        lineStart = i;
    }

    // The unfinished line: a trailing CR may still become part of a CRLF, so it does not count
    // towards the limit until the stream ends.
    qsizetype partial = n - lineStart;
    const qsizetype content = (!atEnd && partial > 0 && p[n - 1] == '\r') ? partial - 1 : partial;
    if (partial > 0 && (m_overlong || content > m_options.maxLineBytes)) {
        if (!m_overlong) {
            m_overlong = true;
            m_overlongOffset = m_pendingOffset + lineStart;
        }
        m_overlongRaw.append(p + lineStart, partial);
        lineStart = n;
    }
    m_pending.remove(0, lineStart);
    m_pendingOffset += lineStart;
    m_scanPos = i - lineStart;
}

void JsonLineSplitter::emitLine(qsizetype start, qsizetype contentLength,
                                qsizetype terminatorLength, bool terminated)
{
    JsonLine line;
    const char *p = m_pending.constData() + start;
    const qint64 absolute = m_pendingOffset + start;
    // For an over-long line whose CR was set aside in the previous feed, the line end here is a
    // lone LF in m_pending: count it from the bytes actually kept.
    const qsizetype rawHere = contentLength + terminatorLength;
    if (m_overlong) {
        line.raw = std::exchange(m_overlongRaw, {});
        line.raw.append(p, rawHere);
        line.offset = m_overlongOffset;
        m_overlong = false;
    } else {
        line.raw = QByteArray(p, rawHere);
        line.offset = absolute;
    }
    line.length = line.raw.size();
    line.terminated = terminated;
    line.crlf = terminated && line.raw.endsWith("\r\n");
    const qsizetype contentSize = line.length - (terminated ? (line.crlf ? 2 : 1) : 0);

    if (contentSize > m_options.maxLineBytes) {
        line.overlong = true;
        line.issues.append(WireIssue {WireIssueKind::LineTooLong, WireSeverity::Error, line.offset,
                                      tooLongMessage(line.offset, m_options.maxLineBytes)});
    } else {
        line.bytes = line.raw.first(contentSize);
        const qsizetype bad = firstInvalidUtf8(line.bytes.constData(), line.bytes.size());
        if (bad >= 0) {
            line.issues.append(
                WireIssue {WireIssueKind::InvalidUtf8, WireSeverity::Warning, line.offset + bad,
                           QStringLiteral("invalid UTF-8 at byte %1 (the bytes are kept as "
                                          "received)")
                               .arg(line.offset + bad)});
        }
    }
    if (!terminated) {
        line.issues.append(
            WireIssue {WireIssueKind::UnterminatedLine, WireSeverity::Info, line.offset,
                       QStringLiteral("the last line (starting at byte %1) has no line end")
                           .arg(line.offset)});
    }
    m_lines.append(std::move(line));
    ++m_lineCount;
}

} // namespace agui
