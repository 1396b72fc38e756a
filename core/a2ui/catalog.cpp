#include "core/a2ui/catalog.h"

#include "core/json/jsonpointer.h"

#include <QJsonArray>
#include <QSet>

namespace agui::a2ui {

namespace {

const QString kCatalogAlias = QStringLiteral("catalog.json");
const QString kCommonTypesAlias = QStringLiteral("common_types.json");

QJsonObject member(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toObject();
}

// "$defs/anyComponent": {"oneOf": [{"$ref": "#/components/Text"}, …]} names the components the
// catalog really offers; without it, all of them.
QJsonObject offered(const QJsonObject &all, const QJsonObject &defs, const char *anyName,
                    const QString &prefix)
{
    const QJsonValue any = member(defs, anyName).value(QLatin1String("oneOf"));
    if (!any.isArray())
        return all;
    QJsonObject out;
    for (const QJsonValue &entry : any.toArray()) {
        const QString ref = entry.toObject().value(QLatin1String("$ref")).toString();
        if (!ref.startsWith(prefix))
            continue;
        const QString name = ref.mid(prefix.size());
        if (all.contains(name))
            out.insert(name, all.value(name));
    }
    return out;
}

// The version a published catalog's URL names ("…/specification/v0_9/…", "…/v1_0/…",
// "catalogs/basic/v1/…"), or "".
QString versionInId(const QString &id)
{
    static const QList<QPair<QLatin1String, QString>> folders {
        {QLatin1String("/v0_8/"), QStringLiteral("v0.8")},
        {QLatin1String("/v0_9_1/"), QStringLiteral("v0.9.1")},
        {QLatin1String("/v0_9/"), QStringLiteral("v0.9")},
        {QLatin1String("/v0_10/"), QStringLiteral("v0.10")},
        {QLatin1String("/v1_0/"), QStringLiteral("v1.0")},
        {QLatin1String("/v1/"), QStringLiteral("v1.0")},
    };
    for (const auto &[folder, version] : folders) {
        if (id.contains(folder))
            return version;
    }
    return {};
}

QString versionOf(const QJsonObject &document, const QString &hint)
{
    const QJsonValue declared = document.value(QLatin1String("protocolVersion"));
    // The published v1 basic catalog writes "1.0"; versions are "v1.0" everywhere else.
    if (declared.isString())
        return declared.toString().startsWith(QLatin1Char('v'))
            ? declared.toString()
            : QString(QLatin1Char('v') + declared.toString());
    // A published catalog says its version in its URL; a hint cannot overrule that.
    for (const char *key : {"$id", "catalogId"}) {
        const QString fromId = versionInId(document.value(QLatin1String(key)).toString());
        if (!fromId.isEmpty())
            return fromId;
    }
    if (!hint.isEmpty())
        return hint;
    return QStringLiteral("v0.9");
}

// "v0.9.1" -> "/v0_9_1/": how the specification's URLs spell a version.
QString versionDir(const QString &version)
{
    QString v = version;
    v.replace(QLatin1Char('.'), QLatin1Char('_'));
    return QLatin1Char('/') + v + QLatin1Char('/');
}

bool atLeastV10(const QString &version)
{
    return !version.startsWith(QLatin1String("v0."));
}

// The property names a component schema declares: its "properties", and those of the schemas it
// is made of (allOf / anyOf / oneOf); referenced schemas are the common types' and were checked
// where they are published.
void declaredProperties(const QJsonObject &schema, QStringList &out)
{
    const QJsonObject props = member(schema, "properties");
    out.append(props.keys());
    for (const char *key : {"allOf", "anyOf", "oneOf"}) {
        for (const QJsonValue &branch : schema.value(QLatin1String(key)).toArray())
            declaredProperties(branch.toObject(), out);
    }
}

QStringList functionParameters(const QJsonObject &definition)
{
    QStringList out = member(definition, "parameters").keys();
    out.append(member(member(member(definition, "properties"), "args"), "properties").keys());
    return out;
}

// v1.0 names: why the catalog is not one, or "".
QString identifierProblem(const Catalog &c)
{
    const auto bad = [](const QString &kind, const QString &name) {
        return QStringLiteral("Invalid UAX #31 %1 identifier \"%2\"").arg(kind, name);
    };
    for (auto it = c.components.begin(); it != c.components.end(); ++it) {
        if (!isUax31Identifier(it.key()))
            return bad(QStringLiteral("component"), it.key());
        QStringList props;
        declaredProperties(it.value().toObject(), props);
        for (const QString &p : std::as_const(props)) {
            if (!isUax31Identifier(p))
                return bad(QStringLiteral("property"), it.key() + QLatin1Char('.') + p);
        }
    }
    for (auto it = c.functions.begin(); it != c.functions.end(); ++it) {
        // "@index" is the one name v1.0 reserves in the "@" namespace for itself.
        if (it.key() != QLatin1String("@index") && !isUax31Identifier(it.key()))
            return bad(QStringLiteral("function"), it.key());
        for (const QString &arg : functionParameters(it.value().toObject())) {
            if (!isUax31Identifier(arg))
                return bad(QStringLiteral("argument"), it.key() + QLatin1Char('.') + arg);
        }
    }
    return {};
}

class Inliner
{
public:
    explicit Inliner(const Catalog &c)
        : m_catalog(c)
    { }

