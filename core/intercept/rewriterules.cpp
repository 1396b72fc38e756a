#include "core/intercept/rewriterules.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>

namespace agui::intercept {

namespace {

constexpr int kMaxDelayMs = 600000; // ten minutes: longer is a mistake, not a test

const QStringList &actionNames()
{
    static const QStringList names {QStringLiteral("drop"), QStringLiteral("delay"),
                                    QStringLiteral("edit"), QStringLiteral("inject"),
                                    QStringLiteral("break")};
    return names;
}

// Reads one rule; returns the problem ("\"action\" must be ..."), empty when it is fine.
class RuleReader
{
public:
    explicit RuleReader(const QJsonObject &o)
        : m_o(o)
    { }

    QString read(RewriteRule *rule)
    {
        static const QStringList known {
            QStringLiteral("name"),  QStringLiteral("filter"),  QStringLiteral("action"),
            QStringLiteral("ms"),    QStringLiteral("patch"),   QStringLiteral("before"),
            QStringLiteral("after"), QStringLiteral("enabled"), QStringLiteral("times")};
        for (auto it = m_o.begin(); it != m_o.end(); ++it) {
            if (!known.contains(it.key()))
                return QStringLiteral("unknown field \"%1\" (a rule has %2)")
                    .arg(it.key(), known.join(QStringLiteral(", ")));
        }
        if (m_o.contains(QStringLiteral("name")) && !m_o.value(QStringLiteral("name")).isString())
            return QStringLiteral("\"name\" must be a string");
        if (const QString problem = readFilter(rule); !problem.isEmpty())
            return problem;
        if (const QString problem = readAction(rule); !problem.isEmpty())
            return problem;
        const QJsonValue enabled = m_o.value(QStringLiteral("enabled"));
        if (!enabled.isUndefined() && !enabled.isBool())
            return QStringLiteral("\"enabled\" must be true or false");
        rule->enabled = enabled.toBool(true);
        if (m_o.contains(QStringLiteral("times"))) {
            const int times = wholeNumber(QStringLiteral("times"), 1, 1000000000);
            if (times < 0)
                return QStringLiteral("\"times\" must be a whole number of 1 or more");
            rule->times = times;
        }
        return {};
    }

private:
    QString readFilter(RewriteRule *rule)
    {
        const QJsonValue filter = m_o.value(QStringLiteral("filter"));
        if (!filter.isString() || filter.toString().trimmed().isEmpty())
            return QStringLiteral("\"filter\" must be a filter, e.g. \"type:TOOL_CALL_END\"");
        rule->filter = EventFilter::parse(filter.toString());
        if (!rule->filter.isValid())
            return QStringLiteral("\"filter\": %1").arg(rule->filter.errorMessage());
        for (const EventFilter::Term &term : rule->filter.terms()) {
            // has: asks for the linter's findings, which come after the whole stream is seen.
            if (term.key == EventFilter::Key::Has)
                return QStringLiteral("\"filter\": has: cannot be used in a rule (an event's "
                                      "findings are not known when it passes the proxy)");
        }
        return {};
    }

    QString readAction(RewriteRule *rule)
    {
        const qsizetype action
            = actionNames().indexOf(m_o.value(QStringLiteral("action")).toString());
        if (action < 0)
            return QStringLiteral("\"action\" must be one of %1")
                .arg(actionNames().join(QStringLiteral(", ")));
        rule->action = RewriteAction(action);
        switch (rule->action) {
        case RewriteAction::Drop:
        case RewriteAction::Break:
            return {};
        case RewriteAction::Delay:
            rule->delayMs = wholeNumber(QStringLiteral("ms"), 0, kMaxDelayMs);
            return rule->delayMs < 0 ? QStringLiteral("\"ms\" must be a whole number of "
                                                      "milliseconds from 0 to %1")
                                           .arg(kMaxDelayMs)
                                     : QString();
        case RewriteAction::Edit:
            if (!m_o.value(QStringLiteral("patch")).isArray())
                return QStringLiteral("\"patch\" must be a JSON Patch (an array of operations)");
            rule->patch = m_o.value(QStringLiteral("patch")).toArray();
            return {};
        case RewriteAction::Inject:
            for (const QString &key : {QStringLiteral("before"), QStringLiteral("after")}) {
                const QString problem = readEvents(
                    key, key == QLatin1String("before") ? &rule->before : &rule->after);
                if (!problem.isEmpty())
                    return problem;
            }
            if (rule->before.isEmpty() && rule->after.isEmpty())
                return QStringLiteral("an inject rule needs \"before\" or \"after\" events");
            return {};
        }
        return {};
    }

