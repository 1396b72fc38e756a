// core/json/jsonrebuild.h: the rebuilt containers hold the same JSON as the ones they replace
// (after many edits, which leave dead bytes in Qt's containers), a standalone string survives its
// container, and the deep rebuild counts the values it made.

#include "core/json/jsonrebuild.h"

#include <QTest>

using namespace agui::json;

namespace {

// An object whose strings were replaced many times: its storage holds every old string.
QJsonObject editedObject()
{
    QJsonObject object {{QStringLiteral("list"), QJsonArray {1, QStringLiteral("two"), true}},
                        {QStringLiteral("nested"), QJsonObject {{QStringLiteral("k"), 3.5}}},
                        {QStringLiteral("none"), QJsonValue::Null}};
    for (int i = 0; i < 200; ++i)
        object.insert(QStringLiteral("text"), QStringLiteral("version %1 of the text").arg(i));
    return object;
}

} // namespace

class TestJsonRebuild : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void shallowKeepsTheJson();
    void deepKeepsTheJsonAndCountsItsValues();
    void aStandaloneStringOutlivesItsContainer();
};

void TestJsonRebuild::shallowKeepsTheJson()
{
    const QJsonObject object = editedObject();
    QCOMPARE(rebuiltShallow(object), object);
    const QJsonArray array = object.value(QStringLiteral("list")).toArray();
    QCOMPARE(rebuiltShallow(array), array);
    QCOMPARE(rebuiltShallow(QJsonObject()), QJsonObject());
}

void TestJsonRebuild::deepKeepsTheJsonAndCountsItsValues()
{
    const QJsonObject object = editedObject();
    qsizetype nodes = 0;
    QCOMPARE(rebuiltDeep(object, &nodes), QJsonValue(object));
    // The object, "list" and its 3 items, "nested" and its 1 member, "none", "text".
    QCOMPARE(nodes, 9);
    QCOMPARE(rebuiltDeep(QJsonValue(7)), QJsonValue(7)); // no counter: scalars as they are
}

void TestJsonRebuild::aStandaloneStringOutlivesItsContainer()
{
    QJsonValue kept;
    {
        const QJsonObject object = editedObject();
        kept = standalone(object.value(QStringLiteral("text")));
    }
    QCOMPARE(kept.toString(), QStringLiteral("version 199 of the text"));
    QCOMPARE(standalone(QJsonValue(2)), QJsonValue(2));
}

QTEST_MAIN(TestJsonRebuild)
#include "test_json_rebuild.moc"
