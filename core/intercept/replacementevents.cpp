#include "core/intercept/replacementevents.h"

#include "core/protocol/catalogue.h"
#include "core/protocol/eventtype.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

namespace agui::intercept {

namespace {

// 1-based line and column of a byte offset, for an editor's reader.
QString lineAndColumn(const QByteArray &text, qsizetype offset)
{
    const QByteArray before = text.left(offset);
    const qsizetype lastBreak = before.lastIndexOf('\n');
    return QStringLiteral("line %1, column %2")
        .arg(before.count('\n') + 1)
        .arg(QString::fromUtf8(before.mid(lastBreak + 1)).size() + 1);
}

} // namespace

ReplacementEvents readReplacementEvents(const QByteArray &text)
{
    ReplacementEvents out;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        out.error = QStringLiteral("not JSON at %1: %2")
                        .arg(lineAndColumn(text, parseError.offset), parseError.errorString());
        return out;
    }
    const QJsonArray array = doc.isArray() ? doc.array() : QJsonArray {doc.object()};
    const bool several = doc.isArray();
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString which
            = several ? QStringLiteral("event %1").arg(i + 1) : QStringLiteral("the event");
        const QJsonObject event = array.at(i).toObject();
        if (!array.at(i).isObject() || !event.value(QStringLiteral("type")).isString()) {
            out.error = QStringLiteral("%1 must be an object with a \"type\"").arg(which);
            out.events.clear();
            return out;
        }
        const EventType type = eventTypeFromName(event.value(QStringLiteral("type")).toString());
        for (const Diagnostic &d : validateEvent(event, type))
            out.warnings.append(
                QStringLiteral("%1 (%2): %3")
                    .arg(which, d.path.isEmpty() ? QStringLiteral("/") : d.path, d.message));
        out.events.append(event);
    }
    return out;
}

} // namespace agui::intercept
