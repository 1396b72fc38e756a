// File > Share with Coding Agents…: the window's session served over MCP's Streamable HTTP
// transport on loopback, asked over HTTP as an agent would (QNetworkAccessManager): the token is
// needed and never shown, the answers follow the session as it changes, Stop closes the port, and
// a port in use is reported.

#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/window/mainwindow.h"
#include "ui/window/mcpshare.h"

#include <QAction>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

#include <memory>

using namespace agui;
using namespace agui::ui;

namespace {

constexpr int kDeadlineMs = 60000; // generous: a busy machine decodes the copy slowly
const QString kDemo = QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap");
const QByteArray kToken = QByteArrayLiteral("tok-7f3a-test-only");

struct Answer
{
    int status = 0;
    QByteArray session;
    QJsonObject json;
};

Answer rpc(QNetworkAccessManager &nam, const QUrl &url, const QJsonObject &message,
           const QByteArray &session = {}, const QByteArray &token = kToken)
{
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    request.setRawHeader("Accept", "application/json, text/event-stream");
    if (!token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + token);
    if (!session.isEmpty())
        request.setRawHeader("Mcp-Session-Id", session);
    std::unique_ptr<QNetworkReply> reply(
        nam.post(request, QJsonDocument(message).toJson(QJsonDocument::Compact)));
    if (!QTest::qWaitFor([&] { return reply->isFinished(); }, kDeadlineMs))
        qWarning("the request did not finish");
    Answer answer;
    answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    answer.session = reply->rawHeader("Mcp-Session-Id");
    answer.json = QJsonDocument::fromJson(reply->readAll()).object();
    return answer;
}

QJsonObject initializeMessage()
{
    return {{QLatin1String("jsonrpc"), QLatin1String("2.0")},
            {QLatin1String("id"), 1},
            {QLatin1String("method"), QLatin1String("initialize")},
            {QLatin1String("params"),
             QJsonObject {{QLatin1String("protocolVersion"), QLatin1String("2025-06-18")},
                          {QLatin1String("capabilities"), QJsonObject()},
                          {QLatin1String("clientInfo"),
                           QJsonObject {{QLatin1String("name"), QLatin1String("test")},
                                        {QLatin1String("version"), QLatin1String("1")}}}}}};
}

// totalEvents of list_events, as an agent sees it; -1 when the call fails.
qint64 sharedEventCount(QNetworkAccessManager &nam, const QUrl &url, const QByteArray &session)
{
    const QJsonObject call {
        {QLatin1String("jsonrpc"), QLatin1String("2.0")},
        {QLatin1String("id"), 2},
        {QLatin1String("method"), QLatin1String("tools/call")},
        {QLatin1String("params"),
         QJsonObject {{QLatin1String("name"), QLatin1String("list_events")},
                      {QLatin1String("arguments"), QJsonObject {{QLatin1String("limit"), 1}}}}}};
    return rpc(nam, url, call, session)
        .json.value(QLatin1String("result"))
        .toObject()
        .value(QLatin1String("structuredContent"))
        .toObject()
        .value(QLatin1String("totalEvents"))
        .toInteger(-1);
}

McpShare *shareOf(MainWindow &window)
{
    return window.findChild<McpShare *>(QStringLiteral("mcpShare"));
}

} // namespace

