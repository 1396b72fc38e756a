#include "core/json/jsonpointer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using agui::json::Pointer;

namespace {

// The document of RFC 6901 §5.
QJsonValue rfcDocument()
{
    // Built in code rather than from a raw string: moc cannot read a raw string holding \".
    return QJsonObject {
        {QStringLiteral("foo"), QJsonArray {QStringLiteral("bar"), QStringLiteral("baz")}},
        {QString(), 0},
        {QStringLiteral("a/b"), 1},
        {QStringLiteral("c%d"), 2},
        {QStringLiteral("e^f"), 3},
        {QStringLiteral("g|h"), 4},
        {QStringLiteral("i\\j"), 5},
        {QStringLiteral("k\"l"), 6},
        {QStringLiteral(" "), 7},
        {QStringLiteral("m~n"), 8},
    };
}

QJsonValue parseValue(const char *json)
{
    return QJsonDocument::fromJson(QByteArray("[") + json + "]").array().at(0);
}

} // namespace

class TestJsonPointer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rfcExamples_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("expectedJson");
        QTest::newRow("whole document") << QString() << QString();
        QTest::newRow("/foo") << QStringLiteral("/foo") << QStringLiteral("[\"bar\",\"baz\"]");
        QTest::newRow("/foo/0") << QStringLiteral("/foo/0") << QStringLiteral("\"bar\"");
        QTest::newRow("/") << QStringLiteral("/") << QStringLiteral("0");
        QTest::newRow("/a~1b") << QStringLiteral("/a~1b") << QStringLiteral("1");
        QTest::newRow("/c%d") << QStringLiteral("/c%d") << QStringLiteral("2");
        QTest::newRow("/e^f") << QStringLiteral("/e^f") << QStringLiteral("3");
        QTest::newRow("/g|h") << QStringLiteral("/g|h") << QStringLiteral("4");
        QTest::newRow("/i\\j") << QStringLiteral("/i\\j") << QStringLiteral("5");
        QTest::newRow("/k\"l") << QStringLiteral("/k\"l") << QStringLiteral("6");
        QTest::newRow("/ ") << QStringLiteral("/ ") << QStringLiteral("7");
        QTest::newRow("/m~0n") << QStringLiteral("/m~0n") << QStringLiteral("8");
    }

    void rfcExamples()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, expectedJson);
        const QJsonValue doc = rfcDocument();
        const std::optional<QJsonValue> found = agui::json::resolve(doc, pointer);
        QVERIFY(found.has_value());
        const QJsonValue expected
            = expectedJson.isEmpty() ? doc : parseValue(expectedJson.toUtf8().constData());
        QCOMPARE(*found, expected);
        // The textual form survives a parse/print round trip.
        QCOMPARE(Pointer::parse(pointer)->toString(), pointer);
    }

    void tokens_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QStringList>("tokens");
        QTest::newRow("root") << QString() << QStringList();
        QTest::newRow("empty key") << QStringLiteral("/") << QStringList {QString()};
        QTest::newRow("two empty keys")
            << QStringLiteral("//") << QStringList {QString(), QString()};
        QTest::newRow("slash") << QStringLiteral("/a~1b") << QStringList {QStringLiteral("a/b")};
        QTest::newRow("tilde") << QStringLiteral("/m~0n") << QStringList {QStringLiteral("m~n")};
        // RFC 6901 §4: "~01" becomes "~1", never "/".
        QTest::newRow("~01") << QStringLiteral("/~01") << QStringList {QStringLiteral("~1")};
        QTest::newRow("~10") << QStringLiteral("/~10") << QStringList {QStringLiteral("/0")};
        QTest::newRow("nested") << QStringLiteral("/a/0/~1b")
                                << QStringList {QStringLiteral("a"), QStringLiteral("0"),
                                                QStringLiteral("/b")};
        QTest::newRow("unicode") << QStringLiteral("/\u00e9t\u00e9")
                                 << QStringList {QStringLiteral("\u00e9t\u00e9")};
    }

    void tokens()
    {
        QFETCH(QString, pointer);
        QFETCH(QStringList, tokens);
        const std::optional<Pointer> parsed = Pointer::parse(pointer);
        QVERIFY(parsed.has_value());
        QCOMPARE(parsed->tokens(), tokens);
        QCOMPARE(parsed->toString(), pointer);
        QCOMPARE(Pointer::fromTokens(tokens).toString(), pointer);
        QCOMPARE(parsed->isRoot(), tokens.isEmpty());
    }

    void escapeToken_data()
    {
        QTest::addColumn<QString>("raw");
        QTest::addColumn<QString>("escaped");
        QTest::newRow("plain") << QStringLiteral("abc") << QStringLiteral("abc");
        QTest::newRow("slash") << QStringLiteral("a/b") << QStringLiteral("a~1b");
        QTest::newRow("tilde") << QStringLiteral("m~n") << QStringLiteral("m~0n");
        QTest::newRow("tilde then one") << QStringLiteral("~1") << QStringLiteral("~01");
        QTest::newRow("both") << QStringLiteral("a/b~c") << QStringLiteral("a~1b~0c");
        QTest::newRow("slash then zero") << QStringLiteral("/0") << QStringLiteral("~10");
        QTest::newRow("empty") << QString() << QString();
    }

    void escapeToken()
    {
        QFETCH(QString, raw);
        QFETCH(QString, escaped);
        QCOMPARE(Pointer::escapeToken(raw), escaped);
        QCOMPARE(Pointer::unescapeToken(escaped), raw);
    }

    void badPointers_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("no leading slash")
            << QStringLiteral("foo") << QStringLiteral("start with '/'");
        QTest::newRow("hash fragment")
            << QStringLiteral("#/foo") << QStringLiteral("start with '/'");
        QTest::newRow("tilde at end") << QStringLiteral("/a~") << QStringLiteral("offset 2");
        QTest::newRow("tilde two")
            << QStringLiteral("/a~2") << QStringLiteral("followed by 0 or 1");
        QTest::newRow("tilde tilde") << QStringLiteral("/~~0") << QStringLiteral("offset 1");
    }

    void badPointers()
    {
        QFETCH(QString, text);
        QFETCH(QString, messagePart);
        QString error;
        QVERIFY(!Pointer::parse(text, &error).has_value());
        QVERIFY2(error.contains(messagePart), qPrintable(error));
        QVERIFY2(error.contains(text), qPrintable(error));
        QVERIFY(!agui::json::resolve(rfcDocument(), text).has_value());
    }

    void arrayIndexes_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<bool>("found");
        QTest::newRow("0") << QStringLiteral("/foo/0") << true;
        QTest::newRow("1") << QStringLiteral("/foo/1") << true;
        QTest::newRow("past the end") << QStringLiteral("/foo/2") << false;
        QTest::newRow("dash is past the end") << QStringLiteral("/foo/-") << false;
        QTest::newRow("leading zero") << QStringLiteral("/foo/01") << false;
        QTest::newRow("double zero") << QStringLiteral("/foo/00") << false;
        QTest::newRow("negative") << QStringLiteral("/foo/-1") << false;
        QTest::newRow("plus") << QStringLiteral("/foo/+1") << false;
        QTest::newRow("exponent") << QStringLiteral("/foo/1e0") << false;
        QTest::newRow("space") << QStringLiteral("/foo/ 1") << false;
        QTest::newRow("empty") << QStringLiteral("/foo/") << false;
        QTest::newRow("huge") << QStringLiteral("/foo/99999999999999999999999") << false;
        QTest::newRow("through a scalar") << QStringLiteral("/a~1b/x") << false;
        QTest::newRow("missing key") << QStringLiteral("/nope") << false;
        QTest::newRow("below an array item") << QStringLiteral("/foo/0/x") << false;
    }

    void arrayIndexes()
    {
        QFETCH(QString, pointer);
        QFETCH(bool, found);
        QCOMPARE(agui::json::resolve(rfcDocument(), pointer).has_value(), found);
    }

    void parseArrayIndex()
    {
        QCOMPARE(agui::json::parseArrayIndex(QStringLiteral("0")), std::optional<qsizetype>(0));
        QCOMPARE(agui::json::parseArrayIndex(QStringLiteral("42")), std::optional<qsizetype>(42));
        QCOMPARE(agui::json::parseArrayIndex(QStringLiteral("01")), std::nullopt);
        QCOMPARE(agui::json::parseArrayIndex(QStringLiteral("-")), std::nullopt);
        QCOMPARE(agui::json::parseArrayIndex(QString()), std::nullopt);
    }

    void resolveScalarRoot()
    {
        QCOMPARE(agui::json::resolve(QJsonValue(5), QString()), std::optional<QJsonValue>(5));
        QVERIFY(!agui::json::resolve(QJsonValue(5), QStringLiteral("/0")).has_value());
    }

    void navigation()
    {
        const Pointer p = *Pointer::parse(QStringLiteral("/a/b"));
        QCOMPARE(p.parent().toString(), QStringLiteral("/a"));
        QCOMPARE(p.parent().parent().parent().toString(), QString());
        QCOMPARE(p.child(3).toString(), QStringLiteral("/a/b/3"));
        QCOMPARE(p.child(QStringLiteral("x/y")).toString(), QStringLiteral("/a/b/x~1y"));
        QVERIFY(Pointer().isPrefixOf(p));
        QVERIFY(p.parent().isPrefixOf(p));
        QVERIFY(p.isPrefixOf(p));
        QVERIFY(!p.isPrefixOf(p.parent()));
        QVERIFY(!Pointer::parse(QStringLiteral("/a/bc"))
                     ->isPrefixOf(*Pointer::parse(QStringLiteral("/a/b/c"))));
    }
};

QTEST_GUILESS_MAIN(TestJsonPointer)
#include "test_json_pointer.moc"
