#include "core/analysis/contentredactor.h"

#include "core/analysis/idcanon.h"
#include "core/json/jsontext.h"
#include "core/protocol/catalogue.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMessageAuthenticationCode>
#include <QRandomGenerator>
#include <QSet>

#include <cmath>

namespace agui::analysis {

namespace {

bool isStructural(const QString &key)
{
    static const QSet<QString> members {QStringLiteral("type"),
                                        QStringLiteral("role"),
                                        QStringLiteral("op"),
                                        QStringLiteral("path"),
                                        QStringLiteral("from"),
                                        QStringLiteral("name"),
                                        QStringLiteral("component"),
                                        QStringLiteral("child"),
                                        QStringLiteral("children"),
                                        QStringLiteral("activityType"),
                                        QStringLiteral("catalogId"),
                                        QStringLiteral("version"),
                                        QStringLiteral("usageHint"),
                                        QStringLiteral("variant"),
                                        QStringLiteral("status"),
                                        QStringLiteral("outcome"),
                                        QStringLiteral("encryptedValueType")};
    return members.contains(key) || IdCanon::isIdMember(key);
}

// Member `key` of the object, when present, replaced by how(its value).
template<typename How> void redactMember(QJsonObject &object, const char *key, How how)
{
    const QLatin1StringView k(key);
    if (object.contains(k))
        object.insert(k, how(object.value(k)));
}

} // namespace

ContentRedactor::ContentRedactor()
{
    m_key.resize(32);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(m_key.data()),
                                          m_key.size() / int(sizeof(quint32)));
}

ContentRedactor::ContentRedactor(const QByteArray &key)
    : m_key(key)
{ }

QString ContentRedactor::tag(QByteArrayView bytes) const
{
    return QString::fromLatin1(
        QMessageAuthenticationCode::hash(bytes.toByteArray(), m_key, QCryptographicHash::Sha256)
            .toHex()
            .left(6));
}

QString ContentRedactor::text(const QString &value)
{
    if (value.isEmpty())
        return value; // nothing to hide, and an empty delta stays an empty delta
    ++m_count;
    return QStringLiteral("<redacted string, %1 chars #%2>")
        .arg(value.size())
        .arg(tag(value.toUtf8()));
}

QJsonValue ContentRedactor::number(double value)
{
    ++m_count;
    const QByteArray digest = QMessageAuthenticationCode::hash(QByteArray::number(value, 'g', 17),
                                                               m_key, QCryptographicHash::Sha256);
    quint32 n = 0;
    for (int i = 0; i < 4; ++i)
        n = (n << 8) | quint8(digest[i]);
    return double(n % 1000000);
}

QJsonValue ContentRedactor::member(const QString &key, const QJsonValue &v)
{
    if (v.isString() && isStructural(key))
        return v;
    if (key == QLatin1String("children") && v.isArray())
        return v; // ids of child components
    return value(v);
}

QJsonValue ContentRedactor::value(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::String:
        return text(v.toString());
    case QJsonValue::Double:
        return number(v.toDouble());
    case QJsonValue::Array: {
        QJsonArray out;
        for (const auto &item : v.toArray())
            out.append(value(item));
        return out;
    }
    case QJsonValue::Object: {
        QJsonObject out;
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            out.insert(it.key(), member(it.key(), it.value()));
        return out;
    }
    default:
        return v; // booleans and null say little and keep the shape
    }
}

QJsonValue ContentRedactor::jsonOrText(const QJsonValue &content)
{
    if (!content.isString())
        return value(content);
    // A tool result is often JSON in a string (A2UI operations among them): keep its shape.
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(content.toString().toUtf8(), &error);
    if (error.error == QJsonParseError::NoError && (doc.isObject() || doc.isArray()))
        return json::toCompactJson(value(doc.isObject() ? QJsonValue(doc.object()) : doc.array()));
    return text(content.toString());
}

QJsonValue ContentRedactor::textOrValue(const QJsonValue &v)
{
    return v.isString() ? QJsonValue(text(v.toString())) : value(v);
}

QString ContentRedactor::toolArguments(const QString &arguments)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(arguments.toUtf8(), &error);
    if (error.error == QJsonParseError::NoError && (doc.isObject() || doc.isArray()))
        return json::toCompactJson(value(doc.isObject() ? QJsonValue(doc.object()) : doc.array()));
    return text(arguments); // not JSON (and so still not JSON after)
}

QJsonValue ContentRedactor::messages(const QJsonValue &list)
{
    if (!list.isArray())
        return value(list);
    QJsonArray out;
    for (const auto &m : list.toArray()) {
        if (!m.isObject()) {
            out.append(value(m));
            continue;
        }
        QJsonObject message;
        const QJsonObject o = m.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (it.key() == QLatin1String("toolCalls") && it.value().isArray()) {
                QJsonArray calls;
                for (const auto &c : it.value().toArray()) {
                    QJsonObject call = value(c).toObject();
                    QJsonObject function = c.toObject().value(QLatin1String("function")).toObject();
                    const QJsonValue args = function.value(QLatin1String("arguments"));
                    if (args.isString()) {
                        QJsonObject redacted = call.value(QLatin1String("function")).toObject();
                        redacted.insert(QLatin1String("arguments"), toolArguments(args.toString()));
                        call.insert(QLatin1String("function"), redacted);
                    }
                    calls.append(c.isObject() ? QJsonValue(call) : value(c));
                }
                message.insert(it.key(), calls);
            } else if (it.key() == QLatin1String("content")
                       && o.value(QLatin1String("role")).toString() == QLatin1String("tool")) {
                message.insert(it.key(), jsonOrText(it.value()));
            } else {
                message.insert(it.key(), member(it.key(), it.value()));
            }
        }
        out.append(message);
    }
    return out;
}

