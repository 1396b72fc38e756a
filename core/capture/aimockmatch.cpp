#include "core/capture/aimockmatch.h"

#include "core/capture/jsontext.h"

#include <QJsonArray>
#include <QStringList>

#include <array>

namespace agui {

namespace {

constexpr const char *kConditionNames[] = {"message", "toolCallId", "toolName", "stateKey"};

// The text of a message's content as aimock reads it (extractTextFromContent): a string as it
// is, or the non-empty text parts joined by spaces and trimmed.
QString contentText(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    if (!content.isArray())
        return {};
    QStringList parts;
    for (const QJsonValue &part : content.toArray()) {
        const QJsonObject p = part.toObject();
        if (p.value(QLatin1String("type")).toString() == QLatin1String("text")
            && p.value(QLatin1String("text")).isString()
            && !p.value(QLatin1String("text")).toString().isEmpty())
            parts.append(p.value(QLatin1String("text")).toString());
    }
    return parts.join(QLatin1Char(' ')).trimmed();
}

QJsonObject lastMessage(const QJsonObject &input)
{
    const QJsonArray messages = input.value(QLatin1String("messages")).toArray();
    return messages.isEmpty() ? QJsonObject() : messages.last().toObject();
}

bool offersTool(const QJsonObject &input, const QString &name)
{
    for (const QJsonValue &tool : input.value(QLatin1String("tools")).toArray()) {
        const QJsonValue toolName = tool.toObject().value(QLatin1String("name"));
        if (toolName.isString() && toolName.toString() == name)
            return true;
    }
    return false;
}

// JavaScript's `key in state` for an object state (arrays: their indices and "length").
bool stateHas(const QJsonObject &input, const QString &key)
{
    const QJsonValue state = input.value(QLatin1String("state"));
    if (state.isObject())
        return state.toObject().contains(key);
    if (state.isArray()) {
        bool isIndex = false;
        const qsizetype index = key.toLongLong(&isIndex);
        return key == QLatin1String("length")
            || (isIndex && index >= 0 && index < state.toArray().size()
                && QString::number(index) == key);
    }
    return false;
}

// The conditions in the order aimock's types list them (AGUIFixtureMatch).
template<typename Match> auto conditions(Match &match)
{
    return std::array {&match.message, &match.toolCallId, &match.toolName, &match.stateKey};
}

} // namespace

QJsonObject AimockMatch::toJson() const
{
    QJsonObject out;
    const auto values = conditions(*this);
    for (size_t i = 0; i < values.size(); ++i) {
        if (*values[i])
            out.insert(QLatin1String(kConditionNames[i]), **values[i]);
    }
    return out;
}

AimockMatch AimockMatch::fromJson(const QJsonObject &match)
{
    AimockMatch out;
    const auto values = conditions(out);
    for (size_t i = 0; i < values.size(); ++i) {
        const QJsonValue value = match.value(QLatin1String(kConditionNames[i]));
        if (value.isString())
            *values[i] = value.toString();
    }
    return out;
}

QString aimockLastUserText(const QJsonObject &input)
{
    const QJsonArray messages = input.value(QLatin1String("messages")).toArray();
    for (qsizetype i = messages.size() - 1; i >= 0; --i) {
        const QJsonObject message = messages[i].toObject();
        if (message.value(QLatin1String("role")).toString() != QLatin1String("user"))
            continue;
        const QString text = contentText(message.value(QLatin1String("content")));
        if (!text.isEmpty())
            return text;
    }
    return {};
}

bool aimockMatches(const QJsonObject &input, const AimockMatch &match)
{
    if (match.message && !aimockLastUserText(input).contains(*match.message))
        return false;
    if (match.toolCallId) {
        const QJsonObject last = lastMessage(input);
        if (last.value(QLatin1String("role")).toString() != QLatin1String("tool")
            || !last.value(QLatin1String("toolCallId")).isString()
            || last.value(QLatin1String("toolCallId")).toString() != *match.toolCallId)
            return false;
    }
    if (match.toolName && !offersTool(input, *match.toolName))
        return false;
    if (match.stateKey && !stateHas(input, *match.stateKey))
        return false;
    return true;
}

AimockMatch aimockMatchForRequest(const QJsonObject &input)
{
    AimockMatch match;
    const QString text = aimockLastUserText(input);
    if (!text.isEmpty())
        match.message = text;
    const QJsonObject last = lastMessage(input);
    const QJsonValue toolCallId = last.value(QLatin1String("toolCallId"));
    if (last.value(QLatin1String("role")).toString() == QLatin1String("tool")
        && toolCallId.isString() && !toolCallId.toString().isEmpty())
        match.toolCallId = toolCallId.toString();
    return match;
}

QByteArray aimockRequestFor(const AimockMatch &match, const QString &threadId, const QString &runId,
                            int fixtureIndex)
{
    using capturejson::quoted;
    const QByteArray n = QByteArray::number(fixtureIndex);
    QByteArrayList messages;
    if (match.message)
        messages.append(R"({"id":"aimock-user-)" + n + R"(","role":"user","content":)"
                        + quoted(*match.message) + '}');
    if (match.toolCallId)
        messages.append(R"({"id":"aimock-tool-result-)" + n + R"(","role":"tool","toolCallId":)"
                        + quoted(*match.toolCallId) + R"(,"content":""})");
    const QByteArray tools = match.toolName ? R"({"name":)" + quoted(*match.toolName)
            + R"(,"description":"","parameters":{"type":"object","properties":{}}})"
                                            : QByteArray();
    const QByteArray state
        = match.stateKey ? R"("state":{)" + quoted(*match.stateKey) + R"(:null},)" : QByteArray();
    return R"({"threadId":)" + quoted(threadId) + R"(,"runId":)" + quoted(runId) + ',' + state
        + R"("messages":[)" + messages.join(',') + R"(],"tools":[)" + tools
        + R"(],"context":[],"forwardedProps":{}})";
}

} // namespace agui
