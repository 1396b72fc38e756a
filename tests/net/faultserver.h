#pragma once

// A misbehaving HTTP server for the fault tests: a bare QTcpServer on 127.0.0.1 that answers
// each connection by playing a script of raw byte steps (head, body pieces, pauses, drips,
// generated megabytes, a close or an abort, or silence), whatever the request said. It keeps a
// SHA-256 and a count of the body bytes it meant the client to receive (Send steps marked as
// body, de-chunked), so a test can compare them with the capture without holding 100 MiB twice.
// Large sends follow the socket's progress (a few MiB queued at most), so the server's own
// memory stays bounded too.

#include <QCryptographicHash>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

#include <functional>
#include <memory>

struct FaultStep
{
    enum class Kind {
        Send, // bytes, at once
        Drip, // bytes, one byte per event-loop turn (pauseMs apart)
        Repeat, // bytes, count times (large bodies), paced by the socket
        Pause, // pauseMs of silence
        Close, // close after what is queued (FIN)
        Abort, // reset the connection at once (RST)
        Stall, // stay open and silent until the client leaves
    };
    Kind kind = Kind::Send;
    QByteArray bytes;
    qint64 count = 1;
    int pauseMs = 0;
    bool body = true; // these bytes are response body (false: head or chunk framing)

    static FaultStep head(const QByteArray &head) { return {Kind::Send, head, 1, 0, false}; }
    static FaultStep send(const QByteArray &bytes) { return {Kind::Send, bytes, 1, 0, true}; }
    static FaultStep framing(const QByteArray &bytes) { return {Kind::Send, bytes, 1, 0, false}; }
    static FaultStep drip(const QByteArray &bytes, int pauseMs = 0)
    {
        return {Kind::Drip, bytes, 1, pauseMs, true};
    }
    static FaultStep repeat(const QByteArray &bytes, qint64 count)
    {
        return {Kind::Repeat, bytes, count, 0, true};
    }
    static FaultStep pause(int ms) { return {Kind::Pause, {}, 1, ms, false}; }
    static FaultStep close() { return {Kind::Close, {}, 1, 0, false}; }
    static FaultStep abort() { return {Kind::Abort, {}, 1, 0, false}; }
    static FaultStep stall() { return {Kind::Stall, {}, 1, 0, false}; }
};

using FaultScript = QList<FaultStep>;

// Heads the tests use.
inline QByteArray faultHead(int status, const QByteArray &contentType,
                            const QByteArray &extra = "Connection: close\r\n")
{
    return "HTTP/1.1 " + QByteArray::number(status) + " Status\r\nContent-Type: " + contentType
        + "\r\n" + extra + "\r\n";
}
inline QByteArray sseHead()
{
    return faultHead(200, "text/event-stream");
}

class FaultServer : public QObject
{
public:
    FaultServer()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection())
                serve(socket);
        });
        m_server.listen(QHostAddress::LocalHost);
    }

    QUrl url(const QString &path = QStringLiteral("/agent")) const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path));
    }
    quint16 port() const { return m_server.serverPort(); }

    // The sockets (children of m_server) are destroyed with it, after this object's members
    // began to go: their last signals must not reach this object (found by UBSan).
    ~FaultServer() override
    {
        for (QTcpSocket *socket : m_server.findChildren<QTcpSocket *>())
            socket->disconnect(this);
    }

    void setScript(const FaultScript &script) { m_script = script; }
    // Answer as soon as any bytes arrive (a plain server reading a TLS ClientHello), not after a
    // request head.
    void setAnswerAnyBytes(bool any) { m_answerAny = any; }

    QByteArray request() const { return m_request; } // the last request received
    qint64 bodyBytesSent() const { return m_bodyBytes; }
    QByteArray bodySha256() const { return m_hash.result(); }
    bool finished() const { return m_finished; } // the script ran to its end
    bool clientLeft() const { return m_clientLeft; }
    int connections() const { return m_connections; }

