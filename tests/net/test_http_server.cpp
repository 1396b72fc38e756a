// The small HTTP/1.1 server and the AG-UI endpoint on it: every refusal with a JSON error
// body, streamed responses that arrive in pieces, and a client leaving mid-stream.

#include "core/net/aguiendpoint.h"
#include "core/net/httpserver.h"
#include "httptestclient.h"

#include <QSignalSpy>
#include <QtTest>

using namespace agui;
using namespace agui::net;

namespace {

QList<AgentChunk> events(int n, qint64 delayMs)
{
    QList<AgentChunk> out;
    for (int i = 0; i < n; ++i)
        out.append(AgentChunk {i == 0 ? 0 : delayMs,
                               QJsonObject {{QStringLiteral("type"), QStringLiteral("CUSTOM")},
                                            {QStringLiteral("name"), QStringLiteral("n")},
                                            {QStringLiteral("value"), i}},
                               {}});
    return out;
}

void checkJsonError(const RawResponse &r, int status)
{
    QCOMPARE(r.status, status);
    QVERIFY2(r.header("Content-Type").startsWith("application/json"), r.bytes.constData());
    const QJsonObject error = r.json().value(QStringLiteral("error")).toObject();
    QCOMPARE(error.value(QStringLiteral("status")).toInt(), status);
    QVERIFY(!error.value(QStringLiteral("message")).toString().isEmpty());
}

} // namespace

class TestHttpServer : public QObject
{
    Q_OBJECT

private:
    HttpServer *m_server = nullptr;
    AgUiEndpoint *m_endpoint = nullptr;
    qint64 m_pace = 0;
    int m_count = 3;

private Q_SLOTS:
    void init()
    {
        m_server = new HttpServer;
        m_pace = 0;
        m_count = 3;
        m_endpoint
            = new AgUiEndpoint(m_server, QStringLiteral("/agent"), [this](const QJsonObject &) {
                  RunReply reply;
                  reply.chunks = events(m_count, m_pace);
                  return reply;
              });
        QVERIFY(m_server->listen());
        QCOMPARE(m_server->address(), QHostAddress(QHostAddress::LocalHost));
        QVERIFY(m_server->port() != 0);
    }
    void cleanup()
    {
        delete m_server;
        m_server = nullptr;
    }

