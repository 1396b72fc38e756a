#include "core/a2ui/binding.h"

#include "core/a2ui/functions.h"
#include "core/json/jsonpatch.h"
#include "core/json/jsonpointer.h"
#include "core/json/jsontext.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace agui::a2ui {

QString absolutePath(const QString &path, const QString &scopePath)
{
    if (path.startsWith(QLatin1Char('/')))
        return path;
    QString rel = path;
    if (rel.startsWith(QStringLiteral("./")))
        rel = rel.mid(2);
    // A scope written with a trailing "/" ("/bar/") is the same scope.
    QString scope = scopePath;
    while (scope.endsWith(QLatin1Char('/')))
        scope.chop(1);
    if (rel.isEmpty() || rel == QStringLiteral("."))
        return scope;
    return scope + QLatin1Char('/') + rel;
}

QString modelPointer(const QString &path)
{
    QString p = path;
    while (p.endsWith(QLatin1Char('/')))
        p.chop(1);
    return p;
}

std::optional<QJsonValue> readValue(const QJsonValue &model, const QString &path)
{
    return json::resolve(model, modelPointer(path));
}

QStringList changedPaths(const QJsonValue &before, const QJsonValue &after,
                         const QStringList &watched)
{
    QStringList out;
    for (const QString &path : watched) {
        const std::optional<QJsonValue> was = readValue(before, path);
        const std::optional<QJsonValue> is = readValue(after, path);
        const bool same
            = was.has_value() == is.has_value() && (!was || json::jsonEquals(*was, *is));
        if (!same)
            out.append(path);
    }
    return out;
}

QString normalizeV08Path(const QString &path)
{
    if (path.isEmpty() || path == QStringLiteral("/"))
        return path;
    const bool absolute = path.startsWith(QLatin1Char('/'));
    QString body = absolute ? path.mid(1) : path;
    // a[0] -> a.0 ; then dots and slashes both separate steps.
    static const QRegularExpression brackets(QStringLiteral("\\[(\\d+)\\]"));
    body.replace(brackets, QStringLiteral(".\\1"));
    QStringList steps;
    const QStringList parts = body.split(QRegularExpression(QStringLiteral("[./]")));
    for (const QString &part : parts) {
        if (!part.isEmpty())
            steps.append(part);
    }
    const QString joined = steps.join(QLatin1Char('/'));
    return absolute ? QLatin1Char('/') + joined : joined;
}

static QJsonValue stripTemplateRoots(const QJsonValue &v)
{
    if (v.isArray()) {
        QJsonArray out;
        for (const auto &item : v.toArray())
            out.append(stripTemplateRoots(item));
        return out;
    }
    if (!v.isObject())
        return v;
    QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key() == QStringLiteral("path") && it.value().isString()) {
            QString p = it.value().toString();
            if (p == QStringLiteral("/item") || p == QStringLiteral("/")) {
                p = QStringLiteral(".");
            } else {
                for (const QString &prefix :
                     {QStringLiteral("/item/"), QStringLiteral("./"), QStringLiteral("/")}) {
                    if (p.startsWith(prefix)) {
                        p = p.mid(prefix.size());
                        break;
                    }
                }
            }
            it.value() = p;
        } else {
            it.value() = stripTemplateRoots(it.value());
        }
    }
    return o;
}

QJsonObject v08TemplateRelative(const QJsonObject &normalized)
{
    QJsonObject out = stripTemplateRoots(normalized).toObject();
    out.insert(QStringLiteral("id"), normalized.value(QStringLiteral("id")));
    out.insert(QStringLiteral("component"), normalized.value(QStringLiteral("component")));
    return out;
}

static bool isV08Literal(const QJsonObject &o)
{
    return o.contains(QStringLiteral("literalString"))
        || o.contains(QStringLiteral("literalNumber"))
        || o.contains(QStringLiteral("literalBoolean"))
        || o.contains(QStringLiteral("literalArray"));
}

static QJsonValue v08Literal(const QJsonObject &o)
{
    for (const char *key : {"literalString", "literalNumber", "literalBoolean", "literalArray"}) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isUndefined())
            return v;
    }
    return QJsonValue(QJsonValue::Undefined);
}

