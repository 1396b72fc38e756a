#include "core/capture/eventexport.h"

#include "core/wire/sseencoder.h"

#include <QJsonDocument>

namespace agui {

namespace {

// A protobuf event's payload is the binary message: its text form is the decoded JSON.
QByteArray protoAsJson(const Event &event, QString *rewritten)
{
    if (!event.json.isEmpty())
        return QJsonDocument(event.json).toJson(QJsonDocument::Compact);
    if (rewritten)
        *rewritten = QStringLiteral(
            "the protobuf frame could not be decoded; written as a base64 JSON string");
    return '"' + event.payload.toBase64() + '"';
}

} // namespace

QByteArray eventAsJsonLine(const Event &event, QString *rewritten)
{
    if (event.framing == Framing::Proto)
        return protoAsJson(event, rewritten) + '\n';
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
    if (event.framing == Framing::Proto)
        return encodeSse(protoAsJson(event, nullptr));
    QByteArray payload = event.payload;
    while (payload.endsWith('\n') || payload.endsWith('\r'))
        payload.chop(1);
    return encodeSse(payload);
}

} // namespace agui
