#pragma once

// One HTTP/1.1 request and its response over a socket of our own (QTcpSocket, or QSslSocket for
// https): the run client's transport. Why not QNetworkAccessManager: it parses the response
// where we cannot see it, so bytes it refuses (a broken chunk-size line, a head that is not
// HTTP) never reach the capture, its limits are not ours, and its parser cannot be fuzzed. Here
// every byte read goes through HttpResponseParser and out of received(), in order.
//
// The request is sent with "Connection: close" (one exchange per connection) and a
// Content-Length. Header names and values are checked before anything is sent: a line break or
// another control character in a value would let a header inject others. The socket's read
// buffer is bounded (kReadBufferBytes): a peer faster than we decode waits in TCP flow control
// instead of filling memory.

#include "core/capture/capture.h"
#include "core/net/httpresponseparser.h"

#include <QAbstractSocket>
#include <QByteArray>
#include <QObject>
#include <QUrl>

#include <memory>

class QTcpSocket;

namespace agui::net {

class HttpExchange : public QObject
{
    Q_OBJECT

public:
    // Also what one readyRead hands on: a live window decodes one piece per event-loop turn, and
    // 256 KiB of SSE (about 2,500 events) decodes in about 20 ms, so it repaints in between. At
    // 1 MiB each piece held the GUI thread for 80 ms (the live flood's stalls).
    static constexpr qint64 kReadBufferBytes = 256 * 1024;

    explicit HttpExchange(QObject *parent = nullptr);
    ~HttpExchange() override;

    // Why these headers cannot be sent as given ("" when they can).
    static QString checkHeaders(const HttpHeaders &headers);
    // The request head as it is written (request line, Host unless given, the headers,
    // Content-Length, Connection: close, blank line).
    static QByteArray requestHead(const QUrl &url, const QByteArray &method,
                                  const HttpHeaders &headers, qint64 bodyBytes);

    // Connects and sends. Problems (a bad URL or header, no TLS support) are reported through
    // finished() from the event loop, like network errors.
    void start(const QUrl &url, const QByteArray &method, const HttpHeaders &headers,
               const QByteArray &body);
    // Closes the connection; nothing more is signalled.
    void abort();
    // While paused nothing more is read: the bounded read buffer fills and TCP flow control
    // slows the server down (a proxy whose front end reads slower than the agent writes).
    void setPaused(bool paused);
    bool isActive() const { return m_active; }

    const HttpResponseParser &response() const { return m_parser; }

Q_SIGNALS:
    void headReceived(); // response().head() is the final head
    // Every byte read, once, in order: body bytes (de-chunked) and bytes that are not HTTP
    // (see HttpResponseParser::takeUnparsed), whether or not the head came first.
    void received(const QByteArray &bytes);
    // The exchange is over: error is empty when the body ended as its framing says.
    void finished(const QString &error);

private:
    void onConnected();
    void onReadyRead();
    void onSocketError(QAbstractSocket::SocketError error);
    void consume(const QByteArray &bytes);
    void end(const QString &error);
    void endLater(const QString &error);
    QString describeSocketError(QAbstractSocket::SocketError error) const;

    std::unique_ptr<QTcpSocket> m_socket;
    HttpResponseParser m_parser;
    QUrl m_url;
    QByteArray m_request;
    quint64 m_generation = 0; // one per start()
    bool m_tls = false;
    bool m_active = false;
    bool m_headSignalled = false;
    bool m_paused = false;
};

} // namespace agui::net
