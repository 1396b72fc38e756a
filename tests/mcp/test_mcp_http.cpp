// core/mcp's Streamable HTTP transport: sessions, the loopback and token guards, the answers the
// spec asks for, and the GUI's shared session followed as it grows.

#include "core/analysis/capturesession.h"
#include "core/mcp/httpendpoint.h"
#include "core/mcp/sessionshare.h"
#include "core/net/httpserver.h"
#include "mcp_test_util.h"
#include "tests/net/httptestclient.h"

#include <QSignalSpy>

using namespace agui;
using namespace agui::test;

namespace {

constexpr int kDeadlineMs = 30000; // generous: the answer comes at once on an idle machine

struct Post
{
    QByteArray body;
    QByteArray session;
    QList<QPair<QByteArray, QByteArray>> headers;
};

QByteArray message(int id, const QString &method, const QJsonObject &params = {})
{
    QJsonObject m {{QLatin1String("jsonrpc"), QLatin1String("2.0")},
                   {QLatin1String("method"), method},
                   {QLatin1String("params"), params}};
    if (id >= 0)
        m.insert(QLatin1String("id"), id);
    return QJsonDocument(m).toJson(QJsonDocument::Compact);
}

QByteArray initializeMessage()
{
    return message(1, QStringLiteral("initialize"),
                   {{QLatin1String("protocolVersion"), QLatin1String("2025-06-18")},
                    {QLatin1String("capabilities"), QJsonObject()},
                    {QLatin1String("clientInfo"),
                     QJsonObject {{QLatin1String("name"), QLatin1String("test")},
                                  {QLatin1String("version"), QLatin1String("1")}}}});
}

QByteArray toolCall(int id, const QString &tool, const QJsonObject &arguments = {})
{
    return message(id, QStringLiteral("tools/call"),
                   {{QLatin1String("name"), tool}, {QLatin1String("arguments"), arguments}});
}

RawResponse send(quint16 port, const QByteArray &method, const Post &post)
{
    QByteArray request = method + " /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(port)
        + "\r\nAccept: application/json, text/event-stream\r\n";
    if (!post.body.isEmpty() || method == "POST")
        request += "Content-Type: application/json\r\nContent-Length: "
            + QByteArray::number(post.body.size()) + "\r\n";
    if (!post.session.isEmpty())
        request += "Mcp-Session-Id: " + post.session + "\r\n";
    for (const auto &[name, value] : post.headers)
        request += name + ": " + value + "\r\n";
    return exchange(port, request + "\r\n" + post.body, kDeadlineMs);
}

RawResponse post(quint16 port, const QByteArray &body, const QByteArray &session = {},
                 const QList<QPair<QByteArray, QByteArray>> &headers = {})
{
    return send(port, "POST", {body, session, headers});
}

} // namespace

class TstMcpHttp : public QObject
{
    Q_OBJECT

    mcp::Server *m_server = nullptr;
    net::HttpServer *m_http = nullptr;
    mcp::HttpEndpoint *m_endpoint = nullptr;

    quint16 port() const { return m_http->port(); }

    QByteArray initialize(const QList<QPair<QByteArray, QByteArray>> &headers = {})
    {
        const RawResponse r = post(port(), initializeMessage(), {}, headers);
        if (r.status != 200)
            qWarning("initialize answered %d: %s", r.status, r.body.constData());
        return r.header("Mcp-Session-Id");
    }

private Q_SLOTS:
    void init()
    {
        m_server = new mcp::Server(QStringLiteral("1"));
        QString name;
        QString error;
        QVERIFY2(m_server->captures().open(demoCapture(), {}, &name, &error), qPrintable(error));
        m_http = new net::HttpServer;
        m_endpoint = new mcp::HttpEndpoint(m_server, m_http);
        QVERIFY(m_http->listen());
    }

    void cleanup()
    {
        delete m_endpoint;
        delete m_http;
        delete m_server;
    }

