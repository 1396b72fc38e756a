// Catalogs, the JSON Schema validator under them, the common types on their own and catalog
// selection. The official cases are in core/catalog.yaml, common_types.yaml and
// multi_catalog.yaml (test_a2ui_conformance); these pin what a finding says (the instance and
// schema pointers) and the guards against hostile catalogs.

#include "a2uitestutil.h"
#include "core/a2ui/catalog.h"
#include "core/a2ui/catalogcheck.h"
#include "core/a2ui/catalogselection.h"
#include "core/a2ui/commontypes.h"
#include "core/a2ui/jsonschema.h"
#include "core/a2ui/surfaceset.h"

#include <QtTest>

using namespace agui::a2ui;
using a2uitest::obj;

namespace {

QJsonObject specFile(const char *relative)
{
    QFile f(QStringLiteral(AGUI_TEST_DATA_DIR "/conformance/a2ui-spec/spec-files/")
            + QLatin1String(relative));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", relative);
    return QJsonDocument::fromJson(f.readAll()).object();
}

Catalog publishedBasicV09()
{
    const CatalogLoad load
        = loadCatalog(specFile("specification/v0_9/catalogs/basic/catalog.json"), {}, {},
                      {specFile("specification/v0_9/json/common_types.json")});
    if (!load.catalog)
        qFatal("the published v0.9 basic catalog does not load: %s", qPrintable(load.error));
    return *load.catalog;
}

QStringList paths(const SchemaErrors &errors)
{
    QStringList out;
    for (const SchemaError &e : errors)
        out.append(e.instancePath);
    return out;
}

} // namespace

class TestA2uiCatalog : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void schemaErrorsNameTheInstanceAndTheKeyword();
    void unevaluatedPropertiesSeesThroughAllOfAndRef();
    void oneOfRejectsTwoMatches();
    void refLoopFailsInsteadOfRecursing();
    void identifierPatternsAreUnicode();
    void loadRejectsWhatIsNotACatalog();
    void anyComponentLimitsTheCatalog();
    void v08ThemeIsStyles();
    void publishedCatalogFindsMissingProperty();
    void unknownComponentIsOneError();
    void bundleIsSelfContainedAndAFixedPoint();
    void commonTypeWithoutCatalog();
    void selection();
    void surfaceFindingsNameComponentAndProperty();
    void v10CallsResolveTheirOwnCatalog();
    void unknownSurfaceCatalogIsNotJudged();
    void compositionConstraints();
};

void TestA2uiCatalog::schemaErrorsNameTheInstanceAndTheKeyword()
{
    SchemaSet set;
    const QJsonObject schema = obj(R"({"type":"object","properties":{"items":{"type":"array",
        "items":{"type":"integer","minimum":0}}},"required":["name"]})");
    const SchemaErrors errors = set.validate(obj(R"({"items":[1,-2,"x"]})"), schema);
    QCOMPARE(errors.size(), 3);
    QCOMPARE(errors.at(0).instancePath, QStringLiteral("/items/1"));
    QCOMPARE(errors.at(0).schemaPath, QStringLiteral("/properties/items/items/minimum"));
    QCOMPARE(errors.at(1).instancePath, QStringLiteral("/items/2"));
    QVERIFY2(errors.at(1).message.contains(QLatin1String("integer")),
             qPrintable(errors.at(1).message));
    QCOMPARE(errors.at(2).instancePath, QString());
    QCOMPARE(errors.at(2).schemaPath, QStringLiteral("/required"));
    QVERIFY(errors.at(2).message.contains(QLatin1String("\"name\"")));
}

void TestA2uiCatalog::unevaluatedPropertiesSeesThroughAllOfAndRef()
{
    SchemaSet set;
    const QJsonObject schema = obj(R"({"$defs":{"Common":{"properties":{"id":{"type":"string"}}}},
        "allOf":[{"$ref":"#/$defs/Common"},{"properties":{"text":{}}}],
        "unevaluatedProperties":false})");
    QVERIFY(set.validate(obj(R"({"id":"a","text":"b"})"), schema).isEmpty());
    const SchemaErrors errors = set.validate(obj(R"({"id":"a","colour":"red"})"), schema);
    QCOMPARE(paths(errors), QStringList {QStringLiteral("/colour")});
    QCOMPARE(errors.front().schemaPath, QStringLiteral("/unevaluatedProperties"));
}

void TestA2uiCatalog::oneOfRejectsTwoMatches()
{
    SchemaSet set;
    const QJsonObject schema = obj(R"({"oneOf":[{"type":"number"},{"type":"integer"}]})");
    QVERIFY(set.validate(1.5, schema).isEmpty());
    const SchemaErrors errors = set.validate(2, schema);
    QCOMPARE(errors.size(), 1);
    QVERIFY(errors.front().message.contains(QLatin1String("more than one")));
}

