// File > Start Proxy…: the recording proxy in the window, between a front end (a
// QNetworkAccessManager here) and a scripted SSE agent (sseserver.h). The front end gets the
// agent's bytes unchanged; each exchange is a run of the window's session as it happens (events
// decoded, the request with its credentials redacted, every chunk); concurrent exchanges are
// separate runs; Stop closes the port, hides the status strip and ends the open exchanges with
// what they received; a refused upstream gives the front end a 502 and ends the run with an
// error; closing the window with exchanges open ends the proxy's thread cleanly. Rewrite rules
// (from the dialog's rules file) change what the front end gets while the session keeps the
// agent's bytes and every change; a rules file with a mistake keeps the dialog open, naming it.
// A breakpoint holds an event in the Breakpoint tab until the person edits it and sends it.

#include "core/capture/capturereader.h"
#include "core/capture/capturewriter.h"
#include "core/capture/redaction.h"
#include "sseserver.h"
#include "ui/dialogs/connectdialog.h"
#include "ui/dialogs/proxydialog.h"
#include "ui/live/liveruncontroller.h"
#include "ui/models/eventlistmodel.h"
#include "ui/models/sessiondocument.h"
#include "ui/persistsettings.h"
#include "ui/views/breakpointbar.h"
#include "ui/views/eventdetailview.h"
#include "ui/views/eventlistview.h"
#include "ui/views/heldeventview.h"
#include "ui/views/heldrequestview.h"
#include "ui/views/rewriteview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/proxycontrol.h"

#include <QAction>
#include <QCheckBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <memory>

using namespace agui;
using namespace agui::ui;

namespace {

constexpr int kTimeoutMs = 30000;
const QByteArray kSecret = QByteArrayLiteral("s3cret-token-5a9e");

const QList<QByteArray> kEvents
    = {R"({"type":"RUN_STARTED","threadId":"t1","runId":"r1"})",
       R"({"type":"TEXT_MESSAGE_START","messageId":"m1","role":"assistant"})",
       R"({"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"Hello"})",
       R"({"type":"TEXT_MESSAGE_END","messageId":"m1"})",
       R"({"type":"RUN_FINISHED","threadId":"t1","runId":"r1"})"};

QByteArray sseBody()
{
    QByteArray body;
    for (const QByteArray &e : kEvents)
        body += "data: " + e + "\n\n";
    return body;
}

QByteArray requestBody()
{
    return QByteArrayLiteral(R"({"threadId":"t1","runId":"r1"})");
}

// The front end: a POST with a credential, as a real one sends it.
QNetworkReply *post(QNetworkAccessManager &nam, const QUrl &url)
{
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    request.setRawHeader("Accept", "text/event-stream");
    request.setRawHeader("Authorization", "Bearer " + kSecret);
    return nam.post(request, requestBody());
}

// The Breakpoint tab's page (breakpoints on top, the held event or request under them).
QWidget *breakpointTab(MainWindow *window)
{
    QTabWidget *tabs = window->detailTabs();
    for (int i = 0; i < tabs->count(); ++i) {
        if (tabs->tabText(i) == QLatin1String("Breakpoint"))
            return tabs->widget(i);
    }
    return nullptr;
}

bool waitFinished(QNetworkReply *reply)
{
    return QTest::qWaitFor([reply] { return reply->isFinished(); }, kTimeoutMs);
}

struct Fixture
{
    std::unique_ptr<MainWindow> window = std::make_unique<MainWindow>();
    ProxyControl *proxy = window->findChild<ProxyControl *>(QStringLiteral("proxyControl"));

    Fixture()
    {
        window->liveRun()->setCaptureDirectory(QString()); // the window's own runs: memory only
        window->show();
    }
    bool start(const QUrl &upstream)
    {
        return proxy->start(QHostAddress(QHostAddress::LocalHost), 0, upstream)
            && QTest::qWaitFor([this] { return proxy->isRunning(); }, kTimeoutMs);
    }
    const Capture &capture() const { return window->document()->capture(); }
};

} // namespace

class TestProxyWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { setPersistSettings(false); }
    void menuHasStartProxy();
    void rejectsBadUpstream();
    void forwardsAndRecordsAnExchange();
    void concurrentExchangesAreSeparateRuns();
    void stopClosesThePortAndEndsOpenExchanges();
    void refusedUpstreamGives502AndAnErrorRun();
    void startsAFreshSessionAndWaitsForTheWindowsOwnRun();
    void closingTheWindowWithAnOpenExchange();
    void boundToEveryInterfaceShowsLoopback();
    void openingACaptureStopsTheProxy();
    void rewriteRulesChangeWhatTheFrontEndGets();
    void aBadRulesFileKeepsTheDialogOpen();
    void theDialogReadsBreakpoints();
    void aBreakpointHoldsAnEventUntilItIsEditedAndSent();
    void aRequestBreakpointEditsTheBodyBeforeTheAgentGetsIt();
    void breakpointsChangeWhileTheProxyRuns();
    void theProxyRecordsToAFileAsItGoes();
    void mapLocalAnswersAPathFromACapture();
};

void TestProxyWindow::menuHasStartProxy()
{
    Fixture f;
    QVERIFY(f.proxy);
    QVERIFY(f.window->menu(MainWindow::MenuId::File)->actions().contains(f.proxy->startAction()));
    QVERIFY(f.proxy->statusWidget()->isHidden());
}

