// Redacted export on real captures (our demo capture, the AG-UI DevTools samples, SSE with CRLF
// framing and event ids, a protobuf body, the lint samples): the result lints the same, keeps
// event types, ids, times and keep-alives, and none of the content is left in it.

#include "core/analysis/capturesession.h"
#include "core/analysis/redactedexport.h"
#include "core/capture/capturereader.h"
#include "core/capture/capturewriter.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace agui;
using namespace agui::analysis;

namespace {

QString data(const char *path)
{
    return QStringLiteral(AGUI_TEST_DATA_DIR "/") + QLatin1String(path);
}

// What must stay the same: rule, severity, layer, event, path of every finding.
QStringList findingKeys(const Session &session)
{
    QStringList keys;
    for (const Finding &f : session.findings())
        keys.append(QStringLiteral("%1 %2 %3 @%4 %5")
                        .arg(f.diagnostic.ruleId, severityName(f.diagnostic.severity), f.layer)
                        .arg(f.eventIndex)
                        .arg(f.diagnostic.path));
    keys.sort();
    return keys;
}

struct Pair
{
    CaptureSession original;
    CaptureSession redacted;
    QByteArray redactedBytes;
};

bool redactFile(const QString &path, Pair *pair, const QString &outPath)
{
    QString error;
    if (!loadCaptureSession(path, &pair->original, &error)) {
        qWarning() << error;
        return false;
    }
    ContentRedactor redactor;
    const Capture redacted = redactCapture(pair->original.capture, redactor);
    CaptureWriter writer;
    if (!writer.open(outPath) || !writer.writeCapture(redacted))
        return false;
    writer.close();
    QFile f(outPath);
    f.open(QIODevice::ReadOnly);
    pair->redactedBytes = f.readAll();
    return loadCaptureSession(outPath, &pair->redacted, &error);
}

} // namespace

class TestRedactedExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lintsTheSameAndKeepsStructure_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QStringList>("secrets"); // content that must not survive
        QTest::newRow("demo") << QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap")
                              << QStringList {QStringLiteral("Do I need"), QStringLiteral("Lyon"),
                                              QStringLiteral("Tomorrow in")};
        for (const char *name : {"chunked-run", "copilotkit-info", "demo", "happy-run", "malformed",
                                 "messages-edge", "runs-edge", "state-edge"})
            QTest::newRow(qPrintable(QStringLiteral("devtools ") + QLatin1String(name)))
                << data("capture/devtools/") + QLatin1String(name) + QStringLiteral(".agui.jsonl")
                << QStringList();
        QTest::newRow("crlf sse") << data("wire/tool-call-crlf.sse") << QStringList();
        QTest::newRow("event ids") << data("wire/event-id-fields.sse") << QStringList();
        QTest::newRow("heartbeats") << data("wire/heartbeats.sse") << QStringList();
        QTest::newRow("utf8") << data("wire/utf8-deltas.sse") << QStringList();
        QTest::newRow("protobuf") << data("wire/appendix-a.proto") << QStringList();
        QTest::newRow("lint errors") << data("capture/samples/errors.jsonl") << QStringList();
    }

    void lintsTheSameAndKeepsStructure()
    {
        QFETCH(QString, path);
        QFETCH(QStringList, secrets);
        QTemporaryDir dir;
        Pair pair;
        QVERIFY(redactFile(path, &pair, dir.filePath(QStringLiteral("redacted.aguicap"))));
        const Session &a = *pair.original.session;
        const Session &b = *pair.redacted.session;
        QCOMPARE(b.size(), a.size());
        for (qint64 seq = 0; seq < a.size(); ++seq) {
            QCOMPARE(b.events().type(seq), a.events().type(seq));
            QCOMPARE(b.events().primaryId(seq), a.events().primaryId(seq));
            QCOMPARE(b.events().receivedAtUs(seq), a.events().receivedAtUs(seq));
            QCOMPARE(b.events().framing(seq), a.events().framing(seq));
        }
        QCOMPARE(findingKeys(b), findingKeys(a));
        QCOMPARE(b.current().messageCount(), a.current().messageCount());
        QCOMPARE(b.current().toolCallCount(), a.current().toolCallCount());
        QCOMPARE(b.current().runCount(), a.current().runCount());
        for (qsizetype i = 0; i < a.current().toolCallCount(); ++i)
            QCOMPARE(b.current().toolCall(i).argsAreJson, a.current().toolCall(i).argsAreJson);
        QCOMPARE(pair.redacted.samples.keepAliveAtUs, pair.original.samples.keepAliveAtUs);
        for (const QString &secret : secrets)
            QVERIFY2(!pair.redactedBytes.contains(secret.toUtf8()), qPrintable(secret));
    }

    void textIsGoneAndMarkersAreTyped()
    {
        QTemporaryDir dir;
        Pair pair;
        QVERIFY(redactFile(QStringLiteral(AGUI_SOURCE_DIR "/resources/samples/demo.aguicap"), &pair,
                           dir.filePath(QStringLiteral("r.aguicap"))));
        const SessionSnapshot &s = pair.redacted.session->current();
        bool sawText = false;
        for (qsizetype i = 0; i < s.messageCount(); ++i) {
            const Message &m = s.message(i);
            if (m.contentKind == ContentKind::Text && !m.text.isEmpty()) {
                QVERIFY2(m.text.contains(QLatin1String("<redacted string, ")), qPrintable(m.text));
                sawText = true;
            }
        }
        QVERIFY(sawText);
        // The state keeps its keys; its strings are markers.
        const QJsonObject original = pair.original.session->current().state().toObject();
        const QJsonObject redacted = s.state().toObject();
        QCOMPARE(redacted.keys(), original.keys());
    }

    void equalValuesGiveEqualMarkers()
    {
        ContentRedactor r(QByteArrayLiteral("fixed key"));
        QCOMPARE(r.text(QStringLiteral("same")), r.text(QStringLiteral("same")));
        QVERIFY(r.text(QStringLiteral("same")) != r.text(QStringLiteral("sane")));
        QCOMPARE(r.text(QString()), QString()); // an empty delta stays empty
        ContentRedactor other(QByteArrayLiteral("another key"));
        QVERIFY(r.text(QStringLiteral("same")) != other.text(QStringLiteral("same")));
        QCOMPARE(r.value(1.5), r.value(1.5));
        QCOMPARE(r.value(true), QJsonValue(true));
    }

    void toolArgumentsStayJsonAcrossDeltas()
    {
        ContentRedactor r;
        const QString args
            = r.toolArguments(QStringLiteral(R"({"city":"Paris","days":3,"tags":["a","b"]})"));
        const QJsonObject parsed = QJsonDocument::fromJson(args.toUtf8()).object();
        QCOMPARE(
            parsed.keys(),
            (QStringList {QStringLiteral("city"), QStringLiteral("days"), QStringLiteral("tags")}));
        QCOMPARE(parsed[QLatin1String("tags")].toArray().size(), 2);
        QVERIFY(!args.contains(QLatin1String("Paris")));
        const QList<QString> parts = ContentRedactor::splitText(args, 4);
        QCOMPARE(parts.size(), 4);
        QCOMPARE(parts.join(QString()), args);
        for (const QString &p : parts)
            QVERIFY(!p.isEmpty());
        // Not JSON before, not JSON after.
        QVERIFY(QJsonDocument::fromJson(r.toolArguments(QStringLiteral("{\"city\":")).toUtf8())
                    .isNull());
    }

    void structuralMembersStay()
    {
        ContentRedactor r;
        const QJsonObject delta = r.event(
            EventType::StateDelta,
            QJsonDocument::fromJson(
                R"({"type":"STATE_DELTA","delta":[{"op":"replace","path":"/user/name","value":"Ada"}]})")
                .object());
        const QJsonObject op = delta[QLatin1String("delta")][0].toObject();
        QCOMPARE(op[QLatin1String("op")].toString(), QStringLiteral("replace"));
        QCOMPARE(op[QLatin1String("path")].toString(), QStringLiteral("/user/name"));
        QVERIFY(op[QLatin1String("value")].toString().startsWith(
            QLatin1String("<redacted string, 3 chars")));
    }

    // What the catalogue does not describe is content too: an unknown type's members, any
    // event's metadata, a THINKING_START's title.
    void nothingOutsideTheCatalogueLeaks()
    {
        ContentRedactor r;
        const auto redacted = [&r](EventType type, const char *json) {
            return QString::fromUtf8(
                QJsonDocument(r.event(type, QJsonDocument::fromJson(json).object())).toJson());
        };
        const QString unknown = redacted(
            EventType::Unknown,
            R"({"type":"FUTURE_EVENT","messageId":"m1","note":"Paris","extra":{"who":"Ada"}})");
        QVERIFY2(!unknown.contains(QLatin1String("Paris"))
                     && !unknown.contains(QLatin1String("Ada")),
                 qPrintable(unknown));
        QVERIFY(unknown.contains(QLatin1String("FUTURE_EVENT"))); // structure stays
        QVERIFY(unknown.contains(QLatin1String("\"m1\"")));
        const QString withMetadata = redacted(
            EventType::TextMessageEnd,
            R"({"type":"TEXT_MESSAGE_END","messageId":"m1","metadata":{"user":"ada@example.org"}})");
        QVERIFY2(!withMetadata.contains(QLatin1String("ada@example.org")),
                 qPrintable(withMetadata));
        const QString thinking
            = redacted(EventType::ThinkingStart,
                       R"({"type":"THINKING_START","title":"Planning a trip for Ada"})");
        QVERIFY2(!thinking.contains(QLatin1String("Ada")), qPrintable(thinking));
    }

    void bookmarkNotesAreRedacted()
    {
        Capture capture;
        capture.bookmarks = {{3, QStringLiteral("the agent said Paris here"), 1}};
        ContentRedactor r;
        const Capture out = redactCapture(capture, r);
        QCOMPARE(out.bookmarks.size(), 1);
        QCOMPARE(out.bookmarks[0].seq, 3); // which event is marked is structure
        QVERIFY(!out.bookmarks[0].note.contains(QLatin1String("Paris")));
        QVERIFY(out.bookmarks[0].note.startsWith(QLatin1String("<redacted string, ")));
    }
};

QTEST_GUILESS_MAIN(TestRedactedExport)
#include "test_redactedexport.moc"
