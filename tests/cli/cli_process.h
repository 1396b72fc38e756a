#pragma once

// The CLI end-to-end tests' way to run the built agui-inspect and find their inputs.

#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QtTest>

namespace agui::test {

struct CliResult
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// Runs the binary while this thread's event loop keeps going (an in-process server in the test
// must be able to answer it); kills it after two minutes.
inline CliResult runCli(const QStringList &args, const QByteArray &stdinBytes = {})
{
    QProcess p;
    p.start(QStringLiteral(AGUI_INSPECT_BINARY), args);
    if (!p.waitForStarted())
        return {};
    if (!stdinBytes.isEmpty())
        p.write(stdinBytes);
    p.closeWriteChannel();
    if (!QTest::qWaitFor([&] { return p.state() == QProcess::NotRunning; }, 120000))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

// `agui-inspect serve ARGS --port 0` (the demo agent, a replay) for the duration of a test.
class ServeProcess
{
public:
    ~ServeProcess()
    {
        m_process.kill();
        m_process.waitForFinished(10000);
    }
    // The endpoint URL the server prints, or "" when it did not start within a minute.
    QString start(const QStringList &serveArgs)
    {
        m_process.start(QStringLiteral(AGUI_INSPECT_BINARY),
                        QStringList {QStringLiteral("serve")} + serveArgs
                            + QStringList {QStringLiteral("--port"), QStringLiteral("0")});
        if (!QTest::qWaitFor([&] { return m_process.canReadLine(); }, 60000))
            return {};
        return QString::fromUtf8(m_process.readLine()).trimmed();
    }

private:
    QProcess m_process;
};

inline QString sample(const char *name)
{
    return QStringLiteral(AGUI_TEST_DATA_DIR "/capture/samples/") + QLatin1String(name);
}

inline QString demoCapture()
{
    return QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap");
}

inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace agui::test
