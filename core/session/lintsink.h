#pragma once

#include "core/json/jsonview.h"
#include "core/session/linter.h"

#include <QJsonValue>
#include <QString>
#include <QStringView>

#include <optional>

namespace agui {

// Where the linter's rule engines put their findings. Severity and layer come from the rule table
// (lintrules.h), so an engine names only the rule, the event, the field and the message.
class LintSink
{
public:
    explicit LintSink(Findings *out)
        : m_out(out)
    { }

    void report(QStringView ruleId, qint64 eventIndex, const QString &path, const QString &message);
    // A diagnostic produced by another layer, passed through unchanged.
    void passThrough(qint64 eventIndex, const Diagnostic &diagnostic);

private:
    Findings *m_out;
};

// Helpers shared by the engines.
namespace lint {

// JSON Pointer token escaping (RFC 6901): "~" -> "~0", "/" -> "~1".
QString pointerToken(const QString &key);
// The string value of a member, or nullopt when absent or not a string (the schema layer reports
// wrong types; the rules then skip what they cannot identify).
std::optional<QString> stringMember(const QJsonObject &obj, QLatin1StringView key);
std::optional<QString> stringMember(json::JsonView obj, QLatin1StringView key);
std::optional<QString> stringMember(const EventView &event, QLatin1StringView key);
std::optional<QString> stringMember(const EventView &event, EventKey key);
bool hasNullMember(const QJsonObject &obj, QLatin1StringView key);
bool hasNullMember(json::JsonView obj, QLatin1StringView key);

} // namespace lint

} // namespace agui
