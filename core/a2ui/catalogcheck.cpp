#include "core/a2ui/catalogcheck.h"

#include "core/a2ui/tree.h"

#include <QJsonArray>

namespace agui::a2ui {

namespace {

const QString kCatalogNotFound = QStringLiteral("a2ui.catalog-not-found");
const QString kNoDefaultCatalog = QStringLiteral("a2ui.no-default-catalog");
const QString kCatalogSchema = QStringLiteral("a2ui.catalog-schema");
const QString kUnknownFunction = QStringLiteral("a2ui.unknown-function");
const QString kBadMessage = QStringLiteral("a2ui.bad-message");
const QString kUnallowedParent = QStringLiteral("a2ui.unallowed-parent");
const QString kUnallowedChild = QStringLiteral("a2ui.unallowed-child");

// The implicit parent of a surface's root (v1.0: the Surface component).
const QString kSurfaceType = QStringLiteral("Surface");

// "['Column', 'Row']": how the suites quote the allowed types.
QString typeList(const QStringList &types)
{
    QStringList quoted;
    for (const QString &t : types)
        quoted.append(QLatin1Char('\'') + t + QLatin1Char('\''));
    return QLatin1Char('[') + quoted.join(QStringLiteral(", ")) + QLatin1Char(']');
}

// A component definition's allowedParents / allowedChildren; nullopt when it does not restrict.
std::optional<QStringList> allowedTypes(const Catalog *catalog, const QString &type,
                                        const char *key)
{
    if (!catalog)
        return std::nullopt;
    const QJsonValue v = catalog->components.value(type).toObject().value(QLatin1String(key));
    if (!v.isArray())
        return std::nullopt;
    QStringList out;
    for (const QJsonValue &t : v.toArray())
        out.append(t.toString());
    return out;
}

bool sameFamily(const QString &catalogVersion, Version surfaceVersion)
{
    return catalogServesVersion(catalogVersion, surfaceVersion);
}

// What a v1.0 component's schema pass leaves to other rules: every object value. v1.0 reads an
// object by its reserved "@" keys ({"@path"} binds, {"@call"} calls, anything else is a literal
// object), while the v1.0 common types published with the basic catalog we hold still describe
// bindings and calls as {"path"} and {"call"}; calls are checked on their own (checkCalls).
bool isV10ObjectValue(const QJsonValue &v)
{
    return v.isObject();
}

// The keys a v1.0 call may carry: those FunctionCall declares ("call" is spelled "@call" from
// v1.0 on) and those its function's definition adds.
QStringList allowedCallKeys(const Catalog &catalog, const QString &function)
{
    QStringList out {QStringLiteral("@call"), QStringLiteral("catalogId"), QStringLiteral("args")};
    const QJsonObject *types = catalog.schemas.document(QStringLiteral("common_types.json"));
    const QJsonObject declared = types ? types->value(QLatin1String("$defs"))
                                             .toObject()
                                             .value(QLatin1String("FunctionCall"))
                                             .toObject()
                                             .value(QLatin1String("properties"))
                                             .toObject()
                                       : QJsonObject();
    for (const QString &key : declared.keys())
        out.append(key == QLatin1String("call") ? QStringLiteral("@call") : key);
    out.append(catalog.functions.value(function)
                   .toObject()
                   .value(QLatin1String("properties"))
                   .toObject()
                   .keys());
    return out;
}

QString token(const QString &key)
{
    QString t = key;
    t.replace(QLatin1Char('~'), QLatin1String("~0")).replace(QLatin1Char('/'), QLatin1String("~1"));
    return t;
}

class Checker
{
public:
    Checker(const CatalogRegistry &catalogs, Version version, QString surfaceId,
            QString componentId, Issues &out)
        : m_catalogs(catalogs)
        , m_version(version)
        , m_surfaceId(std::move(surfaceId))
        , m_componentId(std::move(componentId))
        , m_out(out)
    { }

    void add(const QString &rule, const QString &path, const QString &message)
    {
        Issue i;
        i.ruleId = rule;
        i.severity = Severity::Error;
        i.surfaceId = m_surfaceId;
        i.componentId = m_componentId;
        i.path = path;
        i.message = message;
        m_out.append(i);
    }

    void addSchemaErrors(const SchemaErrors &errors, const QString &at, const QString &what)
    {
        for (const SchemaError &e : errors)
            add(kCatalogSchema, at + e.instancePath,
                QStringLiteral("Validation failed for %1 at %2: %3")
                    .arg(what, e.instancePath.isEmpty() ? QStringLiteral("/") : e.instancePath,
                         e.message));
    }

