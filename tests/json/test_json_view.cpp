// JsonView / JsonParser / TapeBuilder (core/json): the JSON.parse reading of event text, on
// simdjson's tape. The expected texts below are what JSON.stringify(JSON.parse(text)) prints
// in Node.js 20 (V8).

#include "core/json/jsonarena.h"
#include "core/json/jsonnumber.h"
#include "core/json/jsonparser.h"
#include "core/json/tapebuilder.h"
#include "core/json/wtf8.h"

#include <QJsonDocument>
#include <QtTest>

using namespace agui::json;

class TestJsonView : public QObject
{
    Q_OBJECT

private:
    JsonParser parser;

    JsonView parse(const QByteArray &text, JsonDoc &doc, JsonParser::Outcome expected)
    {
        const JsonParser::Result r = parser.parse(text, doc);
        if (r.outcome != expected)
            qWarning() << "parse outcome" << int(r.outcome) << r.errorMessage;
        [&] { QCOMPARE(int(r.outcome), int(expected)); }();
        return doc.root();
    }

private Q_SLOTS:
    void scalarsAndLookups()
    {
        JsonDoc doc;
        const JsonView v = parse(R"({"type":"TEXT_MESSAGE_CONTENT","delta":"hé","n":3,"f":1.5,
            "t":true,"z":null,"a":[1,"x",{}],"o":{"k":"v"}})",
                                 doc, JsonParser::Outcome::Ok);
        QVERIFY(v.isObject());
        QCOMPARE(v.value("type").toString(), QStringLiteral("TEXT_MESSAGE_CONTENT"));
        QVERIFY(v["type"].equals("TEXT_MESSAGE_CONTENT"));
        QCOMPARE(v.value("delta").toString(), QStringLiteral("hé"));
        QCOMPARE(v.value("n").toDouble(), 3.0);
        QVERIFY(v.value("n").isInteger());
        QVERIFY(!v.value("f").isInteger());
        QCOMPARE(v.value("f").toInteger(-1), qint64(-1));
        QVERIFY(v.value("t").toBool());
        QVERIFY(v.value("z").isNull());
        QVERIFY(v.value("missing").isUndefined());
        QVERIFY(!v.contains("missing"));
        QVERIFY(v.contains(QLatin1StringView("z")));
        QCOMPARE(v.value("a").size(), 3);
        QCOMPARE(v.value("a").at(1).toString(), QStringLiteral("x"));
        QVERIFY(v.value("a").at(3).isUndefined());
        QCOMPARE(v.value("o").value("k").toString(), QStringLiteral("v"));
        // A non-object behaves as an empty one, like QJsonValue::toObject().
        QVERIFY(v.value("delta").toObject().value("x").isUndefined());
        QCOMPARE(v.value("delta").toArray().size(), 0);
        QCOMPARE(v.size(), 8);
    }

    void duplicateKeysReadLikeJsonParse()
    {
        JsonDoc doc;
        const JsonView v = parse(R"({"b":1,"a":2,"b":3})", doc, JsonParser::Outcome::Ok);
        QCOMPARE(v.value("b").toDouble(), 3.0); // last occurrence
        QCOMPARE(v.size(), 2);
        QStringList keys;
        QList<double> values;
        for (const JsonMember m : v.members()) {
            keys << m.key();
            values << m.value().toDouble();
        }
        QCOMPARE(keys, QStringList({QStringLiteral("b"), QStringLiteral("a")}));
        QCOMPARE(values, QList<double>({3.0, 2.0}));
        QCOMPARE(v.toJson(), QByteArray(R"({"b":3,"a":2})"));
        QCOMPARE(v.toQJsonObject().value(QLatin1StringView("b")).toInt(), 3);
    }

    void textAsJsonStringifyPrintsIt_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("stringified");
        QTest::addColumn<int>("outcome");
        const int ok = int(JsonParser::Outcome::Ok);
        const int fallback = int(JsonParser::Outcome::Fallback);
        QTest::newRow("-0") << QByteArray(R"({"a":-0})") << QByteArray(R"({"a":0})") << ok;
        QTest::newRow("1e400") << QByteArray(R"({"a":1e400})") << QByteArray(R"({"a":null})")
                               << fallback;
        QTest::newRow("30 digits") << QByteArray(R"({"a":123456789012345678901234567890})")
                                   << QByteArray(R"({"a":1.2345678901234568e+29})") << fallback;
        QTest::newRow("2^64") << QByteArray(R"({"a":18446744073709551616})")
                              << QByteArray(R"({"a":18446744073709552000})") << fallback;
        QTest::newRow("below int64") << QByteArray(R"({"a":-9223372036854775809})")
                                     << QByteArray(R"({"a":-9223372036854776000})") << fallback;
        QTest::newRow("2^53+1") << QByteArray(R"({"a":9007199254740993})")
                                << QByteArray(R"({"a":9007199254740992})") << ok;
        QTest::newRow("lone high surrogate")
            << QByteArray(R"({"a":"\ud83d"})") << QByteArray(R"({"a":"\ud83d"})") << fallback;
        QTest::newRow("lone low surrogate")
            << QByteArray(R"({"a":"x\udc00y"})") << QByteArray(R"({"a":"x\udc00y"})") << fallback;
        QTest::newRow("dup") << QByteArray(R"({"a":1,"a":2})") << QByteArray(R"({"a":2})") << ok;
        QTest::newRow("1e-400") << QByteArray(R"({"a":1e-400})") << QByteArray(R"({"a":0})") << ok;
        QTest::newRow("scalar") << QByteArray("42") << QByteArray("42") << ok;
        QTest::newRow("1.0") << QByteArray(R"({"a":1.0})") << QByteArray(R"({"a":1})") << ok;
        QTest::newRow("1E2") << QByteArray(R"({"a":1E2})") << QByteArray(R"({"a":100})") << ok;
        QTest::newRow("0.1") << QByteArray(R"({"a":0.1})") << QByteArray(R"({"a":0.1})") << ok;
        QTest::newRow("1e21") << QByteArray(R"({"a":1e21})") << QByteArray(R"({"a":1e+21})") << ok;
        QTest::newRow("1e-7") << QByteArray(R"({"a":1e-7})") << QByteArray(R"({"a":1e-7})") << ok;
        QTest::newRow("controls") << QByteArray(R"({"a":"\u0000\u001f\u007f"})")
                                  << QByteArray("{\"a\":\"\\u0000\\u001f\x7f\"}") << ok;
        QTest::newRow("min denormal")
            << QByteArray(R"({"a":5e-324})") << QByteArray(R"({"a":5e-324})") << ok;
        QTest::newRow("max double") << QByteArray(R"({"a":1.7976931348623157e308})")
                                    << QByteArray(R"({"a":1.7976931348623157e+308})") << ok;
        QTest::newRow("-1e400") << QByteArray(R"([-1e400,1e-400,-5e-400])")
                                << QByteArray("[null,0,0]") << fallback;
        QTest::newRow("nested") << QByteArray("[1,[2,[3]],{},[]]")
                                << QByteArray("[1,[2,[3]],{},[]]") << ok;
    }

    void textAsJsonStringifyPrintsIt()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, stringified);
        QFETCH(int, outcome);
        JsonDoc doc;
        const JsonParser::Result r = parser.parse(text, doc);
        QCOMPARE(int(r.outcome), outcome);
        QCOMPARE(doc.root().toJson(), stringified);
    }

    void splitSurrogatePairJoinsLikeTheClient()
    {
        // A producer that cuts an emoji between its UTF-16 halves: each delta alone is a lone
        // surrogate; the client's concatenated content is the emoji.
        JsonDoc first, second;
        parse(R"({"delta":"\ud83d"})", first, JsonParser::Outcome::Fallback);
        parse(R"({"delta":"\ude00!"})", second, JsonParser::Outcome::Fallback);
        const QString joined
            = first.root().value("delta").toString() + second.root().value("delta").toString();
        QCOMPARE(joined, QString::fromUtf8("\xF0\x9F\x98\x80!"));
        QCOMPARE(toWtf8(joined), QByteArray("\xF0\x9F\x98\x80!"));
    }

    void invalidUtf8IsReplacedLikeTextDecoder()
    {
        JsonDoc doc;
        const JsonParser::Result r = parser.parse("{\"a\":\"x\xff\xe2\x82y\"}", doc);
        QVERIFY(r.ok());
        QVERIFY(r.replacedInvalidUtf8);
        // One U+FFFD per maximal ill-formed subpart: FF, then E2 82.
        QCOMPARE(doc.root().value("a").toString(), QString::fromUtf8("x\uFFFD\uFFFDy"));
    }

    void errorsNameWhere()
    {
        JsonDoc doc;
        const JsonParser::Result r = parser.parse(R"({"a": [1, 2})", doc);
        QCOMPARE(int(r.outcome), int(JsonParser::Outcome::Error));
        QVERIFY(r.errorOffset > 0);
        QVERIFY(!r.errorMessage.isEmpty());
        QVERIFY(doc.isEmpty());
        QVERIFY(doc.root().isUndefined());
    }

    // Where a text stops being JSON, 0-based as JSON.parse says "at position N": the offending
    // byte, or the text's size when it ends too early (never one past it).
    void errorsAreAtTheByteJsonParseNames_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<qint64>("position");
        // Plain literals, not raw ones: moc's reading of this file stops at an unbalanced quote
        // inside a raw string.
        QTest::newRow("unexpected token") << QByteArray("{\"a\":}") << qint64(5);
        QTest::newRow("missing colon") << QByteArray("{\"a\" 1}") << qint64(5);
        QTest::newRow("ends after a comma") << QByteArray("{\"a\":1,") << qint64(7);
        QTest::newRow("ends inside an array") << QByteArray("[1,2") << qint64(4);
        QTest::newRow("unterminated string") << QByteArray("{\"a\":\"abc") << qint64(9);
        QByteArray cut = "{\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m1\",\"delta\":\"";
        cut += QByteArray(93 - cut.size(), 'x');
        QTest::newRow("a 93-byte payload cut short") << cut << qint64(93);
        QTest::newRow("trailing garbage") << QByteArray("[1] x") << qint64(4);
    }
    void errorsAreAtTheByteJsonParseNames()
    {
        QFETCH(QByteArray, text);
        QFETCH(qint64, position);
        JsonDoc doc;
        const JsonParser::Result r = parser.parse(text, doc);
        QCOMPARE(int(r.outcome), int(JsonParser::Outcome::Error));
        QCOMPARE(r.errorOffset, position);
    }

    void nestingBeyondTheLimitIsAnErrorNotACrash()
    {
        for (const int depth : {1000, 1100, 100000}) {
            const QByteArray text = QByteArray(depth, '[') + QByteArray(depth, ']');
            JsonDoc doc;
            const JsonParser::Result r = parser.parse(text, doc);
            QCOMPARE(r.ok(), depth <= JsonParser::kMaxDepth);
        }
    }

    void builtTapesEqualParsedOnes()
    {
        const QByteArray texts[] = {
            R"({"type":"STATE_SNAPSHOT","snapshot":{"a":[1,2.5,"x",null,true,false],"b":{}}})",
            R"([[],{},[{}],{"k":[]}])",
            R"({"s":"é😀\n","n":-12,"e":1e300})",
        };
        for (const QByteArray &text : texts) {
            JsonDoc parsed;
            parse(text, parsed, JsonParser::Outcome::Ok);
            const QJsonDocument q = QJsonDocument::fromJson(text);
            const JsonDoc built
                = JsonDoc::fromQJson(q.isObject() ? QJsonValue(q.object()) : QJsonValue(q.array()));
            QVERIFY2(parsed.root() == built.root(), text.constData());
            QCOMPARE(built.root().toQJsonValue(), parsed.root().toQJsonValue());
            QCOMPARE(built.root().size(), parsed.root().size());
            // Re-building from a view copies it exactly.
            TapeBuilder b;
            b.value(parsed.root());
            const JsonDoc copy = b.finish();
            QCOMPARE(copy.root().toJson(), parsed.root().toJson());
        }
    }

    // Copies into an arena read exactly like the values they came from, whole documents and
    // members alike, after the parser has moved on to other documents.
    void arenaCopiesOutliveTheirDocument()
    {
        const QByteArray texts[] = {
            R"({"type":"STATE_SNAPSHOT","snapshot":{"a":[1,2.5,"x",null,true,false],"b":{}}})",
            R"([[],{},[{}],{"k":[]}])",
            R"({"s":"é😀\n","n":-12,"e":1e300,"big":18446744073709551615,"dup":1,"dup":2})",
            R"("just a string")",
            R"(42)",
        };
        JsonArena arena;
        QList<JsonArena::Handle> wholes;
        QList<JsonArena::Handle> firsts;
        QList<QByteArray> expectedWhole;
        QList<QByteArray> expectedFirst;
        JsonDoc doc;
        for (const QByteArray &text : texts) {
            const JsonView root = parse(text, doc, JsonParser::Outcome::Ok);
            wholes.append(arena.copy(root));
            expectedWhole.append(root.toJson());
            JsonView first;
            if (root.isObject())
                first = (*root.members().begin()).value();
            else if (root.isArray())
                first = root.at(0);
            firsts.append(arena.copy(first));
            expectedFirst.append(first.toJson());
        }
        doc.clear();
        parse(R"({"overwrites":["the","parsers","buffers"]})", doc, JsonParser::Outcome::Ok);
        for (qsizetype i = 0; i < wholes.size(); ++i) {
            QCOMPARE(arena.view(wholes[i]).toJson(), expectedWhole[i]);
            QCOMPARE(arena.view(firsts[i]).toJson(), expectedFirst[i]);
        }
        // Look-ups and sizes use the relocated links.
        const JsonView snapshot = arena.view(wholes[0]).value("snapshot");
        QCOMPARE(snapshot.value("a").size(), 6);
        QCOMPARE(snapshot.value("a").at(2).toString(), QStringLiteral("x"));
        QVERIFY(snapshot.value("b").isObject());
        QCOMPARE(arena.view(wholes[2]).value("dup").toInt(), 2);
        QVERIFY(arena.view(JsonArena::kUndefined).isUndefined());
        arena.clear();
        QCOMPARE(arena.tapeWords(), size_t(1));
    }

    void builderWritesNestedDocuments()
    {
        TapeBuilder b;
        b.beginObject();
        b.key("type");
        b.string("TEXT_MESSAGE_START");
        b.key("list");
        b.beginArray();
        b.integer(1);
        b.number(2.5);
        b.null();
        b.boolean(true);
        b.beginObject();
        b.endObject();
        b.endArray();
        b.endObject();
        const JsonDoc doc = b.finish();
        QCOMPARE(doc.root().toJson(),
                 QByteArray(R"({"type":"TEXT_MESSAGE_START","list":[1,2.5,null,true,{}]})"));
        QCOMPARE(doc.root().value("list").size(), 5);
        QCOMPARE(doc.root().size(), 2);
    }

    void comparesWithQtValues()
    {
        JsonDoc doc;
        const JsonView v = parse(R"({"s":"a","n":2,"o":{"x":[1]}})", doc, JsonParser::Outcome::Ok);
        QVERIFY(v.value("s") == QJsonValue(QStringLiteral("a")));
        QVERIFY(v.value("s") != QJsonValue(QStringLiteral("b")));
        QVERIFY(v.value("n") == QJsonValue(2));
        QVERIFY(v.value("missing") == QJsonValue(QJsonValue::Undefined));
        QVERIFY(v.value("o") == QJsonValue(QJsonObject {{QStringLiteral("x"), QJsonArray {1}}}));
    }

    void numbersPrintLikeJavaScript_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("int") << 100.0 << QByteArray("100");
        QTest::newRow("1e20") << 1e20 << QByteArray("100000000000000000000");
        QTest::newRow("1e21") << 1e21 << QByteArray("1e+21");
        QTest::newRow("0.1+0.2") << 0.1 + 0.2 << QByteArray("0.30000000000000004");
        QTest::newRow("1e-6") << 1e-6 << QByteArray("0.000001");
        QTest::newRow("1e-7") << 1e-7 << QByteArray("1e-7");
        QTest::newRow("-1.5e-10") << -1.5e-10 << QByteArray("-1.5e-10");
        QTest::newRow("123.456") << 123.456 << QByteArray("123.456");
        QTest::newRow("-0") << -0.0 << QByteArray("0");
        QTest::newRow("inf") << qInf() << QByteArray("null");
    }

    void numbersPrintLikeJavaScript()
    {
        QFETCH(double, value);
        QFETCH(QByteArray, text);
        QCOMPARE(jsNumberText(value), text);
    }
};

QTEST_GUILESS_MAIN(TestJsonView)
#include "test_json_view.moc"
