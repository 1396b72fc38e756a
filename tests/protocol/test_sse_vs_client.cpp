// Differential test of StreamDecoder's SSE path against @ag-ui/client 1.0 parseSSEStream (pinned
// in tests/interop/node_modules): random LF-framed bodies (data with and without the space,
// multi-line data, event/id/retry fields, comments, keep-alives, UTF-8 text (some invalid), an
// unterminated last frame, now and then invalid JSON) cut into random chunks must give the same
// events, and a JSON error at the same place. (CRLF framing is where the two differ on purpose: we
// parse it and flag it, the client cannot; test_stream_decoder covers that.)
#include "core/protocol/streamdecoder.h"

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

struct Body
{
    QByteArray bytes;
    QList<QByteArray> chunks;
};

class BodyGenerator
{
public:
    explicit BodyGenerator(quint32 seed)
        : m_rng(seed)
    { }

    Body body()
    {
        Body b;
        const int frames = 1 + int(m_rng.bounded(8));
        for (int i = 0; i < frames; ++i)
            b.bytes += frame(i);
        if (m_rng.bounded(4) == 0 && b.bytes.endsWith("\n\n"))
            b.bytes.chop(2); // unterminated last frame
        // Cut into 1..5 chunks at random places (possibly inside a UTF-8 sequence).
        QList<qsizetype> cuts;
        const int n = int(m_rng.bounded(5));
        for (int i = 0; i < n; ++i)
            cuts.append(qsizetype(m_rng.bounded(int(b.bytes.size()) + 1)));
        std::sort(cuts.begin(), cuts.end());
        qsizetype last = 0;
        for (qsizetype c : cuts) {
            b.chunks.append(b.bytes.mid(last, c - last));
            last = c;
        }
        b.chunks.append(b.bytes.mid(last));
        return b;
    }

private:
    QByteArray json(int i)
    {
        QJsonObject o {
            {QStringLiteral("type"), QStringLiteral("TEXT_MESSAGE_CONTENT")},
            {QStringLiteral("messageId"), QStringLiteral("m%1").arg(i)},
            {QStringLiteral("delta"),
             m_rng.bounded(2) ? QStringLiteral("h\u00e9llo \u2713") : QStringLiteral("a: b")}};
        return QJsonDocument(o).toJson(QJsonDocument::Compact);
    }

    QByteArray frame(int i)
    {
        QByteArray out;
        switch (m_rng.bounded(10)) {
        case 0:
            return ": ping\n\n";
        case 1:
            out += "event: agui\nid: " + QByteArray::number(i) + "\nretry: 100\n";
            break;
        case 2:
            out += ": note\n";
            break;
        case 3:
            return "\n"; // a stray blank line
        default:
            break;
        }
        QByteArray payload
            = m_rng.bounded(12) == 0 ? QByteArray("{\"type\":\"RAW\",bad}") : json(i);
        if (m_rng.bounded(8) == 0) // invalid UTF-8: a stray byte, a cut sequence
            payload.replace("a: b",
                            m_rng.bounded(2) ? QByteArray("a\xff b") : QByteArray("a\xe2\x9c b"));
        if (m_rng.bounded(3) == 0) {
            // Multi-line data: split after a comma (JSON allows the newline there).
            const qsizetype comma = payload.indexOf(',');
            if (comma > 0)
                return out + "data: " + payload.left(comma + 1) + "\ndata:" + payload.mid(comma + 1)
                    + "\n\n";
        }
        return out + (m_rng.bounded(4) == 0 ? "data:" : "data: ") + payload + "\n\n";
    }

    QRandomGenerator m_rng;
};

} // namespace

class TestSseVsClient : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sameEventsAsTheClient()
    {
        const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
        const QString modules = QStringLiteral(AGUI_NODE_MODULES);
        if (node.isEmpty() || !QFile::exists(modules + QStringLiteral("/@ag-ui/client")))
            QSKIP("node or the pinned npm packages (tests/interop: npm ci) are not available");

        BodyGenerator gen(424242);
        QList<Body> bodies;
        for (int i = 0; i < 800; ++i)
            bodies.append(gen.body());

        QTemporaryDir dir;
        QFile in(dir.filePath(QStringLiteral("bodies.jsonl")));
        QVERIFY(in.open(QIODevice::WriteOnly));
        for (const Body &b : bodies) {
            QJsonArray chunks;
            for (const QByteArray &c : b.chunks)
                chunks.append(QString::fromLatin1(c.toBase64()));
            in.write(QJsonDocument(chunks).toJson(QJsonDocument::Compact) + '\n');
        }
        in.close();

        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("NODE_PATH"), modules);
        p.setProcessEnvironment(env);
        p.start(node,
                {QStringLiteral(AGUI_TEST_DATA_DIR "/protocol/sse-oracle.cjs"), in.fileName()});
        QVERIFY(p.waitForFinished(300000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
        QCOMPARE(lines.size(), bodies.size());

        int disagreements = 0, errors = 0;
        qint64 events = 0;
        for (qsizetype i = 0; i < bodies.size(); ++i) {
            const QJsonObject verdict = QJsonDocument::fromJson(lines[i]).object();
            const QJsonArray expected = verdict.value(QStringLiteral("events")).toArray();
            const bool clientError = !verdict.value(QStringLiteral("error")).isNull();
            errors += clientError;
            events += expected.size();

            StreamDecoder d(Framing::Sse);
            QList<Event> ours;
            qint64 t = 0;
            for (const QByteArray &c : bodies[i].chunks)
                ours += d.feed(c, ++t);
            ours += d.finish();

            // Ours up to the first frame that is not JSON: the client stops there with an error.
            QJsonArray got;
            bool ourError = false;
            for (const Event &e : ours) {
                if (e.type == EventType::Invalid) {
                    ourError = true;
                    break;
                }
                got.append(e.json);
            }
            if (got != expected || ourError != clientError) {
                if (++disagreements <= 5)
                    qWarning("body %s\n  client: %s\n  ours:   %s%s",
                             bodies[i].bytes.toBase64().constData(), lines[i].constData(),
                             QJsonDocument(got).toJson(QJsonDocument::Compact).constData(),
                             ourError ? " + invalid frame" : "");
            }
        }
        QCOMPARE(disagreements, 0);
        QVERIFY(errors > 20 && events > 1000); // both paths exercised
        qInfo("%lld bodies (%lld events, %d with a JSON error) decode identically",
              qint64(bodies.size()), events, errors);
    }
};

QTEST_GUILESS_MAIN(TestSseVsClient)
#include "test_sse_vs_client.moc"
