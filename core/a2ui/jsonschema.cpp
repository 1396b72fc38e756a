#include "core/a2ui/jsonschema.h"

#include "core/json/jsonpatch.h"
#include "core/json/jsonpointer.h"
#include "core/json/jsontext.h"
#include "core/platform/threadlocal.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>

#include <cmath>
#include <functional>

namespace agui::a2ui {

namespace {

// Deep enough for the published catalogs (about 12 levels of $ref), shallow enough that a
// catalog whose $ref loops without consuming the instance fails instead of overflowing.
constexpr int kMaxDepth = 96;
// Subschema evaluations per validation: oneOf over $refs that branch again can take exponential
// time on a hostile catalog; the published ones need a few thousand.
constexpr int kMaxSteps = 200000;

QString uriWithoutFragment(const QString &uri)
{
    return uri.section(QLatin1Char('#'), 0, 0);
}

QString fileNameOf(const QString &uri)
{
    return uriWithoutFragment(uri).section(QLatin1Char('/'), -1);
}

QString pointerToken(const QString &key)
{
    QString t = key;
    t.replace(QLatin1Char('~'), QLatin1String("~0")).replace(QLatin1Char('/'), QLatin1String("~1"));
    return t;
}

// JSON Schema's type names for a value; an integral number is also an "integer".
bool hasType(const QJsonValue &v, const QString &type)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return type == QLatin1String("null");
    case QJsonValue::Bool:
        return type == QLatin1String("boolean");
    case QJsonValue::Double:
        return type == QLatin1String("number")
            || (type == QLatin1String("integer") && std::trunc(v.toDouble()) == v.toDouble());
    case QJsonValue::String:
        return type == QLatin1String("string");
    case QJsonValue::Array:
        return type == QLatin1String("array");
    case QJsonValue::Object:
        return type == QLatin1String("object");
    case QJsonValue::Undefined:
        return false;
    }
    return false;
}

// PCRE has no XID_Start / XID_Continue; the catalogs use them for identifiers (UAX #31). The
// general categories they are built from are close enough for validation.
QString pcrePattern(QString pattern)
{
    pattern.replace(QLatin1String("\\p{XID_Start}"), QLatin1String("\\p{L}\\p{Nl}"));
    pattern.replace(QLatin1String("\\p{XID_Continue}"),
                    QLatin1String("\\p{L}\\p{Nl}\\p{Mn}\\p{Mc}\\p{Nd}\\p{Pc}"));
    return pattern;
}

bool matchesPattern(const QString &pattern, const QString &text)
{
    // Per thread: QRegularExpression is not to be shared while it is being compiled.
    using PatternCache = QHash<QString, QRegularExpression>;
    PatternCache &cache = platform::threadLocal<PatternCache>();
    auto it = cache.find(pattern);
    if (it == cache.end()) {
        if (cache.size() >= 256)
            cache.clear(); // catalogs use a handful of patterns; a hostile one must not grow it
        it = cache.insert(pattern,
                          QRegularExpression(pcrePattern(pattern),
                                             QRegularExpression::UseUnicodePropertiesOption));
    }
    return it->isValid() && it->match(text).hasMatch();
}

struct Result
{
    SchemaErrors errors;
    QSet<QString> evaluated; // properties of an object instance some keyword evaluated

    bool valid() const { return errors.isEmpty(); }
    void absorb(Result &&other)
    {
        errors.append(other.errors);
        evaluated.unite(other.evaluated);
    }
};

class Validator
{
public:
    Validator(const SchemaSet &set, const QJsonObject &freeRoot, const SchemaSet::Opaque &opaque)
        : m_set(set)
        , m_root(freeRoot)
        , m_opaque(opaque)
    { }

