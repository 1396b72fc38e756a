// The official AG-UI conformance corpus as tests: every fixture of
// tests/data/conformance/ag-ui-spec is replayed into a Session (corpus.h says how, and where each
// expectation key is read) and every key of its expectation is checked. A key the inspector answers
// differently on purpose is marked in tests/data/conformance/marks.json with the reason and what
// holds instead. The inspector judges a stream as an AG-UI 1.1 consumer; the pinned 1.0 client's
// view is its own layer (compat.*, info) and its client view.
//   "1.0-client"      the pinned @ag-ui/client 1.0.0, which the client view models, does this
//                     differently from what the 1.1 corpus expects (tests/interop checks that the
//                     client really does)
//   "draft"           a rule of the draft specification that neither the pinned client nor a 1.1
//                     consumer enforces; a draft rule of ours reports it instead
//   "1.0-era"         a draft fixture written while 1.0 was current, expecting a 1.0 consumer
//   "not-applicable"  the key is about something a recorded stream does not show (the request a
//                     client sends, the peer ceiling it was configured with)
//   "exception"       the inspector deliberately says more than the client (documented in
//                     docs/interop.md)
// A marked key is checked against its replacement ("instead"), and a mark whose key now meets the
// corpus fails as stale. A failure names the fixture and the key. cleanupTestCase prints the
// per-key counts and the per-level fixture counts (MUST: every key but the SHOULD-level warnings
// and noWarnings and the not observable request keys) that docs/interop.md reports.

#include "corpus.h"

#include <QFile>
#include <QJsonDocument>
#include <QMap>
#include <QTest>

using namespace conformance;

namespace {

struct Mark
{
    QString kind;
    QString reason;
    QJsonObject instead;
};

struct Tally
{
    int total = 0;
    int meets = 0;
    QMap<QString, int> marked; // kind -> count
    int failed = 0;
};

} // namespace

class TestConformanceCorpus : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void fixture_data();
    void fixture();
    void marksNameRealFixtures();
    void cleanupTestCase();

private:
    QList<Fixture> m_fixtures;
    QHash<QString, Mark> m_marks; // "<fixture id> <key>" -> mark
    QMap<QString, Tally> m_tally; // key -> counts
    // Per corpus folder ("1.1", "1.0", "draft"): fixtures meeting every key / meeting the rest
    // with marked keys / failing.
    struct Group
    {
        int fixtures = 0, clean = 0, marked = 0, failed = 0;
    };
    QMap<QString, Group> m_groups;
    // Per folder and level ("MUST", "SHOULD"): how the fixtures having keys of that level fare:
    // "meets" (every such key as the corpus states it), "n/a" (a key not observable), or the
    // kind of the mark that explains the rest.
    QMap<QString, QMap<QString, QMap<QString, int>>> m_levels;
};

namespace {

QString levelOf(const QString &key)
{
    if (key == QLatin1String("warnings") || key == QLatin1String("noWarnings"))
        return QStringLiteral("SHOULD");
    if (key == QLatin1String("request") || key == QLatin1String("requestAbsentPaths"))
        return QString(); // not observable in a recorded stream: counted as n/a per key
    return QStringLiteral("MUST");
}

} // namespace

