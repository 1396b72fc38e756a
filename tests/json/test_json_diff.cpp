#include "core/json/jsondiff.h"
#include "core/json/jsonpatch.h"
#include "core/json/jsonpointer.h"
#include "core/json/jsontext.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <random>

using agui::json::applyPatch;
using agui::json::diff;
using agui::json::jsonEquals;
using agui::json::toCompactJson;

namespace {

QJsonArray loadVectors()
{
    QFile file(QStringLiteral(AGUI_TEST_DATA_DIR "/json/diff-vectors.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s: %s", qPrintable(file.fileName()), qPrintable(file.errorString()));
    return QJsonDocument::fromJson(file.readAll()).array();
}

// Random JSON values for the property test. Keys come from a small pool so that the two sides
// share keys often (otherwise nearly every diff would be add/remove only), and the pool holds
// the characters a pointer must escape.
class RandomJson
{
public:
    explicit RandomJson(std::uint32_t seed)
        : m_rng(seed)
    { }

    QJsonValue value(int depth)
    {
        const int kinds = depth >= 4 ? 5 : 7; // at depth 4 only scalars
        switch (pick(kinds)) {
        case 0:
            return QJsonValue(QJsonValue::Null);
        case 1:
            return pick(2) == 0;
        case 2:
            return pick(3) == 0 ? QJsonValue(pick(5) + 0.5) : QJsonValue(pick(5));
        case 3:
            return string();
        case 4:
            return pick(2) == 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(pick(1000));
        case 5: {
            QJsonArray array;
            const int size = pick(5);
            for (int i = 0; i < size; ++i)
                array.append(value(depth + 1));
            return array;
        }
        default: {
            QJsonObject object;
            const int size = pick(5);
            for (int i = 0; i < size; ++i)
                object.insert(string(), value(depth + 1));
            return object;
        }
        }
    }

    // A variant of v: mostly small edits, so diffs recurse rather than replace everything.
    QJsonValue mutate(const QJsonValue &v, int depth)
    {
        if (pick(6) == 0 || depth >= 4)
            return value(depth);
        if (v.isObject()) {
            QJsonObject object = v.toObject();
            const QStringList keys = object.keys();
            for (const QString &key : keys) {
                const int action = pick(5);
                if (action == 0)
                    object.remove(key);
                else if (action == 1)
                    object.insert(key, mutate(object.value(key), depth + 1));
            }
            if (pick(3) == 0)
                object.insert(string(), value(depth + 1));
            return object;
        }
        if (v.isArray()) {
            QJsonArray array = v.toArray();
            for (qsizetype i = 0; i < array.size(); ++i) {
                if (pick(3) == 0)
                    array.replace(i, mutate(array.at(i), depth + 1));
            }
            const int action = pick(4);
            if (action == 0 && !array.isEmpty())
                array.removeAt(pick(int(array.size())));
            else if (action == 1)
                array.insert(pick(int(array.size()) + 1), value(depth + 1));
            else if (action == 2)
                array.append(value(depth + 1));
            return array;
        }
        return value(depth);
    }

private:
    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_rng); }

    QString string()
    {
        static const char *const pool[] = {"a",
                                           "b",
                                           "c",
                                           "",
                                           "a/b",
                                           "~",
                                           "~1",
                                           "x~0y",
                                           "/",
                                           "é",
                                           "0",
                                           "-",
                                           "key with space",
                                           "\xF0\x9F\x98\x80"};
        return QString::fromUtf8(pool[pick(int(std::size(pool)))]);
    }

    std::mt19937 m_rng;
};

} // namespace