    void runIsStreamedAsSse()
    {
        const RawResponse r
            = exchange(m_server->port(),
                       postRequest("/agent", "application/json", "{\"threadId\":\"t\"}",
                                   "Accept: text/event-stream\r\n"));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.header("Content-Type"), QByteArray("text/event-stream"));
        QCOMPARE(r.header("Transfer-Encoding"), QByteArray("chunked"));
        QCOMPARE(r.header("Cache-Control"), QByteArray("no-cache"));
        QCOMPARE(r.body.count("data: "), 3);
        QVERIFY(r.body.endsWith("\n\n"));
        QVERIFY(r.body.contains("\"value\":2"));
    }

    void contentTypeWithParametersAccepted()
    {
        const RawResponse r = exchange(
            m_server->port(), postRequest("/agent", "Application/JSON; charset=utf-8", "{}"));
        QCOMPARE(r.status, 200);
    }

    void expectContinueIsAnswered()
    {
        QTcpSocket socket;
        QByteArray received;
        connect(&socket, &QTcpSocket::readyRead, this, [&] { received += socket.readAll(); });
        socket.connectToHost(QHostAddress::LocalHost, m_server->port());
        QVERIFY(socket.waitForConnected(5000));
        socket.write("POST /agent HTTP/1.1\r\nContent-Type: application/json\r\n"
                     "Content-Length: 2\r\nExpect: 100-continue\r\n\r\n");
        QTRY_VERIFY_WITH_TIMEOUT(received.startsWith("HTTP/1.1 100 Continue\r\n\r\n"), 5000);
        socket.write("{}");
        QTRY_VERIFY_WITH_TIMEOUT(received.contains("HTTP/1.1 200 OK"), 5000);
    }

    void malformedRequestLine()
    {
        checkJsonError(exchange(m_server->port(), "GARBAGE\r\n\r\n"), 400);
        checkJsonError(exchange(m_server->port(), "POST /agent HTTP/1.1 extra\r\n\r\n"), 400);
        checkJsonError(exchange(m_server->port(), "POST agent HTTP/1.1\r\n\r\n"), 400);
    }

    void malformedHeader()
    {
        checkJsonError(exchange(m_server->port(), "POST /agent HTTP/1.1\r\nno colon here\r\n\r\n"),
                       400);
        checkJsonError(
            exchange(m_server->port(), "POST /agent HTTP/1.1\r\nContent-Length: x\r\n\r\n"), 400);
    }

    void oversizedHeadersGive431()
    {
        const QByteArray big(70 * 1024, 'a');
        checkJsonError(
            exchange(m_server->port(), "POST /agent HTTP/1.1\r\nX-Big: " + big + "\r\n\r\n"), 431);
        // Without an end of headers in sight, too.
        checkJsonError(exchange(m_server->port(), "POST /agent HTTP/1.1\r\nX-Big: " + big), 431);
    }

    void oversizedBodyGives413()
    {
        HttpServer::Limits limits;
        limits.maxBodyBytes = 100;
        m_server->setLimits(limits);
        checkJsonError(exchange(m_server->port(),
                                postRequest("/agent", "application/json", QByteArray(200, ' '))),
                       413);
        // Decided from Content-Length before any body byte arrives.
        checkJsonError(exchange(m_server->port(),
                                "POST /agent HTTP/1.1\r\nContent-Type: application/json\r\n"
                                "Content-Length: 9000000\r\n\r\n"),
                       413);
    }

    void defaultBodyLimitIsEightMiB()
    {
        QCOMPARE(m_server->limits().maxBodyBytes, 8 * 1024 * 1024);
        QCOMPARE(m_server->limits().maxHeaderBytes, 64 * 1024);
    }

    void chunkedRequestBodyGives411()
    {
        checkJsonError(
            exchange(m_server->port(),
                     "POST /agent HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
            411);
    }

    void wrongMethodGives405()
    {
        const RawResponse r = exchange(m_server->port(), "GET /agent HTTP/1.1\r\n\r\n");
        checkJsonError(r, 405);
        QCOMPARE(r.header("Allow"), QByteArray("POST"));
    }

    void unknownPathGives404()
    {
        checkJsonError(exchange(m_server->port(), postRequest("/nope", "application/json", "{}")),
                       404);
    }

    void wrongContentTypeGives415()
    {
        checkJsonError(exchange(m_server->port(), postRequest("/agent", "text/plain", "{}")), 415);
        checkJsonError(
            exchange(m_server->port(), "POST /agent HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}"), 415);
    }

    void nonJsonBodyGives400()
    {
        const RawResponse r
            = exchange(m_server->port(), postRequest("/agent", "application/json", "{\"a\":"));
        checkJsonError(r, 400);
        QVERIFY(r.json()
                    .value(QStringLiteral("error"))
                    .toObject()
                    .value(QStringLiteral("message"))
                    .toString()
                    .contains(QStringLiteral("byte")));
        checkJsonError(exchange(m_server->port(), postRequest("/agent", "application/json", "[1]")),
                       400);
    }

    void unacceptableAcceptGives406()
    {
        checkJsonError(
            exchange(m_server->port(),
                     postRequest("/agent", "application/json", "{}", "Accept: text/html\r\n")),
            406);
        // Wildcards and q=0 follow the usual rules.
        QCOMPARE(exchange(m_server->port(),
                          postRequest("/agent", "application/json", "{}", "Accept: */*\r\n"))
                     .status,
                 200);
        checkJsonError(exchange(m_server->port(),
                                postRequest("/agent", "application/json", "{}",
                                            "Accept: text/event-stream;q=0\r\n")),
                       406);
    }

    void readTimeoutGives408()
    {
        HttpServer::Limits limits;
        limits.readTimeoutMs = 100;
        m_server->setLimits(limits);
        checkJsonError(
            exchange(m_server->port(), "POST /agent HTTP/1.1\r\nContent-Length: 10\r\n\r\n{"), 408);
    }

    void streamedResponseArrivesInPieces()
    {
        // A handler that writes one chunk, then the next only when the test has seen the first
        // at the client: proves the body is sent while the response is still open.
        QPointer<HttpResponder> held;
        m_server->route("POST", QStringLiteral("/manual"),
                        [&](const HttpRequest &, HttpResponder *r) {
                            r->beginStream(200, "text/event-stream");
                            r->write("data: {\"type\":\"A\"}\n\n");
                            held = r;
                        });
        QTcpSocket socket;
        QByteArray received;
        connect(&socket, &QTcpSocket::readyRead, this, [&] { received += socket.readAll(); });
        socket.connectToHost(QHostAddress::LocalHost, m_server->port());
        QVERIFY(socket.waitForConnected(5000));
        socket.write(postRequest("/manual", "application/json", "{}"));
        QTRY_VERIFY_WITH_TIMEOUT(received.contains("\"A\""), 5000);
        QVERIFY(!received.contains("0\r\n\r\n")); // not finished yet
        QVERIFY(held);
        QVERIFY(held->isOpen());
        held->write("data: {\"type\":\"B\"}\n\n");
        held->finish();
        QTRY_VERIFY_WITH_TIMEOUT(socket.state() == QAbstractSocket::UnconnectedState, 5000);
        received += socket.readAll();
        RawResponse r;
        QVERIFY(parseResponse(received, r));
        QCOMPARE(r.body, QByteArray("data: {\"type\":\"A\"}\n\ndata: {\"type\":\"B\"}\n\n"));
    }

    void pacedRunDeliversEveryEvent()
    {
        m_pace = 30;
        m_count = 4;
        const RawResponse r
            = exchange(m_server->port(), postRequest("/agent", "application/json", "{}"));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.body.count("data: "), 4);
        // (That it arrives in pieces over time is asserted without timing by
        // streamedResponseArrivesInPieces.)
    }

    void clientDisconnectMidStream()
    {
        m_pace = 20;
        m_count = 500;
        QSignalSpy ended(m_endpoint, &AgUiEndpoint::runEnded);
        {
            QTcpSocket socket;
            QByteArray received;
            connect(&socket, &QTcpSocket::readyRead, this, [&] { received += socket.readAll(); });
            socket.connectToHost(QHostAddress::LocalHost, m_server->port());
            QVERIFY(socket.waitForConnected(5000));
            socket.write(postRequest("/agent", "application/json", "{}"));
            QTRY_VERIFY_WITH_TIMEOUT(received.count("data: ") >= 2, 5000);
            socket.abort();
        }
        QTRY_COMPARE_WITH_TIMEOUT(ended.size(), 1, 5000);
        QCOMPARE(ended.first().first().toBool(), false);
        QCOMPARE(m_endpoint->runsAbandoned(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 0, 5000);
        // The server carries on.
        m_count = 2;
        m_pace = 0;
        QCOMPARE(exchange(m_server->port(), postRequest("/agent", "application/json", "{}")).status,
                 200);
    }

    void producerErrorIsAnswered()
    {
        m_server->route("POST", QStringLiteral("/fails"),
                        [](const HttpRequest &, HttpResponder *r) {
                            r->respondError(503, QStringLiteral("no more recorded runs"));
                        });
        checkJsonError(exchange(m_server->port(), postRequest("/fails", "application/json", "{}")),
                       503);
    }
};

QTEST_GUILESS_MAIN(TestHttpServer)
#include "test_http_server.moc"
