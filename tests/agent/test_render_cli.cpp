// `agui-inspect render` and `agui-inspect a2ui-snapshots` as a user runs them: real process,
// files from tests/data/agent, output decoded with the project's own StreamDecoder.

#include "core/agent/a2uiagui.h"
#include "core/protocol/streamdecoder.h"
#include "core/session/linter.h"

#include <QProcess>
#include <QtTest>

using namespace agui;

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run runCli(const QStringList &args, const QByteArray &stdinBytes = {})
{
    QProcess p;
    p.start(QStringLiteral(AGUI_INSPECT_BIN), args);
    if (!p.waitForStarted(10000))
        return {};
    if (!stdinBytes.isNull())
        p.write(stdinBytes);
    p.closeWriteChannel();
    p.waitForFinished(20000);
    return Run {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

QString data(const char *name)
{
    return QStringLiteral(AGUI_TEST_DATA_DIR "/agent/") + QString::fromLatin1(name);
}

QList<Event> decodeSse(const QByteArray &bytes)
{
    StreamDecoder decoder(Framing::Sse);
    QList<Event> events = decoder.feed(bytes, 0);
    events += decoder.finish();
    return events;
}

} // namespace

class TestRenderCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void renderSampleLintsClean()
    {
        const Run r = runCli({QStringLiteral("render"), QStringLiteral("--snapshot"),
                              data("internal-events.jsonl")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        const QList<Event> events = decodeSse(r.out);
        QVERIFY(events.size() > 20);
        Linter linter;
        QStringList types;
        for (const Event &e : events) {
            QVERIFY(e.diagnostics.isEmpty());
            types << e.typeName;
            linter.feed(e);
        }
        linter.finish();
        for (const Finding &f : linter.takeFindings())
            QVERIFY2(f.diagnostic.severity == Severity::Info, qPrintable(f.diagnostic.message));
        QCOMPARE(types.first(), QStringLiteral("RUN_STARTED"));
        QCOMPARE(types.at(1), QStringLiteral("STATE_SNAPSHOT"));
        QCOMPARE(types.last(), QStringLiteral("RUN_FINISHED"));
        for (const char *t : {"REASONING_MESSAGE_CONTENT", "TEXT_MESSAGE_CONTENT", "TOOL_CALL_ARGS",
                              "TOOL_CALL_RESULT", "STATE_DELTA", "CUSTOM", "MESSAGES_SNAPSHOT"})
            QVERIFY2(types.contains(QString::fromLatin1(t)), t);
    }

    void renderJsonlCoalesceFromStdin()
    {
        QFile f(data("internal-events.jsonl"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray input = f.readAll();
        const Run plain = runCli({QStringLiteral("render"), QStringLiteral("--jsonl")}, input);
        const Run merged = runCli({QStringLiteral("render"), QStringLiteral("--jsonl"),
                                   QStringLiteral("--coalesce"), QStringLiteral("-")},
                                  input);
        QCOMPARE(plain.exitCode, 0);
        QCOMPARE(merged.exitCode, 0);
        const QList<QByteArray> a = plain.out.trimmed().split('\n');
        const QList<QByteArray> b = merged.out.trimmed().split('\n');
        QVERIFY(b.size() < a.size()); // consecutive deltas of m2 and c1 merged
        QVERIFY(merged.out.contains("\"delta\":\"Searching for “Qt” …\""));
        QVERIFY(merged.out.contains("\"delta\":\"[\\\"Qt\\\",6]\""));
    }

    void renderReportsBadLines()
    {
        const QByteArray input
            = "{\"type\":\"turn_started\",\"turn_id\":\"r\",\"thread_id\":\"t\"}\n"
              "oops\n"
              "{\"type\":\"text_delta\",\"delta\":\"x\"}\n"
              "{\"type\":\"turn_completed\"}\n";
        const Run r = runCli({QStringLiteral("render"), QStringLiteral("--jsonl")}, input);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("<stdin>:2: not JSON"), r.err.constData());
        QVERIFY2(r.err.contains("<stdin>:3: text_delta: missing required field \"message_id\""),
                 r.err.constData());
        QCOMPARE(r.out.trimmed().split('\n').size(), 2); // the good lines still rendered
        QCOMPARE(
            runCli({QStringLiteral("render"), QStringLiteral("/nonexistent/file.jsonl")}).exitCode,
            2);
    }

    void a2uiSnapshots()
    {
        const Run r = runCli({QStringLiteral("a2ui-snapshots"), data("a2ui-messages.jsonl")});
        QCOMPARE(r.exitCode, 0);
        const QList<Event> events = decodeSse(r.out);
        QCOMPARE(events.size(), 5); // line 1, line 2, line 3 (two surfaces), line 4
        QStringList ids;
        for (const Event &e : events) {
            QCOMPARE(e.type, EventType::ActivitySnapshot);
            QVERIFY(a2uiagui::a2uiMessages(e.json).has_value());
            ids << e.json.value(QStringLiteral("messageId")).toString();
        }
        QCOMPARE(ids,
                 (QStringList {QStringLiteral("a2ui-surface-feedback"),
                               QStringLiteral("a2ui-surface-feedback"),
                               QStringLiteral("a2ui-surface-other"),
                               QStringLiteral("a2ui-surface-feedback"),
                               QStringLiteral("a2ui-surface-other")}));
        QCOMPARE(a2uiagui::a2uiMessages(events.at(3).json)->size(), 3); // every message so far
        QCOMPARE(a2uiagui::a2uiMessages(events.at(4).json)->size(), 2); // ends with its deletion

        const Run all = runCli({QStringLiteral("a2ui-snapshots"), QStringLiteral("--all"),
                                QStringLiteral("--jsonl"), data("a2ui-messages.jsonl")});
        QCOMPARE(all.exitCode, 0);
        QCOMPARE(all.out.trimmed().split('\n').size(), 2); // one per surface

        const Run bad = runCli({QStringLiteral("a2ui-snapshots")}, "{\"x\":1}\n[1\n");
        QCOMPARE(bad.exitCode, 1);
        QVERIFY(bad.err.contains("<stdin>:1: the message names no surface"));
        QVERIFY(bad.err.contains("<stdin>:2: not JSON"));
        QVERIFY(bad.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRenderCli)
#include "test_render_cli.moc"
