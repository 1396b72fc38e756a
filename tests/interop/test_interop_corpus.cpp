// The official AG-UI conformance corpus through the pinned @ag-ui/client and through the inspector,
// side by side. peer/corpus-dump.mjs replays every fixture into HttpAgent exactly as
// tests/conformance replays it into a Session (same frames, same timestamps, same input); then:
//   1. verdicts agree: the client rejects a stream exactly where our rejecting layers (schema,
//      verify, wire, chunk) report an error, and our first error carries the client's text (its
//      verify/chunk message verbatim, or each issue message of its ZodError);
//   2. where it accepts, the inspector's client view equals the events the client delivered to
//      the application (onEvent), and messagesAsAgUi / the state equal agent.messages /
//      agent.state;
//   3. every warning the client printed has a finding of ours carrying its text (a warning of
//      ours, or a client-compatibility finding where a 1.1 consumer has nothing to warn about),
//      and every client-compatibility finding quotes a warning the client printed;
//   4. every "1.0-client" and "draft" mark of tests/data/conformance/marks.json is what the
//      client really does: the client fails the corpus's key and meets the mark's replacement.
// Needs node and the pinned packages (README test command); fails, never skips, without them.

#include "corpus.h"
#include "interopsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>

using namespace interop;

class TestInteropCorpus : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void fixture_data();
    void fixture();
    void marksAreWhatTheClientDoes();

private:
    QList<conformance::Fixture> m_fixtures;
    QHash<QString, QJsonObject> m_client; // fixture id -> corpus-dump result
    QJsonArray m_marks;
};

namespace {

// What the client's result says, in the terms conformance::meets() reads.
conformance::Observed observedOf(const QJsonObject &r)
{
    conformance::Observed o;
    o.rejected = r.value(QLatin1String("outcome")) == QLatin1String("failed");
    o.firstError = r.value(QLatin1String("error")).toString();
    if (r.value(QLatin1String("runError")).isString())
        o.runErrors.append(r.value(QLatin1String("runError")).toString());
    o.delivered = r.value(QLatin1String("events")).toArray();
    for (const QJsonValue &w : r.value(QLatin1String("warnings")).toArray())
        o.warnings.append(w.toString());
    o.messages = r.value(QLatin1String("messages")).toArray();
    o.state = r.value(QLatin1String("state"));
    return o;
}

// The sentence of a client warning that names what happened, without its "[ag-ui][...] " tag and
// its advice ("Removed unrecognised material at '/delta/0' on STATE_DELTA").
QString warningCore(QString w)
{
    static const QRegularExpression tag(QStringLiteral("^(\\[[^\\]]+\\])+ "));
    w.remove(tag);
    qsizetype end = w.size();
    for (const char *stop : {". ", ": ", ":\n"}) {
        const qsizetype at = w.indexOf(QLatin1String(stop));
        if (at >= 0)
            end = qMin(end, at);
    }
    return w.left(end);
}

// The client mints random UUIDs where a retired THINKING_* event had no id; we mint
// "thinking-<seq>". Their ids are replaced by ours, matched by position in the delivered events.
QJsonValue withOurMintedIds(const QJsonValue &theirs, const QHash<QString, QString> &ids)
{
    if (theirs.isString())
        return ids.value(theirs.toString(), theirs.toString());
    if (theirs.isArray()) {
        QJsonArray out;
        for (const QJsonValue &v : theirs.toArray())
            out.append(withOurMintedIds(v, ids));
        return out;
    }
    if (theirs.isObject()) {
        QJsonObject out;
        const QJsonObject o = theirs.toObject();
        for (auto it = o.constBegin(); it != o.constEnd(); ++it)
            out.insert(it.key(), withOurMintedIds(it.value(), ids));
        return out;
    }
    return theirs;
}

QHash<QString, QString> mintedIds(const QJsonArray &ours, const QJsonArray &theirs)
{
    QHash<QString, QString> ids;
    for (qsizetype i = 0; i < qMin(ours.size(), theirs.size()); ++i) {
        const QString o = ours.at(i).toObject().value(QLatin1String("messageId")).toString();
        const QString t = theirs.at(i).toObject().value(QLatin1String("messageId")).toString();
        if (o.startsWith(QLatin1String("thinking-")) && !t.isEmpty())
            ids.insert(t, o);
    }
    return ids;
}

} // namespace

