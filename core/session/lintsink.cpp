#include "core/session/lintsink.h"

#include "core/json/sharedstring.h"
#include "core/session/lintrules.h"

#include <QJsonObject>

namespace agui {

void LintSink::report(QStringView ruleId, qint64 eventIndex, const QString &path,
                      const QString &message)
{
    const LintRule *rule = findLintRule(ruleId);
    Q_ASSERT_X(rule, "LintSink::report", "rule id missing from lintrules.cpp");
    Finding f;
    f.eventIndex = eventIndex;
    f.diagnostic.ruleId = ruleId.toString();
    f.diagnostic.severity = rule ? rule->severity : Severity::Error;
    f.diagnostic.path = path;
    f.diagnostic.message = message;
    f.layer = rule ? QString(rule->layer) : QStringLiteral("lint");
    m_out->append(f);
}

void LintSink::passThrough(qint64 eventIndex, const Diagnostic &diagnostic)
{
    // The schema layer's ids are not in the rule table; the one row it produces that is
    // (compat.newer-field) carries its own layer.
    const LintRule *rule = findLintRule(diagnostic.ruleId);
    m_out->append(
        Finding {eventIndex, diagnostic, rule ? QString(rule->layer) : QStringLiteral("schema")});
}

namespace lint {

QString pointerToken(const QString &key)
{
    QString t = key;
    t.replace(QLatin1Char('~'), QLatin1String("~0"));
    t.replace(QLatin1Char('/'), QLatin1String("~1"));
    return t;
}

std::optional<QString> stringMember(const QJsonObject &obj, QLatin1StringView key)
{
    const QJsonValue v = obj.value(key);
    if (!v.isString())
        return std::nullopt;
    return v.toString();
}

static std::optional<QString> stringOf(json::JsonView v)
{
    if (!v.isString())
        return std::nullopt;
    return json::sharedString(v.utf8()); // ids, mostly: the same few come back event after event
}

std::optional<QString> stringMember(json::JsonView obj, QLatin1StringView key)
{
    return stringOf(obj.value(key));
}

std::optional<QString> stringMember(const EventView &event, QLatin1StringView key)
{
    return stringOf(event.value(key));
}

std::optional<QString> stringMember(const EventView &event, EventKey key)
{
    return stringOf(event.value(key));
}

bool hasNullMember(json::JsonView obj, QLatin1StringView key)
{
    return obj.value(key).isNull();
}

bool hasNullMember(const QJsonObject &obj, QLatin1StringView key)
{
    const auto it = obj.constFind(key);
    return it != obj.constEnd() && it->isNull();
}

} // namespace lint

} // namespace agui