void TestProxyWindow::rejectsBadUpstream()
{
    QVERIFY(!ProxyDialog::upstreamProblem(QUrl(QStringLiteral("ftp://host/agent"))).isEmpty());
    QVERIFY(!ProxyDialog::upstreamProblem(QUrl(QStringLiteral("http:///agent"))).isEmpty());
    QVERIFY(!ProxyDialog::upstreamProblem(QUrl()).isEmpty());
    QVERIFY(ProxyDialog::upstreamProblem(QUrl(QStringLiteral("https://h:8000/a"))).isEmpty());
    QVERIFY(ProxyDialog::parseAddress(QStringLiteral("nowhere")).isNull());
    QCOMPARE(ProxyDialog::parseAddress(QStringLiteral("localhost")),
             QHostAddress(QHostAddress::LocalHost));

    Fixture f;
    QVERIFY(!f.proxy->start(QHostAddress(QHostAddress::LocalHost), 0,
                            QUrl(QStringLiteral("ftp://host/agent"))));
    QVERIFY(f.proxy->lastError().contains(QLatin1String("http://")));
    QVERIFY(!f.proxy->isRunning());

    ProxyDialog dialog;
    dialog.findChild<QLineEdit *>(QStringLiteral("proxyUpstream"))
        ->setText(QStringLiteral("agent.local/x"));
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Rejected)); // stays open, saying why
    QVERIFY(!dialog.findChild<QLabel *>(QStringLiteral("proxyDialogError"))->text().isEmpty());
    QCOMPARE(dialog.port(), ProxyDialog::kDefaultPort);
}

void TestProxyWindow::forwardsAndRecordsAnExchange()
{
    SseTestServer upstream;
    upstream.setReply(QStringLiteral("/agent"), SseTestServer::sse(kEvents));
    Fixture f;
    QVERIFY(f.start(upstream.url(QStringLiteral("/agent"))));
    QVERIFY(f.proxy->statusWidget()->isVisible());
    QVERIFY(f.proxy->statusWidget()->text().contains(f.proxy->url().toString()));

    QNetworkAccessManager nam;
    std::unique_ptr<QNetworkReply> reply(post(nam, f.proxy->url()));
    QVERIFY(waitFinished(reply.get()));
    QCOMPARE(reply->error(), QNetworkReply::NoError);
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 200);
    QCOMPARE(reply->readAll(), sseBody()); // the agent's bytes, unchanged
    QVERIFY(upstream.lastRequest().contains(QByteArray("Bearer " + kSecret))); // forwarded as sent

    QTRY_COMPARE_WITH_TIMEOUT(f.window->document()->size(), qint64(kEvents.size()), kTimeoutMs);
    QCOMPARE(f.window->document()->row(0).type, EventType::RunStarted);
    QCOMPARE(f.window->document()->row(2).type, EventType::TextMessageContent);
    QCOMPARE(f.window->document()->row(4).type, EventType::RunFinished);
    QTRY_COMPARE_WITH_TIMEOUT(f.proxy->openCount(), 0, kTimeoutMs);
    QCOMPARE(f.proxy->exchangeCount(), 1);
    QVERIFY(f.proxy->statusWidget()->text().contains(QLatin1String("exchanges: 1")));

    QCOMPARE(f.capture().runs.size(), 1);
    const RunRecording &run = f.capture().runs.first();
    QCOMPARE(run.request.method, QStringLiteral("POST"));
    QCOMPARE(run.request.url, upstream.url(QStringLiteral("/agent")).toString());
    QCOMPARE(headerValue(run.request.headers, QLatin1StringView("Authorization")), redactedValue());
    QCOMPARE(run.request.body, QByteArrayLiteral(R"({"threadId":"t1","runId":"r1"})"));
    QCOMPARE(run.response.status, 200);
    QCOMPARE(run.body(), sseBody()); // every chunk
    QCOMPARE(run.end, RunEnd::Finished);
    for (const RunRecording &r : f.capture().runs)
        for (const auto &[name, value] : r.request.headers)
            QVERIFY(!value.contains(QString::fromLatin1(kSecret)));
}

void TestProxyWindow::concurrentExchangesAreSeparateRuns()
{
    SseTestServer upstream;
    ScriptedReply slow = SseTestServer::sse(kEvents);
    slow.pauseMs = 150; // both exchanges are open at once
    upstream.setReply(QStringLiteral("/agent"), slow);
    Fixture f;
    QVERIFY(f.start(upstream.url(QStringLiteral("/agent"))));
    QNetworkAccessManager nam;
    std::unique_ptr<QNetworkReply> first(post(nam, f.proxy->url()));
    std::unique_ptr<QNetworkReply> second(post(nam, f.proxy->url()));
    QTRY_COMPARE_WITH_TIMEOUT(f.proxy->openCount(), 2, kTimeoutMs);
    QVERIFY(waitFinished(first.get()));
    QVERIFY(waitFinished(second.get()));
    QCOMPARE(first->readAll(), sseBody());
    QCOMPARE(second->readAll(), sseBody());
    QTRY_COMPARE_WITH_TIMEOUT(f.proxy->openCount(), 0, kTimeoutMs);
    QCOMPARE(f.capture().runs.size(), 2);
    for (const RunRecording &run : f.capture().runs) {
        QCOMPARE(run.body(), sseBody());
        QCOMPARE(run.end, RunEnd::Finished);
    }
    QCOMPARE(f.window->document()->size(), qint64(2 * kEvents.size()));
}

