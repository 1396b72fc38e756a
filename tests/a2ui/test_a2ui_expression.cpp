// The expression-template parser on its own: what a template means, and where a broken one
// breaks. The official cases are in core/expressions.yaml (test_a2ui_conformance); these pin
// what the suite leaves open: text joined around string literals, error offsets, nesting.

#include "a2uitestutil.h"
#include "core/a2ui/expression.h"

#include <QtTest>

using namespace agui::a2ui;
using a2uitest::arr;
using a2uitest::compact;

class TestA2uiExpression : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parts_data();
    void parts();
    void errors_data();
    void errors();
};

void TestA2uiExpression::parts_data()
{
    QTest::addColumn<QString>("templ");
    QTest::addColumn<QString>("parts");
    QTest::newRow("text only") << QStringLiteral("plain") << QStringLiteral(R"(["plain"])");
    QTest::newRow("empty") << QString() << QStringLiteral("[]");
    QTest::newRow("string literal joins the text")
        << QStringLiteral("a ${'b'} c") << QStringLiteral(R"(["a b c"])");
    QTest::newRow("negative number") << QStringLiteral("${-2.5}") << QStringLiteral("[-2.5]");
    QTest::newRow("call inside nested interpolation")
        << QStringLiteral("${${f(x: /a)}}")
        << QStringLiteral(R"([{"args":{"x":{"path":"/a"}},"call":"f","returnType":"any"}])");
    QTest::newRow("escape then binding")
        << QStringLiteral("\\${a}${b}") << QStringLiteral(R"(["${a}",{"path":"b"}])");
    QTest::newRow("spaces inside a call")
        << QStringLiteral("${ f( a : 1 , b : true ) }")
        << QStringLiteral(R"([{"args":{"a":1,"b":true},"call":"f","returnType":"any"}])");
}

void TestA2uiExpression::parts()
{
    QFETCH(QString, templ);
    QFETCH(QString, parts);
    const ExpressionTemplate parsed = parseExpressionTemplate(templ);
    if (parsed.ok())
        QCOMPARE(compact(parsed.parts), compact(arr(parts.toUtf8().constData())));
    else
        QCOMPARE(parsed.error, parts);
}

void TestA2uiExpression::errors_data()
{
    QTest::addColumn<QString>("templ");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("offset");
    QTest::newRow("unclosed points at its ${")
        << QStringLiteral("ab ${x") << QStringLiteral("Unclosed interpolation") << 3;
    QTest::newRow("unterminated string")
        << QStringLiteral("${'abc}") << QStringLiteral("Unterminated string literal") << 7;
    QTest::newRow("trailing dot") << QStringLiteral("${1.}")
                                  << QStringLiteral("Invalid number literal '1.'") << 2;
    QTest::newRow("empty expression")
        << QStringLiteral("${}") << QStringLiteral("Expected an expression") << 2;
    // A call's name touches its "(": "f (" is the path "f" followed by something else.
    QTest::newRow("space before the parenthesis")
        << QStringLiteral("${f (a: 1)}") << QStringLiteral("Unexpected characters after expression")
        << 4;
    QTest::newRow("missing argument name")
        << QStringLiteral("${f(: 1)}") << QStringLiteral("Expected an argument name") << 4;
}

void TestA2uiExpression::errors()
{
    QFETCH(QString, templ);
    QFETCH(QString, message);
    QFETCH(int, offset);
    const ExpressionTemplate parsed = parseExpressionTemplate(templ);
    QVERIFY(!parsed.ok());
    QVERIFY(parsed.parts.isEmpty());
    QVERIFY2(parsed.error.startsWith(message), qPrintable(parsed.error));
    QCOMPARE(parsed.errorOffset, qsizetype(offset));
}

QTEST_GUILESS_MAIN(TestA2uiExpression)
#include "test_a2ui_expression.moc"
