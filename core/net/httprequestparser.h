#pragma once

// The request side of HttpServer as a pure, incremental parser (no socket), so that the exact
// code `serve` runs on every byte a client sends can be fed bytes by tests and fuzzers.
//
// One request per connection: request line, headers (LF or CRLF line ends), then a body of
// Content-Length bytes. Refusals carry the HTTP status to answer and a message:
//   400 malformed request line / header line / Content-Length (also two different ones),
//       a control character in a header value, a target that is not an absolute path
//   411 Transfer-Encoding on a request (bodies by Content-Length only)
//   413 Content-Length over Limits::maxBodyBytes (decided before any body byte is read)
//   431 request line + headers over Limits::maxHeaderBytes
// Cost is linear in the input however it is split: the search for the end of the head resumes
// where the previous feed left it.

#include <QByteArray>
#include <QByteArrayView>
#include <QHostAddress>
#include <QList>
#include <QPair>
#include <QString>

#include <utility>

namespace agui::net {

struct HttpRequest
{
    QByteArray method; // as sent ("POST")
    QByteArray target; // request target as sent ("/agent?x=1")
    QString path; // target without the query, percent-decoded
    QByteArray version; // "HTTP/1.1"
    QList<QPair<QByteArray, QByteArray>> headers; // in order, names as sent
    QByteArray body;
    QHostAddress peer;

    // First value of a header (case-insensitive name), trimmed; empty if absent.
    QByteArray header(QByteArrayView name) const;
    bool hasHeader(QByteArrayView name) const;
};

class HttpRequestParser
{
public:
    struct Limits
    {
        qint64 maxHeaderBytes = 64 * 1024; // request line + headers
        qint64 maxBodyBytes = 8 * 1024 * 1024;
    };
    enum class State : quint8 {
        Head, // waiting for the end of the headers
        Body, // head parsed (request() has it), waiting for Content-Length bytes
        Complete, // request() is the whole request; later bytes are not read
        Failed, // errorStatus() / errorMessage() say why
    };

    explicit HttpRequestParser(const Limits &limits);

    // Consumes the next bytes of the connection (any split) and returns the new state.
    State feed(QByteArrayView bytes);

    State state() const { return m_state; }
    const HttpRequest &request() const { return m_request; } // head fields from State::Body on
    qint64 expectedBodyBytes() const { return m_expectedBody; }
    qint64 bufferedBytes() const { return m_buffer.size(); }
    // The client sent "Expect: 100-continue" and the body is not all here: answer
    // "100 Continue" before it sends the body (true once, right after the head).
    bool takeContinueRequest() { return std::exchange(m_wantsContinue, false); }
    int errorStatus() const { return m_errorStatus; }
    QString errorMessage() const { return m_errorMessage; }

private:
    void readHead();
    bool parseHead(const QByteArray &head);
    bool parseHeaderLines(const QList<QByteArray> &lines);
    bool readContentLength();
    void readBody();
    void fail(int status, const QString &message);

    Limits m_limits;
    State m_state = State::Head;
    QByteArray m_buffer;
    qsizetype m_scanFrom = 0; // where the search for the blank line resumes
    HttpRequest m_request;
    qint64 m_expectedBody = 0;
    bool m_wantsContinue = false;
    int m_errorStatus = 0;
    QString m_errorMessage;
};

} // namespace agui::net