void TestProxyWindow::stopClosesThePortAndEndsOpenExchanges()
{
    SseTestServer upstream;
    // Two events, then the agent keeps the stream open and silent.
    upstream.setReply(QStringLiteral("/agent"), SseTestServer::sse(kEvents.mid(0, 2), false));
    Fixture f;
    QVERIFY(f.start(upstream.url(QStringLiteral("/agent"))));
    const QUrl url = f.proxy->url();
    QNetworkAccessManager nam;
    std::unique_ptr<QNetworkReply> open(post(nam, url));
    QTRY_COMPARE_WITH_TIMEOUT(f.window->document()->size(), qint64(2), kTimeoutMs);
    QCOMPARE(f.proxy->openCount(), 1);

    auto *stop = f.proxy->statusWidget()->findChild<QToolButton *>(QStringLiteral("proxyStop"));
    QVERIFY(stop);
    stop->click();
    QVERIFY(!f.proxy->isRunning());
    QVERIFY(f.proxy->statusWidget()->isHidden());
    QCOMPARE(f.proxy->openCount(), 0);
    const RunRecording &run = f.capture().runs.first();
    QCOMPARE(run.end, RunEnd::Aborted);
    QCOMPARE(run.body(), "data: " + kEvents.at(0) + "\n\ndata: " + kEvents.at(1) + "\n\n");
    QVERIFY(waitFinished(open.get())); // its front end sees the connection go

    std::unique_ptr<QNetworkReply> refused(post(nam, url));
    QVERIFY(waitFinished(refused.get()));
    QCOMPARE(refused->error(), QNetworkReply::ConnectionRefusedError);
    QCOMPARE(f.capture().runs.size(), 1);
}

void TestProxyWindow::refusedUpstreamGives502AndAnErrorRun()
{
    QTcpServer closed;
    QVERIFY(closed.listen(QHostAddress::LocalHost));
    const quint16 port = closed.serverPort();
    closed.close(); // nothing listens there now
    Fixture f;
    QVERIFY(f.start(QUrl(QStringLiteral("http://127.0.0.1:%1/agent").arg(port))));
    QNetworkAccessManager nam;
    std::unique_ptr<QNetworkReply> reply(post(nam, f.proxy->url()));
    QVERIFY(waitFinished(reply.get()));
    QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 502);
    QVERIFY(reply->readAll().contains("upstream gave no response"));
    QTRY_COMPARE_WITH_TIMEOUT(f.capture().runs.size(), 1, kTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(f.capture().runs.first().end, RunEnd::Error, kTimeoutMs);
    QVERIFY(!f.capture().runs.first().endError.isEmpty());
    QCOMPARE(f.window->document()->size(), qint64(0));
}

void TestProxyWindow::startsAFreshSessionAndWaitsForTheWindowsOwnRun()
{
    SseTestServer upstream;
    upstream.setReply(QStringLiteral("/own"), SseTestServer::sse(kEvents.mid(0, 1), false));
    upstream.setReply(QStringLiteral("/agent"), SseTestServer::sse(kEvents));
    Fixture f;
    RunRequest own;
    own.url = upstream.url(QStringLiteral("/own"));
    own.input = ConnectDialog::defaultInput();
    QVERIFY(f.window->startRun(own));
    QTRY_COMPARE_WITH_TIMEOUT(f.window->document()->size(), qint64(1), kTimeoutMs);
    QVERIFY(!f.proxy->start(QHostAddress(QHostAddress::LocalHost), 0,
                            upstream.url(QStringLiteral("/agent"))));
    QVERIFY(f.proxy->lastError().contains(QLatin1String("Stop")));
    f.window->liveRun()->stop();
    QVERIFY(f.window->waitForRunToEnd(kTimeoutMs));
    QVERIFY(f.start(upstream.url(QStringLiteral("/agent"))));
    QCOMPARE(f.window->document()->size(), qint64(0)); // a session of its own
    QVERIFY(f.capture().runs.isEmpty());
}

void TestProxyWindow::closingTheWindowWithAnOpenExchange()
{
    SseTestServer upstream;
    upstream.setReply(QStringLiteral("/agent"), SseTestServer::sse(kEvents.mid(0, 2), false));
    Fixture f;
    QVERIFY(f.start(upstream.url(QStringLiteral("/agent"))));
    QNetworkAccessManager nam;
    std::unique_ptr<QNetworkReply> open(post(nam, f.proxy->url()));
    QTRY_COMPARE_WITH_TIMEOUT(f.window->document()->size(), qint64(2), kTimeoutMs);
    f.window->close();
    f.window.reset(); // the proxy's thread ends with the window, the exchange with it
    QVERIFY(waitFinished(open.get()));
}

void TestProxyWindow::boundToEveryInterfaceShowsLoopback()
{
    Fixture f;
    QVERIFY(f.proxy->start(QHostAddress(QHostAddress::AnyIPv4), 0,
                           QUrl(QStringLiteral("http://127.0.0.1:9/agent"))));
    QTRY_VERIFY_WITH_TIMEOUT(f.proxy->isRunning(), kTimeoutMs);
    QCOMPARE(f.proxy->url().host(), QStringLiteral("127.0.0.1")); // what a front end can use
    QVERIFY(f.proxy->url().port() > 0);
    f.proxy->stop();
    QVERIFY(!f.proxy->isRunning());
}

