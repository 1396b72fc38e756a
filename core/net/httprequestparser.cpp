#include "core/net/httprequestparser.h"

#include "core/net/httpsyntax.h"

#include <QUrl>

namespace agui::net {

namespace {

// RFC 9110 5.5: a field value holds no control character but HTAB (a bare CR or a NUL in a
// value is how header injection and request smuggling start).
bool hasControlCharacter(QByteArrayView value)
{
    for (const char c : value) {
        const auto u = uchar(c);
        if ((u < 0x20 && c != '\t') || u == 0x7f)
            return true;
    }
    return false;
}

} // namespace

QByteArray HttpRequest::header(QByteArrayView name) const
{
    for (const auto &[key, value] : headers)
        if (QByteArrayView(key).compare(name, Qt::CaseInsensitive) == 0)
            return value.trimmed();
    return {};
}

bool HttpRequest::hasHeader(QByteArrayView name) const
{
    for (const auto &h : headers)
        if (QByteArrayView(h.first).compare(name, Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

HttpRequestParser::HttpRequestParser(const Limits &limits)
    : m_limits(limits)
{ }

HttpRequestParser::State HttpRequestParser::feed(QByteArrayView bytes)
{
    if (m_state == State::Complete || m_state == State::Failed)
        return m_state; // one request per connection; anything after it is not read
    m_buffer.append(bytes);
    if (m_state == State::Head)
        readHead();
    if (m_state == State::Body)
        readBody();
    return m_state;
}

void HttpRequestParser::readHead()
{
    // The head ends at the first empty line: "\n\n" or "\n\r\n" (CRLF and bare LF both end lines).
    qsizetype end = -1;
    qsizetype sepLen = 0;
    const qsizetype lf = m_buffer.indexOf("\n\n", m_scanFrom);
    const qsizetype crlf = m_buffer.indexOf("\n\r\n", m_scanFrom);
    if (lf >= 0 && (crlf < 0 || lf < crlf)) {
        end = lf + 1;
        sepLen = 1;
    } else if (crlf >= 0) {
        end = crlf + 1;
        sepLen = 2;
    }
    // Without a blank line yet, the head ends at size() - 1 at the earliest (when "\r\n"
    // completes a "\n\r" at the buffer's end): refuse only once even that would be too long,
    // so that the verdict does not depend on how the bytes were split.
    if ((end < 0 && m_buffer.size() - 1 > m_limits.maxHeaderBytes)
        || end > m_limits.maxHeaderBytes) {
        fail(431,
             QStringLiteral("request line and headers exceed %1 bytes")
                 .arg(m_limits.maxHeaderBytes));
        return;
    }
    if (end < 0) {
        m_scanFrom = qMax<qsizetype>(0, m_buffer.size() - 2);
        return;
    }
    QByteArray head = m_buffer.left(end);
    m_buffer.remove(0, end + sepLen);
    if (!parseHead(head))
        return;
    m_state = State::Body;
    // curl sends "Expect: 100-continue" before larger bodies and waits for this (or a second)
    // before sending the body.
    m_wantsContinue = m_expectedBody > m_buffer.size()
        && m_request.header("Expect").compare("100-continue", Qt::CaseInsensitive) == 0;
}

bool HttpRequestParser::parseHead(const QByteArray &head)
{
    QList<QByteArray> lines = head.split('\n');
    lines.removeLast(); // head ends with its last line's '\n'
    for (QByteArray &line : lines)
        if (line.endsWith('\r'))
            line.chop(1);
    // Request line: METHOD SP target SP HTTP/x.y
    const QList<QByteArray> parts = lines.first().split(' ');
    if (parts.size() != 3 || !isHttpToken(parts.at(0)) || parts.at(1).isEmpty()
        || !parts.at(2).startsWith("HTTP/1.")) {
        fail(400,
             QStringLiteral("malformed request line \"%1\"")
                 .arg(QString::fromLatin1(lines.first().left(200))));
        return false;
    }
    m_request.method = parts.at(0);
    m_request.target = parts.at(1);
    m_request.version = parts.at(2);
    m_request.path = QUrl::fromPercentEncoding(m_request.target.split('?').first());
    if (!m_request.path.startsWith(u'/')) {
        fail(400, QStringLiteral("request target must be an absolute path"));
        return false;
    }
    return parseHeaderLines(lines) && readContentLength();
}

bool HttpRequestParser::parseHeaderLines(const QList<QByteArray> &lines)
{
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray &line = lines.at(i);
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0 || !isHttpToken(QByteArrayView(line).first(colon))) {
            fail(400, QStringLiteral("malformed header line %1").arg(i + 1));
            return false;
        }
        const QByteArray value = line.mid(colon + 1).trimmed();
        if (hasControlCharacter(value)) {
            fail(400, QStringLiteral("control character in header line %1").arg(i + 1));
            return false;
        }
        m_request.headers.append({line.left(colon), value});
    }
    if (m_request.hasHeader("Transfer-Encoding")) {
        fail(411,
             QStringLiteral("request bodies must be sent with Content-Length "
                            "(Transfer-Encoding is not supported)"));
        return false;
    }
    return true;
}

bool HttpRequestParser::readContentLength()
{
    m_expectedBody = 0;
    QByteArray text;
    bool seen = false;
    for (const auto &[name, value] : std::as_const(m_request.headers)) {
        if (QByteArrayView(name).compare("Content-Length", Qt::CaseInsensitive) != 0)
            continue;
        // RFC 9112 6.3: differing Content-Lengths make the body's end ambiguous.
        if (seen && value != text) {
            fail(400, QStringLiteral("two different Content-Length headers"));
            return false;
        }
        seen = true;
        text = value;
    }
    if (!seen)
        return true;
    bool ok = false;
    m_expectedBody = text.toLongLong(&ok);
    if (!ok || m_expectedBody < 0 || text.startsWith('+')) {
        fail(400,
             QStringLiteral("invalid Content-Length \"%1\"")
                 .arg(QString::fromLatin1(text.left(40))));
        return false;
    }
    if (m_expectedBody > m_limits.maxBodyBytes) {
        fail(413,
             QStringLiteral("request body of %1 bytes exceeds the limit of %2 bytes")
                 .arg(m_expectedBody)
                 .arg(m_limits.maxBodyBytes));
        return false;
    }
    return true;
}

void HttpRequestParser::readBody()
{
    if (m_buffer.size() < m_expectedBody)
        return;
    m_request.body = m_buffer.left(m_expectedBody);
    m_buffer.clear();
    m_buffer.squeeze();
    m_state = State::Complete;
}

void HttpRequestParser::fail(int status, const QString &message)
{
    m_state = State::Failed;
    m_errorStatus = status;
    m_errorMessage = message;
    m_buffer.clear();
    m_buffer.squeeze();
}

} // namespace agui::net
