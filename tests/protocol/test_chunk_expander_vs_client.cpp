// Differential test of ChunkExpander against @ag-ui/client 1.0 transformChunks (pinned in
// tests/interop/node_modules): random sequences of chunk events (ids, lanes, roles, names, null
// subagentRunIds, metadata, rawEvent) mixed with closing triggers must expand to exactly the
// events the client emits, and fail on the same event with the same message.
#include "core/protocol/chunkexpander.h"
#include "core/protocol/decoder.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace agui;

namespace {

class SequenceGenerator
{
public:
    explicit SequenceGenerator(quint32 seed)
        : m_rng(seed)
    { }

    QJsonArray sequence()
    {
        QJsonArray out;
        const int n = 3 + int(m_rng.bounded(8));
        for (int i = 0; i < n; ++i)
            out.append(event());
        return out;
    }

private:
    // One of the choices; "" = leave the member out; "null" = JSON null.
    void maybe(QJsonObject &o, const char *key, std::initializer_list<const char *> choices)
    {
        const auto *it = choices.begin() + m_rng.bounded(int(choices.size()));
        const QByteArray v(*it);
        if (v.isEmpty())
            return;
        if (v == "null")
            o.insert(QString::fromLatin1(key), QJsonValue(QJsonValue::Null));
        else if (v.startsWith('{'))
            o.insert(QString::fromLatin1(key), QJsonDocument::fromJson(v).object());
        else
            o.insert(QString::fromLatin1(key), QString::fromLatin1(v));
    }

    QJsonObject event()
    {
        QJsonObject o;
        const auto t = [&o](const char *type) {
            o.insert(QStringLiteral("type"), QString::fromLatin1(type));
        };
        switch (m_rng.bounded(12)) {
        case 0:
        case 1:
        case 2:
            t("TEXT_MESSAGE_CHUNK");
            maybe(o, "messageId", {"", "m1", "m1", "m2", "m2"});
            maybe(o, "role", {"", "", "", "", "", "assistant", "user"});
            maybe(o, "name", {"", "", "", "", "", "", "n"});
            maybe(o, "delta", {"", "d", "e"});
            break;
        case 3:
        case 4:
            t("TOOL_CALL_CHUNK");
            maybe(o, "toolCallId", {"", "c1", "c1", "c2"});
            maybe(o, "toolCallName", {"", "f", "f", "f", "f", "g"});
            maybe(o, "parentMessageId", {"", "", "", "", "m1"});
            maybe(o, "delta", {"", "{", "}"});
            break;
        case 5:
        case 6:
            t("REASONING_MESSAGE_CHUNK");
            maybe(o, "messageId", {"", "r1", "r1", "m1"});
            maybe(o, "delta", {"", "x"});
            break;
        case 7:
            t("TEXT_MESSAGE_START");
            o.insert(QStringLiteral("messageId"), QStringLiteral("m9"));
            break;
        case 8:
            t("STEP_STARTED");
            o.insert(QStringLiteral("stepName"), QStringLiteral("s"));
            break;
        case 9: {
            static const char *const kinds[]
                = {"RUN_FINISHED", "MESSAGES_SNAPSHOT", "RAW", "ACTIVITY_SNAPSHOT", "CUSTOM"};
            t(kinds[m_rng.bounded(5)]);
            break;
        }
        case 10:
            t("SUBAGENT_FINISHED");
            maybe(o, "subagentRunId", {"s1", "s2", "null"});
            return o;
        default:
            t("REASONING_ENCRYPTED_VALUE");
            break;
        }
        maybe(o, "subagentRunId", {"", "", "", "", "", "", "s1", "s2", "null"});
        maybe(o, "metadata", {"", "", "", "", "{\"k\":1}"});
        maybe(o, "rawEvent", {"", "", "", "", "", "{\"r\":1}"});
        return o;
    }

    QRandomGenerator m_rng;
};

} // namespace

class TestChunkExpanderVsClient : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sameExpansionAsTheClient()
    {
        const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
        const QString modules = QStringLiteral(AGUI_NODE_MODULES);
        if (node.isEmpty() || !QFile::exists(modules + QStringLiteral("/@ag-ui/client")))
            QSKIP("node or the pinned npm packages (tests/interop: npm ci) are not available");

        SequenceGenerator gen(20261130);
        QList<QJsonArray> sequences;
        for (int i = 0; i < 1500; ++i)
            sequences.append(gen.sequence());

        QTemporaryDir dir;
        QFile in(dir.filePath(QStringLiteral("sequences.jsonl")));
        QVERIFY(in.open(QIODevice::WriteOnly));
        for (const QJsonArray &s : sequences)
            in.write(QJsonDocument(s).toJson(QJsonDocument::Compact) + '\n');
        in.close();

        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("NODE_PATH"), modules);
        env.insert(QStringLiteral("SUPPRESS_TRANSFORMATION_WARNINGS"), QStringLiteral("true"));
        p.setProcessEnvironment(env);
        p.start(node,
                {QStringLiteral(AGUI_TEST_DATA_DIR "/protocol/chunk-oracle.cjs"), in.fileName()});
        QVERIFY(p.waitForFinished(300000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
        QCOMPARE(lines.size(), sequences.size());

        int errors = 0, disagreements = 0;
        for (qsizetype i = 0; i < sequences.size(); ++i) {
            const QJsonObject verdict = QJsonDocument::fromJson(lines[i]).object();
            const QJsonArray expected = verdict.value(QStringLiteral("events")).toArray();
            const QString error = verdict.value(QStringLiteral("error")).toString();
            const qint64 at = verdict.value(QStringLiteral("at")).toInteger(-1);
            if (!error.isEmpty())
                ++errors;

            ChunkExpander x;
            QJsonArray ours;
            QString ourError;
            qint64 ourAt = -1;
            for (qsizetype k = 0; k < sequences[i].size() && ourAt < 0; ++k) {
                Event e = decodeObject(sequences[i][k].toObject(), Framing::Sse);
                e.seq = k;
                const QList<Event> out = x.expand(e);
                for (const Event &o : out)
                    for (const Diagnostic &d : o.diagnostics)
                        if (d.ruleId.startsWith(QLatin1String("chunk.")) && o.seq == k) {
                            ourError = d.message;
                            ourAt = k;
                        }
                if (ourAt < 0)
                    for (const Event &o : out)
                        ours.append(o.json);
            }
            if (ours != expected || ourError != error || ourAt != at) {
                if (++disagreements <= 10)
                    qWarning("sequence %s\n  client: %s\n  ours:   %s %s",
                             QJsonDocument(sequences[i]).toJson(QJsonDocument::Compact).constData(),
                             lines[i].constData(),
                             QJsonDocument(ours).toJson(QJsonDocument::Compact).constData(),
                             qPrintable(ourError));
            }
        }
        QCOMPARE(disagreements, 0);
        QVERIFY(errors > 100
                && errors < sequences.size() - 300); // the sequences do exercise the error paths
        qInfo("%lld sequences (%d ending in a client error) expand identically",
              qint64(sequences.size()), errors);
    }
};

QTEST_GUILESS_MAIN(TestChunkExpanderVsClient)
#include "test_chunk_expander_vs_client.moc"
