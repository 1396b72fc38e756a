#include "core/protocol/decoder.h"

#include "core/json/tapebuilder.h"
#include "core/protocol/catalogue.h"

namespace agui {

namespace {

Diagnostic invalidUtf8Warning()
{
    return Diagnostic {
        QStringLiteral("wire.invalid-utf8"), Severity::Warning, QString(),
        QStringLiteral("the payload is not valid UTF-8; read with U+FFFD replacements, as the "
                       "reference client does"),
        -1};
}

} // namespace

const EventDecoder::Result &EventDecoder::decode(QByteArrayView payload, bool validate)
{
    m_result = Result();
    const json::JsonParser::Result parsed = m_parser.parse(payload, m_doc);
    m_result.replacedInvalidUtf8 = parsed.replacedInvalidUtf8;
    m_result.readByFallback = parsed.outcome == json::JsonParser::Outcome::Fallback;
    if (!parsed.ok()) {
        const bool empty = payload.trimmed().isEmpty();
        m_result.diagnostics.append(Diagnostic {
            QStringLiteral("wire.not-json"), Severity::Error, QString(),
            empty ? QStringLiteral("Invalid event: the frame's data is empty, not JSON")
                  : QStringLiteral("Invalid event: not JSON at byte %1 of the payload: %2")
                        .arg(parsed.errorOffset)
                        .arg(parsed.errorMessage),
            parsed.errorOffset});
        return m_result;
    }
    return classify(validate);
}

const EventDecoder::Result &EventDecoder::decodeObject(const QJsonObject &object, bool validate)
{
    m_result = Result();
    json::TapeBuilder b;
    b.value(QJsonValue(object));
    b.finishInto(m_doc);
    return classify(validate);
}

const EventDecoder::Result &EventDecoder::classify(bool validate)
{
    const json::JsonView root = m_doc.root();
    if (!root.isObject()) {
        m_result.diagnostics.append(
            Diagnostic {QStringLiteral("wire.not-object"), Severity::Error, QString(),
                        QStringLiteral("Invalid event: the frame is not a JSON object."), -1});
        return m_result;
    }
    m_result.json = root;
    const json::JsonView type = root.value("type");
    if (!type.isString() || type.utf8().empty()) {
        // Keep what was parsed: the views still show the object.
        m_result.diagnostics.append(
            Diagnostic {QStringLiteral("wire.no-type"), Severity::Error, QStringLiteral("/type"),
                        QStringLiteral("Invalid event: the frame carries no event type."), -1});
        if (m_result.replacedInvalidUtf8)
            m_result.diagnostics.prepend(invalidUtf8Warning());
        return m_result;
    }
    m_result.type = eventTypeFromUtf8(type.utf8());
    if (validate)
        m_result.diagnostics = validateEvent(root, m_result.type);
    if (m_result.replacedInvalidUtf8)
        m_result.diagnostics.prepend(invalidUtf8Warning());
    return m_result;
}

namespace {

Event fromResult(const EventDecoder::Result &r, Framing framing)
{
    Event e;
    e.framing = framing;
    e.type = r.type;
    if (r.json.isObject()) {
        e.json = r.json.toQJsonObject();
        e.typeName = r.json.value("type").toString();
    }
    e.diagnostics = r.diagnostics;
    return e;
}

} // namespace

Event decodePayload(const QByteArray &payload, Framing framing)
{
    EventDecoder decoder;
    Event e = fromResult(decoder.decode(payload), framing);
    e.payload = payload;
    return e;
}

Event decodeObject(const QJsonObject &obj, Framing framing)
{
    EventDecoder decoder;
    return fromResult(decoder.decodeObject(obj), framing);
}

Event materialize(const EventView &view, Framing framing)
{
    Event e;
    e.seq = view.seq;
    e.receivedAtUs = view.receivedAtUs;
    e.framing = view.synthetic ? Framing::Synthetic : framing;
    e.type = view.type;
    e.json = view.json.toQJsonObject();
    e.typeName = view.json.value("type").toString();
    return e;
}

} // namespace agui