class TestMcpShare : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }

    void sharesTheOpenSessionOnLoopbackWithAToken()
    {
        MainWindow window;
        window.show();
        QString error;
        QVERIFY2(window.openCaptureAndWait(kDemo, &error), qPrintable(error));
        McpShare *share = shareOf(window);
        QVERIFY(share);
        QVERIFY(!share->isSharing()); // off until the user starts it
        QVERIFY(!share->shareAction()->isChecked());

        share->start(0, kToken);
        QTRY_VERIFY_WITH_TIMEOUT(share->isSharing(), kDeadlineMs);
        QCOMPARE(share->url().host(), QStringLiteral("127.0.0.1"));
        QVERIFY(share->shareAction()->isChecked());
        QVERIFY(share->statusWidget()->isVisible());
        const QString shown = share->statusWidget()->findChild<QLabel *>()->text();
        QVERIFY(shown.contains(share->url().toString()));
        QVERIFY(!shown.contains(QString::fromLatin1(kToken)));

        QNetworkAccessManager nam;
        QCOMPARE(rpc(nam, share->url(), initializeMessage(), {}, {}).status, 401);
        const Answer init = rpc(nam, share->url(), initializeMessage());
        QCOMPARE(init.status, 200);
        QVERIFY(!init.session.isEmpty());
        QCOMPARE(sharedEventCount(nam, share->url(), init.session), window.document()->size());
        QTRY_COMPARE_WITH_TIMEOUT(share->agentSessions(), 1, kDeadlineMs);

        // The setups name this server's URL and carry the token.
        QVERIFY(share->claudeCodeCommand().contains(share->url().toString()));
        QVERIFY(share->claudeCodeCommand().contains(QString::fromLatin1(kToken)));
        const QJsonObject vsCode = QJsonDocument::fromJson(share->vsCodeConfig().toUtf8())
                                       .object()
                                       .value(QLatin1String("servers"))
                                       .toObject()
                                       .value(QLatin1String("agui-inspector"))
                                       .toObject();
        QCOMPARE(vsCode.value(QLatin1String("type")).toString(), QStringLiteral("http"));
        QCOMPARE(vsCode.value(QLatin1String("url")).toString(), share->url().toString());
        QVERIFY(QJsonDocument::fromJson(share->cursorConfig().toUtf8())
                    .object()
                    .value(QLatin1String("mcpServers"))
                    .toObject()
                    .contains(QLatin1String("agui-inspector")));
    }

    void followsTheSessionAsItChanges()
    {
        MainWindow window;
        window.show();
        McpShare *share = shareOf(window);
        share->start(0, kToken);
        QTRY_VERIFY_WITH_TIMEOUT(share->isSharing(), kDeadlineMs);
        QNetworkAccessManager nam;
        const QByteArray session = rpc(nam, share->url(), initializeMessage()).session;
        QVERIFY(!session.isEmpty());
        QCOMPARE(sharedEventCount(nam, share->url(), session), 0);

        QString error;
        QVERIFY2(window.openCaptureAndWait(kDemo, &error), qPrintable(error));
        const qint64 events = window.document()->size();
        QVERIFY(events > 0);
        QTRY_COMPARE_WITH_TIMEOUT(share->sharedEvents(), events, kDeadlineMs);
        QCOMPARE(sharedEventCount(nam, share->url(), session), events); // the same agent session
    }

    void stopClosesThePort()
    {
        MainWindow window;
        McpShare *share = shareOf(window);
        QSignalSpy changed(share, &McpShare::sharingChanged);
        share->start(0, kToken);
        QTRY_VERIFY_WITH_TIMEOUT(share->isSharing(), kDeadlineMs);
        const QUrl url = share->url();
        share->shareAction()->trigger(); // checked: triggering it stops
        QVERIFY(!share->isSharing());
        QVERIFY(!share->shareAction()->isChecked());
        QVERIFY(!share->statusWidget()->isVisible());
        QCOMPARE(changed.size(), 2);
        QNetworkAccessManager nam;
        QCOMPARE(rpc(nam, url, initializeMessage()).status, 0); // nothing listens there now
    }

    void aPortInUseIsReported()
    {
        QTcpServer taken;
        QVERIFY(taken.listen(QHostAddress::LocalHost));
        MainWindow window;
        McpShare *share = shareOf(window);
        QSignalSpy failed(share, &McpShare::failed);
        share->start(taken.serverPort(), kToken);
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, kDeadlineMs);
        QVERIFY(!failed.first().first().toString().isEmpty());
        QVERIFY(!share->isSharing());
        QVERIFY(!share->shareAction()->isChecked());
    }
};

QTEST_MAIN(TestMcpShare)
#include "test_mcp_share.moc"
