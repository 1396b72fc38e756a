#include "core/a2ui/functions.h"

#include "core/a2ui/binding.h"
#include "core/a2ui/expression.h"

#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QLocale>
#include <QMutex>
#include <QRegularExpression>

#include <cmath>

namespace agui::a2ui {

namespace {

bool isEmptyValue(const QJsonValue &v)
{
    if (v.isUndefined() || v.isNull())
        return true;
    if (v.isString())
        return v.toString().isEmpty();
    if (v.isArray())
        return v.toArray().isEmpty();
    return false;
}

} // namespace

// The template's parts (parseExpressionTemplate) evaluated in scope: literals as they are, paths
// and calls through resolve(). A template that does not parse is shown as written, so the user
// sees what the agent sent rather than a blank.
QString formatString(const QString &templ, const QJsonValue &dataModel, const QString &scopePath)
{
    const ExpressionTemplate parsed = parseExpressionTemplate(templ);
    if (!parsed.ok())
        return templ;
    QString out;
    for (const QJsonValue &part : parsed.parts)
        out.append(toDisplayString(part.isObject() ? resolve(part, dataModel, scopePath) : part));
    return out;
}

namespace {

// JavaScript truthiness, what the logic functions (and, or, not) apply to their operands: false,
// 0, NaN, "", null and nothing are false; everything else, objects and arrays included, is true.
bool isTruthy(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        return false;
    case QJsonValue::Bool:
        return v.toBool();
    case QJsonValue::Double:
        return v.toDouble() != 0 && !std::isnan(v.toDouble());
    case QJsonValue::String:
        return !v.toString().isEmpty();
    case QJsonValue::Array:
    case QJsonValue::Object:
        return true;
    }
    return false;
}

// What a logic function's operand counts as: v1.0 reads a ValidationResult ({"valid": bool, …},
// what a check returns) by its verdict; before v1.0 it is an object, so truthy.
bool operandTruth(const QJsonValue &v, bool v10)
{
    const QJsonValue valid = v.toObject().value(QLatin1String("valid"));
    if (v10 && valid.isBool())
        return valid.toBool();
    return isTruthy(v);
}

// The symbol of an ISO 4217 currency as the locales that use it write it ("$" for USD), or "".
QString currencySymbol(const QString &isoCode)
{
    static QHash<QString, QString> cache;
    static QMutex mutex;
    const QMutexLocker lock(&mutex);
    const auto it = cache.constFind(isoCode);
    if (it != cache.cend())
        return *it;
    QString symbol;
    for (const QLocale &l : QLocale::matchingLocales(QLocale::AnyLanguage, QLocale::AnyScript,
                                                     QLocale::AnyTerritory)) {
        if (l.currencySymbol(QLocale::CurrencyIsoCode) == isoCode) {
            symbol = l.currencySymbol(QLocale::CurrencySymbol);
            // The English-speaking locales' symbol first ("$", not "US$").
            if (l.language() == QLocale::English)
                break;
        }
    }
    cache.insert(isoCode, symbol);
    return symbol;
}

} // namespace