    QJsonValue inlined(const QJsonValue &v, const QString &base)
    {
        if (v.isArray()) {
            QJsonArray out;
            for (const QJsonValue &item : v.toArray())
                out.append(inlined(item, base));
            return out;
        }
        if (!v.isObject())
            return v;
        QJsonObject o = v.toObject();
        const QJsonValue ref = o.value(QLatin1String("$ref"));
        if (ref.isString())
            return referenced(o, ref.toString(), base);
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (it.key() != QLatin1String("const") && it.key() != QLatin1String("enum")
                && it.key() != QLatin1String("default"))
                it.value() = inlined(it.value(), base);
        }
        return o;
    }

private:
    QJsonValue referenced(QJsonObject o, const QString &ref, const QString &base)
    {
        const auto target = m_catalog.schemas.resolveRef(ref, base, m_catalog.document);
        const QString key = resolveUri(base, ref);
        // Unresolvable, recursive, or past the budget (references that branch again grow the
        // result exponentially): the reference stays.
        if (!target || m_stack.contains(key) || ++m_expanded > kMaxExpansions)
            return o;
        m_stack.insert(key);
        QJsonValue out = inlined(target->schema, target->baseUri);
        m_stack.remove(key);
        o.remove(QLatin1String("$ref"));
        if (!out.isObject() || o.isEmpty())
            return out;
        QJsonObject merged = out.toObject();
        const QJsonObject siblings = inlined(o, base).toObject();
        for (auto it = siblings.begin(); it != siblings.end(); ++it)
            merged.insert(it.key(), it.value());
        return merged;
    }

    static constexpr int kMaxExpansions = 20000;

    const Catalog &m_catalog;
    QSet<QString> m_stack;
    int m_expanded = 0;
};

class Bundler
{
public:
    explicit Bundler(const Catalog &c)
        : m_catalog(c)
    { }

    QJsonObject bundle()
    {
        QJsonObject out = m_catalog.document;
        for (const char *key : {"$id", "title", "description", "protocolVersion"})
            out.remove(QLatin1String(key));
        QJsonObject defs = member(out, "$defs");
        const QStringList own = defs.keys();
        m_defined = QSet<QString>(own.cbegin(), own.cend());
        out = rewrite(out, m_catalog.baseUri).toObject();
        defs = member(out, "$defs");
        while (!m_queue.isEmpty()) {
            const auto [docUri, name] = m_queue.takeFirst();
            const QJsonObject *doc = m_catalog.schemas.document(docUri);
            const QJsonValue def = doc ? member(*doc, "$defs").value(name) : QJsonValue();
            if (!def.isUndefined())
                defs.insert(name, rewrite(def, docUri));
        }
        if (!defs.isEmpty())
            out.insert(QStringLiteral("$defs"), defs);
        return out;
    }

private:
    QJsonValue rewrite(const QJsonValue &v, const QString &base)
    {
        if (v.isArray()) {
            QJsonArray out;
            for (const QJsonValue &item : v.toArray())
                out.append(rewrite(item, base));
            return out;
        }
        if (!v.isObject())
            return v;
        QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (it.key() == QLatin1String("$ref") && it.value().isString())
                it.value() = localRef(it.value().toString(), base);
            else if (it.key() != QLatin1String("const") && it.key() != QLatin1String("enum"))
                it.value() = rewrite(it.value(), base);
        }
        return o;
    }

    // Where a reference points in the bundle; queues the common type it needs.
    QString localRef(const QString &ref, const QString &base)
    {
        const QString target = resolveUri(base, ref);
        const QString fragment = target.section(QLatin1Char('#'), 1);
        const QJsonObject *doc = m_catalog.schemas.document(target);
        const bool inCatalog = !doc || *doc == m_catalog.document;
        if (inCatalog)
            return QLatin1Char('#') + fragment;
        static const QLatin1String defsPrefix("/$defs/");
        if (!fragment.startsWith(defsPrefix))
            return ref; // not a definition: left for isSelfContained to report
        const QString name = fragment.mid(defsPrefix.size());
        if (!m_defined.contains(name)) {
            m_defined.insert(name);
            m_queue.append({target.section(QLatin1Char('#'), 0, 0), name});
        }
        return QLatin1Char('#') + fragment;
    }

    const Catalog &m_catalog;
    QSet<QString> m_defined;
    QList<QPair<QString, QString>> m_queue; // (document URI, definition name)
};

void collectRefs(const QJsonValue &v, QStringList &out)
{
    if (v.isArray()) {
        for (const QJsonValue &item : v.toArray())
            collectRefs(item, out);
        return;
    }
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key() == QLatin1String("$ref") && it.value().isString())
            out.append(it.value().toString());
        else if (it.key() != QLatin1String("const") && it.key() != QLatin1String("enum"))
            collectRefs(it.value(), out);
    }
}