    Result check(const QJsonValue &value, const QJsonValue &schema, const QString &base,
                 const QString &at, const QString &schemaAt, int depth) const
    {
        Result r;
        if (!at.isEmpty() && m_opaque && m_opaque(value) && schema != QJsonValue(false))
            return r;
        if (schema.isBool()) {
            if (!schema.toBool())
                fail(r, at, schemaAt, QStringLiteral("no value is allowed here"));
            return r;
        }
        if (depth > kMaxDepth) {
            fail(r, at, schemaAt, QStringLiteral("the schema nests too deep (a $ref loop?)"));
            return r;
        }
        if (++m_steps > kMaxSteps) {
            fail(r, at, schemaAt, QStringLiteral("the schema is too costly to evaluate"));
            return r;
        }
        const QJsonObject s = schema.toObject();
        QString here = base;
        if (s.value(QLatin1String("$id")).isString())
            here = resolveUri(base, s.value(QLatin1String("$id")).toString());
        for (auto it = s.begin(); it != s.end(); ++it) {
            const auto keyword = keywords().constFind(it.key());
            if (keyword != keywords().cend())
                (this->*(*keyword))(r, value, s, it.value(), here, at,
                                    schemaAt + QLatin1Char('/') + pointerToken(it.key()), depth);
        }
        // After every other keyword: it needs to know what they evaluated.
        if (s.contains(QLatin1String("unevaluatedProperties")) && value.isObject())
            unevaluatedProperties(r, value, s, here, at, schemaAt, depth);
        return r;
    }

private:
    using Keyword
        = void (Validator::*)(Result &, const QJsonValue &value, const QJsonObject &s,
                              const QJsonValue &arg, const QString &base, const QString &at,
                              const QString &schemaAt, int depth) const;

    static const QHash<QString, Keyword> &keywords()
    {
        static const QHash<QString, Keyword> table {
            {QStringLiteral("$ref"), &Validator::ref},
            {QStringLiteral("type"), &Validator::type},
            {QStringLiteral("const"), &Validator::constant},
            {QStringLiteral("enum"), &Validator::enumeration},
            {QStringLiteral("properties"), &Validator::properties},
            {QStringLiteral("patternProperties"), &Validator::patternProperties},
            {QStringLiteral("additionalProperties"), &Validator::additionalProperties},
            {QStringLiteral("required"), &Validator::required},
            {QStringLiteral("propertyNames"), &Validator::propertyNames},
            {QStringLiteral("allOf"), &Validator::allOf},
            {QStringLiteral("anyOf"), &Validator::anyOf},
            {QStringLiteral("oneOf"), &Validator::oneOf},
            {QStringLiteral("not"), &Validator::negation},
            {QStringLiteral("if"), &Validator::conditional},
            {QStringLiteral("items"), &Validator::items},
            {QStringLiteral("prefixItems"), &Validator::prefixItems},
            {QStringLiteral("minItems"), &Validator::minItems},
            {QStringLiteral("maxItems"), &Validator::maxItems},
            {QStringLiteral("minimum"), &Validator::minimum},
            {QStringLiteral("maximum"), &Validator::maximum},
            {QStringLiteral("exclusiveMinimum"), &Validator::exclusiveMinimum},
            {QStringLiteral("exclusiveMaximum"), &Validator::exclusiveMaximum},
            {QStringLiteral("minLength"), &Validator::minLength},
            {QStringLiteral("maxLength"), &Validator::maxLength},
            {QStringLiteral("pattern"), &Validator::pattern},
        };
        return table;
    }

    static void fail(Result &r, const QString &at, const QString &schemaAt, const QString &message)
    {
        r.errors.append({at, schemaAt, message});
    }

    void ref(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
             const QString &base, const QString &at, const QString &schemaAt, int depth) const
    {
        const std::optional<SchemaSet::Resolved> target
            = m_set.resolveRef(arg.toString(), base, m_root);
        if (!target) {
            fail(
                r, at, schemaAt,
                QStringLiteral("the schema's $ref \"%1\" resolves to nothing").arg(arg.toString()));
            return;
        }
        r.absorb(check(value, target->schema, target->baseUri, at, schemaAt, depth + 1));
    }

    void type(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
              const QString &, const QString &at, const QString &schemaAt, int) const
    {
        QStringList types;
        if (arg.isArray()) {
            for (const QJsonValue &t : arg.toArray())
                types.append(t.toString());
        } else {
            types.append(arg.toString());
        }
        for (const QString &t : std::as_const(types)) {
            if (hasType(value, t))
                return;
        }
        fail(r, at, schemaAt,
             QStringLiteral("expected %1, got %2")
                 .arg(types.join(QStringLiteral(" or ")), json::typePhrase(value.type())));
    }

