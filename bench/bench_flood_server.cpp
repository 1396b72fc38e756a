// A loopback AG-UI endpoint that floods: every POST is answered with FILE (an SSE body, e.g.
// from bench_gen) as text/event-stream, written as fast as the client reads it, so the live
// benchmark measures the inspector, not a paced agent. Prints its URL on the first line of
// standard output and serves until killed.
//
//   bench_flood_server FILE [--port P]     (P = 0, the default, picks a free port)

#include <QCoreApplication>
#include <QFile>
#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTextStream>

#include <cstdio>
#include <memory>

namespace {

constexpr qint64 kChunk = 64 * 1024;
constexpr qint64 kHighWater = 1024 * 1024; // bytes queued in the socket before we wait

// One connection: read the request (head, then Content-Length bytes), then stream the body.
class Connection : public QObject
{
public:
    Connection(QTcpSocket *socket, const QByteArray &body)
        : m_socket(socket)
        , m_body(body)
    {
        socket->setParent(this);
        connect(socket, &QTcpSocket::readyRead, this, &Connection::onRead);
        connect(socket, &QTcpSocket::bytesWritten, this, &Connection::fill);
        connect(socket, &QTcpSocket::disconnected, this, &QObject::deleteLater);
    }

private:
    void onRead()
    {
        m_request += m_socket->readAll();
        if (m_streaming)
            return;
        const qsizetype headEnd = m_request.indexOf("\r\n\r\n");
        if (headEnd < 0)
            return;
        qint64 length = 0;
        for (const QByteArray &line : m_request.left(headEnd).split('\n')) {
            if (line.toLower().startsWith("content-length:"))
                length = line.mid(15).trimmed().toLongLong();
        }
        if (m_request.size() < headEnd + 4 + length)
            return;
        m_streaming = true;
        m_socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                        "Cache-Control: no-cache\r\nConnection: close\r\n\r\n");
        fill();
    }

    void fill()
    {
        if (!m_streaming)
            return;
        while (m_at < m_body.size() && m_socket->bytesToWrite() < kHighWater) {
            const qint64 n = std::min(kChunk, qint64(m_body.size()) - m_at);
            m_socket->write(m_body.constData() + m_at, n);
            m_at += n;
        }
        if (m_at >= m_body.size() && m_socket->bytesToWrite() == 0)
            m_socket->disconnectFromHost();
    }

    QTcpSocket *m_socket;
    const QByteArray &m_body;
    QByteArray m_request;
    bool m_streaming = false;
    qint64 m_at = 0;
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const qsizetype portAt = args.indexOf(QStringLiteral("--port"));
    const quint16 port = portAt > 0 ? quint16(args.value(portAt + 1).toUInt()) : 0;
    if (args.size() < 2 || args[1].startsWith(QLatin1Char('-'))) {
        std::fputs("usage: bench_flood_server FILE [--port P]\n", stderr);
        return 2;
    }
    QFile file(args[1]);
    if (!file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "bench_flood_server: cannot read %s\n", qPrintable(args[1]));
        return 2;
    }
    const QByteArray body = file.readAll();
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost, port)) {
        std::fprintf(stderr, "bench_flood_server: %s\n", qPrintable(server.errorString()));
        return 2;
    }
    QObject::connect(&server, &QTcpServer::newConnection, &server, [&] {
        while (QTcpSocket *socket = server.nextPendingConnection())
            new Connection(socket, body);
    });
    QTextStream(stdout) << "http://127.0.0.1:" << server.serverPort() << "/\n" << Qt::flush;
    return app.exec();
}
