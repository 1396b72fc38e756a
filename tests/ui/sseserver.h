#pragma once

// A scripted HTTP/1.1 server for the live-run tests: a bare QTcpServer (no QHttpServer on Qt
// 6.4) that answers each POST by path with controlled chunk boundaries and pauses, so tests can
// make a server stream, go silent, or fail with an HTML page.

#include <QHash>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUrl>

struct ScriptedReply
{
    QByteArray head; // status line + headers, "\r\n\r\n" included
    QList<QByteArray> chunks; // written one by one, pauseMs apart
    int pauseMs = 20;
    bool closeAtEnd = true; // false: keep the connection open and silent after the chunks
};

class SseTestServer : public QObject
{
public:
    SseTestServer()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection())
                serve(socket);
        });
        m_server.listen(QHostAddress::LocalHost);
    }

    QUrl url(const QString &path) const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path));
    }
    void setReply(const QString &path, const ScriptedReply &reply) { m_replies[path] = reply; }
    QByteArray lastRequest() const { return m_lastRequest; }
    QByteArray lastRequestBody() const
    {
        return m_lastRequest.mid(m_lastRequest.indexOf("\r\n\r\n") + 4);
    }
    int requestCount() const { return m_requestCount; } // whole requests read
    int openSockets() const
    {
        int n = 0;
        for (const auto &s : m_sockets)
            n += s && s->state() == QAbstractSocket::ConnectedState ? 1 : 0;
        return n;
    }

    static ScriptedReply sse(const QList<QByteArray> &events, bool closeAtEnd = true)
    {
        ScriptedReply r;
        r.head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: "
                 "no-cache\r\nConnection: close\r\n\r\n";
        for (const QByteArray &e : events)
            r.chunks << "data: " + e + "\n\n";
        r.closeAtEnd = closeAtEnd;
        return r;
    }

private:
    void serve(QTcpSocket *socket)
    {
        m_sockets << socket;
        auto buffer = std::make_shared<QByteArray>();
        connect(socket, &QTcpSocket::readyRead, this, [this, socket, buffer] {
            *buffer += socket->readAll();
            const qsizetype end = buffer->indexOf("\r\n\r\n");
            if (end < 0)
                return;
            qsizetype length = 0;
            for (const QByteArray &line : buffer->left(end).split('\n')) {
                if (line.toLower().startsWith("content-length:"))
                    length = line.mid(15).trimmed().toLongLong();
            }
            if (buffer->size() < end + 4 + length)
                return;
            m_lastRequest = *buffer;
            ++m_requestCount;
            const QByteArray requestLine = buffer->left(buffer->indexOf("\r\n"));
            const QString path = QString::fromLatin1(requestLine.split(' ').value(1));
            buffer->clear();
            play(socket, m_replies.value(path));
        });
    }

    void play(QTcpSocket *socket, const ScriptedReply &reply)
    {
        socket->write(reply.head);
        auto index = std::make_shared<int>(0);
        auto *timer = new QTimer(socket);
        timer->setInterval(reply.pauseMs);
        connect(timer, &QTimer::timeout, socket, [socket, reply, index, timer] {
            if (*index < reply.chunks.size()) {
                socket->write(reply.chunks.at((*index)++));
                return;
            }
            timer->stop();
            if (reply.closeAtEnd)
                socket->disconnectFromHost();
        });
        timer->start();
    }

    QTcpServer m_server;
    QHash<QString, ScriptedReply> m_replies;
    QList<QPointer<QTcpSocket>> m_sockets;
    QByteArray m_lastRequest;
    int m_requestCount = 0;
};
