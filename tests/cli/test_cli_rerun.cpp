// `agui-inspect rerun` end to end: a run of the demo agent recorded with `run --record`, re-sent
// to the same agent (same structure), to an agent that answers differently (a replay of another
// run), to a closed port, and from captures it cannot re-send.

#include "cli_process.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using agui::test::readFile;
using agui::test::runCli;
using agui::test::ServeProcess;

// The demo agent's answer to a click on its order form's button: another run (docs/demo-agent.md).
const char kClickBody[]
    = R"({"threadId":"t","runId":"r","state":{},"messages":[],"tools":[],"context":[],
    "forwardedProps":{"a2uiAction":{"userAction":{"name":"submit_order","surfaceId":"order",
    "sourceComponentId":"submit","timestamp":"2026-01-01T00:00:00Z",
    "context":{"name":"Ada","size":"large"}}}}})";

// The request record of a capture written by `run --record` (its second line).
QJsonObject requestLine(const QString &capture)
{
    const QList<QByteArray> lines = readFile(capture).split('\n');
    return lines.size() > 1 ? QJsonDocument::fromJson(lines[1]).object() : QJsonObject();
}

int lineCount(const QByteArray &text)
{
    return int(text.count('\n'));
}

} // namespace

class TestCliRerun : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_url = m_demo.start(
            {QStringLiteral("--demo"), QStringLiteral("--pace"), QStringLiteral("0")});
        QVERIFY2(m_url.startsWith(QLatin1String("http://127.0.0.1:")), qPrintable(m_url));
        m_recorded = m_dir.filePath(QStringLiteral("recorded.aguicap"));
        m_clicked = m_dir.filePath(QStringLiteral("clicked.aguicap"));
        const auto first
            = runCli({QStringLiteral("run"), m_url, QStringLiteral("--record"), m_recorded});
        QVERIFY2(first.exitCode == 0, first.err.constData());
        const auto click = runCli({QStringLiteral("run"), m_url, QStringLiteral("--body"),
                                   QStringLiteral("-"), QStringLiteral("--record"), m_clicked},
                                  kClickBody);
        QVERIFY2(click.exitCode == 0, click.err.constData());
    }

    void sameAgentSameStructure()
    {
        const QString again = m_dir.filePath(QStringLiteral("again.aguicap"));
        const auto r = runCli({QStringLiteral("rerun"), m_recorded, QStringLiteral("--record"),
                               again, QStringLiteral("--timeout"), QStringLiteral("60")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("same structure as the recorded run"), r.err.constData());
        // The new events stream like `run`'s, one JSON line each, and are recorded.
        const QJsonObject first = QJsonDocument::fromJson(r.out.left(r.out.indexOf('\n'))).object();
        QCOMPARE(first.value(QLatin1String("type")).toString(), QStringLiteral("RUN_STARTED"));
        const auto cat = runCli({QStringLiteral("cat"), again});
        QCOMPARE(cat.exitCode, 0);
        QCOMPARE(lineCount(cat.out), lineCount(r.out));
        // The request sent is the recorded one: the same body, byte for byte.
        QVERIFY(!requestLine(again).value(QLatin1String("bodyText")).toString().isEmpty());
        QCOMPARE(requestLine(again).value(QLatin1String("bodyText")),
                 requestLine(m_recorded).value(QLatin1String("bodyText")));

        // The recorded body is what is sent: the click's run comes back as the click's run.
        const auto click = runCli({QStringLiteral("rerun"), m_clicked});
        QVERIFY2(click.exitCode == 0, click.err.constData());
    }

    void differentAgentDiffers()
    {
        ServeProcess replay;
        const QString url = replay.start({QStringLiteral("--replay"), m_clicked,
                                          QStringLiteral("--speed"), QStringLiteral("100")});
        QVERIFY(!url.isEmpty());
        const auto r = runCli({QStringLiteral("rerun"), m_recorded, QStringLiteral("--url"), url});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("different structure"), r.err.constData());
        // Each difference names the event on each side: the first tool call has another name.
        QVERIFY2(r.err.contains("toolCalls  changed tool call #1 (event "), r.err.constData());
        QVERIFY2(r.err.contains("\"path\":\"/name\""), r.err.constData());
        QVERIFY2(r.err.contains("eventTypes missing TOOL_CALL_START at B event "),
                 r.err.constData());
    }

    void closedPortIsATransportError()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close();
        const auto r = runCli({QStringLiteral("rerun"), m_recorded, QStringLiteral("--url"),
                               QStringLiteral("http://127.0.0.1:%1/").arg(port)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("connection refused"), r.err.constData());
        QVERIFY2(r.err.contains("did not complete"), r.err.constData());
    }

    void whatCannotBeResent()
    {
        // A raw event stream has no request.
        const auto raw = runCli({QStringLiteral("rerun"), agui::test::sample("clean.sse")});
        QCOMPARE(raw.exitCode, 2);
        QVERIFY2(raw.err.contains("no recorded request"), raw.err.constData());
        const auto range = runCli(
            {QStringLiteral("rerun"), m_recorded, QStringLiteral("--run"), QStringLiteral("3")});
        QCOMPARE(range.exitCode, 2);
        QVERIFY2(range.err.contains("has 1 recorded exchange(s)"), range.err.constData());
        QCOMPARE(runCli({QStringLiteral("rerun"), m_dir.filePath(QStringLiteral("none.aguicap"))})
                     .exitCode,
                 2);
        QCOMPARE(runCli({QStringLiteral("rerun")}).exitCode, 2);
        QVERIFY(runCli({QStringLiteral("rerun"), QStringLiteral("--help")}).out.contains("usage"));
    }

    void credentialsAreGivenAgainNeverStored()
    {
        const QString again = m_dir.filePath(QStringLiteral("secret.aguicap"));
        const auto r = runCli({QStringLiteral("rerun"), m_recorded, QStringLiteral("--header"),
                               QStringLiteral("Authorization: Bearer sk-SECRET-0123456789"),
                               QStringLiteral("--record"), again});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray capture = readFile(again);
        QVERIFY(capture.contains("Authorization"));
        QVERIFY(!capture.contains("SECRET"));
        QVERIFY(!r.out.contains("SECRET") && !r.err.contains("SECRET"));
    }

private:
    QTemporaryDir m_dir;
    ServeProcess m_demo;
    QString m_url;
    QString m_recorded;
    QString m_clicked;
};

QTEST_GUILESS_MAIN(TestCliRerun)
#include "test_cli_rerun.moc"
