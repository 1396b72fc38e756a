// Fuzz target: A2UI catalogs and the JSON Schema validator under them (core/a2ui: catalog,
// jsonschema, commontypes), and the expression-template parser. The input is JSON: a catalog
// document (an app advertises its own, so it is outside input). Invariants:
//  - loading gives a catalog or a reason, never both;
//  - every schema error's instance path points into the validated value;
//  - a bundle that is self-contained loads again and bundles to itself;
//  - every string of the input parses as a template or fails at a character inside it.

#include "core/a2ui/catalog.h"
#include "core/a2ui/commontypes.h"
#include "core/a2ui/expression.h"
#include "core/json/jsonpointer.h"
#include "fuzzsupport.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace agui;
using namespace agui::a2ui;
using namespace agui::fuzz;

namespace {

void checkErrorsPointIntoValue(const SchemaErrors &errors, const QJsonValue &value)
{
    for (const SchemaError &e : errors)
        check(e.instancePath.isEmpty() || json::resolve(value, e.instancePath).has_value(),
              "a schema error's instance path points into the value");
}

void parseEveryString(const QJsonValue &v, int depth)
{
    if (depth > 64)
        return;
    if (v.isString()) {
        const QString text = v.toString();
        const ExpressionTemplate parsed = parseExpressionTemplate(text);
        check(parsed.ok() == (parsed.errorOffset < 0), "a template parses or has an error offset");
        check(parsed.errorOffset <= text.size(), "the error offset lies in the template");
        check(parsed.ok() || parsed.parts.isEmpty(), "a failed parse has no parts");
        return;
    }
    if (v.isArray()) {
        for (const QJsonValue &item : v.toArray())
            parseEveryString(item, depth + 1);
        return;
    }
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        parseEveryString(it.key(), depth + 1);
        parseEveryString(it.value(), depth + 1);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QJsonDocument doc = QJsonDocument::fromJson(inputBytes(data, size));
    if (!doc.isObject())
        return 0;
    const QJsonObject document = doc.object();
    parseEveryString(document, 0);

    for (const QString &version : {QStringLiteral("v0.8"), QStringLiteral("v1.0")}) {
        const CatalogLoad load = loadCatalog(document, version, {}, {document});
        check(load.catalog.has_value() != !load.error.isEmpty(),
              "a load gives a catalog or a reason");
        if (!load.catalog)
            continue;
        const Catalog &catalog = *load.catalog;
        (void)inlinedSchema(catalog, catalog.components);
        (void)inlinedSchema(catalog, catalog.functions);
        // Each component validated against itself and against the document: the schemas are
        // the fuzzer's, the values too.
        for (auto it = catalog.components.begin(); it != catalog.components.end(); ++it) {
            QJsonObject instance = it.value().toObject();
            instance.insert(QStringLiteral("component"), it.key());
            checkErrorsPointIntoValue(validateComponent(catalog, instance), instance);
            checkErrorsPointIntoValue(
                catalog.schemas.validate(document, it.value(), catalog.baseUri), document);
        }
        checkErrorsPointIntoValue(
            validateCommonType(document, QStringLiteral("anyComponent"), document), document);
        const QJsonObject bundle = bundledCatalogSchema(catalog);
        check(!bundle.contains(QLatin1String("$id")), "a bundle has no $id");
        if (!isSelfContained(bundle))
            continue;
        // The bundle drops protocolVersion (catalog_schema does), so the version is passed on.
        const CatalogLoad again = loadCatalog(bundle, catalog.protocolVersion);
        check(again.catalog.has_value(), "a self-contained bundle loads again");
        check(bundledCatalogSchema(*again.catalog) == bundle, "a bundle bundles to itself");
    }
    return 0;
}
