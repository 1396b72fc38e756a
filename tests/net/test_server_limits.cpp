// `serve` (HttpServer) under load and abuse, bounded: 1,000 concurrent clients are all served;
// 1,000 slowloris clients (request heads dripped and never finished) do not stall a normal
// client; with every slot taken by slow readers a newcomer is still served (the slowest reader
// is closed for it), and with every slot streaming it gets a 503; request bodies held in memory
// stay within Limits::maxBufferedBodyBytes; the process's memory stays bounded throughout.

#include "core/net/aguiendpoint.h"
#include "core/net/httpserver.h"
#include "core/platform/processinfo.h"
#include "faultcases.h"
#include "httptestclient.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QtTest>

#include <algorithm>
#include <memory>
#include <vector>

using namespace agui::net;

namespace {

const QByteArray kBody = R"({"threadId":"t","runId":"r","messages":[],"state":{}})";

// A client that sends its request and collects the whole answer.
struct Client
{
    std::unique_ptr<QTcpSocket> socket = std::make_unique<QTcpSocket>();
    QByteArray received;
    bool closed = false;
};

std::vector<std::unique_ptr<Client>> connectClients(quint16 port, int n, const QByteArray &send)
{
    std::vector<std::unique_ptr<Client>> clients;
    for (int i = 0; i < n; ++i) {
        auto c = std::make_unique<Client>();
        Client *raw = c.get();
        QObject::connect(raw->socket.get(), &QTcpSocket::connected, raw->socket.get(),
                         [raw, send] { raw->socket->write(send); });
        QObject::connect(raw->socket.get(), &QTcpSocket::readyRead, raw->socket.get(),
                         [raw] { raw->received += raw->socket->readAll(); });
        QObject::connect(raw->socket.get(), &QTcpSocket::disconnected, raw->socket.get(),
                         [raw] { raw->closed = true; });
        raw->socket->connectToHost(QHostAddress::LocalHost, port);
        clients.push_back(std::move(c));
    }
    return clients;
}

int countAnswered(const std::vector<std::unique_ptr<Client>> &clients, const QByteArray &status)
{
    int n = 0;
    for (const auto &c : clients)
        n += c->received.startsWith(status) && c->received.endsWith("0\r\n\r\n") ? 1 : 0;
    return n;
}

} // namespace

class TestServerLimits : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<HttpServer> m_server;
    int m_runs = 3;
    qint64 m_pace = 0;

    void startServer(const HttpServer::Limits &limits = {})
    {
        m_server = std::make_unique<HttpServer>();
        m_server->setLimits(limits);
        new AgUiEndpoint(m_server.get(), QStringLiteral("/agent"), [this](const QJsonObject &) {
            RunReply reply;
            for (int i = 0; i < m_runs; ++i)
                reply.chunks.append(
                    {i == 0 ? 0 : m_pace,
                     QJsonObject {{QStringLiteral("type"), QStringLiteral("CUSTOM")},
                                  {QStringLiteral("name"), QStringLiteral("n")},
                                  {QStringLiteral("value"), i}},
                     {}});
            return reply;
        });
        QVERIFY(m_server->listen());
        QCOMPARE(m_server->address(), QHostAddress(QHostAddress::LocalHost)); // the default
    }

    // A normal client is served while others misbehave.
    void checkNormalClientServed()
    {
        const RawResponse r
            = exchange(m_server->port(), postRequest("/agent", "application/json", kBody), 60000);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.body.count("data: "), m_runs);
    }