    void initializeOpensASessionThatToolCallsUse()
    {
        const RawResponse init = post(port(), initializeMessage());
        QCOMPARE(init.status, 200);
        QCOMPARE(init.header("Content-Type"), QByteArray("application/json"));
        const QByteArray session = init.header("Mcp-Session-Id");
        QVERIFY(session.size() >= 32);
        for (const char c : session) // visible ASCII, as the spec asks
            QVERIFY(c > 0x20 && c < 0x7f);
        QCOMPARE(init.json()
                     .value(QLatin1String("result"))
                     .toObject()
                     .value(QLatin1String("protocolVersion"))
                     .toString(),
                 QStringLiteral("2025-06-18"));
        QCOMPARE(m_endpoint->sessionCount(), 1);

        const RawResponse initialized
            = post(port(), message(-1, QStringLiteral("notifications/initialized")), session,
                   {{"MCP-Protocol-Version", "2025-06-18"}});
        QCOMPARE(initialized.status, 202);
        QVERIFY(initialized.body.isEmpty());

        // Over HTTP, exactly what the server answers in process.
        const RawResponse runs = post(port(), toolCall(2, QStringLiteral("list_runs")), session,
                                      {{"MCP-Protocol-Version", "2025-06-18"}});
        QCOMPARE(runs.status, 200);
        const QJsonObject overHttp = structured(runs.json());
        QVERIFY(!overHttp.isEmpty());
        QCOMPARE(overHttp, structured(call(*m_server, QStringLiteral("list_runs"))));
    }

    void requestsNeedALiveSession()
    {
        QCOMPARE(post(port(), message(2, QStringLiteral("tools/list"))).status, 400);
        const RawResponse unknown
            = post(port(), message(2, QStringLiteral("tools/list")), "0123456789abcdef");
        QCOMPARE(unknown.status, 404);
        QVERIFY(!errorMessage(unknown.json()).isEmpty());

        const QByteArray session = initialize();
        QVERIFY(!session.isEmpty());
        QCOMPARE(post(port(), message(3, QStringLiteral("ping")), session).status, 200);
        QCOMPARE(send(port(), "DELETE", {{}, session, {}}).status, 204);
        QCOMPARE(m_endpoint->sessionCount(), 0);
        QCOMPARE(post(port(), message(4, QStringLiteral("ping")), session).status, 404);
    }

    void theOldestSessionEndsToMakeRoom()
    {
        const QByteArray first = initialize();
        for (int i = 1; i < mcp::HttpEndpoint::kMaxSessions; ++i)
            QVERIFY(!initialize().isEmpty());
        QCOMPARE(m_endpoint->sessionCount(), mcp::HttpEndpoint::kMaxSessions);
        const QByteArray newest = initialize();
        QCOMPARE(m_endpoint->sessionCount(), mcp::HttpEndpoint::kMaxSessions);
        QCOMPARE(post(port(), message(2, QStringLiteral("ping")), first).status, 404);
        QCOMPARE(post(port(), message(2, QStringLiteral("ping")), newest).status, 200);
    }

