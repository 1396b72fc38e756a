#pragma once

// Test helper: raw HTTP over QTcpSocket (so malformed requests can be sent) and a parser for
// the server's responses, including chunked bodies.

#include <QByteArray>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QTcpSocket>
#include <QTimer>

struct RawResponse
{
    int status = 0;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body; // de-chunked
    QByteArray bytes; // everything received
    int reads = 0; // readyRead deliveries with data

    QByteArray header(QByteArrayView name) const
    {
        for (const auto &h : headers)
            if (QByteArrayView(h.first).compare(name, Qt::CaseInsensitive) == 0)
                return h.second;
        return {};
    }
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

inline bool parseResponse(const QByteArray &bytes, RawResponse &out)
{
    out.bytes = bytes;
    const qsizetype end = bytes.indexOf("\r\n\r\n");
    if (end < 0)
        return false;
    const QList<QByteArray> lines = bytes.left(end).split('\n');
    const QList<QByteArray> status = lines.first().trimmed().split(' ');
    if (status.size() < 2)
        return false;
    out.status = status.at(1).toInt();
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines.at(i).trimmed();
        const qsizetype colon = line.indexOf(':');
        out.headers.append({line.left(colon), line.mid(colon + 1).trimmed()});
    }
    QByteArray rest = bytes.mid(end + 4);
    if (out.header("Transfer-Encoding") == "chunked") {
        out.body.clear();
        qsizetype pos = 0;
        while (pos < rest.size()) {
            const qsizetype eol = rest.indexOf("\r\n", pos);
            if (eol < 0)
                return false;
            bool ok = false;
            const qsizetype size = rest.mid(pos, eol - pos).toLongLong(&ok, 16);
            if (!ok)
                return false;
            if (size == 0)
                return true;
            out.body += rest.mid(eol + 2, size);
            pos = eol + 2 + size + 2;
        }
        return false; // no terminating chunk
    }
    out.body = rest;
    return true;
}

// Sends bytes, reads until the server closes (or timeoutMs), parses.
inline RawResponse exchange(quint16 port, const QByteArray &request, int timeoutMs = 5000)
{
    QTcpSocket socket;
    RawResponse r;
    QByteArray received;
    QEventLoop loop;
    QObject::connect(&socket, &QTcpSocket::readyRead, &loop, [&] {
        const QByteArray data = socket.readAll();
        if (!data.isEmpty()) {
            ++r.reads;
            received += data;
        }
    });
    QObject::connect(&socket, &QTcpSocket::disconnected, &loop, &QEventLoop::quit);
    QObject::connect(&socket, &QTcpSocket::errorOccurred, &loop, [&] {
        if (socket.state() != QAbstractSocket::ConnectedState)
            loop.quit();
    });
    QObject::connect(&socket, &QTcpSocket::connected, &loop, [&] { socket.write(request); });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    socket.connectToHost(QHostAddress::LocalHost, port);
    loop.exec();
    received += socket.readAll();
    parseResponse(received, r);
    r.bytes = received;
    return r;
}

inline QByteArray postRequest(const QByteArray &path, const QByteArray &contentType,
                              const QByteArray &body, const QByteArray &extra = {})
{
    return "POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: " + contentType
        + "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n" + extra + "\r\n" + body;
}
