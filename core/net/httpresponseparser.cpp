#include "core/net/httpresponseparser.h"

#include "core/net/httpsyntax.h"

#include <algorithm>
#include <cctype>

namespace agui::net {

namespace {

QString quoted(QByteArrayView bytes)
{
    return u'"' + QString::fromLatin1(bytes.first(qMin<qsizetype>(bytes.size(), 80))) + u'"';
}

// The message for a response that does not start with "HTTP/": its bytes up to the first one
// that differs (the same however the bytes were split).
QString describeNonHttp(QByteArrayView start)
{
    QString text = QStringLiteral("not an HTTP response: it starts with bytes %1")
                       .arg(QString::fromLatin1(start.toByteArray().toHex(' ')));
    // A TLS record (0x15 alert, 0x16 handshake): a TLS server answered our plain HTTP.
    if (start.front() == 0x15 || start.front() == 0x16)
        text += QStringLiteral(" (a TLS record? the server may expect https://)");
    return text;
}

} // namespace

QByteArray HttpResponseParser::Head::header(QByteArrayView name) const
{
    for (const auto &[key, value] : headers)
        if (QByteArrayView(key).compare(name, Qt::CaseInsensitive) == 0)
            return value;
    return {};
}

QByteArray HttpResponseParser::feed(const QByteArray &bytes)
{
    QByteArray body;
    qsizetype pos = 0;
    while (pos < bytes.size()) {
        switch (m_step) {
        case Step::StatusLine:
        case Step::Headers:
        case Step::ChunkSize:
        case Step::ChunkDataEnd:
        case Step::Trailers:
            pos = readLine(bytes, pos);
            break;
        case Step::ChunkData:
        case Step::LengthBody:
        case Step::CloseBody:
            pos = readBody(bytes, pos, body);
            break;
        case Step::End:
            fail(QStringLiteral("bytes after the end of the response body (from byte %1)")
                     .arg(m_offset),
                 m_offset, {});
            break;
        case Step::Error:
            m_unparsed += QByteArrayView(bytes).sliced(pos);
            m_offset += bytes.size() - pos;
            pos = bytes.size();
            break;
        }
    }
    return body;
}

qsizetype HttpResponseParser::readLine(const QByteArray &bytes, qsizetype pos)
{
    const qsizetype newline = bytes.indexOf('\n', pos);
    const qsizetype end = newline < 0 ? bytes.size() : newline + 1;
    const QByteArrayView piece = QByteArrayView(bytes).sliced(pos, end - pos);
    const bool inHead = m_step == Step::StatusLine || m_step == Step::Headers;
    if (m_lineRaw.isEmpty())
        m_lineOffset = m_offset;
    m_lineRaw += piece;
    m_offset += piece.size();
    if (inHead) {
        m_headRaw += piece;
        if (m_step == Step::StatusLine && rejectsNonHttp())
            return end;
        if (m_headRaw.size() > kMaxHeadBytes) {
            fail(QStringLiteral("the response head exceeds %1 bytes").arg(kMaxHeadBytes),
                 m_lineOffset, m_headRaw);
            return end;
        }
    } else if (m_lineRaw.size() > kMaxChunkLineBytes) {
        fail(QStringLiteral("a line of the chunked body exceeds %1 bytes (at byte %2)")
                 .arg(kMaxChunkLineBytes)
                 .arg(m_lineOffset),
             m_lineOffset, m_lineRaw);
        return end;
    }
    if (newline < 0)
        return end;
    QByteArray line = m_lineRaw;
    line.chop(1);
    if (line.endsWith('\r'))
        line.chop(1);
    handleLine(line);
    m_lineRaw.clear();
    return end;
}

qsizetype HttpResponseParser::readBody(const QByteArray &bytes, qsizetype pos, QByteArray &body)
{
    const qsizetype available = bytes.size() - pos;
    const qsizetype take
        = m_step == Step::CloseBody ? available : qsizetype(qMin<qint64>(available, m_remaining));
    if (body.isEmpty() && pos == 0 && take == bytes.size())
        body = bytes; // the common case: the whole read is body (shared, not copied)
    else
        body += QByteArrayView(bytes).sliced(pos, take);
    m_offset += take;
    m_bodyBytes += take;
    if (m_step == Step::CloseBody)
        return pos + take;
    m_remaining -= take;
    if (m_remaining == 0) {
        if (m_step == Step::ChunkData) {
            m_step = Step::ChunkDataEnd;
        } else {
            m_step = Step::End;
            m_state = State::Done;
        }
    }
    return pos + take;
}

bool HttpResponseParser::rejectsNonHttp()
{
    static constexpr QByteArrayView prefix("HTTP/");
    const qsizetype n = qMin(m_lineRaw.size(), prefix.size());
    for (qsizetype i = 0; i < n; ++i) {
        if (m_lineRaw.at(i) != prefix[i]) {
            fail(describeNonHttp(QByteArrayView(m_lineRaw).first(i + 1)), m_lineOffset + i,
                 m_headRaw);
            return true;
        }
    }
    return false;
}

void HttpResponseParser::handleLine(const QByteArray &line)
{
    switch (m_step) {
    case Step::StatusLine:
        handleStatusLine(line);
        return;
    case Step::Headers:
        handleHeaderLine(line);
        return;
    case Step::ChunkSize:
        handleChunkSize(line);
        return;
    case Step::ChunkDataEnd:
        if (!line.isEmpty()) {
            fail(QStringLiteral("a chunk is longer than its chunk-size line said (at byte %1)")
                     .arg(m_lineOffset),
                 m_lineOffset, m_lineRaw);
            return;
        }
        m_step = Step::ChunkSize;
        return;
    case Step::Trailers:
        if (line.isEmpty()) { // trailer fields are read past, not kept
            m_step = Step::End;
            m_state = State::Done;
        }
        return;
    default:
        return;
    }
}

void HttpResponseParser::handleStatusLine(const QByteArray &line)
{
    // HTTP-version SP 3DIGIT SP reason-phrase (the reason may be empty, its space too).
    const qsizetype space = line.indexOf(' ');
    const QByteArray version = line.left(space);
    const QByteArray code = space < 0 ? QByteArray() : line.mid(space + 1, 3);
    const bool codeOk = code.size() == 3
        && std::all_of(code.begin(), code.end(), [](char c) { return c >= '0' && c <= '9'; });
    const qsizetype after = space + 4;
    if (space < 0 || !codeOk || (line.size() > after && line.at(after) != ' ')) {
        fail(QStringLiteral("malformed status line %1").arg(quoted(line)), m_lineOffset, m_headRaw);
        return;
    }
    if (version != "HTTP/1.1" && version != "HTTP/1.0") {
        fail(QStringLiteral("unsupported HTTP version %1").arg(quoted(version)), m_lineOffset,
             m_headRaw);
        return;
    }
    m_head = Head {};
    m_head.version = version;
    m_head.status = code.toInt();
    m_head.reason = line.mid(after + 1);
    m_step = Step::Headers;
}

void HttpResponseParser::handleHeaderLine(const QByteArray &line)
{
    if (line.isEmpty()) {
        endOfHead();
        return;
    }
    if (line.startsWith(' ') || line.startsWith('\t')) {
        // obs-fold (RFC 9112 5.2): a user agent replaces it with a space.
        if (m_head.headers.isEmpty()) {
            fail(QStringLiteral("a folded header line with no header before it (at byte %1)")
                     .arg(m_lineOffset),
                 m_lineOffset, m_headRaw);
            return;
        }
        QByteArray &value = m_head.headers.last().second;
        value = QByteArray(value + ' ' + line.trimmed()).trimmed();
        return;
    }
    const qsizetype colon = line.indexOf(':');
    if (colon <= 0 || !isHttpToken(QByteArrayView(line).first(colon))) {
        fail(QStringLiteral("malformed header line %1 (at byte %2)")
                 .arg(quoted(line))
                 .arg(m_lineOffset),
             m_lineOffset, m_headRaw);
        return;
    }
    m_head.headers.append({line.left(colon), line.mid(colon + 1).trimmed()});
}

void HttpResponseParser::endOfHead()
{
    if (m_head.status >= 100 && m_head.status < 200 && m_head.status != 101) {
        m_step = Step::StatusLine; // an interim response: the final one follows
        return;
    }
    m_headDone = true;
    m_state = State::Body;
    m_headRaw.clear();
    m_headRaw.squeeze();
    if (m_head.status == 204 || m_head.status == 304) {
        m_step = Step::End;
        m_state = State::Done;
        return;
    }
    const QByteArray codings = m_head.header("Transfer-Encoding").toLower();
    if (!codings.isEmpty()) {
        // Chunked when it is the final coding; any other coding runs to the connection's end.
        const bool chunked = codings.split(',').last().trimmed() == "chunked";
        m_framing = chunked ? BodyFraming::Chunked : BodyFraming::UntilClose;
        m_step = chunked ? Step::ChunkSize : Step::CloseBody;
        return;
    }
    QByteArray length;
    bool seen = false;
    for (const auto &[name, value] : std::as_const(m_head.headers)) {
        if (QByteArrayView(name).compare("Content-Length", Qt::CaseInsensitive) != 0)
            continue;
        if (seen && value != length) {
            fail(QStringLiteral("two different Content-Length headers"), m_offset, {});
            return;
        }
        seen = true;
        length = value;
    }
    if (!seen) {
        m_framing = BodyFraming::UntilClose;
        m_step = Step::CloseBody;
        return;
    }
    bool ok = !length.isEmpty()
        && std::all_of(length.begin(), length.end(), [](char c) { return c >= '0' && c <= '9'; });
    m_remaining = ok ? length.toLongLong(&ok) : 0;
    if (!ok) {
        fail(QStringLiteral("invalid Content-Length %1").arg(quoted(length)), m_offset, {});
        return;
    }
    m_framing = BodyFraming::Length;
    m_step = m_remaining > 0 ? Step::LengthBody : Step::End;
    if (m_remaining == 0)
        m_state = State::Done;
}

void HttpResponseParser::handleChunkSize(const QByteArray &line)
{
    // chunk-size [ chunk-ext ] CRLF; whitespace before the extensions is tolerated.
    const qsizetype semicolon = line.indexOf(';');
    const QByteArray size = (semicolon < 0 ? line : line.left(semicolon)).trimmed();
    bool ok = !size.isEmpty() && size.size() <= 15
        && std::all_of(size.begin(), size.end(), [](char c) { return std::isxdigit(uchar(c)); });
    const qint64 value = ok ? size.toLongLong(&ok, 16) : 0;
    if (!ok) {
        fail(QStringLiteral("bad chunk size %1 (at byte %2)").arg(quoted(line)).arg(m_lineOffset),
             m_lineOffset, m_lineRaw);
        return;
    }
    m_remaining = value;
    m_step = value == 0 ? Step::Trailers : Step::ChunkData;
}

void HttpResponseParser::finish()
{
    switch (m_step) {
    case Step::StatusLine:
    case Step::Headers:
        fail(m_offset == 0 ? QStringLiteral("the server closed the connection without a response")
                           : QStringLiteral("the connection closed inside the response head "
                                            "(%1 bytes received)")
                                 .arg(m_offset),
             m_offset, m_headRaw);
        return;
    case Step::CloseBody:
        m_step = Step::End;
        m_state = State::Done;
        return;
    case Step::LengthBody:
        fail(QStringLiteral("the connection closed after %1 of %2 body bytes (Content-Length)")
                 .arg(m_bodyBytes)
                 .arg(m_bodyBytes + m_remaining),
             m_offset, {});
        return;
    case Step::ChunkSize:
    case Step::ChunkData:
    case Step::ChunkDataEnd:
    case Step::Trailers:
        fail(QStringLiteral("the connection closed inside the chunked body, before its last "
                            "chunk (after %1 body bytes)")
                 .arg(m_bodyBytes),
             m_offset, m_lineRaw);
        return;
    case Step::End:
    case Step::Error:
        return;
    }
}

void HttpResponseParser::fail(const QString &message, qint64 offset, const QByteArray &keep)
{
    m_state = State::Failed;
    m_step = Step::Error;
    m_error = message;
    m_errorOffset = offset;
    m_unparsed += keep;
    m_headRaw.clear();
    m_lineRaw.clear();
}

} // namespace agui::net
