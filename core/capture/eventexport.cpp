#include "core/capture/eventexport.h"

#include "core/wire/sseencoder.h"

#include <QJsonDocument>

namespace agui {

QByteArray eventAsJsonLine(const Event &event, QString *rewritten)
{
    QByteArray payload = event.payload;
    if (payload.endsWith('\n'))
        payload.chop(1);
    if (payload.endsWith('\r'))
        payload.chop(1);
    if (!payload.contains('\n') && !payload.contains('\r'))
        return payload + '\n';
    if (event.isValid() || !event.json.isEmpty()) {
        if (rewritten)
            *rewritten = QStringLiteral("the payload spans several lines; written as compact JSON");
        return QJsonDocument(event.json).toJson(QJsonDocument::Compact) + '\n';
    }
    if (rewritten)
        *rewritten = QStringLiteral(
            "the payload is not JSON and spans several lines; line ends written as spaces");
    payload.replace('\r', ' ');
    payload.replace('\n', ' ');
    return payload + '\n';
}

QByteArray eventAsSse(const Event &event)
{
    if (event.framing == Framing::Sse && !event.raw.isEmpty())
        return event.raw;
    QByteArray payload = event.payload;
    while (payload.endsWith('\n') || payload.endsWith('\r'))
        payload.chop(1);
    return encodeSse(payload);
}

} // namespace agui
