#include "core/json/jsonpointer.h"

#include <QJsonArray>
#include <QJsonObject>

namespace agui::json {

std::optional<Pointer> Pointer::parse(const QString &text, QString *error)
{
    if (text.isEmpty())
        return Pointer();
    if (!text.startsWith(QLatin1Char('/'))) {
        if (error)
            *error
                = QStringLiteral("\"%1\" is not a JSON Pointer: it must be empty or start with '/'")
                      .arg(text);
        return std::nullopt;
    }
    // A '~' must be followed by '0' or '1' (RFC 6901 §3); anything else is not a pointer at all,
    // rather than a pointer to a key that happens to contain '~'.
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) != QLatin1Char('~'))
            continue;
        const bool validEscape = i + 1 < text.size()
            && (text.at(i + 1) == QLatin1Char('0') || text.at(i + 1) == QLatin1Char('1'));
        if (!validEscape) {
            if (error)
                *error = QStringLiteral("\"%1\" is not a JSON Pointer: '~' at offset %2 must be "
                                        "followed by 0 or 1 (write \"~0\" for '~', \"~1\" for '/')")
                             .arg(text)
                             .arg(i);
            return std::nullopt;
        }
    }
    Pointer pointer;
    const bool escapes = text.contains(QLatin1Char('~'));
    const QStringView body = QStringView(text).sliced(1);
    for (qsizetype start = 0;;) {
        const qsizetype slash = body.indexOf(QLatin1Char('/'), start);
        const QStringView token = body.sliced(start, (slash < 0 ? body.size() : slash) - start);
        pointer.m_tokens.append(escapes ? unescapeToken(token.toString()) : token.toString());
        if (slash < 0)
            break;
        start = slash + 1;
    }
    return pointer;
}

Pointer Pointer::fromTokens(QStringList tokens)
{
    Pointer pointer;
    pointer.m_tokens = std::move(tokens);
    return pointer;
}

QString Pointer::toString() const
{
    QString text;
    for (const QString &token : m_tokens) {
        text += QLatin1Char('/');
        text += escapeToken(token);
    }
    return text;
}

Pointer Pointer::parent() const
{
    Pointer pointer = *this;
    if (!pointer.m_tokens.isEmpty())
        pointer.m_tokens.removeLast();
    return pointer;
}

Pointer Pointer::child(const QString &token) const
{
    Pointer pointer = *this;
    pointer.m_tokens.append(token);
    return pointer;
}

Pointer Pointer::child(qsizetype index) const
{
    return child(QString::number(index));
}

bool Pointer::isPrefixOf(const Pointer &other) const
{
    if (m_tokens.size() > other.m_tokens.size())
        return false;
    for (qsizetype i = 0; i < m_tokens.size(); ++i) {
        if (m_tokens.at(i) != other.m_tokens.at(i))
            return false;
    }
    return true;
}

QString Pointer::escapeToken(const QString &token)
{
    // Order matters: '~' first, so the '~' introduced by "~1" is not escaped again.
    QString escaped = token;
    escaped.replace(QLatin1Char('~'), QLatin1String("~0"));
    escaped.replace(QLatin1Char('/'), QLatin1String("~1"));
    return escaped;
}

QString Pointer::unescapeToken(const QString &token)
{
    // Order matters (RFC 6901 §4): "~01" is "~1" unescaped, not "/".
    QString unescaped = token;
    unescaped.replace(QLatin1String("~1"), QLatin1String("/"));
    unescaped.replace(QLatin1String("~0"), QLatin1String("~"));
    return unescaped;
}

std::optional<qsizetype> parseArrayIndex(const QString &token)
{
    if (token.isEmpty() || token.size() > 18) // 18 digits always fit in a qsizetype (64-bit)
        return std::nullopt;
    if (token.size() > 1 && token.at(0) == QLatin1Char('0'))
        return std::nullopt;
    qsizetype value = 0;
    for (const QChar c : token) {
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return std::nullopt;
        value = value * 10 + (c.unicode() - u'0');
    }
    return value;
}

std::optional<QJsonValue> resolve(const QJsonValue &doc, const Pointer &pointer)
{
    QJsonValue current = doc;
    for (const QString &token : pointer.tokens()) {
        if (current.isObject()) {
            const QJsonObject object = current.toObject();
            const auto it = object.constFind(token);
            if (it == object.constEnd())
                return std::nullopt;
            current = it.value();
        } else if (current.isArray()) {
            const QJsonArray array = current.toArray();
            const std::optional<qsizetype> index = parseArrayIndex(token);
            if (!index || *index >= array.size())
                return std::nullopt;
            current = array.at(*index);
        } else {
            return std::nullopt;
        }
    }
    return current;
}

std::optional<QJsonValue> resolve(const QJsonValue &doc, const QString &pointer)
{
    const std::optional<Pointer> parsed = Pointer::parse(pointer);
    if (!parsed)
        return std::nullopt;
    return resolve(doc, *parsed);
}

} // namespace agui::json
