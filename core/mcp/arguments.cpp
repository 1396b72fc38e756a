#include "core/mcp/arguments.h"

#include "core/json/jsontext.h"

#include <QJsonDocument>

#include <cmath>

namespace agui::mcp {

namespace {

// "a string", "an object", "null": for "must be X, not <this>".
QString typeOf(const QJsonValue &v)
{
    const QString name = json::typeName(v.type());
    if (v.isNull() || v.isUndefined())
        return name;
    const bool vowel = name.startsWith(QLatin1Char('a')) || name.startsWith(QLatin1Char('o'));
    return (vowel ? QStringLiteral("an ") : QStringLiteral("a ")) + name;
}

} // namespace

Arguments::Arguments(const QJsonObject &arguments, const QString &owner)
    : m_args(arguments)
    , m_owner(owner)
{ }

QString Arguments::query() const
{
    QJsonObject rest = m_args;
    rest.remove(QLatin1String("cursor"));
    rest.remove(QLatin1String("limit"));
    return m_owner + QLatin1Char(' ')
        + QString::fromUtf8(QJsonDocument(rest).toJson(QJsonDocument::Compact));
}

void Arguments::fail(const char *name, const QString &message)
{
    if (m_error.isSet())
        return;
    m_error.code = InvalidParams;
    m_error.message
        = QStringLiteral("%1: argument \"%2\" %3").arg(m_owner, QLatin1String(name), message);
    m_error.data = QJsonObject {{QLatin1String("argument"), QLatin1String(name)}};
}

void Arguments::rejectUnknown(const QStringList &known)
{
    for (auto it = m_args.constBegin(); it != m_args.constEnd(); ++it) {
        if (!known.contains(it.key())) {
            fail(qPrintable(it.key()),
                 QStringLiteral("is not an argument (it takes: %1)")
                     .arg(known.isEmpty() ? QStringLiteral("none")
                                          : known.join(QStringLiteral(", "))));
            return;
        }
    }
}

QString Arguments::string(const char *name, bool required)
{
    const QJsonValue v = m_args.value(QLatin1String(name));
    if (v.isUndefined()) {
        if (required)
            fail(name, QStringLiteral("is required"));
        return {};
    }
    if (!v.isString()) {
        fail(name, QStringLiteral("must be a string, not %1").arg(typeOf(v)));
        return {};
    }
    return v.toString();
}

qint64 Arguments::integer(const char *name, std::optional<qint64> fallback, qint64 min, qint64 max)
{
    const QJsonValue v = m_args.value(QLatin1String(name));
    if (v.isUndefined()) {
        if (!fallback)
            fail(name, QStringLiteral("is required"));
        return fallback.value_or(min);
    }
    const double d = v.toDouble();
    if (!v.isDouble() || std::floor(d) != d || d < double(min) || d > double(max)) {
        const QString got = v.isDouble() ? QString::number(d) : typeOf(v);
        fail(name,
             QStringLiteral("must be an integer from %1 to %2, not %3").arg(min).arg(max).arg(got));
        return fallback.value_or(min);
    }
    return qint64(d);
}

bool Arguments::boolean(const char *name, bool fallback)
{
    const QJsonValue v = m_args.value(QLatin1String(name));
    if (v.isUndefined())
        return fallback;
    if (!v.isBool()) {
        fail(name, QStringLiteral("must be true or false, not %1").arg(typeOf(v)));
        return fallback;
    }
    return v.toBool();
}

QString Arguments::choice(const char *name, const QStringList &choices, const QString &fallback)
{
    const QString v = string(name);
    if (!has(name) || !ok())
        return fallback;
    if (!choices.contains(v)) {
        fail(name,
             QStringLiteral("must be one of %1, not \"%2\"")
                 .arg(choices.join(QStringLiteral(", ")), v));
        return fallback;
    }
    return v;
}

} // namespace agui::mcp
