#include "core/capture/jsontext.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace agui::capturejson {

QByteArray quoted(QStringView text)
{
    return quotedUtf8(text.toUtf8());
}

QByteArray quotedUtf8(QByteArrayView utf8)
{
    QByteArray out;
    appendQuotedUtf8(out, utf8);
    return out;
}

void appendQuotedUtf8(QByteArray &out, QByteArrayView utf8)
{
    static const char hex[] = "0123456789abcdef";
    out.reserve(out.size() + utf8.size() + utf8.size() / 16 + 2);
    out.append('"');
    const char *run = utf8.data(); // start of the bytes not yet copied
    const char *const end = utf8.data() + utf8.size();
    for (const char *p = run; p < end; ++p) {
        const auto c = static_cast<unsigned char>(*p);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        out.append(run, p - run);
        run = p + 1;
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
        default: {
            const char escape[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 0xf]};
            out.append(escape, sizeof escape);
        }
        }
    }
    out.append(run, end - run);
    out.append('"');
}

bool isExactUtf8(QByteArrayView bytes)
{
    // What survives a QString round trip is valid UTF-8 (the decoder replaces an overlong form,
    // a surrogate or a stray byte with U+FFFD) not starting with a byte order mark (which
    // QString::fromUtf8 drops). Checked without converting: this runs on every recorded chunk.
    return bytes.isValidUtf8() && !bytes.startsWith("\xEF\xBB\xBF");
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
