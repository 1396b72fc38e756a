// The command line of the real agui-inspector binary: --help and --version answer without a
// display (no platform plugin at all), --connect URL --body FILE POSTs that body and records the
// run, and a body that is not JSON is refused naming the file and the byte.

#include "sseserver.h"

#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestGuiCommandLine : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void helpAndVersionNeedNoDisplay();
    void connectWithBodyRunsIt();
    void badBodyNamesFileAndByte();
};

namespace {

// Starts the binary; the caller's event loop keeps running (servers in this process answer).
void start(QProcess &process, const QStringList &args, bool display)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
        env.remove(QString::fromLatin1(name));
    if (display)
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(AGUI_INSPECTOR_EXE), args);
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

void TestGuiCommandLine::helpAndVersionNeedNoDisplay()
{
    QProcess help;
    start(help, {QStringLiteral("--help")}, false);
    QVERIFY(help.waitForFinished(60000));
    const QByteArray helpText = help.readAllStandardOutput();
    QCOMPARE(help.exitCode(), 0);
    QVERIFY2(helpText.contains("--connect <URL>"), helpText.constData());
    QVERIFY(helpText.contains("--body <FILE>"));

    QProcess version;
    start(version, {QStringLiteral("--version")}, false);
    QVERIFY(version.waitForFinished(60000));
    QCOMPARE(version.exitCode(), 0);
    QCOMPARE(version.readAllStandardOutput().trimmed(), QByteArray("agui-inspector " AGUI_VERSION));

    QProcess mistake;
    start(mistake, {QStringLiteral("--no-such-option")}, false);
    QVERIFY(mistake.waitForFinished(60000));
    QCOMPARE(mistake.exitCode(), 1);
    QVERIFY(mistake.readAllStandardError().contains("no-such-option"));
}

void TestGuiCommandLine::connectWithBodyRunsIt()
{
    SseTestServer server;
    server.setReply(
        QStringLiteral("/agent"),
        SseTestServer::sse({R"({"type":"RUN_STARTED","threadId":"t-cli","runId":"r-cli"})",
                            R"({"type":"RUN_FINISHED","threadId":"t-cli","runId":"r-cli"})"}));
    QTemporaryDir dir;
    const QString body = dir.filePath(QStringLiteral("input.json"));
    QVERIFY(writeFile(body, R"({"threadId":"t-cli","runId":"r-cli","messages":[],"tools":[],
                                "context":[],"state":{"from":"the-body-file"},"forwardedProps":{}})"));
    const QString png = dir.filePath(QStringLiteral("run.png"));
    QProcess process;
    start(process,
          {QStringLiteral("--connect"), server.url(QStringLiteral("/agent")).toString(),
           QStringLiteral("--body"), body, QStringLiteral("--screenshot"), png},
          true);
    QTRY_VERIFY_WITH_TIMEOUT(process.state() == QProcess::NotRunning, 60000);
    QCOMPARE(process.exitCode(), 0);
    // The body POSTed is the file's, and the run it started was recorded to its end.
    QVERIFY2(server.lastRequest().contains("the-body-file"), server.lastRequest().constData());
    QVERIFY(server.lastRequest().startsWith("POST /agent "));
    QVERIFY(!QImage(png).isNull());
}

void TestGuiCommandLine::badBodyNamesFileAndByte()
{
    QTemporaryDir dir;
    const QString body = dir.filePath(QStringLiteral("broken.json"));
    QVERIFY(writeFile(body, "{\"threadId\": }"));
    QProcess process;
    start(process,
          {QStringLiteral("--connect"), QStringLiteral("http://127.0.0.1:9/agent"),
           QStringLiteral("--body"), body},
          true);
    QVERIFY(process.waitForFinished(60000));
    QCOMPARE(process.exitCode(), 2);
    const QByteArray err = process.readAllStandardError();
    QVERIFY2(err.contains("broken.json") && err.contains("at byte 14"), err.constData());
}

QTEST_MAIN(TestGuiCommandLine)
#include "test_gui_command_line.moc"