QJsonValue callFunction(const QJsonObject &call, const QJsonValue &dataModel,
                        const QString &scopePath, QString *error)
{
    // v1.0 spells the name "@call" (reserved keys); earlier versions "call".
    const QString name = call.value(QStringLiteral("@call"))
                             .toString(call.value(QStringLiteral("call")).toString());
    // A call spelled with the reserved "@call" is a v1.0 call (before v1.0 the key is "call").
    const bool v10 = call.contains(QStringLiteral("@call"));
    const QJsonObject args = call.value(QStringLiteral("args")).toObject();
    auto arg = [&](const char *key) {
        return resolve(args.value(QLatin1String(key)), dataModel, scopePath);
    };
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return QJsonValue(QJsonValue::Undefined);
    };
    auto needs = [&](const char *key) { return !args.contains(QLatin1String(key)); };

    if (name == QStringLiteral("required"))
        return !isEmptyValue(arg("value"));
    if (name == QStringLiteral("regex")) {
        if (needs("pattern"))
            return fail(QStringLiteral("regex: args.pattern is required"));
        const QRegularExpression re(toDisplayString(arg("pattern")));
        if (!re.isValid())
            return fail(QStringLiteral("regex: invalid pattern: %1").arg(re.errorString()));
        // JavaScript RegExp.test semantics: a match anywhere counts.
        return re.match(toDisplayString(arg("value"))).hasMatch();
    }
    if (name == QStringLiteral("length")) {
        const QJsonValue v = arg("value");
        const qsizetype len = v.isArray() ? v.toArray().size() : toDisplayString(v).size();
        const QJsonValue min = arg("min"), max = arg("max");
        if (!min.isUndefined() && !min.isNull() && len < toNumber(min))
            return false;
        if (!max.isUndefined() && !max.isNull() && len > toNumber(max))
            return false;
        return true;
    }
    if (name == QStringLiteral("numeric")) {
        const QJsonValue v = arg("value");
        double n = 0;
        if (v.isDouble()) {
            n = v.toDouble();
        } else if (v.isString()) {
            bool ok = false;
            n = v.toString().trimmed().toDouble(&ok);
            if (!ok)
                return false;
        } else {
            return false;
        }
        const QJsonValue min = arg("min"), max = arg("max");
        if (!min.isUndefined() && !min.isNull() && n < toNumber(min))
            return false;
        if (!max.isUndefined() && !max.isNull() && n > toNumber(max))
            return false;
        return true;
    }
    if (name == QStringLiteral("email")) {
        // A top-level domain has at least two letters ("a@b.c" is not an address).
        static const QRegularExpression re(QStringLiteral("^[^\\s@]+@[^\\s@]+\\.[^\\s@.]{2,}$"));
        return re.match(toDisplayString(arg("value"))).hasMatch();
    }
    if (name == QStringLiteral("and") || name == QStringLiteral("or")) {
        const QJsonValue values = args.value(QStringLiteral("values"));
        if (!values.isArray())
            return fail(QStringLiteral("%1: args.values must be an array").arg(name));
        const bool isAnd = name == QStringLiteral("and");
        if (values.toArray().size() < 2)
            return fail(QStringLiteral("%1: args.values needs at least two values").arg(name));
        for (const auto &v : values.toArray()) {
            const bool b = operandTruth(resolve(v, dataModel, scopePath), v10);
            if (isAnd && !b)
                return false;
            if (!isAnd && b)
                return true;
        }
        return isAnd;
    }
    if (name == QStringLiteral("not"))
        return !operandTruth(arg("value"), v10);
    if (name == QStringLiteral("formatString"))
        return formatString(toDisplayString(arg("value")), dataModel, scopePath);
    if (name == QStringLiteral("formatNumber")) {
        const double n = toNumber(arg("value"));
        const QJsonValue decimals = arg("decimals");
        const QJsonValue grouping = arg("grouping");
        QLocale locale(QLocale::English, QLocale::UnitedStates);
        if (!grouping.isUndefined() && !toBool(grouping))
            locale.setNumberOptions(QLocale::OmitGroupSeparator);
        if (decimals.isUndefined()) {
            const bool integral = std::floor(n) == n;
            return locale.toString(n, 'f', integral ? 0 : 2);
        }
        return locale.toString(n, 'f', int(toNumber(decimals)));
    }
    if (name == QStringLiteral("formatCurrency")) {
        if (needs("currency"))
            return fail(QStringLiteral("formatCurrency: args.currency is required"));
        const double n = toNumber(arg("value"));
        const QJsonValue decimals = arg("decimals");
        QLocale locale(QLocale::English, QLocale::UnitedStates);
        if (!arg("grouping").isUndefined() && !toBool(arg("grouping")))
            locale.setNumberOptions(QLocale::OmitGroupSeparator);
        const QString code = toDisplayString(arg("currency")).toUpper();
        const QString amount = locale.toString(
            std::abs(n), 'f', decimals.isUndefined() ? 2 : int(toNumber(decimals)));
        // The currency's own symbol ("$1,234.50"); a code no locale knows keeps the ISO code in
        // front, unambiguous.
        const QString symbol = currencySymbol(code);
        const QString sign = n < 0 ? QStringLiteral("-") : QString();
        return symbol.isEmpty() ? QStringLiteral("%1%2 %3").arg(sign, code, amount)
                                : sign + symbol + amount;
    }
    if (name == QStringLiteral("formatDate")) {
        if (needs("format"))
            return fail(QStringLiteral("formatDate: args.format is required"));
        const QString text = toDisplayString(arg("value"));
        QDateTime when = QDateTime::fromString(text, Qt::ISODateWithMs);
        if (!when.isValid())
            when = QDateTime(QDate::fromString(text, Qt::ISODate), QTime(0, 0));
        // Not a date (or an impossible one, 2026-02-30): nothing to show, as the basic catalog's
        // reference renderers do; the inspector shows the call and its input beside it.
        if (!when.isValid())
            return QString();
        // The common TR35 letters (y M d H h m s a E) read the same in Qt's format syntax.
        return QLocale(QLocale::English, QLocale::UnitedStates)
            .toString(when, toDisplayString(arg("format")));
    }
    if (name == QStringLiteral("pluralize")) {
        if (needs("other"))
            return fail(QStringLiteral("pluralize: args.other is required"));
        // English plural rules (CLDR: one for exactly 1, other otherwise); zero/two are used
        // when given, as many renderers do for readability.
        const double n = toNumber(arg("value"));
        const char *category = n == 0 && args.contains(QStringLiteral("zero")) ? "zero"
            : n == 1                                                           ? "one"
            : n == 2 && args.contains(QStringLiteral("two"))                   ? "two"
                                                                               : "other";
        const QJsonValue chosen = arg(category);
        return toDisplayString(chosen.isUndefined() ? arg("other") : chosen);
    }
    // openUrl returns nothing. Its side effect belongs to a user action (the renderer's
    // localFunctionTriggered); evaluating it as a value opens nothing.
    // A disallowed scheme is an error (functions.yaml); which ones are allowed is the
    // renderer's call: web and mail links, never "javascript:" or "file:".
    if (name == QStringLiteral("openUrl")) {
        const QString url = toDisplayString(arg("url"));
        const QString scheme = url.section(QLatin1Char(':'), 0, 0).toLower();
        static const QStringList allowed {QStringLiteral("http"), QStringLiteral("https"),
                                          QStringLiteral("mailto")};
        if (!url.contains(QLatin1Char(':')) || !allowed.contains(scheme))
            return fail(
                QStringLiteral("openUrl: \"%1\" is not an http, https or mailto URL").arg(url));
        return QJsonValue(QJsonValue::Null);
    }
    return fail(QStringLiteral("unknown function \"%1\"").arg(name));
}