void TestInteropCorpus::initTestCase()
{
    QString why;
    const QString node = findNode(&why);
    QVERIFY2(!node.isEmpty(), qPrintable(why));
    QString error;
    m_fixtures = conformance::loadCorpus(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QStringList args {kPeerDir + QStringLiteral("corpus-dump.mjs")};
    for (const conformance::Fixture &f : std::as_const(m_fixtures))
        args.append(conformance::corpusDir() + QLatin1Char('/') + f.id.section(u'/', 0, 0)
                    + QStringLiteral("/streams/") + f.id.section(u'/', 1)
                    + QStringLiteral(".json"));
    const NodeResult r = runNodeJson(node, args);
    QVERIFY2(r.ok(), qPrintable(r.error));
    for (const QJsonValue &v : r.json.value(QLatin1String("results")).toArray())
        m_client.insert(v.toObject().value(QLatin1String("file")).toString(), v.toObject());
    QCOMPARE(m_client.size(), m_fixtures.size());

    QFile marks(QStringLiteral(AGUI_TEST_DATA_DIR "/conformance/marks.json"));
    QVERIFY(marks.open(QIODevice::ReadOnly));
    m_marks
        = QJsonDocument::fromJson(marks.readAll()).object().value(QLatin1String("marks")).toArray();
    QVERIFY(!m_marks.isEmpty());
}

void TestInteropCorpus::fixture_data()
{
    QTest::addColumn<int>("index");
    for (qsizetype i = 0; i < m_fixtures.size(); ++i)
        QTest::newRow(qPrintable(m_fixtures.at(i).id)) << int(i);
}

void TestInteropCorpus::fixture()
{
    QFETCH(int, index);
    const conformance::Fixture &f = m_fixtures.at(index);
    const QJsonObject client = m_client.value(f.id);
    const conformance::Observed ours = conformance::replay(f);

    // 1. Verdicts, and the client's words in our first error.
    const bool clientRejects = client.value(QLatin1String("outcome")) == QLatin1String("failed");
    const QString clientError = client.value(QLatin1String("error")).toString();
    QVERIFY2(
        ours.rejected == clientRejects,
        qPrintable(QStringLiteral("client %1 (%2); ours: %3")
                       .arg(clientRejects ? QStringLiteral("rejects") : QStringLiteral("accepts"),
                            clientError,
                            ours.rejected ? ours.firstError : QStringLiteral("accepted"))));
    if (clientRejects) {
        const QJsonDocument zod = QJsonDocument::fromJson(clientError.toUtf8());
        if (zod.isArray()) {
            for (const QJsonValue &issue : zod.array()) {
                const QByteArray message
                    = QJsonDocument(QJsonArray {issue.toObject().value(QLatin1String("message"))})
                          .toJson(QJsonDocument::Compact);
                const QString quoted = QString::fromUtf8(message.mid(1, message.size() - 2));
                QVERIFY2(ours.firstError.contains(quoted),
                         qPrintable(QStringLiteral("the client's issue %1 is not in our first "
                                                   "error: %2")
                                        .arg(quoted, ours.firstError)));
            }
        } else {
            QCOMPARE(ours.firstError, clientError);
        }
        return;
    }

    // 2. What the application gets. A client configured for a peer at or below 0.0.57 drops
    // SUBAGENT_* and subagentRunId (BackwardCompatibility_0_0_57); a recording does not say how
    // its client was configured, and the inspector models one configured for a current peer
    // (marks.json).
    const QString ceiling = f.json.value(QLatin1String("client"))
                                .toObject()
                                .value(QLatin1String("maxProtocolVersion"))
                                .toString();
    const QByteArray stream = QJsonDocument(f.json.value(QLatin1String("stream")).toArray())
                                  .toJson(QJsonDocument::Compact);
    if (ceiling.startsWith(QLatin1String("0.0.")) && ceiling.mid(4).toInt() <= 57
        && stream.contains("subagentRunId"))
        return;
    const QJsonArray theirEvents = client.value(QLatin1String("events")).toArray();
    const QHash<QString, QString> ids = mintedIds(ours.delivered, theirEvents);
    const QString events = describeDifference(ours.delivered, withOurMintedIds(theirEvents, ids));
    QVERIFY2(events.isEmpty(),
             qPrintable(QStringLiteral("the client view differs from what the client delivered: ")
                        + events));
    const QString messages = describeDifference(
        ours.messages, withOurMintedIds(client.value(QLatin1String("messages")), ids));
    QVERIFY2(messages.isEmpty(),
             qPrintable(QStringLiteral("messages differ from agent.messages: ") + messages));
    const QString state = describeDifference(ours.state, client.value(QLatin1String("state")));
    QVERIFY2(state.isEmpty(),
             qPrintable(QStringLiteral("state differs from agent.state: ") + state));

    // 3. Each warning of the client has a finding of ours carrying its text (except those about
    // a configured peer ceiling, which a recorded stream does not show: marks.json).
    if (f.json.value(QLatin1String("client"))
            .toObject()
            .contains(QLatin1String("maxProtocolVersion")))
        return;
    const QStringList saidByUs = ours.warnings + ours.compat;
    QStringList clientCores;
    for (const QJsonValue &w : client.value(QLatin1String("warnings")).toArray()) {
        const QString core = warningCore(w.toString());
        clientCores.append(core);
        const bool found = std::any_of(saidByUs.cbegin(), saidByUs.cend(),
                                       [&core](const QString &m) { return m.contains(core); });
        QVERIFY2(found,
                 qPrintable(QStringLiteral("the client warns \"%1\"; no finding of ours "
                                           "says so. Ours:\n  %2")
                                .arg(core, saidByUs.join(QStringLiteral("\n  ")))));
    }
    for (const QString &compat : ours.compat) {
        const bool quoted
            = std::any_of(clientCores.cbegin(), clientCores.cend(),
                          [&compat](const QString &core) { return compat.contains(core); });
        QVERIFY2(quoted,
                 qPrintable(QStringLiteral("client compatibility finding \"%1\" quotes "
                                           "no warning the client printed: %2")
                                .arg(compat, clientCores.join(QStringLiteral(" | ")))));
    }
}

// A "1.0-client" mark claims the pinned client answers the key differently from the 1.1 corpus
// and the way its replacement says; a "draft" mark claims the same of a draft rule the client
// does not enforce: both must hold of the client itself.
void TestInteropCorpus::marksAreWhatTheClientDoes()
{
    int checked = 0;
    for (const QJsonValue &v : std::as_const(m_marks)) {
        const QJsonObject mark = v.toObject();
        const QString kind = mark.value(QLatin1String("kind")).toString();
        if (kind != QLatin1String("1.0-client") && kind != QLatin1String("draft"))
            continue;
        for (const QJsonValue &id : mark.value(QLatin1String("fixtures")).toArray()) {
            const auto f = std::find_if(m_fixtures.cbegin(), m_fixtures.cend(),
                                        [&id](const auto &x) { return x.id == id.toString(); });
            QVERIFY2(f != m_fixtures.cend(), qPrintable(id.toString()));
            const conformance::Observed client = observedOf(m_client.value(f->id));
            QString why;
            for (const QJsonValue &key : mark.value(QLatin1String("keys")).toArray())
                QVERIFY2(!conformance::meets(key.toString(), f->expect.value(key.toString()),
                                             client, &why),
                         qPrintable(QStringLiteral("%1 %2: the client meets the corpus; the "
                                                   "mark is wrong")
                                        .arg(f->id, key.toString())));
            const QJsonObject instead = mark.value(QLatin1String("instead")).toObject();
            for (auto it = instead.constBegin(); it != instead.constEnd(); ++it) {
                if (it.key() == QLatin1String("findings"))
                    continue; // our rule ids: nothing the client has
                QVERIFY2(conformance::meets(it.key(), it.value(), client, &why),
                         qPrintable(QStringLiteral("%1: the client does not do what the mark "
                                                   "says (%2): %3")
                                        .arg(f->id, it.key(), why)));
            }
            ++checked;
        }
    }
    QVERIFY(checked > 0);
}

QTEST_GUILESS_MAIN(TestInteropCorpus)
#include "test_interop_corpus.moc"
