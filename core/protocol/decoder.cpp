#include "core/protocol/decoder.h"

#include "core/protocol/catalogue.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

namespace agui {

namespace {

// The WHATWG "UTF-8 decode" with replacement (what TextDecoder does, fatal: false), re-encoded:
// each maximal ill-formed subpart becomes one U+FFFD. Qt's own lossy decoder replaces some
// sequences with more than one U+FFFD, which would give different strings than the client's.
QByteArray utf8WithReplacement(QByteArrayView in)
{
    static const char kReplacement[] = "\xEF\xBF\xBD";
    QByteArray out;
    out.reserve(in.size() + 8);
    int needed = 0, seen = 0;
    quint8 lower = 0x80, upper = 0xBF;
    qsizetype start = 0;
    for (qsizetype i = 0; i < in.size();) {
        const quint8 b = quint8(in[i]);
        if (needed == 0) {
            start = i++;
            if (b <= 0x7F) {
                out.append(char(b));
            } else if (b >= 0xC2 && b <= 0xDF) {
                needed = 1;
            } else if (b >= 0xE0 && b <= 0xEF) {
                lower = b == 0xE0 ? 0xA0 : 0x80;
                upper = b == 0xED ? 0x9F : 0xBF;
                needed = 2;
            } else if (b >= 0xF0 && b <= 0xF4) {
                lower = b == 0xF0 ? 0x90 : 0x80;
                upper = b == 0xF4 ? 0x8F : 0xBF;
                needed = 3;
            } else {
                out.append(kReplacement, 3);
            }
            continue;
        }
        if (b < lower || b > upper) {
            // The sequence so far is one ill-formed subpart; b is read again as a new start.
            needed = seen = 0;
            lower = 0x80;
            upper = 0xBF;
            out.append(kReplacement, 3);
            continue;
        }
        lower = 0x80;
        upper = 0xBF;
        ++i;
        if (++seen == needed) {
            out.append(in.data() + start, i - start);
            needed = seen = 0;
        }
    }
    if (needed != 0)
        out.append(kReplacement, 3);
    return out;
}

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
        const QByteArray repaired = utf8WithReplacement(payload);
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
