// `agui-inspect run` against the misbehaving server (tests/net/faultcases.h, the same table the
// run client and the window are tested with): for each scenario the command ends with the exit
// status and the message a CI log needs, never hangs, and its --record file holds every body
// byte the server sent (compared by count and SHA-256).

#include "../net/faultcases.h"
#include "cli_process.h"
#include "tests/testplatform.h"

#include <QRegularExpression>
#include <QSslSocket>
#include <QTemporaryDir>
#include <QtTest>

using namespace agui;
using namespace agui::test;

namespace {

// "N events, HTTP S, …" from the run's summary line on stderr; -1 when absent.
qint64 eventsInSummary(const QByteArray &err)
{
    static const QRegularExpression summary(QStringLiteral("(\\d+) events, HTTP "));
    const QRegularExpressionMatch m = summary.match(QString::fromUtf8(err));
    return m.hasMatch() ? m.captured(1).toLongLong() : -1;
}

} // namespace

class TestCliFaults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scenario_data() { addFaultCaseRows(); }

    void scenario()
    {
        QFETCH(int, index);
        const FaultCase c = faultCases().at(index);
        if (const QString why = faultCaseSkipReason(c); !why.isEmpty())
            QSKIP(qPrintable(why));
        FaultServer server;
        loadFaultCase(server, c);
        QTemporaryDir dir;
        const QString record = dir.filePath(QStringLiteral("run.aguicap"));
        QStringList args {QStringLiteral("run"), faultTargetUrl(c, server).toString(),
                          QStringLiteral("--record"), record};
        if (c.outcome == FaultCase::Outcome::Stalled)
            args << QStringLiteral("--stall") << QStringLiteral("1");
        const CliResult r = runCli(args);
        const QByteArray err = r.err;

        switch (c.outcome) {
        case FaultCase::Outcome::Finished: // the body ended: only the linter decides
            QVERIFY2(r.exitCode == 0 || r.exitCode == 1, err.constData());
            QVERIFY2(!err.contains("agui-inspect run:"), err.constData());
            break;
        case FaultCase::Outcome::Failed: { // non-2xx is a finding (1), a broken transport 2
            const bool httpError = c.httpStatus != 0 && (c.httpStatus < 200 || c.httpStatus > 299);
            QCOMPARE(r.exitCode, httpError ? 1 : 2);
            if (c.target == FaultCase::Target::HttpsToPlainServer && agui::testing::underWine())
                QEXPECT_FAIL("",
                             "Wine's Schannel (GnuTLS) takes a plain-text answer to the TLS "
                             "hello for a closed connection, not a failed handshake",
                             Continue);
            QVERIFY2(err.contains(c.message.toUtf8()), err.constData());
            break;
        }
        case FaultCase::Outcome::Stalled:
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(err.contains("no data for 1000 ms"), err.constData());
            break;
        }
        QVERIFY2(!err.contains("leaked") && !r.out.contains("leaked"), err.constData());
        if (c.httpStatus != 0) {
            const QByteArray status = "HTTP " + QByteArray::number(c.httpStatus);
            QVERIFY2(err.contains(status), err.constData());
        }
        if (c.events >= 0)
            QCOMPARE(eventsInSummary(err), c.events);

        // Every body byte the server sent is in the recording.
        const RecordedBody recorded = readRecordedBody(record);
        QCOMPARE(recorded.bodyBytes, server.bodyBytesSent());
        QCOMPARE(recorded.sha256, server.bodySha256());
        QCOMPARE(recorded.status, c.httpStatus);
    }
};

QTEST_GUILESS_MAIN(TestCliFaults)
#include "test_cli_faults.moc"