// The general categories XID_Start and XID_Continue are derived from (UAX #31, table 2), as bit
// masks over QChar::Category.
constexpr quint64 categoryBit(QChar::Category c)
{
    return quint64(1) << int(c);
}

constexpr quint64 kStartCategories = categoryBit(QChar::Letter_Uppercase)
    | categoryBit(QChar::Letter_Lowercase) | categoryBit(QChar::Letter_Titlecase)
    | categoryBit(QChar::Letter_Modifier) | categoryBit(QChar::Letter_Other)
    | categoryBit(QChar::Number_Letter);
constexpr quint64 kContinueCategories = kStartCategories | categoryBit(QChar::Mark_NonSpacing)
    | categoryBit(QChar::Mark_SpacingCombining) | categoryBit(QChar::Number_DecimalDigit)
    | categoryBit(QChar::Punctuation_Connector);

bool inCategories(uint c, quint64 mask)
{
    return (categoryBit(QChar::category(char32_t(c))) & mask) != 0;
}

} // namespace

bool isUax31Identifier(const QString &name)
{
    const QList<uint> points = name.toUcs4();
    if (points.isEmpty()
        || !(inCategories(points.front(), kStartCategories) || points.front() == U'_'))
        return false;
    return std::all_of(points.cbegin() + 1, points.cend(),
                       [](uint c) { return inCategories(c, kContinueCategories); });
}

CatalogLoad loadCatalog(const QJsonObject &document, const QString &versionHint,
                        const QString &catalogId, const QList<QJsonObject> &commonTypes)
{
    Catalog c;
    c.document = document;
    c.protocolVersion = versionOf(document, versionHint);
    c.catalogId
        = catalogId.isEmpty() ? document.value(QLatin1String("catalogId")).toString() : catalogId;
    if (c.catalogId.isEmpty())
        return {std::nullopt,
                QStringLiteral("catalog_id must be provided or exist in catalog_schema: the "
                               "document has no \"catalogId\"")};
    for (const char *key : {"components", "functions", "$defs"}) {
        const QJsonValue v = document.value(QLatin1String(key));
        if (!v.isUndefined() && !v.isObject())
            return {std::nullopt,
                    QStringLiteral("\"%1\" must be an object").arg(QLatin1String(key))};
    }
    const QJsonObject defs = member(document, "$defs");
    c.components = offered(member(document, "components"), defs, "anyComponent",
                           QStringLiteral("#/components/"));
    c.functions = offered(member(document, "functions"), defs, "anyFunction",
                          QStringLiteral("#/functions/"));
    if (c.protocolVersion == QLatin1String("v0.8"))
        c.theme = member(document, "styles");
    else
        c.theme = document.contains(QLatin1String("theme")) ? member(document, "theme")
                                                            : member(defs, "theme");
    if (atLeastV10(c.protocolVersion)) {
        const QString problem = identifierProblem(c);
        if (!problem.isEmpty())
            return {std::nullopt, problem};
    }
    c.baseUri = document.value(QLatin1String("$id")).toString(c.catalogId);
    const QString dir = versionDir(c.protocolVersion);
    for (const QJsonObject &types : commonTypes) {
        const bool ofThisVersion = types.value(QLatin1String("$id")).toString().contains(dir);
        c.schemas.addDocument(types,
                              ofThisVersion ? QStringList {kCommonTypesAlias} : QStringList());
    }
    c.schemas.addDocument(document, {c.baseUri, kCatalogAlias});
    return {c, QString()};
}

QJsonValue inlinedSchema(const Catalog &catalog, const QJsonValue &schema)
{
    return Inliner(catalog).inlined(schema, catalog.baseUri);
}

QJsonObject bundledCatalogSchema(const Catalog &catalog)
{
    return Bundler(catalog).bundle();
}

bool isSelfContained(const QJsonObject &document, QString *firstProblem)
{
    QStringList refs;
    collectRefs(document, refs);
    for (const QString &ref : std::as_const(refs)) {
        const bool local = ref.startsWith(QLatin1Char('#'));
        if (local && json::resolve(QJsonValue(document), ref.mid(1)))
            continue;
        if (firstProblem)
            *firstProblem = local ? QStringLiteral("\"%1\" resolves to nothing").arg(ref)
                                  : QStringLiteral("\"%1\" is not a local reference").arg(ref);
        return false;
    }
    return true;
}

SchemaErrors validateComponent(const Catalog &catalog, const QJsonObject &component,
                               const SchemaSet::Opaque &opaque)
{
    const QString type = component.value(QLatin1String("component")).toString();
    if (!catalog.components.contains(type))
        return {{QStringLiteral("/component"), QStringLiteral("/components"),
                 QStringLiteral("\"%1\" is not a component of catalog %2")
                     .arg(type, catalog.catalogId)}};
    QString token = type;
    token.replace(QLatin1Char('~'), QLatin1String("~0"))
        .replace(QLatin1Char('/'), QLatin1String("~1"));
    const QJsonObject ref {
        {QStringLiteral("$ref"), QString(QStringLiteral("#/components/") + token)}};
    return catalog.schemas.validate(component, ref, catalog.baseUri, opaque);
}

} // namespace agui::a2ui
