// A real CopilotKit runtime (@copilotkit/runtime 1.75.0, pinned in tests/interop/copilotkit) with
// two test agents of ours (copilotkit/runtime-server.mjs: AbstractAgent subclasses, no LLM), and
// `agui-inspect` as a CopilotKit user runs it (docs/copilotkit.md):
//  - discovery: `agents` on the REST and the single-endpoint transport, and on the app's page
//    (HTML) instead of the runtime;
//  - a run per transport, an agent the runtime lacks;
//  - on each transport, a second run on a thread still running (the empty 200), stop (the bare
//    RUN_FINISHED) and connect (the stored history);
//  - the debug feed with two agents interleaved, recorded into a capture that reads back as a
//    run per agent and thread; the feed off (404) and absent on the single endpoint.
// Needs the pinned Node and packages (README test command); fails, never skips, without them.

#include "interopsupport.h"

#include "core/capture/capture.h"
#include "core/recording/loadrecording.h"
#include "core/recording/recording.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>

using namespace agui;
using namespace interop;

namespace {

constexpr int kWaitMs = 120000;

struct Cli
{
    int exitCode = -1;
    QString out;
    QString err;
    QString describe() const
    {
        return QStringLiteral("exit %1\n--- stdout:\n%2\n--- stderr:\n%3")
            .arg(exitCode)
            .arg(out.right(4000), err.right(4000));
    }
};

Cli finish(QProcess &p)
{
    Cli r;
    if (!p.waitForFinished(kWaitMs)) {
        p.kill();
        p.waitForFinished();
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

std::unique_ptr<QProcess> startCli(const QStringList &args)
{
    auto p = std::make_unique<QProcess>();
    p->start(QStringLiteral(AGUI_INSPECT_BINARY), args);
    p->waitForStarted(kWaitMs);
    return p;
}

Cli cli(const QStringList &args)
{
    const auto p = startCli(args);
    return finish(*p);
}

// Waits until the process has written `text` to the chosen channel; what it wrote so far is
// kept in *seen.
bool waitFor(QProcess &p, QProcess::ProcessChannel channel, const QString &text, QByteArray *seen)
{
    QElapsedTimer clock;
    clock.start();
    p.setReadChannel(channel);
    while (clock.elapsed() < kWaitMs) {
        *seen += p.readAll();
        if (QString::fromUtf8(*seen).contains(text))
            return true;
        if (p.state() != QProcess::Running)
            return false;
        p.waitForReadyRead(200);
    }
    return false;
}

} // namespace

class TestInteropCopilotKit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        const QString node = findCopilotKitNode(&why);
        QVERIFY2(!node.isEmpty(), qPrintable(why));
        QString error;
        m_server = m_runtime.start(node, {kCopilotKitDir + QStringLiteral("runtime-server.mjs")},
                                   QStringLiteral("runtime listening on (http://\\S+)"), &error);
        QVERIFY2(!m_server.isEmpty(), qPrintable(error));
        m_rest = m_server + QStringLiteral("/api/copilotkit");
        m_single = m_server + QStringLiteral("/api/copilotkit-single");
        QVERIFY(m_dir.isValid());
    }

    void cleanupTestCase() { m_runtime.stop(); }