// v1.0 reserves the "@" namespace (a2ui.org v1.0, "Reserved keys"): {"@path"} binds and
// {"@call"} calls, and a literal key that starts with "@" is written doubled ("@@path"). The
// v0.9 spellings {"path"} and {"call"} are read in every version: the inspector shows what an
// agent meant when it mixed them.
static QJsonValue reservedOr(const QJsonObject &o, const char *v10Key, const char *v09Key)
{
    const QJsonValue v10 = o.value(QLatin1String(v10Key));
    return v10.isString() ? v10 : o.value(QLatin1String(v09Key));
}

static QJsonValue callName(const QJsonObject &o)
{
    return reservedOr(o, "@call", "call");
}

static QJsonValue pathValue(const QJsonObject &o)
{
    return reservedOr(o, "@path", "path");
}

static bool hasDoubledAt(const QJsonValue &v)
{
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        return std::any_of(a.begin(), a.end(), [](const QJsonValue &x) { return hasDoubledAt(x); });
    }
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key().startsWith(QLatin1String("@@")) || hasDoubledAt(it.value()))
            return true;
    }
    return false;
}

static QJsonValue undoubledAt(const QJsonValue &v)
{
    if (v.isArray()) {
        QJsonArray out;
        for (const QJsonValue &x : v.toArray())
            out.append(undoubledAt(x));
        return out;
    }
    if (!v.isObject())
        return v;
    const QJsonObject o = v.toObject();
    QJsonObject out;
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = it.key().startsWith(QLatin1String("@@")) ? it.key().mid(1) : it.key();
        out.insert(key, undoubledAt(it.value()));
    }
    return out;
}

QJsonValue literalValue(const QJsonValue &literal)
{
    return hasDoubledAt(literal) ? undoubledAt(literal) : literal;
}

QJsonValue resolve(const QJsonValue &bound, const QJsonValue &dataModel, const QString &scopePath)
{
    if (!bound.isObject())
        return bound;
    const QJsonObject o = bound.toObject();
    if (callName(o).isString())
        return callFunction(o, dataModel, scopePath);
    const QJsonValue path = pathValue(o);
    if (path.isString()) {
        const auto found = readValue(dataModel, absolutePath(path.toString(), scopePath));
        if (found)
            return *found;
        if (isV08Literal(o))
            return v08Literal(o);
        return QJsonValue(QJsonValue::Undefined);
    }
    if (isV08Literal(o))
        return v08Literal(o);
    return literalValue(bound);
}

std::optional<QString> boundPath(const QJsonValue &bound, const QString &scopePath)
{
    if (!bound.isObject())
        return std::nullopt;
    const QJsonObject o = bound.toObject();
    if (callName(o).isString())
        return std::nullopt;
    const QJsonValue path = pathValue(o);
    if (!path.isString())
        return std::nullopt;
    return absolutePath(path.toString(), scopePath);
}

static void collectTemplatePaths(const QString &templ, const QString &scopePath, QStringList &out)
{
    // ${x} where x is a path (not a function call); nested ${...} inside calls are found too.
    static const QRegularExpression re(QStringLiteral("\\$\\{\\s*([^${}()]+?)\\s*\\}"));
    auto it = re.globalMatch(templ);
    while (it.hasNext()) {
        const auto m = it.next();
        if (m.capturedStart() > 0 && templ.at(m.capturedStart() - 1) == QLatin1Char('\\'))
            continue;
        out.append(absolutePath(m.captured(1), scopePath));
    }
}

static void collectPaths(const QJsonValue &bound, const QString &scopePath, QStringList &out)
{
    if (bound.isArray()) {
        for (const auto &v : bound.toArray())
            collectPaths(v, scopePath, out);
        return;
    }
    if (!bound.isObject())
        return;
    const QJsonObject o = bound.toObject();
    if (callName(o).isString()) {
        const QJsonObject args = o.value(QStringLiteral("args")).toObject();
        if (callName(o).toString() == QStringLiteral("formatString")
            && args.value(QStringLiteral("value")).isString())
            collectTemplatePaths(args.value(QStringLiteral("value")).toString(), scopePath, out);
        for (auto it = args.begin(); it != args.end(); ++it)
            collectPaths(it.value(), scopePath, out);
        return;
    }
    if (pathValue(o).isString()) {
        out.append(absolutePath(pathValue(o).toString(), scopePath));
        return;
    }
    // Structured props (action contexts, tab titles, option labels) hold bindings too.
    for (auto it = o.begin(); it != o.end(); ++it)
        collectPaths(it.value(), scopePath, out);
}

