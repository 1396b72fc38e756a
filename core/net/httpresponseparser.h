#pragma once

// The response side of the run client as a pure, incremental parser (no socket): status line,
// headers, then the body framed by Transfer-Encoding: chunked, Content-Length or the end of the
// connection (RFC 9112 section 6.3). Tests and fuzzers feed it bytes split anywhere; RunClient
// feeds it what the socket reads.
//
// Nothing received is lost: the body bytes come out of feed(), de-chunked; bytes that cannot be
// read as HTTP (a head that is not one, the rest of a body after a broken chunk-size line, bytes
// after the end of the body) come out of takeUnparsed(), and errorString() says what broke and at
// which byte of the response (errorOffset()). Memory is bounded: only a head (kMaxHeadBytes) and
// one chunk-size or trailer line (kMaxChunkLineBytes) are ever buffered; body bytes pass through.

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

#include <utility>

namespace agui::net {

class HttpResponseParser
{
public:
    static constexpr qint64 kMaxHeadBytes = 256 * 1024; // status lines + headers (1xx included)
    static constexpr qint64 kMaxChunkLineBytes = 4096; // a chunk-size line or a trailer line

    enum class State : quint8 {
        Head, // reading the status line and headers
        Body, // head() is complete; body bytes are coming out of feed()
        Done, // the body ended where its framing says
        Failed, // errorString() / errorOffset(); later bytes go to takeUnparsed()
    };
    enum class BodyFraming : quint8 { None, Chunked, Length, UntilClose };

    struct Head
    {
        QByteArray version; // "HTTP/1.1"
        int status = 0;
        QByteArray reason;
        QList<QPair<QByteArray, QByteArray>> headers; // in order, names as sent, values trimmed

        QByteArray header(QByteArrayView name) const; // first value, case-insensitive name
    };

    // The next bytes from the connection; returns the body bytes they complete, in order.
    QByteArray feed(const QByteArray &bytes);
    // The connection closed: Done when the body may end there, else Failed (saying where).
    void finish();

    State state() const { return m_state; }
    bool headComplete() const { return m_headDone; }
    const Head &head() const { return m_head; } // the final (non-1xx) head once headComplete()
    BodyFraming framing() const { return m_framing; }
    qint64 bytesSeen() const { return m_offset; } // raw response bytes consumed
    qint64 bodyBytes() const { return m_bodyBytes; } // body bytes handed out by feed()
    QString errorString() const { return m_error; }
    qint64 errorOffset() const { return m_errorOffset; } // byte of the response, -1 if none
    // Received bytes that are neither head nor de-chunked body (see above); handed over once.
    QByteArray takeUnparsed() { return std::exchange(m_unparsed, {}); }

private:
    enum class Step : quint8 {
        StatusLine,
        Headers,
        ChunkSize,
        ChunkData,
        ChunkDataEnd,
        Trailers,
        LengthBody,
        CloseBody,
        End,
        Error,
    };

    qsizetype readLine(const QByteArray &bytes, qsizetype pos);
    qsizetype readBody(const QByteArray &bytes, qsizetype pos, QByteArray &body);
    bool rejectsNonHttp();
    void handleLine(const QByteArray &line);
    void handleStatusLine(const QByteArray &line);
    void handleHeaderLine(const QByteArray &line);
    void endOfHead();
    void handleChunkSize(const QByteArray &line);
    void fail(const QString &message, qint64 offset, const QByteArray &keep);

    State m_state = State::Head;
    Step m_step = Step::StatusLine;
    BodyFraming m_framing = BodyFraming::None;
    Head m_head;
    bool m_headDone = false;
    QByteArray m_headRaw; // the head's bytes while it is read (kept if it fails)
    QByteArray m_line; // the line being read (without its end)
    QByteArray m_lineRaw; // the same line as received (with its end once complete)
    qint64 m_lineOffset = 0; // response offset of m_line[0]
    qint64 m_offset = 0;
    qint64 m_remaining = 0; // Content-Length or chunk bytes still to come
    qint64 m_bodyBytes = 0;
    QString m_error;
    qint64 m_errorOffset = -1;
    QByteArray m_unparsed;
};

} // namespace agui::net