    void constant(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
                  const QString &, const QString &at, const QString &schemaAt, int) const
    {
        if (!json::jsonEquals(value, arg))
            fail(r, at, schemaAt,
                 QStringLiteral("must be %1, is %2")
                     .arg(json::toShortJson(arg), json::toShortJson(value)));
    }

    void enumeration(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
                     const QString &, const QString &at, const QString &schemaAt, int) const
    {
        for (const QJsonValue &option : arg.toArray()) {
            if (json::jsonEquals(value, option))
                return;
        }
        fail(r, at, schemaAt,
             QStringLiteral("must be one of %1, is %2")
                 .arg(json::toShortJson(arg), json::toShortJson(value)));
    }

    void properties(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
                    const QString &base, const QString &at, const QString &schemaAt,
                    int depth) const
    {
        if (!value.isObject())
            return;
        const QJsonObject o = value.toObject();
        const QJsonObject props = arg.toObject();
        for (auto it = props.begin(); it != props.end(); ++it) {
            if (!o.contains(it.key()))
                continue;
            const QString token = QLatin1Char('/') + pointerToken(it.key());
            r.errors.append(
                check(o.value(it.key()), it.value(), base, at + token, schemaAt + token, depth + 1)
                    .errors);
            r.evaluated.insert(it.key());
        }
    }

    void patternProperties(Result &r, const QJsonValue &value, const QJsonObject &,
                           const QJsonValue &arg, const QString &base, const QString &at,
                           const QString &schemaAt, int depth) const
    {
        if (!value.isObject())
            return;
        const QJsonObject o = value.toObject();
        const QJsonObject patterns = arg.toObject();
        for (auto p = patterns.begin(); p != patterns.end(); ++p) {
            for (auto it = o.begin(); it != o.end(); ++it) {
                if (!matchesPattern(p.key(), it.key()))
                    continue;
                r.errors.append(check(it.value(), p.value(), base,
                                      at + QLatin1Char('/') + pointerToken(it.key()),
                                      schemaAt + QLatin1Char('/') + pointerToken(p.key()),
                                      depth + 1)
                                    .errors);
                r.evaluated.insert(it.key());
            }
        }
    }