private:
    void serve(QTcpSocket *socket)
    {
        ++m_connections;
        m_request.clear();
        m_hash.reset();
        m_bodyBytes = 0;
        m_finished = false;
        m_clientLeft = false;
        m_socket = socket;
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            if (socket == m_socket && !m_finished)
                m_clientLeft = true;
            socket->deleteLater();
        });
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] {
            const bool started
                = m_answerAny ? !m_request.isEmpty() : m_request.contains("\r\n\r\n");
            m_request += socket->readAll();
            const bool ready = m_answerAny ? !m_request.isEmpty() : m_request.contains("\r\n\r\n");
            if (!started && ready)
                QTimer::singleShot(0, this, [this] { play(0); }); // body or not: answer now
        });
    }

    void account(const FaultStep &step, QByteArrayView bytes)
    {
        if (!step.body)
            return;
        m_hash.addData(bytes);
        m_bodyBytes += bytes.size();
    }

    void play(qsizetype index)
    {
        QTcpSocket *socket = m_socket;
        if (!socket || socket->state() != QAbstractSocket::ConnectedState)
            return;
        if (index >= m_script.size()) {
            m_finished = true;
            socket->disconnectFromHost();
            return;
        }
        const FaultStep &step = m_script.at(index);
        switch (step.kind) {
        case FaultStep::Kind::Send:
            socket->write(step.bytes);
            account(step, step.bytes);
            QTimer::singleShot(0, this, [this, index] { play(index + 1); });
            return;
        case FaultStep::Kind::Drip:
            drip(index, 0);
            return;
        case FaultStep::Kind::Repeat:
            repeat(index, 0);
            return;
        case FaultStep::Kind::Pause:
            QTimer::singleShot(step.pauseMs, this, [this, index] { play(index + 1); });
            return;
        case FaultStep::Kind::Close:
            m_finished = true;
            socket->disconnectFromHost();
            return;
        case FaultStep::Kind::Abort:
            m_finished = true;
            socket->abort();
            return;
        case FaultStep::Kind::Stall:
            m_finished = true;
            return;
        }
    }

    void drip(qsizetype index, qsizetype at)
    {
        const FaultStep &step = m_script.at(index);
        if (!m_socket || m_socket->state() != QAbstractSocket::ConnectedState)
            return;
        if (at >= step.bytes.size()) {
            play(index + 1);
            return;
        }
        const QByteArray one = step.bytes.mid(at, 1);
        m_socket->write(one);
        m_socket->flush();
        account(step, one);
        QTimer::singleShot(step.pauseMs, this, [this, index, at] { drip(index, at + 1); });
    }

    // Writes step.bytes count times, keeping at most a few MiB queued in the socket.
    void repeat(qsizetype index, qint64 done)
    {
        const FaultStep &step = m_script.at(index);
        if (!m_socket || m_socket->state() != QAbstractSocket::ConnectedState)
            return;
        while (done < step.count && m_socket->bytesToWrite() < 4 * 1024 * 1024) {
            m_socket->write(step.bytes);
            account(step, step.bytes);
            ++done;
        }
        if (done >= step.count) {
            QTimer::singleShot(0, this, [this, index] { play(index + 1); });
            return;
        }
        auto connection = std::make_shared<QMetaObject::Connection>();
        *connection
            = connect(m_socket, &QTcpSocket::bytesWritten, this, [this, index, done, connection] {
                  if (m_socket->bytesToWrite() >= 1024 * 1024)
                      return;
                  disconnect(*connection);
                  repeat(index, done);
              });
    }

    QTcpServer m_server;
    FaultScript m_script;
    QPointer<QTcpSocket> m_socket;
    QByteArray m_request;
    QCryptographicHash m_hash {QCryptographicHash::Sha256};
    qint64 m_bodyBytes = 0;
    int m_connections = 0;
    bool m_finished = false;
    bool m_clientLeft = false;
    bool m_answerAny = false;
};