    // The catalog a catalogId of a component or call resolves to; nullptr (and a finding) when
    // there is none.
    // The surface's own catalogId names no catalog we hold: the app's catalog, which we cannot
    // know, so whatever falls back to it goes unchecked instead of being reported.
    void setUnknownDefault(const QString &catalogId) { m_unknownDefault = catalogId; }

    const Catalog *resolve(const QString &catalogId, const QString &path, const QString &what)
    {
        if (!catalogId.isEmpty() && catalogId == m_unknownDefault)
            return nullptr;
        if (catalogId.isEmpty()) {
            add(kNoDefaultCatalog, path,
                QStringLiteral("Surface '%1' has no default catalogId and %2 names no catalog")
                    .arg(m_surfaceId, what));
            return nullptr;
        }
        const Catalog *catalog = m_catalogs.find(catalogId, m_version);
        if (!catalog) {
            add(kCatalogNotFound, path, QStringLiteral("Catalog not found: %1").arg(catalogId));
            return nullptr;
        }
        if (!sameFamily(catalog->protocolVersion, m_version)) {
            add(kCatalogNotFound, path,
                QStringLiteral("Catalog not found: %1 is a %2 catalog, the surface is %3")
                    .arg(catalogId, catalog->protocolVersion, versionName(m_version)));
            return nullptr;
        }
        return catalog;
    }

    void calls(const QJsonValue &v, const QString &path, const QString &defaultId, bool lenient)
    {
        if (v.isArray()) {
            const QJsonArray a = v.toArray();
            for (qsizetype i = 0; i < a.size(); ++i)
                calls(a.at(i), path + QLatin1Char('/') + QString::number(i), defaultId, lenient);
            return;
        }
        if (!v.isObject())
            return;
        const QJsonObject o = v.toObject();
        if (o.contains(QLatin1String("@call")))
            call(o, path, defaultId, lenient);
        for (auto it = o.begin(); it != o.end(); ++it)
            calls(it.value(), path + QLatin1Char('/') + token(it.key()), defaultId, lenient);
    }

private:
    void call(const QJsonObject &c, const QString &path, const QString &defaultId, bool lenient)
    {
        const QJsonValue nameValue = c.value(QLatin1String("@call"));
        const QString name = nameValue.toString();
        if (!nameValue.isString()) {
            add(kCatalogSchema, path + QStringLiteral("/@call"),
                QStringLiteral("a call's \"@call\" must be a function name"));
            return;
        }
        if (name.startsWith(QLatin1Char('@'))) {
            // v1.0 reserves the "@" namespace and defines one system function in it.
            if (name != QLatin1String("@index"))
                add(kUnknownFunction, path + QStringLiteral("/@call"),
                    QStringLiteral("Undefined system function '%1': v1.0 defines only @index")
                        .arg(name));
            return;
        }
        if (!isUax31Identifier(name)) {
            add(kUnknownFunction, path + QStringLiteral("/@call"),
                QStringLiteral("Invalid function name '%1' (not a UAX #31 identifier)").arg(name));
            return;
        }
        const QJsonObject args = c.value(QLatin1String("args")).toObject();
        for (auto it = args.begin(); it != args.end(); ++it) {
            if (!isUax31Identifier(it.key()))
                add(kCatalogSchema, path + QStringLiteral("/args/") + token(it.key()),
                    QStringLiteral("Invalid argument name '%1' of '%2' (not a UAX #31 "
                                   "identifier)")
                        .arg(it.key(), name));
        }
        const QJsonValue own = c.value(QLatin1String("catalogId"));
        if (!own.isUndefined() && !own.isString()) {
            add(kBadMessage, path + QStringLiteral("/catalogId"),
                QStringLiteral("the catalogId of a call to '%1' must be a string").arg(name));
            return;
        }
        if (own.isString() && own.toString().isEmpty()) {
            add(kCatalogNotFound, path + QStringLiteral("/catalogId"),
                QStringLiteral("Catalog not found: \"\" (the call to '%1' names an empty "
                               "catalogId)")
                    .arg(name));
            return;
        }
        const QString id = own.isString() ? own.toString() : defaultId;
        if (lenient && !id.isEmpty() && !m_catalogs.find(id, m_version))
            return; // another catalog's call: only that catalog can judge it
        const Catalog *catalog = resolve(id, path, QStringLiteral("the call to '%1'").arg(name));
        if (!catalog)
            return;
        if (!catalog->functions.contains(name)) {
            add(kUnknownFunction, path + QStringLiteral("/@call"),
                QStringLiteral("Unrecognized function '%1' in catalog '%2'")
                    .arg(name, catalog->catalogId));
            return;
        }
        const QStringList allowed = allowedCallKeys(*catalog, name);
        for (auto it = c.begin(); it != c.end(); ++it) {
            if (!allowed.contains(it.key()))
                add(kCatalogSchema, path + QLatin1Char('/') + token(it.key()),
                    QStringLiteral("Validation failed for the call to '%1': \"%2\" is not a key "
                                   "of a function call")
                        .arg(name, it.key()));
        }
        const QJsonObject ref {
            {QStringLiteral("$ref"), QString(QStringLiteral("#/functions/") + token(name))}};
        const auto reservedValue = [](const QJsonValue &v) {
            const QJsonObject o = v.toObject();
            return o.contains(QLatin1String("@call")) || o.contains(QLatin1String("@path"));
        };
        addSchemaErrors(catalog->schemas.validate(c, ref, catalog->baseUri, reservedValue), path,
                        QStringLiteral("the call to '%1'").arg(name));
    }

