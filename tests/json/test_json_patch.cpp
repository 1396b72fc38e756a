#include "core/json/jsonparser.h"
#include "core/json/jsonpatch.h"
#include "core/json/jsontext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>

using agui::json::applyPatch;
using agui::json::jsonEquals;
using agui::json::PatchResult;

namespace {

QJsonValue json(const char *text)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray("[") + text + "]", &error);
    if (!doc.isArray())
        qFatal("bad JSON in test: %s (%s)", text, qPrintable(error.errorString()));
    return doc.array().at(0);
}

} // namespace

class TestJsonPatch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ops_data()
    {
        QTest::addColumn<QString>("doc");
        QTest::addColumn<QString>("patch");
        QTest::addColumn<QString>("expected");
        auto row = [](const char *name, const char *doc, const char *patch, const char *expected) {
            QTest::newRow(name) << QString::fromUtf8(doc) << QString::fromUtf8(patch)
                                << QString::fromUtf8(expected);
        };
        row("add key", R"({"a":1})", R"([{"op":"add","path":"/b","value":2}])", R"({"a":1,"b":2})");
        row("add replaces existing key", R"({"a":1})", R"([{"op":"add","path":"/a","value":[]}])",
            R"({"a":[]})");
        row("add inserts in array", R"([1,3])", R"([{"op":"add","path":"/1","value":2}])",
            R"([1,2,3])");
        row("add at array end index", R"([1])", R"([{"op":"add","path":"/1","value":2}])",
            R"([1,2])");
        row("add dash appends", R"({"a":[1]})", R"([{"op":"add","path":"/a/-","value":2}])",
            R"({"a":[1,2]})");
        row("add root replaces document", R"({"a":1})", R"([{"op":"add","path":"","value":[1]}])",
            R"([1])");
        row("add deep", R"({"a":{"b":[{"c":1}]}})",
            R"([{"op":"add","path":"/a/b/0/d","value":true}])",
            R"({"a":{"b":[{"c":1,"d":true}]}})");
        row("add key with slash and tilde", R"({})",
            R"([{"op":"add","path":"/a~1b~0c","value":1}])", R"({"a/b~c":1})");
        row("remove key", R"({"a":1,"b":2})", R"([{"op":"remove","path":"/a"}])", R"({"b":2})");
        row("remove array item", R"([1,2,3])", R"([{"op":"remove","path":"/1"}])", R"([1,3])");
        row("replace", R"({"a":{"b":1}})", R"([{"op":"replace","path":"/a/b","value":"x"}])",
            R"({"a":{"b":"x"}})");
        row("replace array item", R"([1,2])", R"([{"op":"replace","path":"/0","value":null}])",
            R"([null,2])");
        row("replace root", R"({"a":1})", R"([{"op":"replace","path":"","value":"s"}])", R"("s")");
        row("move key", R"({"a":{"x":1},"b":{}})", R"([{"op":"move","from":"/a/x","path":"/b/y"}])",
            R"({"a":{},"b":{"y":1}})");
        row("move within array", R"([1,2,3,4])", R"([{"op":"move","from":"/1","path":"/3"}])",
            R"([1,3,4,2])");
        row("move onto itself", R"({"a":1})", R"([{"op":"move","from":"/a","path":"/a"}])",
            R"({"a":1})");
        row("move to parent", R"({"a":{"b":{"c":1}}})",
            R"([{"op":"move","from":"/a/b","path":"/a"}])", R"({"a":{"c":1}})");
        row("copy", R"({"a":[1],"b":{}})", R"([{"op":"copy","from":"/a","path":"/b/c"}])",
            R"({"a":[1],"b":{"c":[1]}})");
        row("copy into own child", R"({"a":{"b":1}})",
            R"([{"op":"copy","from":"/a","path":"/a/c"}])", R"({"a":{"b":1,"c":{"b":1}}})");
        row("test numbers by value", R"({"n":1})", R"([{"op":"test","path":"/n","value":1.0}])",
            R"({"n":1})");
        row("test objects unordered", R"({"o":{"a":1,"b":[1,{"c":2}]}})",
            R"([{"op":"test","path":"/o","value":{"b":[1,{"c":2}],"a":1}}])",
            R"({"o":{"a":1,"b":[1,{"c":2}]}})");
        row("test root", R"([1])", R"([{"op":"test","path":"","value":[1]}])", R"([1])");
        row("extra members ignored", R"({})",
            R"([{"op":"add","path":"/a","value":1,"from":"/zz","note":"x"}])", R"({"a":1})");
        row("empty patch", R"({"a":1})", R"([])", R"({"a":1})");
        row("sequence sees earlier ops", R"({})",
            R"([{"op":"add","path":"/a","value":[]},{"op":"add","path":"/a/-","value":1},)"
            R"({"op":"copy","from":"/a/0","path":"/b"},{"op":"test","path":"/b","value":1}])",
            R"({"a":[1],"b":1})");
    }

    void ops()
    {
        QFETCH(QString, doc);
        QFETCH(QString, patch);
        QFETCH(QString, expected);
        const QJsonValue before = json(doc.toUtf8().constData());
        const PatchResult result = applyPatch(before, json(patch.toUtf8().constData()));
        QVERIFY2(result.ok, qPrintable(result.error.message));
        QVERIFY2(jsonEquals(result.document, json(expected.toUtf8().constData())),
                 qPrintable(agui::json::toCompactJson(result.document)));
        // The caller's value is never modified (values are implicitly shared).
        QVERIFY(jsonEquals(before, json(doc.toUtf8().constData())));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("doc");
        QTest::addColumn<QString>("patch");
        QTest::addColumn<int>("opIndex");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("message");
        auto row = [](const char *name, const char *doc, const char *patch, int opIndex,
                      const char *path, const char *field, const char *message) {
            QTest::newRow(name) << QString::fromUtf8(doc) << QString::fromUtf8(patch) << opIndex
                                << QString::fromUtf8(path) << QString::fromUtf8(field)
                                << QString::fromUtf8(message);
        };
        row("index out of range", R"({"items":[]})",
            R"([{"op":"replace","path":"/items/3","value":1}])", 0, "/items/3", "path",
            "/items/3: index 3 is out of range for an array of length 0");
        row("add past end", R"({"items":[1]})", R"([{"op":"add","path":"/items/2","value":1}])", 0,
            "/items/2", "path", "/items/2: index 2 is out of range for an array of length 1");
        row("leading zero index", R"([1,2])", R"([{"op":"remove","path":"/01"}])", 0, "/01", "path",
            "\"01\" is not an existing array index");
        row("remove dash", R"([1])", R"([{"op":"remove","path":"/-"}])", 0, "/-", "path",
            "\"-\" is not an existing array index");
        row("missing parent", R"({"q":{}})", R"([{"op":"add","path":"/a/b","value":1}])", 0, "/a/b",
            "path", "/a/b: /a does not exist");
        row("through a scalar", R"({"a":5})", R"([{"op":"add","path":"/a/b","value":1}])", 0,
            "/a/b", "path", "the parent /a is a number, not an object or array");
        row("remove missing key", R"({"a":1})", R"([{"op":"remove","path":"/b"}])", 0, "/b", "path",
            "/b: there is no key \"b\" in the object at the document root");
        row("remove root", R"({"a":1})", R"([{"op":"remove","path":""}])", 0, "", "path",
            "the document root cannot be removed");
        row("replace missing", R"({})", R"([{"op":"replace","path":"/x","value":1}])", 0, "/x",
            "path", "no key \"x\"");
        row("unknown op", R"({})", R"([{"op":"spam","path":"/x"}])", 0, "/x", "op",
            "unknown op \"spam\"");
        row("op not string", R"({})", R"([{"op":1,"path":"/x"}])", 0, "/x", "op",
            "\"op\" is a number, it must be a string");
        row("op missing", R"({})", R"([{"path":"/x"}])", 0, "/x", "op", "has no \"op\" member");
        row("path missing", R"({})", R"([{"op":"add","value":1}])", 0, "", "path",
            "op 0 (add) has no \"path\" member");
        row("path not string", R"({})", R"([{"op":"add","path":3,"value":1}])", 0, "", "path",
            "\"path\" is a number");
        row("path not a pointer", R"({})", R"([{"op":"add","path":"a","value":1}])", 0, "a", "path",
            "must be empty or start with '/'");
        row("bad escape", R"({})", R"([{"op":"add","path":"/a~2","value":1}])", 0, "/a~2", "path",
            "followed by 0 or 1");
        row("value missing", R"({})", R"([{"op":"add","path":"/a"}])", 0, "/a", "value",
            "has no \"value\" member");
        row("from missing", R"({})", R"([{"op":"move","path":"/a"}])", 0, "/a", "from",
            "op 0 (move) has no \"from\" member");
        row("from not found", R"({"a":1})", R"([{"op":"copy","from":"/b","path":"/c"}])", 0, "/b",
            "from", "/b: there is no key \"b\"");
        row("move into own child", R"({"a":{"b":1}})",
            R"([{"op":"move","from":"/a","path":"/a/b/c"}])", 0, "/a", "from",
            "cannot move a value into one of its own children");
        row("test mismatch", R"({"a":"x"})", R"([{"op":"test","path":"/a","value":"y"}])", 0, "/a",
            "value", "/a: test failed: the document has \"x\", the patch expects \"y\"");
        row("test string vs number", R"({"a":10})", R"([{"op":"test","path":"/a","value":"10"}])",
            0, "/a", "value", "test failed");
        row("op not an object", R"({})", R"([{"op":"test","path":"","value":{}},5])", 1, "", "",
            "op 1 is a number; each op must be an object");
        row("patch not an array", R"({})", R"({"op":"add","path":"/a","value":1})", -1, "", "",
            "a JSON Patch must be an array of ops, not an object");
    }

    void errors()
    {
        QFETCH(QString, doc);
        QFETCH(QString, patch);
        QFETCH(int, opIndex);
        QFETCH(QString, path);
        QFETCH(QString, field);
        QFETCH(QString, message);
        const QJsonValue before = json(doc.toUtf8().constData());
        const PatchResult result = applyPatch(before, json(patch.toUtf8().constData()));
        QVERIFY(!result.ok);
        QCOMPARE(result.error.opIndex, qsizetype(opIndex));
        QCOMPARE(result.error.path, path);
        QCOMPARE(result.error.field, field);
        QVERIFY2(result.error.message.contains(message), qPrintable(result.error.message));
        QVERIFY(jsonEquals(result.document, before));
    }

    void atomicWhenThirdOpFails()
    {
        const QJsonValue before = json(R"({"list":[1,2],"obj":{"k":"v"}})");
        const QJsonValue patch = json(R"([
            {"op":"add","path":"/list/-","value":3},
            {"op":"replace","path":"/obj/k","value":"changed"},
            {"op":"remove","path":"/list/7"},
            {"op":"add","path":"/never","value":true}
        ])");
        const PatchResult result = applyPatch(before, patch);
        QVERIFY(!result.ok);
        QCOMPARE(result.error.opIndex, qsizetype(2));
        QCOMPARE(result.error.path, QStringLiteral("/list/7"));
        QCOMPARE(result.error.message,
                 QStringLiteral("/list/7: index 7 is out of range for an array of length 3"));
        // Neither the first two ops nor anything else shows in the result or in the input.
        QCOMPARE(result.document, before);
        QCOMPARE(before, json(R"({"list":[1,2],"obj":{"k":"v"}})"));
    }

    void atomicWhenNestedEditFailsDeep()
    {
        // The failure is found deep inside a container that an earlier op already edited.
        const QJsonValue before = json(R"({"a":{"b":{"c":[0]}}})");
        const PatchResult result = applyPatch(before, json(R"([
            {"op":"add","path":"/a/b/c/0","value":-1},
            {"op":"add","path":"/a/b/c/x","value":1}
        ])"));
        QVERIFY(!result.ok);
        QCOMPARE(result.error.opIndex, qsizetype(1));
        QCOMPARE(result.document, before);
        QCOMPARE(before, json(R"({"a":{"b":{"c":[0]}}})"));
    }

    // In place, a patch that fails leaves the document as it was: every edit the earlier ops made
    // is undone (the copy-based apply cannot show this: it throws its working copy away).
    void inPlaceUndoesEarlierOps_data()
    {
        QTest::addColumn<QString>("doc");
        QTest::addColumn<QString>("patch");
        auto row = [](const char *name, const char *doc, const char *patch) {
            QTest::newRow(name) << QString::fromUtf8(doc) << QString::fromUtf8(patch);
        };
        row("append then fail", R"({"list":[1,2],"obj":{"k":"v"}})",
            R"([{"op":"add","path":"/list/-","value":3},{"op":"replace","path":"/obj/k","value":0},
                {"op":"remove","path":"/list/7"}])");
        row("insert, remove, replace in an array", R"({"a":[0,1,2,3]})",
            R"([{"op":"add","path":"/a/1","value":"x"},{"op":"remove","path":"/a/0"},
                {"op":"replace","path":"/a/2","value":{"deep":[1]}},{"op":"test","path":"/a/0",
                "value":"nope"}])");
        row("new and existing keys", R"({"k":1,"o":{"p":null}})",
            R"([{"op":"add","path":"/new","value":[]},{"op":"add","path":"/k","value":2},
                {"op":"remove","path":"/o/p"},{"op":"add","path":"/o/q/r","value":1}])");
        row("move and copy", R"({"from":{"x":[1,2]},"to":{}})",
            R"([{"op":"move","from":"/from/x","path":"/to/y"},{"op":"copy","from":"/to/y",
                "path":"/from/z"},{"op":"move","from":"/missing","path":"/a"}])");
        // A move is two edits even as a patch's last op: its remove is taken back when its add
        // fails (the last op's other edits are not recorded, since a failing op has not edited).
        row("a last move whose add fails", R"({"a":1,"b":[]})",
            R"([{"op":"move","from":"/a","path":"/b/5"}])");
        row("root replaced then fail", R"({"a":1})",
            R"([{"op":"replace","path":"","value":[5]},{"op":"add","path":"/-","value":6},
                {"op":"remove","path":"/9"}])");
    }

    void inPlaceUndoesEarlierOps()
    {
        QFETCH(QString, doc);
        QFETCH(QString, patch);
        const QJsonValue before = json(doc.toUtf8().constData());
        QJsonValue working = json(doc.toUtf8().constData()); // its own containers
        agui::json::JsonDoc ops;
        agui::json::JsonParser().parse(patch.toUtf8(), ops);
        const PatchResult result = agui::json::applyPatchInPlace(working, ops.root());
        QVERIFY(!result.ok);
        QCOMPARE(working, before);
    }

    // Seeded random patches over a small document: in place and on a copy agree op for op (the
    // same document when they succeed, the same error when they fail, the input back then).
    void inPlaceMatchesCopy()
    {
        QRandomGenerator rng(1234);
        const char *paths[] = {"",     "/a",     "/a/0", "/a/1", "/a/-", "/o",    "/o/k",
                               "/o/n", "/o/n/x", "/s",   "/z",   "/a/9", "/o/k/0"};
        const char *values[] = {"1", "\"t\"", "[1,2]", "{\"x\":{}}", "null"};
        const char *opNames[] = {"add", "remove", "replace", "move", "copy", "test"};
        agui::json::JsonParser parser;
        int succeeded = 0;
        int failed = 0;
        for (int round = 0; round < 2000; ++round) {
            QByteArray patch = "[";
            const int n = 1 + int(rng.bounded(4));
            for (int i = 0; i < n; ++i) {
                const char *op = opNames[rng.bounded(6)];
                patch += i ? "," : "";
                patch += QByteArray("{\"op\":\"") + op + "\",\"path\":\"" + paths[rng.bounded(13)]
                    + "\",\"from\":\"" + paths[rng.bounded(13)]
                    + "\",\"value\":" + values[rng.bounded(5)] + "}";
            }
            patch += "]";
            const QJsonValue start = json(R"({"a":[1,[2]],"o":{"k":"v","n":{}},"s":"str"})");
            QJsonValue working = json(R"({"a":[1,[2]],"o":{"k":"v","n":{}},"s":"str"})");
            agui::json::JsonDoc ops;
            QVERIFY(parser.parse(patch, ops).ok());
            const PatchResult copied = applyPatch(start, ops.root().toQJsonValue());
            const PatchResult inPlace = agui::json::applyPatchInPlace(working, ops.root());
            QCOMPARE(inPlace.ok, copied.ok);
            QCOMPARE(inPlace.error.opIndex, copied.error.opIndex);
            QCOMPARE(inPlace.error.message, copied.error.message);
            QVERIFY2(working == (copied.ok ? copied.document : start), patch.constData());
            (copied.ok ? succeeded : failed) += 1;
        }
        // Both outcomes are well represented, so both paths were compared.
        QVERIFY2(succeeded > 200 && failed > 200, qPrintable(QString::number(succeeded)));
    }

    void jsonEqualsRules()
    {
        QVERIFY(jsonEquals(json("1"), json("1.0")));
        QVERIFY(jsonEquals(json("1e2"), json("100")));
        QVERIFY(!jsonEquals(json("1"), json("\"1\"")));
        QVERIFY(!jsonEquals(json("null"), json("false")));
        QVERIFY(!jsonEquals(json("[1,2]"), json("[2,1]")));
        QVERIFY(jsonEquals(json(R"({"a":1,"b":2})"), json(R"({"b":2,"a":1.0})")));
        QVERIFY(!jsonEquals(json(R"({"a":1})"), json(R"({"a":1,"b":null})")));
        QVERIFY(!jsonEquals(json("9007199254740993"), json("9007199254740992")));
        QVERIFY(jsonEquals(json("{}"), json("{}")));
        QVERIFY(!jsonEquals(json("{}"), json("[]")));
    }
};

QTEST_GUILESS_MAIN(TestJsonPatch)
#include "test_json_patch.moc"