QJsonObject ContentRedactor::runInput(const QJsonObject &input)
{
    QJsonObject out;
    for (auto it = input.begin(); it != input.end(); ++it) {
        if (it.key() == QLatin1String("messages"))
            out.insert(it.key(), messages(it.value()));
        else
            out.insert(it.key(), member(it.key(), it.value()));
    }
    return out;
}

QJsonObject ContentRedactor::event(EventType type, const QJsonObject &event)
{
    QJsonObject out = event;
    // Message and reasoning text; argument deltas are redacted per tool call by the export
    // (redactedexport.cpp's ToolArguments), so that the arguments still parse.
    if (eventSpec(type).streamsDelta && eventFamily(type) != EventFamily::Tool)
        redactMember(out, "delta", [this](const QJsonValue &v) { return textOrValue(v); });
    redactTypeMembers(type, out);
    redactMember(out, "rawEvent", [this](const QJsonValue &v) { return value(v); });
    // Any event may carry metadata, whose values are the producer's own (user ids, prompts).
    redactMember(out, "metadata", [this](const QJsonValue &v) { return value(v); });
    return out;
}

// Every type is listed, with no default: a new type does not compile (-Wswitch) until it says
// which of its members hold content, so none of its text reaches an export unredacted.
void ContentRedactor::redactTypeMembers(EventType type, QJsonObject &out)
{
    const auto asText = [this](const QJsonValue &v) { return textOrValue(v); };
    const auto asValue = [this](const QJsonValue &v) { return value(v); };
    switch (type) {
    case EventType::ToolCallResult:
        redactMember(out, "content", [this](const QJsonValue &v) { return jsonOrText(v); });
        break;
    case EventType::StateSnapshot:
        redactMember(out, "snapshot", asValue);
        break;
    case EventType::StateDelta:
        redactMember(out, "delta", asValue);
        break;
    case EventType::MessagesSnapshot:
        redactMember(out, "messages", [this](const QJsonValue &v) { return messages(v); });
        break;
    case EventType::ActivitySnapshot:
        redactMember(out, "content", asValue);
        break;
    case EventType::ActivityDelta:
        redactMember(out, "patch", asValue);
        break;
    case EventType::RunStarted:
        redactMember(out, "input", [this](const QJsonValue &v) {
            return v.isObject() ? QJsonValue(runInput(v.toObject())) : value(v);
        });
        break;
    case EventType::RunFinished:
    case EventType::SubagentFinished:
        redactMember(out, "result", asValue);
        redactMember(out, "outcome", asValue);
        break;
    case EventType::RunError:
    case EventType::SubagentError:
        redactMember(out, "message", asText);
        break;
    case EventType::SubagentStarted:
        redactMember(out, "description", asText);
        break;
    case EventType::ReasoningEncryptedValue:
        redactMember(out, "encryptedValue", asText);
        break;
    case EventType::Custom:
        redactMember(out, "value", asValue);
        break;
    case EventType::Raw:
        redactMember(out, "event", asValue);
        break;
    case EventType::ThinkingStart:
        redactMember(out, "title", asText); // agent-written, though the client drops it
        break;
    case EventType::Unknown:
        // A type outside the catalogue: which members are content is not known, so every member
        // but the structural ones (type, ids, names) is.
        for (auto it = out.begin(); it != out.end(); ++it)
            *it = member(it.key(), it.value());
        break;
    // Ids, roles, tool, author and step names: structure, kept.
    case EventType::StepStarted:
    case EventType::StepFinished:
    case EventType::TextMessageStart:
    case EventType::TextMessageEnd:
    case EventType::ToolCallStart:
    case EventType::ToolCallEnd:
    case EventType::ReasoningStart:
    case EventType::ReasoningMessageStart:
    case EventType::ReasoningMessageEnd:
    case EventType::ReasoningEnd:
    case EventType::ThinkingEnd:
    case EventType::ThinkingTextMessageStart:
    case EventType::ThinkingTextMessageEnd:
    // Their text is the delta: event() redacted it (the catalogue's streamsDelta).
    case EventType::TextMessageContent:
    case EventType::TextMessageChunk:
    case EventType::ReasoningMessageContent:
    case EventType::ReasoningMessageChunk:
    case EventType::ThinkingTextMessageContent:
    // Argument deltas: the export redacts them per tool call (see event()).
    case EventType::ToolCallArgs:
    case EventType::ToolCallChunk:
    // Not an event: the export redacts the frame's bytes whole (redactedexport.cpp).
    case EventType::Invalid:
        break;
    }
}

QList<QString> ContentRedactor::splitText(const QString &text, int pieces)
{
    QList<QString> parts;
    const qsizetype n = text.size();
    for (int i = 0; i < pieces; ++i) {
        const qsizetype from = n * i / pieces;
        const qsizetype to = n * (i + 1) / pieces;
        parts.append(text.mid(from, to - from));
    }
    return parts;
}

} // namespace agui::analysis