ChecksResult evaluateChecks(const QJsonValue &checks, const QJsonValue &dataModel,
                            const QString &scopePath)
{
    ChecksResult result;
    if (checks.isUndefined() || checks.isNull())
        return result;
    if (!checks.isArray()) {
        result.ok = false;
        result.errors.append(QStringLiteral("checks must be an array"));
        return result;
    }
    const QJsonArray rules = checks.toArray();
    for (qsizetype i = 0; i < rules.size(); ++i) {
        const QJsonObject rule = rules.at(i).toObject();
        const QString message = rule.value(QStringLiteral("message")).toString();
        QJsonValue condition = rule.value(QStringLiteral("condition"));
        if (condition.isUndefined() && rule.value(QStringLiteral("call")).isString())
            condition = rule; // older prose form: call/args directly on the rule
        bool passed = false;
        if (condition.isUndefined()) {
            result.errors.append(QStringLiteral("checks[%1] has no condition").arg(i));
        } else if (condition.isObject()
                   && condition.toObject().value(QStringLiteral("call")).isString()) {
            QString err;
            const QJsonValue v = callFunction(condition.toObject(), dataModel, scopePath, &err);
            if (!err.isEmpty()) {
                result.errors.append(QStringLiteral("checks[%1]: %2").arg(i).arg(err));
            } else if (v.isObject() && v.toObject().contains(QStringLiteral("valid"))) {
                passed = toBool(v.toObject().value(QStringLiteral("valid")));
            } else {
                passed = toBool(v);
            }
        } else {
            passed = toBool(resolve(condition, dataModel, scopePath));
        }
        if (!passed) {
            result.ok = false;
            result.failures.append(CheckFailure {i, message});
        }
    }
    return result;
}

} // namespace agui::a2ui