    void discovery_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("transport");
        QTest::newRow("rest") << QStringLiteral("/api/copilotkit") << QStringLiteral("rest");
        QTest::newRow("single") << QStringLiteral("/api/copilotkit-single")
                                << QStringLiteral("single");
    }

    void discovery()
    {
        QFETCH(QString, path);
        QFETCH(QString, transport);
        const Cli r = cli({QStringLiteral("agents"), m_server + path, QStringLiteral("--format"),
                           QStringLiteral("json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QLatin1String("transport")).toString(), transport);
        QCOMPARE(o.value(QLatin1String("version")).toString(), QStringLiteral("1.75.0"));
        QCOMPARE(o.value(QLatin1String("mode")).toString(), QStringLiteral("sse"));
        QStringList names;
        for (const QJsonValue &a : o.value(QLatin1String("agents")).toArray()) {
            names.append(a.toObject().value(QLatin1String("name")).toString());
            QCOMPARE(a.toObject().value(QLatin1String("className")).toString(),
                     QStringLiteral("ScriptedAgent"));
        }
        names.sort();
        QCOMPARE(names, QStringList({QStringLiteral("echo"), QStringLiteral("slow")}));
        QVERIFY2(r.err.contains(QLatin1String("found: CopilotKit runtime 1.75.0")),
                 qPrintable(r.describe()));
        const Cli text = cli({QStringLiteral("agents"), m_server + path});
        QVERIFY2(text.exitCode == 0
                     && text.out.contains(QLatin1String("Says hello in three pieces")),
                 qPrintable(text.describe()));
    }

    // The app's page, not its runtime: both transports tried, the HTML named.
    void discoveryOnTheAppsPage()
    {
        const Cli r = cli({QStringLiteral("agents"), m_server + QStringLiteral("/")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("HTML page"))
                     && r.err.contains(QLatin1String("either transport")),
                 qPrintable(r.describe()));
    }

    void runPerTransport_data() { discovery_data(); }

    void runPerTransport()
    {
        QFETCH(QString, path);
        QFETCH(QString, transport);
        const QString capture = m_dir.filePath(transport + QStringLiteral("-run.aguicap"));
        const Cli r = cli({QStringLiteral("run"), m_server + path, QStringLiteral("--agent"),
                           QStringLiteral("echo"), QStringLiteral("--record"), capture});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QString text;
        for (const QString &line : r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const QJsonObject e = QJsonDocument::fromJson(line.toUtf8()).object();
            if (e.value(QLatin1String("type")).toString() == QLatin1String("TEXT_MESSAGE_CONTENT"))
                text += e.value(QLatin1String("delta")).toString();
        }
        QCOMPARE(text, QStringLiteral("Hello!"));
        QVERIFY2(r.err.contains(transport == QLatin1String("rest")
                                    ? QLatin1String("REST transport")
                                    : QLatin1String("single-endpoint transport")),
                 qPrintable(r.describe()));
        QVERIFY2(r.err.contains(QLatin1String(" 0 errors")), qPrintable(r.describe()));
        // The request recorded is the one the transport takes.
        auto recording = std::make_shared<Recording>();
        QVERIFY(loadIntoRecording(capture, *recording).ok);
        const RecordedRequest &sent = recording->capture().runs.first().request;
        if (transport == QLatin1String("rest")) {
            QVERIFY2(sent.url.endsWith(QLatin1String("/api/copilotkit/agent/echo/run")),
                     qPrintable(sent.url));
        } else {
            QVERIFY2(sent.url.endsWith(QLatin1String("/api/copilotkit-single")),
                     qPrintable(sent.url));
            QCOMPARE(QJsonDocument::fromJson(sent.body).object().value(QLatin1String("method")),
                     QJsonValue(QStringLiteral("agent/run")));
        }
        QCOMPARE(recording->session().size(), 7);
    }

    void anAgentTheRuntimeLacks()
    {
        const Cli r = cli(
            {QStringLiteral("run"), m_rest, QStringLiteral("--agent"), QStringLiteral("ghost")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QLatin1String("no agent 'ghost'"))
                     && r.err.contains(QLatin1String("echo, slow")),
                 qPrintable(r.describe()));
    }

    // A run in progress: a second run on its thread gets the empty 200, stop ends it with the
    // bare RUN_FINISHED, connect gives the thread's stored history back.
    void busyThreadStopAndConnect_data() { discovery_data(); }

    void busyThreadStopAndConnect()
    {
        QFETCH(QString, path);
        QFETCH(QString, transport);
        const QString url = m_server + path;
        const QString thread = QStringLiteral("busy-") + transport;
        const auto slow = startCli({QStringLiteral("run"), url, QStringLiteral("--agent"),
                                    QStringLiteral("slow"), QStringLiteral("--thread"), thread});
        QByteArray seen;
        QVERIFY2(
            waitFor(*slow, QProcess::StandardOutput, QStringLiteral("TEXT_MESSAGE_CONTENT"), &seen),
            seen.constData());

        const Cli second = cli({QStringLiteral("run"), url, QStringLiteral("--agent"),
                                QStringLiteral("slow"), QStringLiteral("--thread"), thread});
        QCOMPARE(second.exitCode, 1);
        QVERIFY2(second.err.contains(QLatin1String("copilotkit.busy-thread"))
                     && second.err.contains(QLatin1String("already has a run in progress")),
                 qPrintable(second.describe()));

        const Cli stop
            = cli({QStringLiteral("run"), url, QStringLiteral("--agent"), QStringLiteral("slow"),
                   QStringLiteral("--stop"), QStringLiteral("--thread"), thread});
        QVERIFY2(stop.exitCode == 0 && stop.out.contains(QLatin1String("\"stopped\":true")),
                 qPrintable(stop.describe()));

        const Cli stopped = finish(*slow);
        const QString stoppedOut = QString::fromUtf8(seen) + stopped.out;
        QVERIFY2(stoppedOut.trimmed().endsWith(QLatin1String("{\"type\":\"RUN_FINISHED\"}")),
                 qPrintable(stopped.describe()));
        QVERIFY2(stopped.err.contains(QLatin1String("copilotkit.stopped-run")),
                 qPrintable(stopped.describe()));

        const Cli nothing
            = cli({QStringLiteral("run"), url, QStringLiteral("--agent"), QStringLiteral("slow"),
                   QStringLiteral("--stop"), QStringLiteral("--thread"), thread});
        QVERIFY2(nothing.exitCode == 1 && nothing.out.contains(QLatin1String("\"stopped\":false")),
                 qPrintable(nothing.describe()));

        const Cli connect
            = cli({QStringLiteral("run"), url, QStringLiteral("--agent"), QStringLiteral("slow"),
                   QStringLiteral("--connect"), QStringLiteral("--thread"), thread});
        QVERIFY2(
            connect.out.contains(QLatin1String("RUN_STARTED"))
                && connect.out.contains(QStringLiteral("\"threadId\":\"%1\"").arg(thread))
                && connect.out.trimmed().endsWith(QLatin1String("{\"type\":\"RUN_FINISHED\"}")),
            qPrintable(connect.describe()));
    }

    // Two agents at once on the debug feed: a run per agent and thread, interleaved, every
    // event with the runtime's timestamp.
    void debugFeedWithTwoAgents()
    {
        const QString capture = m_dir.filePath(QStringLiteral("feed.aguicap"));
        const auto record = startCli(
            {QStringLiteral("record"), QStringLiteral("--copilotkit-debug"), m_rest,
             QStringLiteral("--out"), capture, QStringLiteral("--format"), QStringLiteral("json")});
        QByteArray seen;
        QVERIFY2(waitFor(*record, QProcess::StandardError, QStringLiteral("attached to"), &seen),
                 seen.constData());

        const auto slow = startCli({QStringLiteral("run"), m_rest, QStringLiteral("--agent"),
                                    QStringLiteral("slow"), QStringLiteral("--thread"),
                                    QStringLiteral("feed-slow")});
        QByteArray slowSeen;
        QVERIFY(waitFor(*slow, QProcess::StandardOutput, QStringLiteral("TEXT_MESSAGE_CONTENT"),
                        &slowSeen));
        const Cli echo
            = cli({QStringLiteral("run"), m_rest, QStringLiteral("--agent"), QStringLiteral("echo"),
                   QStringLiteral("--thread"), QStringLiteral("feed-echo")});
        QVERIFY2(echo.exitCode == 0, qPrintable(echo.describe()));
        const Cli stop = cli({QStringLiteral("run"), m_rest, QStringLiteral("--agent"),
                              QStringLiteral("slow"), QStringLiteral("--stop"),
                              QStringLiteral("--thread"), QStringLiteral("feed-slow")});
        QVERIFY2(stop.exitCode == 0, qPrintable(stop.describe()));
        finish(*slow);

        // Until the feed has carried the stopped run's end, then Ctrl+C (SIGTERM here).
        QByteArray out;
        QVERIFY2(waitFor(*record, QProcess::StandardOutput,
                         QStringLiteral(
                             "\"threadId\":\"feed-slow\",\"event\":{\"type\":\"RUN_FINISHED\"}"),
                         &out),
                 out.constData());
        record->terminate();
        const Cli recorded = finish(*record);
        QVERIFY2(recorded.exitCode == 0 || recorded.exitCode == 1, qPrintable(recorded.describe()));
        QVERIFY2(recorded.err.contains(QStringLiteral("echo · feed-echo: 7 frames"))
                     && recorded.err.contains(QLatin1String("copilotkit.stopped-run")),
                 qPrintable(recorded.describe()));

        auto recording = std::make_shared<Recording>();
        QVERIFY(loadIntoRecording(capture, *recording).ok);
        const Capture &c = recording->capture();
        QStringList labels;
        int echoRun = -1;
        int slowRun = -1;
        for (qsizetype i = 0; i < c.runs.size(); ++i) {
            labels.append(c.runs[i].label);
            QCOMPARE(c.runs[i].framing, Framing::CopilotKitDebug);
            if (c.runs[i].label == QStringLiteral("echo · feed-echo"))
                echoRun = int(i);
            if (c.runs[i].label == QStringLiteral("slow · feed-slow"))
                slowRun = int(i);
        }
        QVERIFY2(echoRun > 0 && slowRun > 0, qPrintable(labels.join(QLatin1String(", "))));
        QCOMPARE(c.runs[0].label, QStringLiteral("debug feed"));
        QVERIFY(c.runs[0].body().startsWith(": connected\n\n"));
        // Interleaved: echo's frames lie between two of slow's.
        const qint64 echoFirst = c.runs[echoRun].chunks.first().order;
        const qint64 echoLast = c.runs[echoRun].chunks.last().order;
        QVERIFY(c.runs[slowRun].chunks.first().order < echoFirst);
        QVERIFY(c.runs[slowRun].chunks.last().order > echoLast);
        // Each event carries the runtime's timestamp (milliseconds), not our receive time.
        for (const Chunk &chunk : c.runs[echoRun].chunks)
            QCOMPARE(chunk.receivedAtUs % 1000, 0);
        // The events decode from inside the envelopes: RUN_STARTED ... RUN_FINISHED per stream.
        const Session &s = recording->session();
        int echoEvents = 0;
        for (qint64 seq = 0; seq < s.size(); ++seq) {
            if (recording->captureRunOf(seq) == echoRun)
                ++echoEvents;
        }
        QCOMPARE(echoEvents, 7);
    }

    void debugFeedOffAndAbsent()
    {
        const Cli off = cli({QStringLiteral("record"), QStringLiteral("--copilotkit-debug"),
                             m_server + QStringLiteral("/api/copilotkit-nodebug")});
        QCOMPARE(off.exitCode, 2);
        QVERIFY2(off.err.contains(QLatin1String("answered 404"))
                     && off.err.contains(QLatin1String("debug: true")),
                 qPrintable(off.describe()));
        const Cli single
            = cli({QStringLiteral("record"), QStringLiteral("--copilotkit-debug"), m_single});
        QCOMPARE(single.exitCode, 2);
        QVERIFY2(single.err.contains(QLatin1String("single-endpoint runtime")),
                 qPrintable(single.describe()));
    }

private:
    ServerProcess m_runtime;
    QString m_server;
    QString m_rest;
    QString m_single;
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestInteropCopilotKit)
#include "test_interop_copilotkit.moc"