QStringList dependencyPaths(const QJsonValue &bound, const QString &scopePath)
{
    QStringList out;
    collectPaths(bound, scopePath, out);
    out.removeDuplicates();
    return out;
}

static QString typeName(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::String:
        return QStringLiteral("string");
    case QJsonValue::Double:
        return QStringLiteral("number");
    case QJsonValue::Bool:
        return QStringLiteral("boolean");
    default:
        return QStringLiteral("value");
    }
}

static bool setAt(QJsonValue &node, const QStringList &tokens, qsizetype i, const QJsonValue &value,
                  QString *error)
{
    if (i == tokens.size()) {
        node = value;
        return true;
    }
    const QString &token = tokens.at(i);
    const bool last = i + 1 == tokens.size();
    if (node.isUndefined() || node.isNull()) {
        if (value.isUndefined() && last)
            return true; // removing what is not there
        node = json::parseArrayIndex(token) ? QJsonValue(QJsonArray()) : QJsonValue(QJsonObject());
    }
    if (node.isObject()) {
        QJsonObject obj = node.toObject();
        if (last && value.isUndefined()) {
            obj.remove(token);
        } else {
            QJsonValue child = obj.value(token);
            if (!setAt(child, tokens, i + 1, value, error))
                return false;
            obj.insert(token, child);
        }
        node = obj;
        return true;
    }
    if (node.isArray()) {
        QJsonArray arr = node.toArray();
        qsizetype index = -1;
        if (token == QStringLiteral("-"))
            index = arr.size();
        else if (const auto parsed = json::parseArrayIndex(token))
            index = *parsed;
        if (index < 0) {
            if (error)
                *error
                    = QStringLiteral("%1: non-numeric segment \"%2\" in an array (not an "
                                     "array index)")
                          .arg(json::Pointer::fromTokens(tokens.mid(0, i + 1)).toString(), token);
            return false;
        }
        if (last && value.isUndefined()) {
            // v0.9: removing an array element leaves the slot (length kept).
            if (index < arr.size())
                arr[index] = QJsonValue(QJsonValue::Null);
            node = arr;
            return true;
        }
        while (arr.size() <= index)
            arr.append(QJsonValue(QJsonValue::Null));
        QJsonValue child = arr.at(index);
        if (!setAt(child, tokens, i + 1, value, error))
            return false;
        arr[index] = child;
        node = arr;
        return true;
    }
    if (error)
        *error = QStringLiteral("Cannot set path %1: cannot write through a %2 at %3")
                     .arg(json::Pointer::fromTokens(tokens).toString(), typeName(node),
                          json::Pointer::fromTokens(tokens.mid(0, i)).toString());
    return false;
}

bool writeValue(QJsonValue &model, const QString &path, const QJsonValue &value, QString *error)
{
    QString perr;
    const auto pointer = json::Pointer::parse(modelPointer(path), &perr);
    if (!pointer) {
        if (error)
            *error = QStringLiteral("\"%1\" is not a JSON Pointer: %2").arg(path, perr);
        return false;
    }
    QJsonValue copy = model;
    if (pointer->isRoot()) {
        model = value.isUndefined() ? QJsonValue(QJsonObject()) : value;
        return true;
    }
    if (!setAt(copy, pointer->tokens(), 0, value, error))
        return false;
    model = copy;
    return true;
}

QString toDisplayString(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String:
        return value.toString();
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        return QString();
    default:
        return json::toCompactJson(value);
    }
}

double toNumber(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Double:
        return value.toDouble();
    case QJsonValue::Bool:
        return value.toBool() ? 1 : 0;
    case QJsonValue::String: {
        bool ok = false;
        const double d = value.toString().trimmed().toDouble(&ok);
        return ok ? d : 0;
    }
    default:
        return 0;
    }
}

bool toBool(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        return value.toBool();
    case QJsonValue::Double:
        return value.toDouble() != 0;
    case QJsonValue::String:
        return value.toString() == QStringLiteral("true");
    case QJsonValue::Array:
    case QJsonValue::Object:
        return true;
    default:
        return false;
    }
}

} // namespace agui::a2ui
