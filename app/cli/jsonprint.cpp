#include "app/cli/jsonprint.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace agui::cli {

QString indentedJson(const QJsonValue &value)
{
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Indented));
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Indented));
    if (value.isUndefined() || value.isNull())
        return QStringLiteral("null\n");
    // A scalar: QJsonDocument only holds containers, so write it inside one and unwrap it.
    QByteArray text = QJsonDocument(QJsonArray {value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(text.mid(1, text.size() - 2)) + QLatin1Char('\n');
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