    void otherOriginsAndHostsAreRefused_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<int>("status");
        QTest::newRow("page of another site")
            << QByteArray("Origin") << QByteArray("http://evil.example") << 403;
        QTest::newRow("rebound name")
            << QByteArray("Origin") << QByteArray("http://localhost.evil.example:80") << 403;
        QTest::newRow("null origin") << QByteArray("Origin") << QByteArray("null") << 403;
        QTest::newRow("local dev page")
            << QByteArray("Origin") << QByteArray("http://localhost:5173") << 200;
        QTest::newRow("ipv6 loopback page")
            << QByteArray("Origin") << QByteArray("http://[::1]:3000") << 200;
    }

    void otherOriginsAndHostsAreRefused()
    {
        QFETCH(QByteArray, header);
        QFETCH(QByteArray, value);
        QFETCH(int, status);
        const RawResponse r = post(port(), initializeMessage(), {}, {{header, value}});
        QCOMPARE(r.status, status);
        if (status != 200)
            QVERIFY(r.json().contains(QLatin1String("error")));
    }

    void aHostThatIsNotLoopbackIsRefused()
    {
        // A DNS-rebinding page reaches 127.0.0.1 under its own name, and says so in Host.
        const QByteArray request = "POST /mcp HTTP/1.1\r\nHost: evil.example:"
            + QByteArray::number(port()) + "\r\nContent-Type: application/json\r\nContent-Length: "
            + QByteArray::number(initializeMessage().size()) + "\r\n\r\n" + initializeMessage();
        QCOMPARE(exchange(port(), request, kDeadlineMs).status, 403);
        QCOMPARE(m_endpoint->sessionCount(), 0);
    }

    void theTokenIsChecked()
    {
        m_endpoint->setBearerToken("s3cret-token");
        const RawResponse none = post(port(), initializeMessage());
        QCOMPARE(none.status, 401);
        QCOMPARE(none.header("WWW-Authenticate"), QByteArray("Bearer"));
        QCOMPARE(post(port(), initializeMessage(), {}, {{"Authorization", "Bearer s3cret-tokem"}})
                     .status,
                 401);
        QCOMPARE(post(port(), initializeMessage(), {}, {{"Authorization", "Bearer s3cret"}}).status,
                 401);
        QCOMPARE(
            post(port(), initializeMessage(), {}, {{"Authorization", "Basic s3cret-token"}}).status,
            401);
        QVERIFY(!initialize({{"Authorization", "Bearer s3cret-token"}}).isEmpty());
    }

    void unsupportedRevisionsAndMethodsGetHttpErrors()
    {
        const QByteArray session = initialize();
        const RawResponse old = post(port(), message(2, QStringLiteral("ping")), session,
                                     {{"MCP-Protocol-Version", "2023-01-01"}});
        QCOMPARE(old.status, 400);
        QVERIFY(QString::fromUtf8(old.body).contains(QLatin1String("2023-01-01")));
        const RawResponse get = send(port(), "GET", {{}, session, {}});
        QCOMPARE(get.status, 405);
        QCOMPARE(get.header("Allow"), QByteArray("POST, DELETE"));
    }

    void malformedBodiesGetJsonRpcErrors()
    {
        const RawResponse r = post(port(), "{\"jsonrpc\":");
        QCOMPARE(r.status, 400);
        QCOMPARE(errorCode(r.json()), -32700);
        QCOMPARE(errorCode(post(port(), "[1,2]").json()), -32600);
    }

    void loopbackNames_data()
    {
        QTest::addColumn<QByteArray>("host");
        QTest::addColumn<bool>("loopback");
        QTest::newRow("ipv4") << QByteArray("127.0.0.1:4790") << true;
        QTest::newRow("name") << QByteArray("localhost") << true;
        QTest::newRow("ipv6") << QByteArray("[::1]:4790") << true;
        QTest::newRow("other") << QByteArray("example.com:4790") << false;
        QTest::newRow("suffix") << QByteArray("127.0.0.1.evil.example") << false;
        QTest::newRow("empty") << QByteArray() << false;
        QTest::newRow("userinfo") << QByteArray("localhost@evil.example") << false;
    }

    void loopbackNames()
    {
        QFETCH(QByteArray, host);
        QFETCH(bool, loopback);
        QCOMPARE(mcp::HttpEndpoint::isLoopbackHost(host), loopback);
    }

    void aSharedSessionIsFollowedAsItGrows()
    {
        analysis::CaptureSession file;
        QString error;
        QVERIFY2(analysis::loadCaptureSession(demoCapture(), &file, &error), qPrintable(error));

        mcp::SessionShare share(QStringLiteral("1"));
        QSignalSpy started(&share, &mcp::SessionShare::started);
        QSignalSpy updated(&share, &mcp::SessionShare::updated);
        share.start(Capture {}, QStringLiteral("live"), 0, "tok");
        QCOMPARE(started.size(), 1);
        const quint16 sharePort = quint16(share.url().port());
        QCOMPARE(share.url().host(), QStringLiteral("127.0.0.1"));
        const QList<QPair<QByteArray, QByteArray>> auth {{"Authorization", "Bearer tok"}};
        const QByteArray session
            = post(sharePort, initializeMessage(), {}, auth).header("Mcp-Session-Id");
        QVERIFY(!session.isEmpty());
        const auto events = [&] {
            return structured(post(sharePort,
                                   toolCall(2, QStringLiteral("list_events"),
                                            {{QLatin1String("limit"), 1}}),
                                   session, auth)
                                  .json())
                .value(QLatin1String("totalEvents"))
                .toInteger(-1);
        };
        QCOMPARE(events(), 0);

        share.update(file.capture);
        QCOMPARE(updated.last().first().toLongLong(), file.session->events().size());
        QCOMPARE(events(), file.session->events().size());

        share.stop();
        QVERIFY(share.url().isEmpty());
        QCOMPARE(post(sharePort, initializeMessage(), {}, auth).status, 0); // nothing listens
    }
};

QTEST_GUILESS_MAIN(TstMcpHttp)
#include "test_mcp_http.moc"
