// The one JSON-text helper (core/json/jsontext.h) every layer writes JSON for people with:
// compact and indented text of any value, scalars and absent values included.

#include "core/json/jsontext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace agui::json;

class TestJsonText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void compactScalarsAreJson()
    {
        QCOMPARE(toCompactJson(QJsonValue(QStringLiteral("a\"b"))), QStringLiteral("\"a\\\"b\""));
        QCOMPARE(toCompactJson(QJsonValue(2.5)), QStringLiteral("2.5"));
        QCOMPARE(toCompactJson(QJsonValue(true)), QStringLiteral("true"));
        QCOMPARE(toCompactJson(QJsonValue()), QStringLiteral("null"));
        QCOMPARE(toCompactJson(QJsonObject {{QStringLiteral("k"), 1}}),
                 QStringLiteral("{\"k\":1}"));
    }

    void indentedContainersScalarsAndAbsent()
    {
        const QJsonObject object {{QStringLiteral("k"), QJsonArray {1, 2}}};
        QCOMPARE(toIndentedJson(object),
                 QStringLiteral("{\n    \"k\": [\n        1,\n        2\n    ]\n}"));
        QCOMPARE(toIndentedJson(QJsonArray {}), QStringLiteral("[\n]"));
        // Scalars are not wrapped in brackets (the Surfaces panel's copy once showed "[3]").
        QCOMPARE(toIndentedJson(QJsonValue(3)), QStringLiteral("3"));
        QCOMPARE(toIndentedJson(QJsonValue(QStringLiteral("x"))), QStringLiteral("\"x\""));
        QCOMPARE(toIndentedJson(QJsonValue(QJsonValue::Undefined)), QString());
    }

    // What node prints for String(JSON.parse(text)), e.g. String(JSON.parse("0.1")) === "0.1"
    // where printf's %.17g gives 0.10000000000000001.
    void jsStringAsJavaScriptPrints_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("string") << QByteArray(R"("a b")") << QStringLiteral("a b");
        QTest::newRow("tenth") << QByteArray("0.1") << QStringLiteral("0.1");
        QTest::newRow("integer") << QByteArray("42") << QStringLiteral("42");
        QTest::newRow("large") << QByteArray("1e21") << QStringLiteral("1e+21");
        QTest::newRow("negative zero") << QByteArray("-0") << QStringLiteral("0");
        QTest::newRow("null") << QByteArray("null") << QStringLiteral("null");
        QTest::newRow("false") << QByteArray("false") << QStringLiteral("false");
        QTest::newRow("array") << QByteArray(R"([1,"a",null,[2,3],{}])")
                               << QStringLiteral("1,a,,2,3,[object Object]");
        QTest::newRow("empty array") << QByteArray("[]") << QString();
        QTest::newRow("object") << QByteArray(R"({"k":1})") << QStringLiteral("[object Object]");
    }

    void jsStringAsJavaScriptPrints()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, expected);
        const QJsonValue value = QJsonDocument::fromJson("[" + json + "]").array().first();
        QCOMPARE(jsString(value), expected);
        const JsonDoc doc = JsonDoc::fromQJson(value);
        QCOMPARE(jsString(doc.root()), expected);
    }

    void jsStringOfNothing()
    {
        QCOMPARE(jsString(QJsonValue(QJsonValue::Undefined)), QStringLiteral("undefined"));
        QCOMPARE(jsString(JsonView()), QStringLiteral("undefined"));
    }

    void typePhrasesHaveTheirArticle()
    {
        QCOMPARE(typePhrase(QJsonValue::Array), QStringLiteral("an array"));
        QCOMPARE(typePhrase(QJsonValue::Bool), QStringLiteral("a boolean"));
        QCOMPARE(typePhrase(QJsonValue::Null), QStringLiteral("null"));
    }
};

QTEST_GUILESS_MAIN(TestJsonText)
#include "test_json_text.moc"
