#include "core/json/wtf8.h"

#include <algorithm>
#include <cstring>

namespace agui::json {

bool hasWtf8Surrogate(std::string_view bytes)
{
    if (bytes.empty())
        return false; // an empty view may have no data pointer: memchr(nullptr) is UB
    const char *p = bytes.data();
    const char *end = p + bytes.size();
    while ((p = static_cast<const char *>(std::memchr(p, 0xED, size_t(end - p)))) != nullptr) {
        if (p + 1 < end && quint8(p[1]) >= 0xA0 && quint8(p[1]) <= 0xBF)
            return true;
        ++p;
    }
    return false;
}

QString fromWtf8(std::string_view bytes)
{
    if (!hasWtf8Surrogate(bytes))
        return QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
    QString out;
    out.reserve(qsizetype(bytes.size()));
    size_t plainStart = 0;
    for (size_t i = 0; i < bytes.size();) {
        if (quint8(bytes[i]) == 0xED && i + 2 < bytes.size() && quint8(bytes[i + 1]) >= 0xA0
            && quint8(bytes[i + 1]) <= 0xBF) {
            out += QString::fromUtf8(bytes.data() + plainStart, qsizetype(i - plainStart));
            const char16_t unit = char16_t(0xD000 | ((quint8(bytes[i + 1]) & 0x3F) << 6)
                                           | (quint8(bytes[i + 2]) & 0x3F));
            out += QChar(unit);
            i += 3;
            plainStart = i;
        } else {
            ++i;
        }
    }
    out += QString::fromUtf8(bytes.data() + plainStart, qsizetype(bytes.size() - plainStart));
    return out;
}

qsizetype appendWtf8(QString &text, std::string_view bytes)
{
    bool ascii = true;
    for (const char c : bytes)
        ascii = ascii && quint8(c) < 0x80;
    const qsizetype before = text.size();
    if (!ascii) {
        text += fromWtf8(bytes);
        return text.size() - before;
    }
    const auto n = qsizetype(bytes.size());
    if (before + n > text.capacity())
        text.reserve(std::max(before + n, 2 * text.capacity()));
    text.resize(before + n);
    char16_t *out = reinterpret_cast<char16_t *>(text.data()) + before;
    for (qsizetype i = 0; i < n; ++i)
        out[i] = char16_t(quint8(bytes[size_t(i)]));
    return n;
}

QByteArray toWtf8(QStringView text)
{
    QByteArray out;
    out.reserve(text.size() * 3);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (c < 0x80) {
            out += char(c);
        } else if (c < 0x800) {
            out += char(0xC0 | (c >> 6));
            out += char(0x80 | (c & 0x3F));
        } else if (QChar::isHighSurrogate(c) && i + 1 < text.size()
                   && QChar::isLowSurrogate(text[i + 1].unicode())) {
            const char32_t cp = QChar::surrogateToUcs4(c, text[i + 1].unicode());
            ++i;
            out += char(0xF0 | (cp >> 18));
            out += char(0x80 | ((cp >> 12) & 0x3F));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        } else {
            // BMP characters and lone surrogates alike: three bytes.
            out += char(0xE0 | (c >> 12));
            out += char(0x80 | ((c >> 6) & 0x3F));
            out += char(0x80 | (c & 0x3F));
        }
    }
    return out;
}

} // namespace agui::json