void TestA2uiCatalog::refLoopFailsInsteadOfRecursing()
{
    SchemaSet set;
    const QJsonObject schema = obj(R"({"$defs":{"A":{"$ref":"#/$defs/B"},"B":{"$ref":"#/$defs/A"}},
        "$ref":"#/$defs/A"})");
    const SchemaErrors errors = set.validate(1, schema);
    QVERIFY(!errors.isEmpty());
    QVERIFY(errors.back().message.contains(QLatin1String("too deep")));
    // A reference to nothing is an error too, never a silent pass.
    QVERIFY(!set.validate(1, obj(R"({"$ref":"#/$defs/Missing"})")).isEmpty());
}

void TestA2uiCatalog::identifierPatternsAreUnicode()
{
    SchemaSet set;
    const QJsonObject schema
        = obj(R"({"propertyNames":{"pattern":"^[\\p{XID_Start}_][\\p{XID_Continue}]*$"}})");
    QVERIFY(set.validate(obj(R"({"\u00fcn\u00efcode":1,"_x1":2})"), schema).isEmpty());
    QCOMPARE(set.validate(obj(R"({"has-dash":1})"), schema).size(), 1);
    QVERIFY(isUax31Identifier(QStringLiteral("property_\u2113")));
    QVERIFY(!isUax31Identifier(QStringLiteral("a\u2013b"))); // en dash
    QVERIFY(!isUax31Identifier(QStringLiteral("1st")));
    QVERIFY(!isUax31Identifier(QString()));
}

void TestA2uiCatalog::loadRejectsWhatIsNotACatalog()
{
    QVERIFY(loadCatalog(obj(R"({"components":{}})")).error.contains(QLatin1String("catalogId")));
    QVERIFY(loadCatalog(obj(R"({"catalogId":"c","components":[]})"))
                .error.contains(QLatin1String("components")));
    const CatalogLoad v10 = loadCatalog(obj(
        R"({"catalogId":"c","protocolVersion":"v1.0","components":{"Card":{"properties":{"bad-name":{}}}}})"));
    QVERIFY(!v10.catalog);
    QVERIFY2(v10.error.contains(QLatin1String("Card.bad-name")), qPrintable(v10.error));
    // v0.9 allows the same names.
    QVERIFY(loadCatalog(obj(R"({"catalogId":"c","components":{"My-Card":{}}})")).catalog);
    // The override wins over the document's id.
    QCOMPARE(
        loadCatalog(obj(R"({"catalogId":"c"})"), {}, QStringLiteral("other")).catalog->catalogId,
        QStringLiteral("other"));
}

void TestA2uiCatalog::anyComponentLimitsTheCatalog()
{
    const CatalogLoad load = loadCatalog(obj(R"({"catalogId":"c",
        "components":{"Text":{},"Hidden":{}},
        "$defs":{"anyComponent":{"oneOf":[{"$ref":"#/components/Text"}]}}})"));
    QCOMPARE(load.catalog->components.keys(), QStringList {QStringLiteral("Text")});
    QCOMPARE(load.catalog->protocolVersion, QStringLiteral("v0.9"));
}

void TestA2uiCatalog::v08ThemeIsStyles()
{
    const CatalogLoad load = loadCatalog(
        obj(R"({"catalogId":"c","styles":{"font":{"type":"string"}}})"), QStringLiteral("v0.8"));
    QCOMPARE(load.catalog->theme, obj(R"({"font":{"type":"string"}})"));
}

void TestA2uiCatalog::publishedCatalogFindsMissingProperty()
{
    const Catalog basic = publishedBasicV09();
    QVERIFY(
        validateComponent(basic, obj(R"({"id":"t","component":"Text","text":"hi"})")).isEmpty());
    const SchemaErrors missing
        = validateComponent(basic, obj(R"({"id":"t","component":"Text","variant":"h1"})"));
    QVERIFY(!missing.isEmpty());
    QVERIFY(std::any_of(missing.cbegin(), missing.cend(), [](const SchemaError &e) {
        return e.instancePath.isEmpty() && e.message.contains(QLatin1String("\"text\""));
    }));
    const SchemaErrors extra = validateComponent(
        basic, obj(R"({"id":"t","component":"Text","text":"hi","colour":"red"})"));
    QVERIFY(paths(extra).contains(QStringLiteral("/colour")));
    const SchemaErrors badEnum = validateComponent(
        basic, obj(R"({"id":"t","component":"Text","text":"hi","variant":"h9"})"));
    QVERIFY(paths(badEnum).contains(QStringLiteral("/variant")));
}

void TestA2uiCatalog::unknownComponentIsOneError()
{
    const SchemaErrors errors
        = validateComponent(publishedBasicV09(), obj(R"({"id":"x","component":"Chart"})"));
    QCOMPARE(errors.size(), 1);
    QCOMPARE(errors.front().instancePath, QStringLiteral("/component"));
    QVERIFY(errors.front().message.contains(QLatin1String("Chart")));
}

void TestA2uiCatalog::bundleIsSelfContainedAndAFixedPoint()
{
    const Catalog basic = publishedBasicV09();
    const QJsonObject bundle = bundledCatalogSchema(basic);
    QString problem;
    QVERIFY2(isSelfContained(bundle, &problem), qPrintable(problem));
    QVERIFY(!bundle.contains(QLatin1String("$id")));
    QVERIFY(
        bundle.value(QLatin1String("$defs")).toObject().contains(QLatin1String("DynamicString")));
    const CatalogLoad again = loadCatalog(bundle);
    QVERIFY(again.catalog);
    QCOMPARE(bundledCatalogSchema(*again.catalog), bundle);
    // The bundle validates as the published catalog does.
    QVERIFY(validateComponent(*again.catalog, obj(R"({"id":"t","component":"Text","text":"hi"})"))
                .isEmpty());
    QVERIFY(!isSelfContained(obj(R"({"a":{"$ref":"other.json#/x"}})")));
}

void TestA2uiCatalog::commonTypeWithoutCatalog()
{
    const QJsonObject types = specFile("specification/v0_9/json/common_types.json");
    QVERIFY(validateCommonType(types, QStringLiteral("FunctionCall"), obj(R"({"call":"now"})"))
                .isEmpty());
    QVERIFY(!validateCommonType(types, QStringLiteral("FunctionCall"),
                                obj(R"({"call":"now","bogus":1})"))
                 .isEmpty());
    QVERIFY(!validateCommonType(types, QStringLiteral("NoSuchType"), 1).isEmpty());
}

void TestA2uiCatalog::selection()
{
    SurfaceCatalogs s {QStringLiteral("main"),
                       QStringLiteral("v1.0"),
                       QStringLiteral("basic"),
                       {QStringLiteral("basic"), QStringLiteral("charts")},
                       {}};
    QCOMPARE(selectCatalog(s, obj(R"({"component":"Text"})")).catalogId, QStringLiteral("basic"));
    QCOMPARE(selectCatalog(s, obj(R"({"catalogId":"charts"})")).catalogId,
             QStringLiteral("charts"));
    QVERIFY(!selectCatalog(s, obj(R"({"catalogId":"vendor"})")).error.isEmpty());
    // Before v1.0 a component's own catalogId is ignored: the surface has one catalog.
    s.protocolVersion = QStringLiteral("v0.9");
    QCOMPARE(selectCatalog(s, obj(R"({"catalogId":"vendor"})")).catalogId, QStringLiteral("basic"));
    s.protocolVersion = QStringLiteral("v1.0");
    s.defaultCatalogId.clear();
    QVERIFY(!selectCatalog(s, obj(R"({"component":"Text"})")).error.isEmpty());
    s.catalogVersions.insert(QStringLiteral("charts"), QStringLiteral("v0.9"));
    QVERIFY(catalogVersionConflict(s).contains(QLatin1String("'charts' (v0.9)")));
}

namespace {

// A catalog "shop" (v1.0) with a Price component and a "currency" function.
CatalogRegistry shopCatalogs()
{
    CatalogRegistry out;
    const CatalogLoad shop = loadCatalog(obj(R"({"catalogId":"shop","protocolVersion":"v1.0",
        "components":{"Price":{"type":"object","properties":{"component":{"const":"Price"},
          "amount":{"type":"number"},"label":{}},"required":["component","amount"]}},
        "functions":{"currency":{"type":"object","properties":{"@call":{"const":"currency"},
          "args":{"type":"object","properties":{"code":{"type":"string"}},
            "additionalProperties":false}},"required":["@call"]}}})"));
    out.add(*shop.catalog);
    return out;
}

Surface v10Surface(const char *createSurface, const char *components)
{
    SurfaceSet set;
    QJsonArray messages {obj(createSurface)};
    messages.append(
        QJsonObject {{QStringLiteral("version"), QStringLiteral("v1.0")},
                     {QStringLiteral("updateComponents"),
                      QJsonObject {{QStringLiteral("surfaceId"), QStringLiteral("s")},
                                   {QStringLiteral("components"), a2uitest::arr(components)}}}});
    set.applySource(QStringLiteral("test"), messages);
    return *set.surface(QStringLiteral("s"));
}

QStringList rules(const Issues &issues)
{
    QStringList out;
    for (const Issue &i : issues)
        out.append(i.ruleId + QLatin1Char(' ') + i.componentId + QLatin1Char(' ') + i.path);
    return out;
}

} // namespace

void TestA2uiCatalog::surfaceFindingsNameComponentAndProperty()
{
    const Surface s
        = v10Surface(R"({"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"shop"}})",
                     R"([{"id":"root","component":"Price","amount":"ten"},
            {"id":"other","component":"Price","catalogId":"elsewhere","amount":1}])");
    const Issues issues = checkSurfaceCatalogs(s, shopCatalogs());
    QCOMPARE(rules(issues),
             QStringList({QStringLiteral("a2ui.catalog-schema root /amount"),
                          QStringLiteral("a2ui.catalog-not-found other /catalogId")}));
    QCOMPARE(issues.front().surfaceId, QStringLiteral("s"));
    QVERIFY2(issues.front().message.contains(QLatin1String("Price")),
             qPrintable(issues.front().message));
    // Without schemas only what does not resolve is reported.
    QCOMPARE(rules(checkSurfaceCatalogs(s, shopCatalogs(), false)),
             QStringList {QStringLiteral("a2ui.catalog-not-found other /catalogId")});
}

void TestA2uiCatalog::v10CallsResolveTheirOwnCatalog()
{
    const Surface s
        = v10Surface(R"({"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"shop"}})",
                     R"([{"id":"root","component":"Price","amount":1,
             "label":{"@call":"currency","args":{"code":{"@call":"nope"},"extra":1}}},
            {"id":"b","component":"Price","amount":2,"label":{"@call":"@foo"}}])");
    QCOMPARE(rules(checkSurfaceCatalogs(s, shopCatalogs())),
             QStringList({QStringLiteral("a2ui.catalog-schema root /label/args/extra"),
                          QStringLiteral("a2ui.unknown-function root /label/args/code/@call"),
                          QStringLiteral("a2ui.unknown-function b /label/@call")}));
    // On a surface without a default catalog, a call that names none cannot run anywhere.
    const Surface bare
        = v10Surface(R"({"version":"v1.0","createSurface":{"surfaceId":"s"}})",
                     R"([{"id":"root","component":"Price","catalogId":"shop","amount":1,
             "label":{"@call":"currency"}}])");
    QCOMPARE(rules(checkSurfaceCatalogs(bare, shopCatalogs())),
             QStringList {QStringLiteral("a2ui.no-default-catalog root /label")});
}

