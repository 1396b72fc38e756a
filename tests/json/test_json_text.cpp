// The one JSON-text helper (core/json/jsontext.h) every layer writes JSON for people with:
// compact and indented text of any value, scalars and absent values included.

#include "core/json/jsontext.h"

#include <QJsonArray>
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
};

QTEST_GUILESS_MAIN(TestJsonText)
#include "test_json_text.moc"
