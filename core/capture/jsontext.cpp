#include "core/capture/jsontext.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace agui::capturejson {

QByteArray quoted(QStringView text)
{
    const QByteArray utf8 = text.toUtf8();
    QByteArray out;
    out.reserve(utf8.size() + 2);
    out.append('"');
    static const char hex[] = "0123456789abcdef";
    for (char ch : utf8) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"':
            out.append("\\\"");
            break;
        case '\\':
            out.append("\\\\");
            break;
        case '\n':
            out.append("\\n");
            break;
        case '\r':
            out.append("\\r");
            break;
        case '\t':
            out.append("\\t");
            break;
        default:
            if (c < 0x20) {
                out.append("\\u00");
                out.append(hex[c >> 4]);
                out.append(hex[c & 0xf]);
            } else {
                out.append(ch);
            }
        }
    }
    out.append('"');
    return out;
}

bool isExactUtf8(QByteArrayView bytes)
{
    return QString::fromUtf8(bytes).toUtf8() == bytes;
}

namespace {

struct Scanner
{
    QByteArrayView s;
    qsizetype i = 0;

    bool atEnd() const { return i >= s.size(); }
    char peek() const { return s[i]; }
    void skipSpace()
    {
        while (!atEnd() && (peek() == ' ' || peek() == '\t' || peek() == '\r' || peek() == '\n'))
            ++i;
    }
    // On a '"': moves past the closing quote. False if the string is not closed.
    bool skipString()
    {
        ++i;
        while (!atEnd()) {
            const char c = s[i++];
            if (c == '\\') {
                ++i;
            } else if (c == '"') {
                return true;
            }
        }
        return false;
    }
    // Moves past one value (string, object, array or scalar). False on malformed text.
    bool skipValue()
    {
        if (atEnd())
            return false;
        const char c = peek();
        if (c == '"')
            return skipString();
        if (c == '{' || c == '[') {
            int depth = 0;
            while (!atEnd()) {
                const char d = peek();
                if (d == '"') {
                    if (!skipString())
                        return false;
                    continue;
                }
                ++i;
                if (d == '{' || d == '[')
                    ++depth;
                else if ((d == '}' || d == ']') && --depth == 0)
                    return true;
            }
            return false;
        }
        const qsizetype start = i;
        while (!atEnd() && peek() != ',' && peek() != '}' && peek() != ']' && peek() != ' '
               && peek() != '\t' && peek() != '\r' && peek() != '\n')
            ++i;
        return i > start;
    }
};

QByteArray decodeKey(QByteArrayView quotedKey)
{
    if (!quotedKey.contains('\\'))
        return quotedKey.sliced(1, quotedKey.size() - 2).toByteArray();
    const QByteArray doc = "[" + quotedKey.toByteArray() + "]";
    return QJsonDocument::fromJson(doc).array().at(0).toString().toUtf8();
}

} // namespace

QByteArray memberText(QByteArrayView line, QByteArrayView key)
{
    Scanner sc {line};
    sc.skipSpace();
    if (sc.atEnd() || sc.peek() != '{')
        return {};
    ++sc.i;
    while (true) {
        sc.skipSpace();
        if (sc.atEnd() || sc.peek() != '"')
            return {};
        const qsizetype keyStart = sc.i;
        if (!sc.skipString())
            return {};
        const QByteArray name = decodeKey(line.sliced(keyStart, sc.i - keyStart));
        sc.skipSpace();
        if (sc.atEnd() || sc.peek() != ':')
            return {};
        ++sc.i;
        sc.skipSpace();
        const qsizetype valueStart = sc.i;
        if (!sc.skipValue())
            return {};
        if (name == key)
            return line.sliced(valueStart, sc.i - valueStart).toByteArray();
        sc.skipSpace();
        if (sc.atEnd() || sc.peek() != ',')
            return {};
        ++sc.i;
    }
}

} // namespace agui::capturejson
