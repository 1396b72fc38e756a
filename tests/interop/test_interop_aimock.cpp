// Our aimock fixture files against the real aimock (@copilotkit/aimock 1.43.0, pinned in
// tests/interop/copilotkit with the Node it needs; served by copilotkit/serve-aimock.mjs the way
// `aimock --config FILE` serves them):
//   - export: a capture of tests/data's demo written as a fixture file by `agui-inspect convert`
//     (the delayMs chosen for each fixture printed), served by aimock, each run's recorded request
//     sent to it again with `agui-inspect rerun --record`, and `agui-inspect diff` of each
//     recorded run against the original finds no difference in the events;
//   - import: the package's own example fixture file, opened by our importer; the request we
//     made for each fixture is one aimock answers with that fixture, and it serves the events we
//     read (aimock adds a timestamp to each, and gives the text shorthand fresh ids).
// Needs the pinned Node and packages (README test command); fails, never skips, without them.

#include "interopsupport.h"

#include "core/capture/captureloader.h"

#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace interop;

namespace {

struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

CliRun runCli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(AGUI_INSPECT_BINARY), args);
    CliRun r;
    if (!p.waitForStarted() || !p.waitForFinished(300000)) {
        p.kill();
        r.err = QStringLiteral("agui-inspect did not finish: ") + p.errorString();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QString demoCapture()
{
    return QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap");
}

// The events of each run of a capture file, through our normal loading.
QList<QList<agui::Event>> eventsByRun(const QString &path, agui::Capture *capture)
{
    QList<QList<agui::Event>> out;
    agui::CaptureLoadOptions options;
    options.onEvent = [&](agui::Event &&e, const agui::EventOrigin &origin) {
        if (out.size() <= origin.runIndex)
            out.resize(origin.runIndex + 1);
        out[origin.runIndex].append(std::move(e));
    };
    QString error;
    if (!agui::loadCaptureFile(path, capture, &error, options))
        qWarning("cannot load %s: %s", qPrintable(path), qPrintable(error));
    out.resize(capture->runs.size());
    return out;
}

QJsonObject withoutTimestamp(QJsonObject event)
{
    event.remove(QLatin1String("timestamp"));
    return event;
}

} // namespace

class TestInteropAimock : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        m_node = findCopilotKitNode(&why);
        QVERIFY2(!m_node.isEmpty(), qPrintable(why));
        QVERIFY(m_dir.isValid());
    }

    void aimockServesAnExportedCaptureUnchanged()
    {
        const QString fixtures = m_dir.filePath(QStringLiteral("demo.aimock.json"));
        const CliRun convert = runCli({QStringLiteral("convert"), demoCapture(), fixtures});
        QVERIFY2(convert.exitCode == 0, qPrintable(convert.err));
        for (int run = 0; run < 3; ++run)
            QVERIFY2(convert.err.contains(QStringLiteral("fixture %1 (run %1, ").arg(run))
                         && convert.err.contains(QLatin1String("delayMs")),
                     qPrintable(convert.err));

        ServerProcess aimock;
        QString error;
        const QString url
            = aimock.start(m_node, {kCopilotKitDir + QStringLiteral("serve-aimock.mjs"), fixtures},
                           QStringLiteral("aimock serving AG-UI on (http://\\S+)"), &error);
        QVERIFY2(!url.isEmpty(), qPrintable(error));

        for (int run = 0; run < 3; ++run) {
            const QString served = m_dir.filePath(QStringLiteral("served-%1.aguicap").arg(run));
            const CliRun rerun
                = runCli({QStringLiteral("rerun"), demoCapture(), QStringLiteral("--run"),
                          QString::number(run), QStringLiteral("--url"), url,
                          QStringLiteral("--record"), served});
            QVERIFY2(rerun.exitCode == 0,
                     qPrintable(QStringLiteral("run %1: %2%3").arg(run).arg(rerun.out, rerun.err)));
            // aimock cannot pace a stream like the agent did (one delayMs per fixture): timing
            // is not compared, everything else is.
            const CliRun diff
                = runCli({QStringLiteral("diff"), QStringLiteral("--ignore-timing"),
                          QStringLiteral("--run-a"), QString::number(run),
                          QStringLiteral("--run-b"), QStringLiteral("0"), demoCapture(), served});
            QVERIFY2(diff.exitCode == 0,
                     qPrintable(QStringLiteral("run %1 differs after aimock served it:\n%2%3")
                                    .arg(run)
                                    .arg(diff.out, diff.err)));

            agui::Capture original;
            agui::Capture again;
            const QList<agui::Event> a = eventsByRun(demoCapture(), &original).value(run);
            const QList<agui::Event> b = eventsByRun(served, &again).value(0);
            QCOMPARE(b.size(), a.size());
            for (qsizetype i = 0; i < a.size(); ++i) {
                const QString d = describeDifference(a[i].json, b[i].json);
                QVERIFY2(d.isEmpty(),
                         qPrintable(QStringLiteral("run %1 event %2: %3").arg(run).arg(i).arg(d)));
            }
        }
        aimock.stop();
    }

    void aimockAnswersTheRequestsOfAnImport()
    {
        const QString example
            = QStringLiteral(AGUI_TEST_DATA_DIR "/aimock/agui-text-response.json");
        agui::Capture imported;
        const QList<QList<agui::Event>> ours = eventsByRun(example, &imported);
        QCOMPARE(imported.format, agui::CaptureFormat::AimockFixture);
        QCOMPARE(imported.runs.size(), 2);

        ServerProcess aimock;
        QString error;
        const QString url
            = aimock.start(m_node, {kCopilotKitDir + QStringLiteral("serve-aimock.mjs"), example},
                           QStringLiteral("aimock serving AG-UI on (http://\\S+)"), &error);
        QVERIFY2(!url.isEmpty(), qPrintable(error));

        for (int run = 0; run < 2; ++run) {
            const QJsonObject input
                = QJsonDocument::fromJson(imported.runs[run].request.body).object();
            const RunOutcome served = runWithRunClient(QUrl(url), input, false, 60000);
            QVERIFY2(served.failure.isEmpty(), qPrintable(served.failure));
            QCOMPARE(served.httpStatus, 200);
            QVERIFY(served.contentType.startsWith(QLatin1String("text/event-stream")));
            QCOMPARE(served.events.size(), ours[run].size());
            for (qsizetype i = 0; i < served.events.size(); ++i) {
                const agui::Event &theirs = served.events[i];
                const agui::Event &mine = ours[run][i];
                QCOMPARE(theirs.typeName, mine.typeName);
                QVERIFY(theirs.json.value(QLatin1String("timestamp")).isDouble());
                if (run == 0) {
                    // The text shorthand: aimock's ids are fresh UUIDs; the text is the same.
                    QCOMPARE(theirs.json.value(QLatin1String("delta")),
                             mine.json.value(QLatin1String("delta")));
                    continue;
                }
                const QString d = describeDifference(withoutTimestamp(mine.json),
                                                     withoutTimestamp(theirs.json));
                QVERIFY2(
                    d.isEmpty(),
                    qPrintable(QStringLiteral("fixture %1 event %2: %3").arg(run).arg(i).arg(d)));
            }
        }
        aimock.stop();
    }

private:
    QString m_node;
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestInteropAimock)
#include "test_interop_aimock.moc"