private Q_SLOTS:
    void initTestCase()
    {
        // Both ends of every connection live in this process: make room for them.
        agui::platform::allowOpenFiles(4096);
        if (agui::platform::openFilesAllowed() < 2300)
            QSKIP("fewer than 2,300 file descriptors: cannot hold both ends of 1,000 connections");
    }
    void init()
    {
        m_runs = 3;
        m_pace = 0;
    }
    void cleanup() { m_server.reset(); }

    void thousandConcurrentClientsAreServed()
    {
        startServer();
        m_pace = 5; // each run lasts a while, so the connections really are concurrent
        const qint64 before = residentBytes();
        auto clients = connectClients(m_server->port(), 1000,
                                      postRequest("/agent", "application/json", kBody));
        int mostOpen = 0;
        QTRY_VERIFY2_WITH_TIMEOUT(
            (mostOpen = qMax(mostOpen, m_server->openConnections()),
             countAnswered(clients, "HTTP/1.1 200") == 1000),
            qPrintable(QStringLiteral("%1 of 1000 answered, %2 closed")
                           .arg(countAnswered(clients, "HTTP/1.1 200"))
                           .arg(std::count_if(clients.begin(), clients.end(),
                                              [](const auto &c) { return c->closed; }))),
            200000);
        QVERIFY2(mostOpen > 100, qPrintable(QString::number(mostOpen))); // many at once
        QCOMPARE(m_server->connectionsRefused(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 0, 60000);
        QCOMPARE(m_server->bufferedBodyBytes(), 0);
        if (before >= 0)
            QVERIFY2(residentBytes() - before < 256LL * 1024 * 1024,
                     qPrintable(QString::number((residentBytes() - before) >> 20)));
    }

    void slowlorisDoesNotStallOtherClients()
    {
        HttpServer::Limits limits;
        limits.readTimeoutMs = 600000; // they stay for the whole test: no timeout helps here
        startServer(limits);
        // 1,000 clients that send part of a head and then drip a byte now and then.
        auto slow = connectClients(m_server->port(), 1000,
                                   "POST /agent HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
        QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 1000, 120000);
        QTimer drip;
        connect(&drip, &QTimer::timeout, this, [&] {
            for (const auto &c : slow)
                if (c->socket->state() == QAbstractSocket::ConnectedState)
                    c->socket->write("a");
        });
        drip.start(200);
        checkNormalClientServed();
        // ...while the slow ones were still connected, waiting.
        QVERIFY(m_server->openConnections() >= 1000);
        QCOMPARE(m_server->connectionsEvicted(), 0);
        for (const auto &c : slow)
            QVERIFY(c->received.isEmpty());
    }

    void fullServerMakesRoomBySlowestReader()
    {
        HttpServer::Limits limits;
        limits.maxConnections = 16;
        startServer(limits);
        auto slow = connectClients(m_server->port(), 16, "POST /agent HTTP/1.1\r\nHost: x\r\n");
        QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 16, 60000);
        checkNormalClientServed();
        QVERIFY(m_server->connectionsEvicted() >= 1);
        QTRY_VERIFY_WITH_TIMEOUT(
            std::any_of(slow.begin(), slow.end(), [](const auto &c) { return c->closed; }), 60000);
        QVERIFY(m_server->openConnections() <= 16);
    }

    void fullServerOfStreamsAnswers503()
    {
        HttpServer::Limits limits;
        limits.maxConnections = 4;
        startServer(limits);
        m_runs = 1000;
        m_pace = 50; // four long runs hold every slot
        auto busy
            = connectClients(m_server->port(), 4, postRequest("/agent", "application/json", kBody));
        QTRY_VERIFY_WITH_TIMEOUT(
            std::all_of(busy.begin(), busy.end(),
                        [](const auto &c) { return c->received.contains("data: "); }),
            60000);
        const RawResponse r
            = exchange(m_server->port(), postRequest("/agent", "application/json", kBody), 60000);
        QCOMPARE(r.status, 503);
        QVERIFY(r.json()
                    .value(QStringLiteral("error"))
                    .toObject()
                    .value(QStringLiteral("message"))
                    .toString()
                    .contains(QStringLiteral("busy")));
        QCOMPARE(m_server->connectionsRefused(), 1);
    }

    void requestBodiesInMemoryAreBounded()
    {
        HttpServer::Limits limits;
        limits.maxBufferedBodyBytes = 1000;
        startServer(limits);
        // The first client announces 800 bytes and sends them slowly: they are reserved.
        auto first = connectClients(m_server->port(), 1,
                                    "POST /agent HTTP/1.1\r\nContent-Type: "
                                    "application/json\r\nContent-Length: 800\r\n\r\n");
        QTRY_COMPARE_WITH_TIMEOUT(m_server->bufferedBodyBytes(), 800, 60000);
        // A second one that would take the total past 1000 is refused before sending its body.
        const RawResponse r = exchange(
            m_server->port(),
            "POST /agent HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 300\r\n\r\n",
            60000);
        QCOMPARE(r.status, 503);
        QVERIFY(m_server->bufferedBodyBytes() <= limits.maxBufferedBodyBytes);
        // The first finishes its body and is served; the reservation is released.
        first.front()->socket->write(QByteArray(800, ' ').replace(0, 2, "{}"));
        QTRY_VERIFY_WITH_TIMEOUT(first.front()->received.startsWith("HTTP/1.1 200"), 60000);
        QTRY_COMPARE_WITH_TIMEOUT(m_server->bufferedBodyBytes(), 0, 60000);
    }
};

QTEST_GUILESS_MAIN(TestServerLimits)
#include "test_server_limits.moc"