    QString readEvents(const QString &key, QList<QJsonObject> *events)
    {
        const QJsonValue value = m_o.value(key);
        if (value.isUndefined())
            return {};
        if (!value.isArray())
            return QStringLiteral("\"%1\" must be an array of events").arg(key);
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (!array.at(i).isObject()
                || !array.at(i).toObject().value(QStringLiteral("type")).isString())
                return QStringLiteral("\"%1\"[%2] must be an event object with a \"type\"")
                    .arg(key)
                    .arg(i);
            events->append(array.at(i).toObject());
        }
        return {};
    }

    // The field as a whole number in [low, high], -1 when it is not one.
    int wholeNumber(const QString &key, int low, int high) const
    {
        const QJsonValue value = m_o.value(key);
        const double n = value.toDouble(-1);
        if (!value.isDouble() || std::floor(n) != n || n < low || n > high)
            return -1;
        return int(n);
    }

    const QJsonObject &m_o;
};

} // namespace

QString rewriteActionName(RewriteAction action)
{
    return actionNames().value(int(action));
}

RewriteRules RewriteRules::fromJson(const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("not JSON at byte %1: %2")
                     .arg(parseError.offset)
                     .arg(parseError.errorString());
        return {};
    }
    const QJsonArray array
        = doc.isArray() ? doc.array() : doc.object().value(QStringLiteral("rules")).toArray();
    if (!doc.isArray() && !doc.object().value(QStringLiteral("rules")).isArray()) {
        *error = QStringLiteral("expected {\"rules\": [...]} or an array of rules");
        return {};
    }
    RewriteRules rules;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonObject o = array.at(i).toObject();
        const QString label = o.value(QStringLiteral("name")).toString();
        const QString where = label.isEmpty()
            ? QStringLiteral("rule %1").arg(i + 1)
            : QStringLiteral("rule %1 (\"%2\")").arg(i + 1).arg(label);
        RewriteRule rule;
        const QString problem = array.at(i).isObject() ? RuleReader(o).read(&rule)
                                                       : QStringLiteral("must be an object");
        if (!problem.isEmpty()) {
            *error = QStringLiteral("%1: %2").arg(where, problem);
            return {};
        }
        rule.name = label.isEmpty() ? QStringLiteral("rule %1").arg(i + 1) : label;
        rules.m_rules.append(std::move(rule));
    }
    rules.m_source = QJsonDocument(array).toJson(QJsonDocument::Compact);
    error->clear();
    return rules;
}

RewriteRules RewriteRules::fromFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return {};
    }
    RewriteRules rules = fromJson(file.readAll(), error);
    if (!error->isEmpty())
        *error = QStringLiteral("%1: %2").arg(path, *error);
    return rules;
}

QByteArray RewriteRules::toJson() const
{
    return "{\"rules\":" + (m_source.isEmpty() ? QByteArray("[]") : m_source) + '}';
}

RewriteRules RewriteRules::withBreakpoints(const QStringList &filters, QString *error) const
{
    // Through the rules document, so a breakpoint is read (and refused) exactly as a rule is,
    // and kept with the session in the same words.
    QJsonArray array;
    QStringList kept;
    bool onRequest = false;
    for (const QString &written : filters) {
        const QString filter = written.trimmed();
        if (filter.isEmpty())
            continue;
        kept.append(filter);
        if (filter.compare(kRequestBreakpoint, Qt::CaseInsensitive) == 0)
            onRequest = true;
        else
            array.append(
                QJsonObject {{QStringLiteral("name"), QStringLiteral("breakpoint %1").arg(filter)},
                             {QStringLiteral("filter"), filter},
                             {QStringLiteral("action"), QStringLiteral("break")}});
    }
    const qsizetype breakRules = array.size();
    const QJsonArray own
        = QJsonDocument::fromJson(m_source.isEmpty() ? QByteArray("[]") : m_source).array();
    for (qsizetype i = m_breakRules; i < own.size(); ++i) { // those set before are replaced
        QJsonObject rule = own.at(i).toObject();
        if (!rule.contains(QStringLiteral("name"))) // "rule 2" stays rule 2 behind the breakpoints
            rule.insert(QStringLiteral("name"), m_rules.value(i).name);
        array.append(rule);
    }
    RewriteRules out = fromJson(QJsonDocument(array).toJson(QJsonDocument::Compact), error);
    if (!error->isEmpty())
        return out;
    out.m_breakOnRequest = onRequest;
    out.m_breakpoints = kept;
    out.m_breakRules = breakRules;
    return out;
}

bool RewriteRules::hasBreakpoints() const
{
    return m_breakOnRequest
        || std::any_of(m_rules.cbegin(), m_rules.cend(), [](const RewriteRule &rule) {
               return rule.enabled && rule.action == RewriteAction::Break;
           });
}

} // namespace agui::intercept