void TestProxyWindow::openingACaptureStopsTheProxy()
{
    SseTestServer upstream;
    upstream.setReply(QStringLiteral("/agent"), SseTestServer::sse(kEvents.mid(0, 2), false));
    Fixture f;
    QVERIFY(f.start(upstream.url(QStringLiteral("/agent"))));
    QNetworkAccessManager nam;
    std::unique_ptr<QNetworkReply> open(post(nam, f.proxy->url()));
    QTRY_COMPARE_WITH_TIMEOUT(f.proxy->openCount(), 1, kTimeoutMs);
    QSignalSpy running(f.proxy, &ProxyControl::runningChanged);
    QString error;
    QVERIFY(f.window->openCaptureAndWait(
        QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap"), &error));
    // The session the proxy recorded into is gone, and the proxy with it.
    QVERIFY(!f.proxy->isRunning());
    QCOMPARE(running.count(), 1);
    QVERIFY(f.proxy->statusWidget()->isHidden());
    QCOMPARE(f.proxy->openCount(), 0);
    QVERIFY(waitFinished(open.get()));
    QVERIFY(!f.capture().runs.isEmpty()); // the capture's own runs, nothing of the proxy's
    for (const RunRecording &run : f.capture().runs)
        QVERIFY(!run.request.url.contains(upstream.url(QStringLiteral("/agent")).toString()));
}

void TestProxyWindow::rewriteRulesChangeWhatTheFrontEndGets()
{
    SseTestServer upstream;
    upstream.setReply(QStringLiteral("/agent"), SseTestServer::sse(kEvents));
    Fixture f;
    QString error;
    const auto rules = intercept::RewriteRules::fromJson(
        R"([{"name":"hide the text","filter":"type:TEXT_MESSAGE_CONTENT","action":"drop"}])",
        &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    f.proxy->setRewriteRules(rules, QStringLiteral("rules.json"));
    QVERIFY(f.start(upstream.url(QStringLiteral("/agent"))));

    QNetworkAccessManager nam;
    std::unique_ptr<QNetworkReply> reply(post(nam, f.proxy->url()));
    QVERIFY(waitFinished(reply.get()));
    QCOMPARE(reply->error(), QNetworkReply::NoError);
    QByteArray expected = sseBody();
    expected.replace(QByteArray("data: " + kEvents.at(2) + "\n\n"), QByteArray());
    QCOMPARE(reply->readAll(), expected); // the front end never saw the text

    QTRY_COMPARE_WITH_TIMEOUT(f.proxy->openCount(), 0, kTimeoutMs);
    QCOMPARE(f.proxy->rewriteCount(), 1);
    QVERIFY(f.proxy->statusWidget()->text().contains(QLatin1String("changed by rules: 1")));
    // The session shows what the agent sent, and keeps what the front end got.
    QTRY_COMPARE_WITH_TIMEOUT(f.window->document()->size(), qint64(kEvents.size()), kTimeoutMs);
    const RunRecording &run = f.capture().runs.first();
    QCOMPARE(run.body(), sseBody());
    QCOMPARE(run.rewrites.size(), 1);
    QCOMPARE(run.rewrites.first().rule, QStringLiteral("hide the text"));
    QCOMPARE(run.deliveredBody(), expected);
    bool noted = false;
    for (const CaptureNote &note : f.capture().notes)
        noted = noted || note.text.startsWith(QLatin1String("rewrite rules from rules.json: "));
    QVERIFY(noted);

    // Selected, the dropped event shows the agent's bytes beside the front end's (none).
    QCOMPARE(f.window->document()->captureRunOf(2), 0);
    QVERIFY(f.window->document()->rewriteOf(2));
    QVERIFY(!f.window->document()->rewriteOf(1));
    QVERIFY(f.window->selectEvent(2));
    EventDetailView *detail = f.window->detailView();
    QTRY_VERIFY_WITH_TIMEOUT(detail->pages()->indexOf(detail->rewriteView()) >= 0, kTimeoutMs);
    QCOMPARE(detail->rewriteView()->summaryLabel()->text(),
             QStringLiteral("Rule \"hide the text\" dropped this event: the front end never got "
                            "it."));
    QCOMPARE(detail->rewriteView()->sentView()->toPlainText(),
             QString::fromUtf8("data: " + kEvents.at(2) + "\n\n"));
    QCOMPARE(detail->rewriteView()->deliveredView()->toPlainText(), QStringLiteral("(nothing)"));
    QVERIFY(detail->showPage(QStringLiteral("changed")));
    QCOMPARE(detail->pages()->currentWidget(), detail->rewriteView());
    QVERIFY(f.window->selectEvent(1)); // an event no rule took: no such page
    QTRY_VERIFY_WITH_TIMEOUT(detail->pages()->indexOf(detail->rewriteView()) < 0, kTimeoutMs);
    QVERIFY(!detail->showPage(QStringLiteral("changed")));
}

void TestProxyWindow::aBadRulesFileKeepsTheDialogOpen()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("rules.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"([{"filter":"type:RUN_*","action":"explode"}])");
    file.close();
    ProxyDialog dialog;
    dialog.findChild<QLineEdit *>(QStringLiteral("proxyUpstream"))
        ->setText(QStringLiteral("http://127.0.0.1:9/agent"));
    dialog.findChild<QLineEdit *>(QStringLiteral("proxyRulesFile"))->setText(path);
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    const QString said = dialog.findChild<QLabel *>(QStringLiteral("proxyDialogError"))->text();
    QVERIFY2(said.contains(QLatin1String("rule 1: \"action\" must be one of")), qPrintable(said));
    QVERIFY(said.contains(path));
}

void TestProxyWindow::theDialogReadsBreakpoints()
{
    ProxyDialog dialog;
    dialog.findChild<QLineEdit *>(QStringLiteral("proxyUpstream"))
        ->setText(QStringLiteral("http://127.0.0.1:9/agent"));
    auto *breakOn = dialog.findChild<QPlainTextEdit *>(QStringLiteral("proxyBreakpoints"));
    QVERIFY(breakOn);
    breakOn->setPlainText(QStringLiteral("type:RUN_STARTED\n\n  type:(  "));
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    const QString said = dialog.findChild<QLabel *>(QStringLiteral("proxyDialogError"))->text();
    QVERIFY2(said.startsWith(QLatin1String("Break on: rule 2 (\"breakpoint type:(\"): \"filter\"")),
             qPrintable(said));

    breakOn->setPlainText(QStringLiteral("type:RUN_STARTED\n\ntype:TOOL_CALL_START text:search"));
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.breakpoints(),
             QStringList({QStringLiteral("type:RUN_STARTED"),
                          QStringLiteral("type:TOOL_CALL_START text:search")}));
    QCOMPARE(dialog.rules().rules().size(), 2);
    QVERIFY(dialog.rules().hasBreakpoints());
}

void TestProxyWindow::aBreakpointHoldsAnEventUntilItIsEditedAndSent()
{
    SseTestServer upstream;
    upstream.setReply(QStringLiteral("/agent"), SseTestServer::sse(kEvents));
    Fixture f;
    QString error;
    const auto rules = intercept::RewriteRules().withBreakpoints(
        {QStringLiteral("type:TEXT_MESSAGE_CONTENT")}, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    f.proxy->setRewriteRules(rules, QStringLiteral("the test"));
    QVERIFY(!f.window->findChild<HeldEventView *>()); // no proxy with breakpoints yet
    QVERIFY(f.start(upstream.url(QStringLiteral("/agent"))));
    auto *held = f.window->findChild<HeldEventView *>();
    QVERIFY(held);
    QTabWidget *tabs = f.window->detailTabs();
    QWidget *page = breakpointTab(f.window.get());
    QVERIFY(tabs->isTabVisible(tabs->indexOf(page)));

    QNetworkAccessManager nam;
    std::unique_ptr<QNetworkReply> reply(post(nam, f.proxy->url()));
    QByteArray got;
    connect(reply.get(), &QNetworkReply::readyRead, reply.get(),
            [&got, &reply] { got += reply->readAll(); });
    QTRY_VERIFY_WITH_TIMEOUT(held->isHolding(), kTimeoutMs);
    QCOMPARE(tabs->currentWidget(), page); // the hit brings the tab to the front
    QTRY_COMPARE_WITH_TIMEOUT(f.window->eventList()->currentSeq(), qint64(2), kTimeoutMs);
    QCOMPARE(tabs->currentWidget(), page);
    const QString title = held->findChild<QLabel *>(QStringLiteral("heldEventTitle"))->text();
    QVERIFY2(title.startsWith(QLatin1String("Run 1 is held at \"breakpoint "
                                            "type:TEXT_MESSAGE_CONTENT\": TEXT_MESSAGE_CONTENT")),
             qPrintable(title));
    QVERIFY(f.proxy->statusWidget()->text().contains(QLatin1String("held at breakpoints: 1")));
    // The list marks the held event and what waits behind it; not what went on before it.
    EventListModel *list = f.window->listModel();
    const auto markOf = [list](int row) {
        list->flushPendingRows();
        return EventListModel::ProxyMark(list->index(row, EventListModel::SummaryColumn)
                                             .data(EventListModel::ProxyMarkRole)
                                             .toInt());
    };
    QTRY_COMPARE_WITH_TIMEOUT(markOf(4), EventListModel::ProxyMark::HeldBack, kTimeoutMs);
    QCOMPARE(markOf(2), EventListModel::ProxyMark::HeldBack);
    QCOMPARE(markOf(1), EventListModel::ProxyMark::None);
    QVERIFY(list->index(2, EventListModel::SummaryColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .startsWith(QLatin1String("Held at a breakpoint")));
    // The front end has what came before; nothing after it goes on while it is held.
    const QByteArray before = "data: " + kEvents.at(0) + "\n\ndata: " + kEvents.at(1) + "\n\n";
    QTRY_COMPARE_WITH_TIMEOUT(got, before, kTimeoutMs);
    QTest::qWait(200);
    QCOMPARE(got, before);
    QVERIFY(!reply->isFinished());

    // Typed wrong, it cannot be sent and says where; typed right, it can.
    QPlainTextEdit *editor = held->editor();
    auto *check = held->findChild<QLabel *>(QStringLiteral("heldEventCheck"));
    auto *send = held->findChild<QPushButton *>(QStringLiteral("heldSend"));
    editor->selectAll();
    QTest::keyClicks(editor, QStringLiteral("{\"type\": \"TEXT_MESSAGE_CONTENT\","));
    QTRY_VERIFY_WITH_TIMEOUT(check->text().startsWith(QLatin1String("Cannot send: not JSON at "
                                                                    "line 1")),
                             kTimeoutMs);
    QVERIFY(!send->isEnabled());
    QTest::keyClicks(editor, QStringLiteral(" \"messageId\": \"m1\", \"delta\": \"Hi there\"}"));
    QTRY_COMPARE_WITH_TIMEOUT(check->text(), QStringLiteral("Send sends 1 event in its place."),
                              kTimeoutMs);
    QVERIFY(send->isEnabled());
    QTest::mouseClick(send, Qt::LeftButton);

    QVERIFY(waitFinished(reply.get()));
    QCOMPARE(reply->error(), QNetworkReply::NoError);
    got += reply->readAll();
    QByteArray expected = sseBody();
    expected.replace(QByteArray("data: " + kEvents.at(2) + "\n\n"),
                     QByteArray(R"(data: {"delta":"Hi there","messageId":"m1",)"
                                R"("type":"TEXT_MESSAGE_CONTENT"})"
                                "\n\n"));
    QCOMPARE(got, expected);
    QVERIFY(!held->isHolding());
    QVERIFY(f.proxy->holds().isEmpty());

    // The session keeps the agent's bytes and what the front end got instead.
    QTRY_COMPARE_WITH_TIMEOUT(f.proxy->openCount(), 0, kTimeoutMs);
    const RunRecording &run = f.capture().runs.first();
    QCOMPARE(run.body(), sseBody());
    QCOMPARE(run.rewrites.size(), 1);
    QCOMPARE(run.rewrites.first().action, QStringLiteral("break"));
    QCOMPARE(run.deliveredBody(), expected);
    // Sent: the edited event is marked changed, the rest not held any more.
    QCOMPARE(markOf(2), EventListModel::ProxyMark::Changed);
    QCOMPARE(markOf(4), EventListModel::ProxyMark::None);
    QVERIFY(!list->index(2, EventListModel::SummaryColumn).data(Qt::DecorationRole).isNull());
    f.proxy->stop();
    QVERIFY(!tabs->isTabVisible(tabs->indexOf(page)));
}

// The breakpoint on the request: the front end's request waits in the window; its body is
// edited and sent; the agent gets the edit, the session keeps both bodies. A second request is
// refused: the front end gets 503, the agent nothing, and the session still has the request.
void TestProxyWindow::aRequestBreakpointEditsTheBodyBeforeTheAgentGetsIt()
{
    SseTestServer upstream;
    upstream.setReply(QStringLiteral("/agent"), SseTestServer::sse(kEvents));
    Fixture f;
    QString error;
    const auto rules
        = intercept::RewriteRules().withBreakpoints({QStringLiteral("request")}, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(rules.breaksOnRequest());
    QVERIFY(rules.isEmpty()); // not an event rule
    f.proxy->setRewriteRules(rules, QStringLiteral("the test"));
    QVERIFY(f.start(upstream.url(QStringLiteral("/agent"))));
    auto *held = f.window->findChild<HeldRequestView *>();
    QVERIFY(held);

    QNetworkAccessManager nam;
    std::unique_ptr<QNetworkReply> reply(post(nam, f.proxy->url()));
    QTRY_VERIFY_WITH_TIMEOUT(held->isHolding(), kTimeoutMs);
    QCOMPARE(f.window->detailTabs()->currentWidget(), breakpointTab(f.window.get()));
    const QString title = held->findChild<QLabel *>(QStringLiteral("heldRequestTitle"))->text();
    QVERIFY2(title.startsWith(QLatin1String("A request is held at the breakpoint on the request: "
                                            "POST http://127.0.0.1:")),
             qPrintable(title));
    QCOMPARE(f.window->document()->size(), qint64(0)); // recorded once decided
    QTest::qWait(200);
    QCOMPARE(upstream.requestCount(), 0);

    QPlainTextEdit *editor = held->editor();
    QVERIFY(editor->toPlainText().contains(QLatin1String("\"threadId\": \"t1\"")));
    editor->setPlainText(
        editor->toPlainText().replace(QLatin1String("\"t1\""), QLatin1String("\"edited\"")));
    auto *check = held->findChild<QLabel *>(QStringLiteral("heldRequestCheck"));
    // Not a whole RunAgentInput (no messages): said, and sent as written all the same.
    QTRY_VERIFY_WITH_TIMEOUT(check->text().startsWith(QLatin1String(
                                 "Not a valid RunAgentInput (sent as written all the same): ")),
                             kTimeoutMs);
    QTest::mouseClick(held->findChild<QPushButton *>(QStringLiteral("heldSendRequest")),
                      Qt::LeftButton);
    QVERIFY(waitFinished(reply.get()));
    QCOMPARE(reply->error(), QNetworkReply::NoError);
    QCOMPARE(reply->readAll(), sseBody());
    QCOMPARE(upstream.requestCount(), 1);
    const QJsonObject got = QJsonDocument::fromJson(upstream.lastRequestBody()).object();
    QCOMPARE(got.value(QStringLiteral("threadId")).toString(), QStringLiteral("edited"));
    QTRY_COMPARE_WITH_TIMEOUT(f.proxy->openCount(), 0, kTimeoutMs);
    const RecordedRequest &recorded = f.capture().runs.first().request;
    QCOMPARE(recorded.body, upstream.lastRequestBody());
    QVERIFY(recorded.frontEndBody);
    QCOMPARE(*recorded.frontEndBody, requestBody());
    // The run's RUN_STARTED shows both bodies on its Changed by Proxy page.
    QTRY_COMPARE_WITH_TIMEOUT(f.window->document()->size(), qint64(kEvents.size()), kTimeoutMs);
    f.window->selectEvent(0);
    auto *change = f.window->findChild<RewriteView *>();
    QTRY_VERIFY_WITH_TIMEOUT(change->summaryLabel()->text().startsWith(
                                 QLatin1String("The breakpoint on the request changed")),
                             kTimeoutMs);
    QCOMPARE(change->sentView()->toPlainText(), QString::fromUtf8(requestBody()));
    QCOMPARE(change->deliveredView()->toPlainText(), QString::fromUtf8(upstream.lastRequestBody()));

    // Refused: 503 to the front end, nothing to the agent, the request in the session.
    std::unique_ptr<QNetworkReply> refused(post(nam, f.proxy->url()));
    QTRY_VERIFY_WITH_TIMEOUT(held->isHolding(), kTimeoutMs);
    QTest::mouseClick(held->findChild<QPushButton *>(QStringLiteral("heldRefuse")), Qt::LeftButton);
    QVERIFY(waitFinished(refused.get()));
    QCOMPARE(refused->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 503);
    QTRY_COMPARE_WITH_TIMEOUT(f.capture().runs.size(), qsizetype(2), kTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(f.proxy->openCount(), 0, kTimeoutMs);
    QCOMPARE(upstream.requestCount(), 1);
    const RunRecording &second = f.capture().runs.at(1);
    QCOMPARE(second.request.body, requestBody());
    QVERIFY(!second.request.frontEndBody);
    QCOMPARE(second.end, RunEnd::Error);
    QVERIFY2(second.endError.startsWith(QLatin1String("refused at a breakpoint")),
             qPrintable(second.endError));

    // Held when the proxy stops: the request is kept all the same.
    std::unique_ptr<QNetworkReply> third(post(nam, f.proxy->url()));
    QTRY_VERIFY_WITH_TIMEOUT(held->isHolding(), kTimeoutMs);
    f.proxy->stop();
    QCOMPARE(f.capture().runs.size(), qsizetype(3));
    QCOMPARE(f.capture().runs.at(2).request.body, requestBody());
    QCOMPARE(f.capture().runs.at(2).end, RunEnd::Aborted);
    QVERIFY(f.proxy->holds().isEmpty());
}

// Breakpoints set in the Breakpoint tab while the proxy runs: a bad filter is refused there,
// a good one holds the next exchange, Resume All lets it go, and turned off nothing is held.
void TestProxyWindow::breakpointsChangeWhileTheProxyRuns()
{
    SseTestServer upstream;
    upstream.setReply(QStringLiteral("/agent"), SseTestServer::sse(kEvents));
    Fixture f;
    f.proxy->setRewriteRules({}, QStringLiteral("the test"));
    QVERIFY(f.start(upstream.url(QStringLiteral("/agent"))));
    QWidget *tab = breakpointTab(f.window.get());
    QVERIFY(tab); // every running proxy has one: breakpoints can be set at any time
    QVERIFY(f.window->detailTabs()->isTabVisible(f.window->detailTabs()->indexOf(tab)));
    auto *bar = tab->findChild<BreakpointBar *>();
    auto *apply = bar->findChild<QPushButton *>(QStringLiteral("breakpointApply"));
    auto *error = bar->findChild<QLabel *>(QStringLiteral("breakpointError"));
    QVERIFY(!apply->isEnabled()); // nothing changed yet

    bar->editor()->setPlainText(QStringLiteral("type:("));
    QVERIFY(apply->isEnabled());
    QTest::mouseClick(apply, Qt::LeftButton);
    QVERIFY2(error->text().startsWith(QLatin1String("Not applied: rule 1 (\"breakpoint type:(\")")),
             qPrintable(error->text()));
    QVERIFY(f.proxy->breakpoints().isEmpty());

    bar->editor()->setPlainText(QStringLiteral("  type:TEXT_MESSAGE_CONTENT\n\n"));
    QTest::mouseClick(apply, Qt::LeftButton);
    QCOMPARE(f.proxy->breakpoints(), QStringList({QStringLiteral("type:TEXT_MESSAGE_CONTENT")}));
    QVERIFY(error->isHidden());
    QVERIFY(!apply->isEnabled());
    QVERIFY(f.capture().notes.last().text.startsWith(QLatin1String("breakpoints changed: ")));

    QNetworkAccessManager nam;
    std::unique_ptr<QNetworkReply> first(post(nam, f.proxy->url()));
    auto *held = tab->findChild<HeldEventView *>();
    QTRY_VERIFY_WITH_TIMEOUT(held->isHolding(), kTimeoutMs);
    auto *resumeAll = bar->findChild<QPushButton *>(QStringLiteral("breakpointResumeAll"));
    QVERIFY(resumeAll->isEnabled());
    QTest::mouseClick(resumeAll, Qt::LeftButton);
    QVERIFY(waitFinished(first.get()));
    QCOMPARE(first->readAll(), sseBody());
    QVERIFY(f.proxy->holds().isEmpty());
    QVERIFY(!resumeAll->isEnabled());

    bar->findChild<QCheckBox *>(QStringLiteral("breakpointsActive"))->setChecked(false);
    QVERIFY(!f.proxy->breakpointsActive());
    QVERIFY(f.proxy->statusWidget()->text().contains(QLatin1String("breakpoints off")));
    std::unique_ptr<QNetworkReply> second(post(nam, f.proxy->url()));
    QVERIFY(waitFinished(second.get()));
    QCOMPARE(second->readAll(), sseBody());
    QVERIFY(!held->isHolding());
    QVERIFY(f.proxy->holds().isEmpty());
}

// With a capture folder the window's proxy writes a capture file as it goes (as the CLI's
// --record): an exchange is in it, readable, before the proxy stops; a request held when it
// stops is in it too, ended.
void TestProxyWindow::theProxyRecordsToAFileAsItGoes()
{
    QTemporaryDir dir;
    SseTestServer upstream;
    upstream.setReply(QStringLiteral("/agent"), SseTestServer::sse(kEvents));
    Fixture f;
    f.window->liveRun()->setCaptureDirectory(dir.path());
    QString error;
    f.proxy->setRewriteRules(
        intercept::RewriteRules().withBreakpoints({QStringLiteral("request")}, &error),
        QStringLiteral("the test"));
    QVERIFY(f.start(upstream.url(QStringLiteral("/agent"))));
    const QString path = f.proxy->recordingPath();
    QVERIFY2(path.startsWith(dir.path() + QLatin1String("/proxy-")), qPrintable(path));
    QVERIFY(f.proxy->statusWidget()->details().contains(path));

    QNetworkAccessManager nam;
    std::unique_ptr<QNetworkReply> first(post(nam, f.proxy->url()));
    auto *held = f.window->findChild<HeldRequestView *>();
    QTRY_VERIFY_WITH_TIMEOUT(held->isHolding(), kTimeoutMs);
    QTest::mouseClick(held->findChild<QPushButton *>(QStringLiteral("heldForward")),
                      Qt::LeftButton);
    QVERIFY(waitFinished(first.get()));
    QTRY_COMPARE_WITH_TIMEOUT(f.proxy->openCount(), 0, kTimeoutMs);
    Capture recorded;
    QVERIFY2(readCaptureFile(path, &recorded, &error), qPrintable(error));
    QCOMPARE(recorded.runs.size(), 1);
    QCOMPARE(recorded.runs.first().body(), sseBody());
    QCOMPARE(recorded.runs.first().end, RunEnd::Finished);
    QVERIFY(!recorded.runs.first().request.frontEndBody); // forwarded as it came
    QVERIFY(std::any_of(recorded.notes.cbegin(), recorded.notes.cend(), [](const auto &note) {
        return note.text.startsWith(QLatin1String("breakpoint on the request"));
    }));
    QVERIFY(!recorded.runs.first().request.headers.isEmpty());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(!file.readAll().contains(kSecret)); // the front end's credential stays out

    std::unique_ptr<QNetworkReply> second(post(nam, f.proxy->url()));
    QTRY_VERIFY_WITH_TIMEOUT(held->isHolding(), kTimeoutMs);
    f.proxy->stop();
    QVERIFY2(readCaptureFile(path, &recorded, &error), qPrintable(error));
    QCOMPARE(recorded.runs.size(), 2);
    QCOMPARE(recorded.runs.at(1).request.body, requestBody());
    QCOMPARE(recorded.runs.at(1).end, RunEnd::Aborted);
    QCOMPARE(recorded.runs.at(1).endError, QStringLiteral("the proxy was stopped"));
}

// Map local: a mapped path is answered from a capture (byte for byte), other paths still go to
// the agent, both are runs of the session, and a capture that cannot be read fails the start.
void TestProxyWindow::mapLocalAnswersAPathFromACapture()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("recorded.aguicap"));
    QByteArray recorded = sseBody();
    recorded.replace("Hello", "Recorded");
    {
        CaptureWriter writer;
        QVERIFY(writer.open(path));
        RecordedRequest request;
        request.method = QStringLiteral("POST");
        request.url = QStringLiteral("http://127.0.0.1:1/agent");
        const int run = writer.beginRun(request);
        RecordedResponse response;
        response.status = 200;
        response.headers = {{QStringLiteral("Content-Type"), QStringLiteral("text/event-stream")}};
        QVERIFY(writer.writeResponse(run, response));
        QVERIFY(writer.writeChunk(run, recorded, -1));
        QVERIFY(writer.endRun(run, RunEnd::Finished, {}, -1));
        writer.close();
    }
    SseTestServer upstream;
    upstream.setReply(QStringLiteral("/agent"), SseTestServer::sse(kEvents));
    Fixture f;
    f.proxy->setMapLocal(QStringLiteral("/mapped"), path);
    QVERIFY(f.start(upstream.url(QStringLiteral("/agent"))));

    QNetworkAccessManager nam;
    QUrl mapped = f.proxy->url();
    mapped.setPath(QStringLiteral("/mapped"));
    std::unique_ptr<QNetworkReply> fromCapture(post(nam, mapped));
    QVERIFY(waitFinished(fromCapture.get()));
    QCOMPARE(fromCapture->readAll(), recorded);
    std::unique_ptr<QNetworkReply> fromAgent(post(nam, f.proxy->url()));
    QVERIFY(waitFinished(fromAgent.get()));
    QCOMPARE(fromAgent->readAll(), sseBody());
    QTRY_COMPARE_WITH_TIMEOUT(f.proxy->openCount(), 0, kTimeoutMs);
    QCOMPARE(f.capture().runs.size(), 2);
    QCOMPARE(f.capture().runs.at(0).body(), recorded);
    bool noted = false;
    for (const CaptureNote &note : f.capture().notes)
        noted = noted || note.text == QStringLiteral("map local: /mapped answered from ") + path;
    QVERIFY(noted);
    f.proxy->stop();

    QSignalSpy failed(f.proxy, &ProxyControl::failed);
    f.proxy->setMapLocal(QStringLiteral("/mapped"), dir.filePath(QStringLiteral("missing")));
    QVERIFY(f.proxy->start(QHostAddress(QHostAddress::LocalHost), 0,
                           upstream.url(QStringLiteral("/agent"))));
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, kTimeoutMs);
    QVERIFY2(failed.first().first().toString().startsWith(QLatin1String("map local: ")),
             qPrintable(failed.first().first().toString()));
    QVERIFY(!f.proxy->isRunning());
}

QTEST_MAIN(TestProxyWindow)
#include "test_proxy_window.moc"
