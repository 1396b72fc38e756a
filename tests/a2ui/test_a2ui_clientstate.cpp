// What a renderer sends back: the capabilities (its catalogs) and the client data model of the
// surfaces that asked for it. The suites check the shapes (message_processor*.yaml); these pin
// that the user's edits are what is sent and that versions do not mix.

#include "a2uitestutil.h"
#include "core/a2ui/clientstate.h"

#include <QtTest>

using namespace agui::a2ui;
using a2uitest::arr;
using a2uitest::obj;

class TestA2uiClientState : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void dataModelCarriesUserEdits();
    void nothingIsSentWithoutOptIn();
    void capabilitiesListTheVersionsCatalogs();
};

void TestA2uiClientState::dataModelCarriesUserEdits()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("a"), arr(R"([
        {"version":"v0.9","createSurface":{"surfaceId":"form","catalogId":"basic","sendDataModel":true}},
        {"version":"v0.9","updateDataModel":{"surfaceId":"form","value":{"name":"agent"}}},
        {"version":"v1.0","createSurface":{"surfaceId":"other","sendDataModel":true}}])"));
    QVERIFY(set.surface(QStringLiteral("form"))
                ->setUserValue(QStringLiteral("/name"), QStringLiteral("typed")));
    const auto model = clientDataModel(set, QStringLiteral("v0.9"));
    QVERIFY(model);
    QCOMPARE(*model, obj(R"({"version":"v0.9","surfaces":{"form":{"name":"typed"}}})"));
    // A v0.9.1 message is answered in the same family; a v1.0 one only with v1.0 surfaces.
    QVERIFY(clientDataModel(set, QStringLiteral("v0.9.1")));
    QCOMPARE(*clientDataModel(set, QStringLiteral("v1.0")),
             obj(R"({"version":"v1.0","surfaces":{"other":{}}})"));
}

void TestA2uiClientState::nothingIsSentWithoutOptIn()
{
    SurfaceSet set;
    set.applySource(QStringLiteral("a"), arr(R"([
        {"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic"}},
        {"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"secret":1}}}])"));
    QVERIFY(!clientDataModel(set, QStringLiteral("v0.9")));
}

void TestA2uiClientState::capabilitiesListTheVersionsCatalogs()
{
    const Catalog v09 = *loadCatalog(obj(R"({"catalogId":"a","components":{"Pill":{
        "properties":{"text":{"type":"string"}},"required":["text"]}}})"))
                             .catalog;
    const Catalog v10 = *loadCatalog(obj(R"({"catalogId":"b","protocolVersion":"v1.0"})")).catalog;
    QCOMPARE(rendererCapabilities({v09, v10}, QStringLiteral("v1.0"), false),
             obj(R"({"v1.0":{"supportedCatalogIds":["b"]}})"));
    const QJsonObject inlined = rendererCapabilities({v09, v10}, QStringLiteral("v0.9"), true);
    const QJsonObject pill = inlined.value(QLatin1String("v0.9"))
                                 .toObject()
                                 .value(QLatin1String("inlineCatalogs"))
                                 .toArray()
                                 .first()
                                 .toObject()
                                 .value(QLatin1String("components"))
                                 .toObject()
                                 .value(QLatin1String("Pill"))
                                 .toObject();
    QCOMPARE(pill, obj(R"({"allOf":[{"$ref":"common_types.json#/$defs/ComponentCommon"},
        {"properties":{"component":{"const":"Pill"},"text":{"type":"string"}},
         "required":["component","text"]}]})"));
}

QTEST_GUILESS_MAIN(TestA2uiClientState)
#include "test_a2ui_clientstate.moc"