    // Properties neither "properties" nor "patternProperties" of the same schema object name.
    static QStringList additionalNames(const QJsonObject &o, const QJsonObject &s)
    {
        const QJsonObject props = s.value(QLatin1String("properties")).toObject();
        const QJsonObject patterns = s.value(QLatin1String("patternProperties")).toObject();
        QStringList out;
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (props.contains(it.key()))
                continue;
            bool matched = false;
            for (auto p = patterns.begin(); p != patterns.end() && !matched; ++p)
                matched = matchesPattern(p.key(), it.key());
            if (!matched)
                out.append(it.key());
        }
        return out;
    }

    void extraProperties(Result &r, const QJsonObject &o, const QStringList &names,
                         const QJsonValue &arg, const QString &base, const QString &at,
                         const QString &schemaAt, int depth, const QString &what) const
    {
        for (const QString &name : names) {
            const QString where = at + QLatin1Char('/') + pointerToken(name);
            if (arg.isBool() && !arg.toBool())
                fail(r, where, schemaAt, QStringLiteral("\"%1\" is not %2").arg(name, what));
            else
                r.errors.append(check(o.value(name), arg, base, where, schemaAt, depth + 1).errors);
            r.evaluated.insert(name);
        }
    }

    void additionalProperties(Result &r, const QJsonValue &value, const QJsonObject &s,
                              const QJsonValue &arg, const QString &base, const QString &at,
                              const QString &schemaAt, int depth) const
    {
        if (!value.isObject())
            return;
        const QJsonObject o = value.toObject();
        extraProperties(r, o, additionalNames(o, s), arg, base, at, schemaAt, depth,
                        QStringLiteral("an allowed property here"));
    }

    void unevaluatedProperties(Result &r, const QJsonValue &value, const QJsonObject &s,
                               const QString &base, const QString &at, const QString &schemaAt,
                               int depth) const
    {
        const QJsonObject o = value.toObject();
        QStringList names;
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (!r.evaluated.contains(it.key()))
                names.append(it.key());
        }
        extraProperties(r, o, names, s.value(QLatin1String("unevaluatedProperties")), base, at,
                        schemaAt + QStringLiteral("/unevaluatedProperties"), depth,
                        QStringLiteral("a property this schema defines"));
    }

    void required(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
                  const QString &, const QString &at, const QString &schemaAt, int) const
    {
        if (!value.isObject())
            return;
        const QJsonObject o = value.toObject();
        for (const QJsonValue &name : arg.toArray()) {
            if (!o.contains(name.toString()))
                fail(
                    r, at, schemaAt,
                    QStringLiteral("the required property \"%1\" is missing").arg(name.toString()));
        }
    }

    void propertyNames(Result &r, const QJsonValue &value, const QJsonObject &,
                       const QJsonValue &arg, const QString &base, const QString &at,
                       const QString &schemaAt, int depth) const
    {
        const QJsonObject o = value.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (!check(it.key(), arg, base, at, schemaAt, depth + 1).valid())
                fail(r, at + QLatin1Char('/') + pointerToken(it.key()), schemaAt,
                     QStringLiteral("\"%1\" is not an allowed property name").arg(it.key()));
        }
    }

    void allOf(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
               const QString &base, const QString &at, const QString &schemaAt, int depth) const
    {
        const QJsonArray branches = arg.toArray();
        for (qsizetype i = 0; i < branches.size(); ++i)
            r.absorb(check(value, branches.at(i), base, at,
                           schemaAt + QLatin1Char('/') + QString::number(i), depth + 1));
    }

    // The branches value matches; the errors of the closest miss (fewest errors) otherwise.
    QList<Result> branches(const QJsonValue &value, const QJsonValue &arg, const QString &base,
                           const QString &at, const QString &schemaAt, int depth) const
    {
        QList<Result> out;
        const QJsonArray list = arg.toArray();
        for (qsizetype i = 0; i < list.size(); ++i)
            out.append(check(value, list.at(i), base, at,
                             schemaAt + QLatin1Char('/') + QString::number(i), depth + 1));
        return out;
    }

    static void closestMiss(Result &r, const QList<Result> &results, const QString &at,
                            const QString &schemaAt, const QString &message)
    {
        const Result *best = nullptr;
        for (const Result &b : results) {
            if (!best || b.errors.size() < best->errors.size())
                best = &b;
        }
        fail(r, at, schemaAt, message);
        if (best)
            r.errors.append(best->errors);
    }

    void anyOf(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
               const QString &base, const QString &at, const QString &schemaAt, int depth) const
    {
        const QList<Result> results = branches(value, arg, base, at, schemaAt, depth);
        bool any = false;
        for (const Result &b : results) {
            if (b.valid()) {
                any = true;
                r.evaluated.unite(b.evaluated);
            }
        }
        if (!any)
            closestMiss(r, results, at, schemaAt, QStringLiteral("matches none of the choices"));
    }

    void oneOf(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
               const QString &base, const QString &at, const QString &schemaAt, int depth) const
    {
        const QList<Result> results = branches(value, arg, base, at, schemaAt, depth);
        QList<qsizetype> matched;
        for (qsizetype i = 0; i < results.size(); ++i) {
            if (results.at(i).valid())
                matched.append(i);
        }
        if (matched.size() == 1) {
            r.evaluated.unite(results.at(matched.front()).evaluated);
            return;
        }
        if (matched.isEmpty()) {
            closestMiss(r, results, at, schemaAt, QStringLiteral("matches none of the choices"));
            return;
        }
        QStringList which;
        for (qsizetype i : std::as_const(matched))
            which.append(QString::number(i));
        fail(r, at, schemaAt,
             QStringLiteral("matches more than one choice (%1) where exactly one must match")
                 .arg(which.join(QStringLiteral(", "))));
    }

    void negation(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
                  const QString &base, const QString &at, const QString &schemaAt, int depth) const
    {
        if (check(value, arg, base, at, schemaAt, depth + 1).valid())
            fail(r, at, schemaAt, QStringLiteral("matches a schema it must not match"));
    }

    void conditional(Result &r, const QJsonValue &value, const QJsonObject &s,
                     const QJsonValue &arg, const QString &base, const QString &at,
                     const QString &schemaAt, int depth) const
    {
        Result test = check(value, arg, base, at, schemaAt, depth + 1);
        const QString parent = schemaAt.section(QLatin1Char('/'), 0, -2);
        if (test.valid()) {
            r.evaluated.unite(test.evaluated);
            if (s.contains(QLatin1String("then")))
                r.absorb(check(value, s.value(QLatin1String("then")), base, at,
                               parent + QStringLiteral("/then"), depth + 1));
        } else if (s.contains(QLatin1String("else"))) {
            r.absorb(check(value, s.value(QLatin1String("else")), base, at,
                           parent + QStringLiteral("/else"), depth + 1));
        }
    }

    void items(Result &r, const QJsonValue &value, const QJsonObject &s, const QJsonValue &arg,
               const QString &base, const QString &at, const QString &schemaAt, int depth) const
    {
        const QJsonArray a = value.toArray();
        const qsizetype first = s.value(QLatin1String("prefixItems")).toArray().size();
        for (qsizetype i = first; i < a.size(); ++i)
            r.errors.append(check(a.at(i), arg, base, at + QLatin1Char('/') + QString::number(i),
                                  schemaAt, depth + 1)
                                .errors);
    }

    void prefixItems(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
                     const QString &base, const QString &at, const QString &schemaAt,
                     int depth) const
    {
        const QJsonArray a = value.toArray();
        const QJsonArray schemas = arg.toArray();
        for (qsizetype i = 0; i < a.size() && i < schemas.size(); ++i)
            r.errors.append(check(a.at(i), schemas.at(i), base,
                                  at + QLatin1Char('/') + QString::number(i),
                                  schemaAt + QLatin1Char('/') + QString::number(i), depth + 1)
                                .errors);
    }

    static void bound(Result &r, bool ok, const QString &at, const QString &schemaAt,
                      const QString &what, const QJsonValue &arg)
    {
        if (!ok)
            fail(r, at, schemaAt, what.arg(json::toShortJson(arg)));
    }

    void minItems(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
                  const QString &, const QString &at, const QString &schemaAt, int) const
    {
        if (value.isArray())
            bound(r, value.toArray().size() >= arg.toDouble(), at, schemaAt,
                  QStringLiteral("needs at least %1 items"), arg);
    }

    void maxItems(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
                  const QString &, const QString &at, const QString &schemaAt, int) const
    {
        if (value.isArray())
            bound(r, value.toArray().size() <= arg.toDouble(), at, schemaAt,
                  QStringLiteral("has more than %1 items"), arg);
    }

    void minimum(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
                 const QString &, const QString &at, const QString &schemaAt, int) const
    {
        if (value.isDouble())
            bound(r, value.toDouble() >= arg.toDouble(), at, schemaAt,
                  QStringLiteral("must be at least %1"), arg);
    }

    void maximum(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
                 const QString &, const QString &at, const QString &schemaAt, int) const
    {
        if (value.isDouble())
            bound(r, value.toDouble() <= arg.toDouble(), at, schemaAt,
                  QStringLiteral("must be at most %1"), arg);
    }

    void exclusiveMinimum(Result &r, const QJsonValue &value, const QJsonObject &,
                          const QJsonValue &arg, const QString &, const QString &at,
                          const QString &schemaAt, int) const
    {
        if (value.isDouble())
            bound(r, value.toDouble() > arg.toDouble(), at, schemaAt,
                  QStringLiteral("must be more than %1"), arg);
    }

    void exclusiveMaximum(Result &r, const QJsonValue &value, const QJsonObject &,
                          const QJsonValue &arg, const QString &, const QString &at,
                          const QString &schemaAt, int) const
    {
        if (value.isDouble())
            bound(r, value.toDouble() < arg.toDouble(), at, schemaAt,
                  QStringLiteral("must be less than %1"), arg);
    }

    void minLength(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
                   const QString &, const QString &at, const QString &schemaAt, int) const
    {
        if (value.isString())
            bound(r, value.toString().toUcs4().size() >= arg.toDouble(), at, schemaAt,
                  QStringLiteral("needs at least %1 characters"), arg);
    }

    void maxLength(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
                   const QString &, const QString &at, const QString &schemaAt, int) const
    {
        if (value.isString())
            bound(r, value.toString().toUcs4().size() <= arg.toDouble(), at, schemaAt,
                  QStringLiteral("has more than %1 characters"), arg);
    }

    void pattern(Result &r, const QJsonValue &value, const QJsonObject &, const QJsonValue &arg,
                 const QString &, const QString &at, const QString &schemaAt, int) const
    {
        if (value.isString() && !matchesPattern(arg.toString(), value.toString()))
            fail(r, at, schemaAt,
                 QStringLiteral("\"%1\" does not match %2")
                     .arg(value.toString(), json::toShortJson(arg)));
    }

    const SchemaSet &m_set;
    QJsonObject m_root;
    const SchemaSet::Opaque &m_opaque;
    mutable int m_steps = 0;
};

} // namespace

