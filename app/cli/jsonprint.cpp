#include "app/cli/jsonprint.h"

#include "core/json/jsontext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace agui::cli {

QString indentedJson(const QJsonValue &value)
{
    if (value.isUndefined())
        return QStringLiteral("null\n");
    return json::toIndentedJson(value) + QLatin1Char('\n');
}

bool parseAtOption(const QString &text, qint64 eventCount, qint64 *seq, QString *error)
{
    if (text.isEmpty()) {
        *seq = eventCount - 1;
        return true;
    }
    bool ok = false;
    const qint64 n = text.toLongLong(&ok);
    if (!ok || n < -1 || n >= eventCount) {
        *error = eventCount == 0
            ? QStringLiteral("--at %1: the input has no events (only -1 is valid)").arg(text)
            : QStringLiteral("--at %1: not an event index (0..%2, or -1 for before the first "
                             "event)")
                  .arg(text)
                  .arg(eventCount - 1);
        return false;
    }
    *seq = n;
    return true;
}

} // namespace agui::cli