void TestA2uiCatalog::unknownSurfaceCatalogIsNotJudged()
{
    // The app's own catalog, which the session does not hold: nothing is claimed about it.
    const Surface s
        = v10Surface(R"({"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"app"}})",
                     R"([{"id":"root","component":"Anything","label":{"@call":"fmt"}}])");
    QVERIFY(checkSurfaceCatalogs(s, shopCatalogs()).isEmpty());
}

void TestA2uiCatalog::compositionConstraints()
{
    CatalogRegistry catalogs;
    catalogs.add(*loadCatalog(obj(R"({"catalogId":"kit","protocolVersion":"v1.0","components":{
        "Page":{"allowedParents":["Surface"]},"Box":{"allowedChildren":["Label"]},
        "Label":{},"Header":{"allowedParents":["Page"]}}})"))
                      .catalog);
    const Surface s
        = v10Surface(R"({"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"kit"}})",
                     R"([{"id":"root","component":"Box","children":["l","h"]},
            {"id":"l","component":"Label"},{"id":"h","component":"Header"},
            {"id":"orphan","component":"Page"}])");
    const Issues issues = checkSurfaceCatalogs(s, catalogs);
    QCOMPARE(rules(issues),
             QStringList({QStringLiteral("a2ui.unallowed-child root /children/1"),
                          QStringLiteral("a2ui.unallowed-parent h ")}));
    QCOMPARE(issues.front().message,
             QStringLiteral("Container 'root' (Box) cannot contain child 'h' (Header). Allowed "
                            "children: ['Label']."));
    // The root's parent is the surface itself.
    const Surface rootPage
        = v10Surface(R"({"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"kit"}})",
                     R"([{"id":"root","component":"Page"}])");
    QVERIFY(checkSurfaceCatalogs(rootPage, catalogs).isEmpty());
    const Surface rootHeader
        = v10Surface(R"({"version":"v1.0","createSurface":{"surfaceId":"s","catalogId":"kit"}})",
                     R"([{"id":"root","component":"Header"}])");
    QCOMPARE(rules(checkSurfaceCatalogs(rootHeader, catalogs)),
             QStringList {QStringLiteral("a2ui.unallowed-parent root ")});
}

QTEST_GUILESS_MAIN(TestA2uiCatalog)
#include "test_a2ui_catalog.moc"