    const CatalogRegistry &m_catalogs;
    Version m_version;
    QString m_unknownDefault;
    QString m_surfaceId;
    QString m_componentId;
    Issues &m_out;
};

// The v1.0 schema pass over one component: calls are opaque (checkCalls judges them).
SchemaErrors componentSchemaErrors(const Catalog &catalog, const QJsonObject &component, bool v10)
{
    return v10 ? validateComponent(catalog, component, isV10ObjectValue)
               : validateComponent(catalog, component);
}

} // namespace

bool catalogServesVersion(const QString &catalogVersion, Version surfaceVersion)
{
    const bool catalogV09 = catalogVersion.startsWith(QLatin1String("v0.9"))
        || catalogVersion == QLatin1String("v0.10");
    if (isV09Family(surfaceVersion))
        return catalogV09;
    return catalogVersion == versionName(surfaceVersion);
}

SchemaErrors validateComponentOpaqueCalls(const Catalog &catalog, const QJsonObject &component)
{
    SchemaErrors out = validateComponent(catalog, component, isV10ObjectValue);
    CatalogRegistry alone;
    alone.add(catalog);
    const Version version
        = catalog.protocolVersion == QLatin1String("v1.0") ? Version::V1_0 : Version::V0_9;
    for (const Issue &i : checkCalls(component, catalog.catalogId, alone, version, true))
        out.append({i.path, QString(), i.message});
    return out;
}

void CatalogRegistry::add(const Catalog &catalog)
{
    m_catalogs.append(catalog);
}

QStringList CatalogRegistry::catalogIds() const
{
    QStringList out;
    for (const Catalog &c : m_catalogs)
        out.append(c.catalogId);
    return out;
}

const Catalog *CatalogRegistry::find(const QString &catalogId, Version surfaceVersion) const
{
    for (const Catalog &c : m_catalogs) {
        if (c.catalogId == catalogId)
            return &c;
    }
    if (isBasicCatalog(catalogId)) {
        for (const Catalog &c : m_catalogs) {
            if (isBasicCatalog(c.catalogId) && sameFamily(c.protocolVersion, surfaceVersion))
                return &c;
        }
    }
    if (!m_fallback.isEmpty() && m_fallback != catalogId)
        return find(m_fallback, surfaceVersion);
    return nullptr;
}

Issues checkCalls(const QJsonValue &value, const QString &defaultCatalogId,
                  const CatalogRegistry &catalogs, Version surfaceVersion, bool lenient,
                  const QString &surfaceId, const QString &componentId)
{
    Issues out;
    Checker(catalogs, surfaceVersion, surfaceId, componentId, out)
        .calls(value, QString(), defaultCatalogId, lenient);
    return out;
}

void checkComposition(const Surface &surface,
                      const QHash<QString, const Catalog *> &componentCatalogs, Issues &out);

Issues checkSurfaceCatalogs(const Surface &surface, const CatalogRegistry &catalogs, bool schemas)
{
    Issues out;
    if (surface.version == Version::V0_8 || surface.version == Version::Unknown)
        return out; // v0.8 catalogs are not JSON Schema documents
    const bool v10 = surface.version == Version::V1_0;
    Checker surfaceLevel(catalogs, surface.version, surface.surfaceId, QString(), out);
    const Catalog *surfaceCatalog
        = surface.catalogId.isEmpty() ? nullptr : catalogs.find(surface.catalogId, surface.version);
    // The surface's own catalog is of another protocol version: the createSurface message is
    // wrong (the suites: "does not match message protocol version"); nothing is judged by it.
    if (surfaceCatalog && !sameFamily(surfaceCatalog->protocolVersion, surface.version)) {
        surfaceLevel.add(kBadMessage, QStringLiteral("/catalogId"),
                         QStringLiteral("Catalog '%1' (%2) does not match message protocol version "
                                        "(%3)")
                             .arg(surface.catalogId, surfaceCatalog->protocolVersion,
                                  versionName(surface.version)));
        surfaceCatalog = nullptr;
    }
    const QString unknownDefault = surfaceCatalog ? QString() : surface.catalogId;
    if (surfaceCatalog && schemas && !surface.theme.isEmpty() && !surfaceCatalog->theme.isEmpty())
        surfaceLevel.addSchemaErrors(
            surfaceCatalog->schemas.validate(surface.theme, surfaceCatalog->theme,
                                             surfaceCatalog->baseUri),
            QStringLiteral("/theme"),
            QStringLiteral("theme on surface '%1'").arg(surface.surfaceId));
    if (!v10 && !surfaceCatalog)
        return out; // v0.9: every component is in the surface's catalog
    QHash<QString, const Catalog *> componentCatalogs;
    for (const QString &id : surface.componentOrder) {
        const Component *component = surface.component(id);
        if (!component)
            continue;
        const QJsonObject &json = component->original;
        Checker checker(catalogs, surface.version, surface.surfaceId, id, out);
        checker.setUnknownDefault(unknownDefault);
        const Catalog *catalog = surfaceCatalog;
        if (v10) {
            const QJsonValue own = json.value(QLatin1String("catalogId"));
            if (!own.isUndefined() && !own.isString()) {
                checker.add(
                    kBadMessage, QStringLiteral("/catalogId"),
                    QStringLiteral("the catalogId of component '%1' must be a string").arg(id));
                continue;
            }
            catalog = own.isString()
                ? checker.resolve(own.toString(), QStringLiteral("/catalogId"),
                                  QStringLiteral("component '%1'").arg(id))
                : (surface.catalogId.isEmpty() ? checker.resolve(
                       QString(), QString(), QStringLiteral("component '%1'").arg(id))
                                               : surfaceCatalog);
            checker.calls(json, QString(), surface.catalogId, false);
        }
        componentCatalogs.insert(id, catalog);
        if (catalog && schemas)
            checker.addSchemaErrors(
                componentSchemaErrors(*catalog, json, v10), QString(),
                QStringLiteral("component '%1' (id '%2')").arg(component->type, id));
    }
    if (v10)
        checkComposition(surface, componentCatalogs, out);
    return out;
}

void checkComposition(const Surface &surface,
                      const QHash<QString, const Catalog *> &componentCatalogs, Issues &out)
{
    const auto finding = [&](const QString &rule, const QString &componentId, const QString &path,
                             const QString &message) {
        out.append(Issue {rule, Severity::Error, surface.surfaceId, componentId, path, message,
                          QString(), -1, QString()});
    };
    // The parent of every component another one references; the root's is the surface.
    QHash<QString, QString> parentOf;
    for (const QString &id : surface.componentOrder) {
        const Component *parent = surface.component(id);
        for (const StaticRef &ref : staticReferences(parent->normalized)) {
            const Component *child = surface.component(ref.id);
            if (!child)
                continue;
            parentOf.insert(ref.id, id);
            const auto allowedChildren
                = allowedTypes(componentCatalogs.value(id), parent->type, "allowedChildren");
            if (allowedChildren && !allowedChildren->contains(child->type))
                finding(
                    kUnallowedChild, id, ref.pointer,
                    QStringLiteral("Container '%1' (%2) cannot contain child '%3' (%4). "
                                   "Allowed children: %5.")
                        .arg(id, parent->type, ref.id, child->type, typeList(*allowedChildren)));
        }
    }
    for (const QString &id : surface.componentOrder) {
        const Component *child = surface.component(id);
        const bool isRoot = id == surface.rootId;
        if (!isRoot && !parentOf.contains(id))
            continue; // an orphan has no parent to judge
        const QString parentId = isRoot ? QString() : parentOf.value(id);
        const QString parentType = isRoot ? kSurfaceType : surface.component(parentId)->type;
        const auto allowedParents
            = allowedTypes(componentCatalogs.value(id), child->type, "allowedParents");
        if (allowedParents && !allowedParents->contains(parentType))
            finding(kUnallowedParent, id, QString(),
                    QStringLiteral("Component '%1' (%2) cannot be placed under parent '%3' (%4). "
                                   "Allowed parents: %5.")
                        .arg(id, child->type, isRoot ? surface.surfaceId : parentId, parentType,
                             typeList(*allowedParents)));
    }
}

} // namespace agui::a2ui