QString resolveUri(const QString &base, const QString &ref)
{
    if (ref.startsWith(QLatin1Char('#')))
        return uriWithoutFragment(base) + ref;
    if (ref.contains(QLatin1String("://")) || base.isEmpty())
        return ref;
    return QUrl(base).resolved(QUrl(ref)).toString();
}

void SchemaSet::addDocument(const QJsonObject &document, const QStringList &aliases)
{
    const QString id = uriWithoutFragment(document.value(QLatin1String("$id")).toString());
    const QString key = id.isEmpty() && !aliases.isEmpty() ? aliases.front() : id;
    m_documents.insert(key, document);
    for (const QString &alias : aliases) {
        m_documents.insert(alias, document);
        m_aliases.insert(fileNameOf(alias), alias);
    }
}

const QJsonObject *SchemaSet::document(const QString &uri) const
{
    const QString key = uriWithoutFragment(uri);
    auto it = m_documents.constFind(key);
    if (it == m_documents.cend()) {
        const auto alias = m_aliases.constFind(fileNameOf(key));
        if (alias != m_aliases.cend())
            it = m_documents.constFind(*alias);
    }
    return it == m_documents.cend() ? nullptr : &*it;
}

std::optional<SchemaSet::Resolved> SchemaSet::resolveRef(const QString &ref, const QString &baseUri,
                                                         const QJsonObject &root) const
{
    const QString target = resolveUri(baseUri, ref);
    const QString fragment = target.contains(QLatin1Char('#'))
        ? QUrl::fromPercentEncoding(target.section(QLatin1Char('#'), 1).toUtf8())
        : QString();
    const QJsonObject *doc = document(target);
    QString docUri = uriWithoutFragment(target);
    if (!doc && (docUri.isEmpty() || docUri == uriWithoutFragment(baseUri))) {
        doc = &root;
        docUri = uriWithoutFragment(baseUri);
    }
    if (!doc)
        return std::nullopt;
    const std::optional<QJsonValue> schema = json::resolve(QJsonValue(*doc), fragment);
    if (schema && (schema->isObject() || schema->isBool()))
        return Resolved {*schema, docUri};
    // A definition the document lacks is read from the common types, as a bundled catalog has
    // them in its own $defs: catalogs written against the bundle say "#/$defs/ComponentId".
    static const QLatin1String defs("/$defs/");
    const QJsonObject *common = document(QStringLiteral("common_types.json"));
    if (fragment.startsWith(defs) && common && common != doc) {
        const std::optional<QJsonValue> def = json::resolve(QJsonValue(*common), fragment);
        if (def && (def->isObject() || def->isBool()))
            return Resolved {
                *def,
                common->value(QLatin1String("$id")).toString(QStringLiteral("common_types.json"))};
    }
    return std::nullopt;
}

SchemaErrors SchemaSet::validate(const QJsonValue &value, const QJsonValue &schema,
                                 const QString &baseUri, const Opaque &opaque) const
{
    const QJsonObject *doc = document(baseUri);
    const QJsonObject root = doc ? *doc : schema.toObject();
    return Validator(*this, root, opaque)
        .check(value, schema, baseUri, QString(), QString(), 0)
        .errors;
}

} // namespace agui::a2ui
