#include "core/capture/jsontext.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <array>
#include <cstring>

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

namespace {

// How many bytes each byte grows by when quoted: 0 for most, 1 for '"', '\\' and the short
// escapes (\n, \r, \t), 5 for the other control bytes (\u00XX).
constexpr std::array<quint8, 256> kEscapeGrowth = [] {
    std::array<quint8, 256> growth {};
    for (int c = 0; c < 0x20; ++c)
        growth[c] = 5;
    growth['"'] = growth['\\'] = growth['\n'] = growth['\r'] = growth['\t'] = 1;
    return growth;
}();

} // namespace

void appendQuotedUtf8(QByteArray &out, QByteArrayView utf8)
{
    // Two passes: the exact size first, then the bytes written through a pointer. A recorded SSE
    // body has a quote every few bytes (it is JSON): escaping it append by append was most of
    // what recording cost on the live path (perf, the 1M-event flood).
    static const char hex[] = "0123456789abcdef";
    const auto *const in = reinterpret_cast<const unsigned char *>(utf8.data());
    const qsizetype n = utf8.size();
    qsizetype growth = 0;
    for (qsizetype i = 0; i < n; ++i)
        growth += kEscapeGrowth[in[i]];
    const qsizetype at = out.size();
    out.resize(at + n + growth + 2);
    char *p = out.data() + at;
    *p++ = '"';
    if (growth == 0) {
        if (n > 0) // an empty view's data() may be null, which memcpy must not get
            std::memcpy(p, in, size_t(n));
        p += n;
    } else {
        for (qsizetype i = 0; i < n; ++i) {
            const unsigned char c = in[i];
            if (kEscapeGrowth[c] == 0) {
                *p++ = char(c);
                continue;
            }
            *p++ = '\\';
            switch (c) {
            case '"':
            case '\\':
                *p++ = char(c);
                break;
            case '\n':
                *p++ = 'n';
                break;
            case '\r':
                *p++ = 'r';
                break;
            case '\t':
                *p++ = 't';
                break;
            default:
                *p++ = 'u';
                *p++ = '0';
                *p++ = '0';
                *p++ = hex[c >> 4];
                *p++ = hex[c & 0xf];
            }
        }
    }
    *p = '"';
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
