#include "core/wire/jsonlines.h"

#include "core/json/jsonparser.h"

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

bool blank(QByteArrayView bytes)
{
    for (const char c : bytes) {
        if (c != ' ' && c != '\t' && c != '\r')
            return false;
    }
    return true;
}

} // namespace

bool JsonLineSpan::isBlank() const
{
    return !overlong && blank(content);
}

bool JsonLine::isBlank() const
{
    return !overlong && blank(bytes);
}

JsonLineSplitter::JsonLineSplitter()
    : JsonLineSplitter(Options {})
{ }

JsonLineSplitter::JsonLineSplitter(Options options)
    : m_options(options)
{ }

void JsonLineSplitter::feed(QByteArrayView bytes)
{
    if (m_finished)
        return;
    m_spans.clear();
    m_assembled.clear();
    if (bytes.isEmpty())
        return;
    const qint64 chunkOffset = m_bytesSeen;
    m_bytesSeen += bytes.size();
    if (!m_bomDecided) {
        // Hold the first bytes until they tell whether the stream starts with a BOM.
        m_carry.append(bytes.data(), bytes.size());
        const qsizetype n = std::min<qsizetype>(m_carry.size(), 3);
        const bool prefixMatches
            = QByteArrayView(m_carry.constData(), n) == QByteArrayView(kBom, n);
        if (prefixMatches && n < 3)
            return;
        m_bomDecided = true;
        qint64 start = 0;
        if (prefixMatches) {
            m_bomLength = 3;
            start = 3;
        }
        m_assembled.append(std::exchange(m_carry, QByteArray()));
        m_carryOffset = 0;
        scan(QByteArrayView(m_assembled.last()).sliced(start), start);
    } else {
        scan(bytes, chunkOffset);
    }
    if (m_options.keepCopies)
        copySpans();
}

void JsonLineSplitter::finish()
{
    if (m_finished)
        return;
    m_spans.clear();
    m_assembled.clear();
    if (!m_bomDecided) {
        // A stream shorter than a BOM (or a BOM prefix that never completed) is content.
        m_bomDecided = true;
        m_assembled.append(std::exchange(m_carry, QByteArray()));
        m_carryOffset = 0;
        scan(QByteArrayView(m_assembled.last()), 0);
    }
    if (!m_carry.isEmpty()) {
        m_assembled.append(std::exchange(m_carry, QByteArray()));
        emitLine(QByteArrayView(m_assembled.last()), m_carryOffset, false);
    }
    m_finished = true;
    if (m_options.keepCopies)
        copySpans();
}

// Lines inside the chunk are reported as views of it; only a line cut by the chunk's end is
// copied (into m_carry) until a later chunk completes it.
void JsonLineSplitter::scan(QByteArrayView chunk, qint64 chunkOffset)
{
    const char *p = chunk.data();
    const qsizetype n = chunk.size();
    qsizetype pos = 0;
    if (!m_carry.isEmpty()) {
        const void *hit = std::memchr(p, '\n', size_t(n));
        if (!hit) {
            m_carry.append(p, n);
            return;
        }
        const qsizetype lf = static_cast<const char *>(hit) - p;
        m_carry.append(p, lf + 1);
        m_assembled.append(std::exchange(m_carry, QByteArray()));
        emitLine(QByteArrayView(m_assembled.last()), m_carryOffset, true);
        pos = lf + 1;
    }
    // One UTF-8 check of the whole chunk instead of one per line (a chunk boundary inside a
    // multi-byte character fails it: its lines are then checked one by one).
    const bool chunkIsUtf8 = json::isValidUtf8(chunk.sliced(pos));
    while (pos < n) {
        const void *hit = std::memchr(p + pos, '\n', size_t(n - pos));
        if (!hit)
            break;
        const qsizetype lf = static_cast<const char *>(hit) - p;
        emitLine(chunk.sliced(pos, lf - pos + 1), chunkOffset + pos, true, chunkIsUtf8);
        pos = lf + 1;
    }
    if (pos < n) {
        m_carry = chunk.sliced(pos).toByteArray();
        m_carryOffset = chunkOffset + pos;
    }
}

void JsonLineSplitter::emitLine(QByteArrayView raw, qint64 offset, bool terminated, bool knownUtf8)
{
    JsonLineSpan line;
    line.raw = raw;
    line.offset = offset;
    line.terminated = terminated;
    line.crlf = terminated && raw.endsWith("\r\n");
    const qsizetype contentSize = raw.size() - (terminated ? (line.crlf ? 2 : 1) : 0);
    if (contentSize > m_options.maxLineBytes) {
        line.overlong = true;
        line.issues.append(WireIssue {WireIssueKind::LineTooLong, Severity::Error, offset,
                                      tooLongMessage(offset, m_options.maxLineBytes)});
    } else {
        line.content = raw.first(contentSize);
        const qsizetype bad
            = knownUtf8 ? -1 : firstInvalidUtf8(line.content.data(), line.content.size());
        if (bad >= 0) {
            line.issues.append(WireIssue {
                WireIssueKind::InvalidUtf8, Severity::Warning, offset + bad,
                QStringLiteral("invalid UTF-8 at byte %1 (the bytes are kept as received)")
                    .arg(offset + bad)});
        }
    }
    if (!terminated) {
        line.issues.append(WireIssue {
            WireIssueKind::UnterminatedLine, Severity::Info, offset,
            QStringLiteral("the last line (starting at byte %1) has no line end").arg(offset)});
    }
    m_spans.append(std::move(line));
    ++m_lineCount;
}

void JsonLineSplitter::copySpans()
{
    for (const JsonLineSpan &s : std::as_const(m_spans)) {
        JsonLine line;
        line.raw = s.raw.toByteArray();
        line.bytes = s.content.toByteArray();
        line.offset = s.offset;
        line.length = s.raw.size();
        line.crlf = s.crlf;
        line.terminated = s.terminated;
        line.overlong = s.overlong;
        line.issues = s.issues;
        m_lines.append(std::move(line));
    }
}

QList<JsonLine> JsonLineSplitter::takeLines()
{
    return std::exchange(m_lines, {});
}

} // namespace agui