class TestJsonDiff : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void seedVectors_data()
    {
        QTest::addColumn<QJsonObject>("vector");
        const QJsonArray vectors = loadVectors();
        QCOMPARE(vectors.size(), 25);
        for (qsizetype i = 0; i < vectors.size(); ++i) {
            const QJsonObject vector = vectors.at(i).toObject();
            const QString name = QStringLiteral("%1 %2 (%3)")
                                     .arg(i)
                                     .arg(vector.value(QLatin1String("function")).toString(),
                                          vector.value(QLatin1String("source"))
                                              .toString()
                                              .section(QLatin1Char('#'), -1));
            QTest::newRow(qPrintable(name)) << vector;
        }
    }

    void seedVectors()
    {
        QFETCH(QJsonObject, vector);
        const QJsonObject input = vector.value(QLatin1String("input")).toObject();
        const QJsonValue from = input.value(QLatin1String("source"));
        const QJsonValue to = input.value(QLatin1String("destination"));
        const QString ancestor = input.value(QLatin1String("opts"))
                                     .toObject()
                                     .value(QLatin1String("ancestor_path"))
                                     .toString();
        const QJsonArray ops = diff(from, to, ancestor);
        const QJsonArray expected = vector.value(QLatin1String("expected")).toArray();
        // Exact list, order included: the seed's STATE_DELTA output is compared op for op.
        QVERIFY2(jsonEquals(ops, expected),
                 qPrintable(QStringLiteral("got %1\nexpected %2")
                                .arg(toCompactJson(ops), toCompactJson(expected))));
        if (ancestor.isEmpty()) {
            const agui::json::PatchResult applied = applyPatch(from, ops);
            QVERIFY2(applied.ok, qPrintable(applied.error.message));
            QVERIFY(jsonEquals(applied.document, to));
        } else {
            // The ops address the values below ancestor: apply them to a document holding them.
            QJsonValue wrappedFrom = from;
            QJsonValue wrappedTo = to;
            const QStringList tokens = ancestor.mid(1).split(QLatin1Char('/'));
            for (auto it = tokens.crbegin(); it != tokens.crend(); ++it) {
                const QString key = agui::json::Pointer::unescapeToken(*it);
                wrappedFrom = QJsonObject {{key, wrappedFrom}};
                wrappedTo = QJsonObject {{key, wrappedTo}};
            }
            const agui::json::PatchResult applied = applyPatch(wrappedFrom, ops);
            QVERIFY2(applied.ok, qPrintable(applied.error.message));
            QVERIFY(jsonEquals(applied.document, wrappedTo));
        }
    }

    void noChangeGivesNoOps()
    {
        QCOMPARE(
            diff(QJsonObject {{QStringLiteral("n"), 1}}, QJsonObject {{QStringLiteral("n"), 1.0}}),
            QJsonArray());
        QCOMPARE(diff(QJsonValue(QJsonValue::Null), QJsonValue(QJsonValue::Null)), QJsonArray());
        QCOMPARE(diff(QJsonArray(), QJsonArray()), QJsonArray());
    }

    void keysOrderedByCodePoint()
    {
        // The seed orders keys by UTF-8 bytes (= code points): U+FB01 sorts before U+1F600,
        // although in UTF-16 the surrogate 0xD83D is smaller than 0xFB01. Adds come out in
        // reverse key order.
        const QString ligature = QString(QChar(0xFB01));
        const QString emoji = QString::fromUtf8("\xF0\x9F\x98\x80");
        const QJsonArray ops = diff(QJsonObject(), QJsonObject {{ligature, 1}, {emoji, 2}});
        QCOMPARE(ops.size(), 2);
        QCOMPARE(ops.at(0).toObject().value(QLatin1String("path")).toString(),
                 QLatin1Char('/') + emoji);
        QCOMPARE(ops.at(1).toObject().value(QLatin1String("path")).toString(),
                 QLatin1Char('/') + ligature);
    }

    void rootTypeChangeWithAncestor()
    {
        const QJsonArray ops = diff(QJsonArray {1}, QJsonObject(), QStringLiteral("/s"));
        QCOMPARE(ops.size(), 1);
        QCOMPARE(ops.at(0).toObject().value(QLatin1String("path")).toString(),
                 QStringLiteral("/s"));
        QCOMPARE(ops.at(0).toObject().value(QLatin1String("op")).toString(),
                 QStringLiteral("replace"));
    }

    void onlyAddRemoveReplace()
    {
        RandomJson random(777);
        for (int i = 0; i < 200; ++i) {
            const QJsonValue a = random.value(0);
            const QJsonArray ops = diff(a, random.mutate(a, 0));
            for (const QJsonValue &op : ops) {
                const QString name = op.toObject().value(QLatin1String("op")).toString();
                QVERIFY2(name == QLatin1String("add") || name == QLatin1String("remove")
                             || name == QLatin1String("replace"),
                         qPrintable(name));
                // remove carries no value; add/replace always do.
                QCOMPARE(op.toObject().contains(QLatin1String("value")),
                         name != QLatin1String("remove"));
            }
        }
    }

    // applyPatch(a, diff(a, b)) == b for random nested pairs, half of them related (b edited from
    // a, so the diff recurses) and half unrelated.
    void applyingTheDiffGivesTheTarget()
    {
        RandomJson random(12345);
        const int pairs = 3000;
        int nonEmpty = 0;
        for (int i = 0; i < pairs; ++i) {
            const QJsonValue a = random.value(0);
            const QJsonValue b = (i % 2 == 0) ? random.mutate(a, 0) : random.value(0);
            const QJsonArray ops = diff(a, b);
            if (!ops.isEmpty())
                ++nonEmpty;
            const agui::json::PatchResult applied = applyPatch(a, ops);
            if (!applied.ok || !jsonEquals(applied.document, b)) {
                QFAIL(qPrintable(QStringLiteral("pair %1\na    = %2\nb    = %3\ndiff = %4\n%5")
                                     .arg(i)
                                     .arg(toCompactJson(a), toCompactJson(b), toCompactJson(ops),
                                          applied.ok ? QStringLiteral("applied to %1")
                                                           .arg(toCompactJson(applied.document))
                                                     : applied.error.message)));
            }
            // A diff of a value with itself is empty.
            QVERIFY(diff(b, b).isEmpty());
        }
        // Guards against a generator that only ever produces equal pairs.
        QVERIFY2(nonEmpty > pairs / 2, qPrintable(QString::number(nonEmpty)));
    }
};

QTEST_GUILESS_MAIN(TestJsonDiff)
#include "test_json_diff.moc"