void TestConformanceCorpus::initTestCase()
{
    QString error;
    m_fixtures = loadCorpus(&error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    // 68 fixtures of 1.1, 4 of 1.0, 15 of draft (see the corpus README).
    QCOMPARE(m_fixtures.size(), 87);

    QFile file(QStringLiteral(AGUI_TEST_DATA_DIR "/conformance/marks.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray marks
        = QJsonDocument::fromJson(file.readAll()).object().value(QLatin1String("marks")).toArray();
    QVERIFY(!marks.isEmpty());
    for (const QJsonValue &v : marks) {
        const QJsonObject m = v.toObject();
        const Mark mark {m.value(QLatin1String("kind")).toString(),
                         m.value(QLatin1String("reason")).toString(),
                         m.value(QLatin1String("instead")).toObject()};
        QVERIFY2(QStringList({QStringLiteral("1.0-client"), QStringLiteral("draft"),
                              QStringLiteral("1.0-era"), QStringLiteral("not-applicable"),
                              QStringLiteral("exception")})
                         .contains(mark.kind)
                     && !mark.reason.isEmpty(),
                 qPrintable(QStringLiteral("mark needs a known kind and a reason: ")
                            + QString::fromUtf8(QJsonDocument(m).toJson())));
        for (const QJsonValue &f : m.value(QLatin1String("fixtures")).toArray())
            for (const QJsonValue &k : m.value(QLatin1String("keys")).toArray())
                m_marks.insert(f.toString() + QLatin1Char(' ') + k.toString(), mark);
    }
}

void TestConformanceCorpus::fixture_data()
{
    QTest::addColumn<int>("index");
    for (qsizetype i = 0; i < m_fixtures.size(); ++i)
        QTest::newRow(qPrintable(m_fixtures.at(i).id)) << int(i);
}

void TestConformanceCorpus::fixture()
{
    QFETCH(int, index);
    const Fixture &f = m_fixtures.at(index);
    const Observed observed = replay(f);
    QStringList failures;
    int markedKeys = 0;
    QMap<QString, QString> levelVerdict; // level -> "meets" or what explains the difference
    const auto judge = [&levelVerdict](const QString &key, const QString &verdict) {
        const QString level = levelOf(key);
        if (level.isEmpty())
            return;
        QString &v = levelVerdict[level];
        if (v.isEmpty() || v == QLatin1String("meets"))
            v = verdict;
    };
    for (auto it = f.expect.constBegin(); it != f.expect.constEnd(); ++it) {
        const QString &key = it.key();
        if (!expectationKeys().contains(key)) {
            failures.append(QStringLiteral("%1 %2: not a corpus key").arg(f.id, key));
            continue;
        }
        Tally &tally = m_tally[key];
        ++tally.total;
        QString why;
        const bool meetsCorpus = meets(key, it.value(), observed, &why);
        if (meetsCorpus)
            ++tally.meets;
        const auto mark = m_marks.constFind(f.id + QLatin1Char(' ') + key);
        judge(key,
              meetsCorpus ? QStringLiteral("meets")
                  : mark == m_marks.cend()
                  ? QStringLiteral("failed")
                  : (mark->kind == QLatin1String("not-applicable") ? QStringLiteral("n/a")
                                                                   : mark->kind));
        if (mark == m_marks.cend()) {
            if (!meetsCorpus) {
                ++tally.failed;
                failures.append(QStringLiteral("%1 %2: expected %3; %4")
                                    .arg(f.id, key,
                                         QString::fromUtf8(QJsonDocument(QJsonArray {it.value()})
                                                               .toJson(QJsonDocument::Compact)),
                                         why));
            }
            continue;
        }
        if (meetsCorpus && mark->kind != QLatin1String("not-applicable")) {
            ++tally.failed;
            failures.append(QStringLiteral("%1 %2: marked %3 but now meets the corpus (remove "
                                           "the mark)")
                                .arg(f.id, key, mark->kind));
            continue;
        }
        if (meetsCorpus)
            continue;
        ++markedKeys;
        bool insteadHolds = true;
        for (auto in = mark->instead.constBegin(); in != mark->instead.constEnd(); ++in) {
            QString insteadWhy;
            if (!meets(in.key(), in.value(), observed, &insteadWhy)) {
                insteadHolds = false;
                failures.append(QStringLiteral("%1 %2 (marked %3): instead %4 does not hold; %5")
                                    .arg(f.id, key, mark->kind, in.key(), insteadWhy));
            }
        }
        if (insteadHolds)
            ++tally.marked[mark->kind];
        else
            ++tally.failed;
    }
    const QString folder = f.id.section(QLatin1Char('/'), 0, 0);
    for (auto it = levelVerdict.cbegin(); it != levelVerdict.cend(); ++it)
        ++m_levels[folder][it.key()][it.value()];
    Group &group = m_groups[folder];
    ++group.fixtures;
    if (!failures.isEmpty())
        ++group.failed;
    else if (markedKeys > 0)
        ++group.marked;
    else
        ++group.clean;
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
}

// Every mark names a fixture that exists and a key that fixture expects.
void TestConformanceCorpus::marksNameRealFixtures()
{
    for (auto it = m_marks.cbegin(); it != m_marks.cend(); ++it) {
        const QString id = it.key().section(QLatin1Char(' '), 0, 0);
        const QString key = it.key().section(QLatin1Char(' '), 1);
        const auto f = std::find_if(m_fixtures.cbegin(), m_fixtures.cend(),
                                    [&id](const Fixture &x) { return x.id == id; });
        QVERIFY2(f != m_fixtures.cend(), qPrintable(QStringLiteral("no fixture ") + id));
        QVERIFY2(f->expect.contains(key),
                 qPrintable(id + QStringLiteral(" does not expect ") + key));
    }
}

void TestConformanceCorpus::cleanupTestCase()
{
    QString table = QStringLiteral("\nper-key results (meets = as the corpus expects):\n");
    table += QStringLiteral("%1 %2 %3 %4 %5\n")
                 .arg(QStringLiteral("key"), -20)
                 .arg(QStringLiteral("total"), 6)
                 .arg(QStringLiteral("meets"), 6)
                 .arg(QStringLiteral("failed"), 7)
                 .arg(QStringLiteral("marked"));
    for (const QString &key : expectationKeys()) {
        const Tally t = m_tally.value(key);
        QStringList marked;
        for (auto it = t.marked.cbegin(); it != t.marked.cend(); ++it)
            marked.append(QStringLiteral("%1 %2").arg(it.value()).arg(it.key()));
        table += QStringLiteral("%1 %2 %3 %4 %5\n")
                     .arg(key, -20)
                     .arg(t.total, 6)
                     .arg(t.meets, 6)
                     .arg(t.failed, 7)
                     .arg(marked.join(QStringLiteral(", ")));
    }
    table += QStringLiteral("\nper folder (fixtures): meeting every key / with marked keys / "
                            "failing\n");
    for (auto it = m_groups.cbegin(); it != m_groups.cend(); ++it)
        table += QStringLiteral("%1 %2: %3 / %4 / %5\n")
                     .arg(it.key(), -6)
                     .arg(it->fixtures, 3)
                     .arg(it->clean)
                     .arg(it->marked)
                     .arg(it->failed);
    table += QStringLiteral("\nper folder and level (fixtures with keys of that level): meets, "
                            "or what explains the rest\n");
    for (auto folder = m_levels.cbegin(); folder != m_levels.cend(); ++folder) {
        for (auto level = folder->cbegin(); level != folder->cend(); ++level) {
            int total = 0;
            QStringList parts;
            for (auto v = level->cbegin(); v != level->cend(); ++v) {
                total += v.value();
                parts.append(QStringLiteral("%1 %2").arg(v.value()).arg(v.key()));
            }
            table += QStringLiteral("%1 %2 %3 fixtures: %4\n")
                         .arg(folder.key(), -6)
                         .arg(level.key(), -7)
                         .arg(total, 3)
                         .arg(parts.join(QStringLiteral(", ")));
        }
    }
    qInfo().noquote() << table;
}

QTEST_GUILESS_MAIN(TestConformanceCorpus)
#include "test_conformance_corpus.moc"
