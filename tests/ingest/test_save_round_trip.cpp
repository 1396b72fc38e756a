// Save As, then reopen, gives the same session (issue "the first hour, round two", item 2): the
// same events in the same order with the same numbers, each in the same run, the same findings,
// the runs' end reasons and the bookmarks on the same events. For every capture in the test
// data, and for a capture of three runs recorded at the same time (chunks interleaved) whose
// first run was cut off mid-frame: its unterminated frame is an event where that run ended,
// before the other runs' later events, in the session and in the reopened file alike.

#include "core/capture/capture.h"
#include "core/capture/capturewriter.h"
#include "core/ingest/sessionloader.h"
#include "core/session/session.h"
#include "tests/testfiles.h"

#include <QBuffer>
#include <QDirIterator>
#include <QTemporaryDir>
#include <QTest>

using namespace agui;

namespace {

// What a reader of the session sees of it, event by event.
struct Loaded
{
    QStringList events; // type, run and payload of each event
    QStringList findings; // rule, event and message
    QStringList runEnds; // each run's end reason
    QList<qint64> bookmarks;
    qint64 size = 0;
};

Loaded load(const QString &path)
{
    Loaded out;
    Session session;
    Capture capture;
    QList<int> runOf;
    SessionLoadOptions options;
    options.keepChunks = true;
    options.onFrame = [&runOf](const DecodedFrame &, const EventOrigin &origin) {
        runOf.append(origin.runIndex);
    };
    const SessionLoadResult result = loadIntoSession(path, session, &capture, options);
    if (!result.ok)
        return out;
    out.size = session.size();
    for (qint64 seq = 0; seq < session.size(); ++seq)
        out.events.append(QStringLiteral("#%1 %2 run %3 %4")
                              .arg(seq)
                              .arg(eventTypeName(session.events().type(seq)))
                              .arg(runOf.value(int(seq), -1))
                              .arg(QString::fromUtf8(session.events().payload(seq))));
    for (const Finding &f : session.findings())
        out.findings.append(QStringLiteral("%1 at %2: %3")
                                .arg(f.diagnostic.ruleId)
                                .arg(f.eventIndex)
                                .arg(f.diagnostic.message));
    for (const RunRecording &r : capture.runs)
        out.runEnds.append(runEndName(r.end));
    for (const Bookmark &b : capture.bookmarks)
        out.bookmarks.append(b.seq);
    return out;
}

// Reads `path` as the window does (chunks kept), writes it as Save As does, returns the new file.
QString saveAs(const QString &path, const QTemporaryDir &dir)
{
    Session session;
    Capture capture;
    SessionLoadOptions options;
    options.keepChunks = true;
    if (!loadIntoSession(path, session, &capture, options).ok)
        return {};
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    CaptureWriter writer;
    if (!writer.open(&buffer) || !writer.writeCapture(capture))
        return {};
    writer.close();
    return testing::writeTestFile(dir, QStringLiteral("saved.aguicap"), bytes);
}

void compareLoads(const QString &original, const QString &saved)
{
    const Loaded a = load(original);
    const Loaded b = load(saved);
    QCOMPARE(b.size, a.size);
    for (qsizetype i = 0; i < a.events.size(); ++i)
        QCOMPARE(b.events.value(i), a.events.at(i));
    QCOMPARE(b.findings, a.findings);
    QCOMPARE(b.runEnds, a.runEnds);
    QCOMPARE(b.bookmarks, a.bookmarks);
}

} // namespace

class TestSaveRoundTrip : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aCutOffRunEndsWhereItEnded()
    {
        // Three runs whose chunks interleave (a proxy's concurrent exchanges); run 0 is cut off
        // inside its third event and ends before runs 1 and 2 send more; a bookmark on run 2's
        // TOOL_CALL_START.
        QTemporaryDir dir;
        const QString path
            = QStringLiteral(AGUI_TEST_DATA_DIR "/capture/interleaved-cut-off.aguicap");
        const Loaded a = load(path);
        QCOMPARE(a.size, 10);
        // The cut frame is event #3, in run 0, numbered where run 0 ended.
        QVERIFY2(a.events.at(3).startsWith(QStringLiteral("#3 INVALID run 0")),
                 qPrintable(a.events.at(3)));
        QVERIFY2(a.events.at(6).startsWith(QStringLiteral("#6 TOOL_CALL_START run 2")),
                 qPrintable(a.events.at(6)));
        QCOMPARE(a.runEnds,
                 (QStringList {QStringLiteral("error"), QStringLiteral("finished"),
                               QStringLiteral("finished")}));
        QCOMPARE(a.bookmarks, (QList<qint64> {6}));
        compareLoads(path, saveAs(path, dir));
    }

    void everyCaptureInTheTestDataRoundTrips_data()
    {
        QTest::addColumn<QString>("path");
        QDirIterator it(QStringLiteral(AGUI_TEST_DATA_DIR), QDir::Files,
                        QDirIterator::Subdirectories);
        QStringList paths;
        while (it.hasNext()) {
            const QString path = it.next();
            for (const char *suffix : {".jsonl", ".sse", ".har", ".aguicap", ".proto"})
                if (path.endsWith(QLatin1String(suffix)))
                    paths.append(path);
        }
        paths.sort();
        for (const QString &path : paths)
            QTest::newRow(qPrintable(path.mid(qsizetype(sizeof AGUI_TEST_DATA_DIR)))) << path;
    }
    void everyCaptureInTheTestDataRoundTrips()
    {
        QFETCH(QString, path);
        QTemporaryDir dir;
        const QString saved = saveAs(path, dir);
        if (saved.isEmpty() && load(path).size == 0)
            return; // not a capture at all (it says so when opened); nothing to save
        QVERIFY(!saved.isEmpty());
        compareLoads(path, saved);
    }
};

QTEST_GUILESS_MAIN(TestSaveRoundTrip)
#include "test_save_round_trip.moc"
