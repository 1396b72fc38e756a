#include "core/protocol/decoder.h"

#include "core/protocol/catalogue.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

namespace agui {

namespace {

bool isJsonScalar(const QByteArray &payload)
{
    QJsonParseError error;
    const QJsonDocument wrapped = QJsonDocument::fromJson('[' + payload + ']', &error);
    return error.error == QJsonParseError::NoError && wrapped.array().size() == 1;
}

} // namespace

Event decodeObject(const QJsonObject &obj, Framing framing)
{
    Event e;
    e.framing = framing;
    const QJsonValue type = obj.value(QStringLiteral("type"));
    if (!type.isString() || type.toString().isEmpty()) {
        // Keep what was parsed: the views still show the object.
        e.json = obj;
        e.type = EventType::Invalid;
        e.diagnostics.append(Diagnostic {QStringLiteral("wire.no-type"), Severity::Error,
                                         QStringLiteral("/type"),
                                         QStringLiteral("Invalid event: the frame carries no event "
                                                        "type."),
                                         -1});
        return e;
    }
    e.typeName = type.toString();
    e.type = eventTypeFromName(e.typeName);
    e.json = obj;
    e.diagnostics = validateEvent(obj, e.type);
    return e;
}

Event decodePayload(const QByteArray &payload, Framing framing)
{
    QJsonParseError error;
    QJsonDocument doc = QJsonDocument::fromJson(payload, &error);
    // The reference client decodes bytes with replacement (bad UTF-8 -> U+FFFD) before JSON.parse;
    // Qt refuses invalid UTF-8 inside strings. Read it the client's way, and say so.
    bool replaced = false;
    if (error.error == QJsonParseError::IllegalUTF8String) {
        const QByteArray repaired = QString::fromUtf8(payload).toUtf8();
        QJsonParseError second;
        const QJsonDocument again = QJsonDocument::fromJson(repaired, &second);
        if (second.error == QJsonParseError::NoError) {
            doc = again;
            error = second;
            replaced = true;
        }
    }
    // QJsonDocument refuses top-level scalars ("42", "null") as a syntax error; JSON.parse accepts
    // them, so the reference client reports "not a JSON object" for those: tell them apart.
    const bool scalar = error.error != QJsonParseError::NoError && isJsonScalar(payload);
    if (error.error != QJsonParseError::NoError && !scalar) {
        Event e;
        e.framing = framing;
        e.payload = payload;
        e.diagnostics.append(Diagnostic {
            QStringLiteral("wire.not-json"), Severity::Error, QString(),
            payload.trimmed().isEmpty()
                ? QStringLiteral("Invalid event: the frame's data is empty, not JSON")
                : QStringLiteral("Invalid event: not JSON at byte %1 of the payload: %2")
                      .arg(error.offset)
                      .arg(error.errorString()),
            error.offset});
        return e;
    }
    if (scalar || !doc.isObject()) {
        Event e;
        e.framing = framing;
        e.payload = payload;
        e.diagnostics.append(Diagnostic {QStringLiteral("wire.not-object"), Severity::Error,
                                         QString(),
                                         QStringLiteral("Invalid event: the frame is not a JSON "
                                                        "object."),
                                         -1});
        return e;
    }
    Event e = decodeObject(doc.object(), framing);
    e.payload = payload;
    if (replaced)
        e.diagnostics.prepend(Diagnostic {
            QStringLiteral("wire.invalid-utf8"), Severity::Warning, QString(),
            QStringLiteral("the payload is not valid UTF-8; read with U+FFFD replacements, as the "
                           "reference client does"),
            -1});
    return e;
}

} // namespace agui
