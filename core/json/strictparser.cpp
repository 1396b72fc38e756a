#include "core/json/strictparser_p.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>

namespace agui::json {

namespace {

class StrictParser
{
public:
    StrictParser(QByteArrayView text, int maxDepth, TapeBuilder *out)
        : m_begin(text.data())
        , m_p(text.data())
        , m_end(text.data() + text.size())
        , m_maxDepth(maxDepth)
        , m_out(out)
    { }

    // Where reading stopped, within [0, size].
    qsizetype position() const { return qsizetype(std::min(m_p, m_end) - m_begin); }

    bool document()
    {
        skipSpace();
        if (!value(0))
            return false;
        skipSpace();
        return m_p == m_end;
    }

private:
    void skipSpace()
    {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\t' || *m_p == '\n' || *m_p == '\r'))
            ++m_p;
    }

    bool literal(const char *word)
    {
        for (const char *w = word; *w; ++w, ++m_p)
            if (m_p >= m_end || *m_p != *w)
                return false;
        return true;
    }

    bool value(int depth)
    {
        if (m_p >= m_end)
            return false;
        switch (*m_p) {
        case '{':
            return object(depth + 1);
        case '[':
            return array(depth + 1);
        case '"': {
            std::string s;
            if (!string(&s))
                return false;
            m_out->string(s);
            return true;
        }
        case 't':
            if (!literal("true"))
                return false;
            m_out->boolean(true);
            return true;
        case 'f':
            if (!literal("false"))
                return false;
            m_out->boolean(false);
            return true;
        case 'n':
            if (!literal("null"))
                return false;
            m_out->null();
            return true;
        default:
            return number();
        }
    }

    bool object(int depth)
    {
        if (depth > m_maxDepth)
            return false;
        m_out->beginObject();
        const bool ok = items('}', [&] {
            std::string key;
            if (m_p >= m_end || *m_p != '"' || !string(&key))
                return false;
            m_out->key(key);
            skipSpace();
            if (m_p >= m_end || *m_p != ':')
                return false; // at the byte that is not the colon
            ++m_p;
            skipSpace();
            return value(depth);
        });
        if (ok)
            m_out->endObject();
        return ok;
    }

    bool array(int depth)
    {
        if (depth > m_maxDepth)
            return false;
        m_out->beginArray();
        const bool ok = items(']', [&] { return value(depth); });
        if (ok)
            m_out->endArray();
        return ok;
    }

    // The comma-separated items of an object or array, from its opening bracket up to and
    // including `close`; readItem reads one item (member) starting at a non-space.
    template<typename ReadItem> bool items(char close, ReadItem readItem)
    {
        ++m_p; // '{' or '['
        skipSpace();
        if (m_p < m_end && *m_p == close) {
            ++m_p;
            return true;
        }
        for (;;) {
            skipSpace();
            if (!readItem())
                return false;
            skipSpace();
            if (m_p >= m_end)
                return false;
            if (*m_p == close) {
                ++m_p;
                return true;
            }
            if (*m_p != ',')
                return false; // at the byte that is neither the comma nor the close
            ++m_p;
        }
    }

    static int hexDigit(char c)
    {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return -1;
    }

    bool hex4(char16_t *unit)
    {
        if (m_end - m_p < 4)
            return false;
        int v = 0;
        for (int i = 0; i < 4; ++i) {
            const int d = hexDigit(m_p[i]);
            if (d < 0)
                return false;
            v = v * 16 + d;
        }
        m_p += 4;
        *unit = char16_t(v);
        return true;
    }

    // A code point as UTF-8; a lone surrogate as its 3-byte (WTF-8) form.
    static void appendCodePoint(std::string *out, char32_t cp)
    {
        if (cp < 0x80) {
            *out += char(cp);
        } else if (cp < 0x800) {
            *out += char(0xC0 | (cp >> 6));
            *out += char(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            *out += char(0xE0 | (cp >> 12));
            *out += char(0x80 | ((cp >> 6) & 0x3F));
            *out += char(0x80 | (cp & 0x3F));
        } else {
            *out += char(0xF0 | (cp >> 18));
            *out += char(0x80 | ((cp >> 12) & 0x3F));
            *out += char(0x80 | ((cp >> 6) & 0x3F));
            *out += char(0x80 | (cp & 0x3F));
        }
    }

    bool escape(std::string *out)
    {
        if (m_p >= m_end)
            return false;
        const char c = *m_p++;
        switch (c) {
        case '"':
        case '\\':
        case '/':
            *out += c;
            return true;
        case 'b':
            *out += '\b';
            return true;
        case 'f':
            *out += '\f';
            return true;
        case 'n':
            *out += '\n';
            return true;
        case 'r':
            *out += '\r';
            return true;
        case 't':
            *out += '\t';
            return true;
        case 'u':
            break;
        default:
            return false;
        }
        char16_t unit;
        if (!hex4(&unit))
            return false;
        if (unit >= 0xD800 && unit <= 0xDBFF && m_end - m_p >= 6 && m_p[0] == '\\'
            && m_p[1] == 'u') {
            const char *save = m_p;
            m_p += 2;
            char16_t low;
            if (hex4(&low) && low >= 0xDC00 && low <= 0xDFFF) {
                appendCodePoint(out, 0x10000 + ((char32_t(unit) - 0xD800) << 10) + (low - 0xDC00));
                return true;
            }
            m_p = save; // not a pair: the high surrogate stands alone
        }
        appendCodePoint(out, unit);
        return true;
    }

    bool string(std::string *out)
    {
        ++m_p; // '"'
        while (m_p < m_end) {
            const auto c = static_cast<unsigned char>(*m_p);
            if (c == '"') {
                ++m_p;
                return true;
            }
            if (c < 0x20)
                return false; // JSON.parse refuses raw control characters in strings
            if (c == '\\') {
                ++m_p;
                if (!escape(out))
                    return false;
                continue;
            }
            *out += char(c);
            ++m_p;
        }
        return false;
    }

    bool digits()
    {
        const char *start = m_p;
        while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
            ++m_p;
        return m_p > start;
    }

    bool number()
    {
        const char *start = m_p;
        if (m_p < m_end && *m_p == '-')
            ++m_p;
        if (m_p >= m_end)
            return false;
        if (*m_p == '0')
            ++m_p;
        else if (!digits())
            return false;
        bool integral = true;
        if (m_p < m_end && *m_p == '.') {
            ++m_p;
            integral = false;
            if (!digits())
                return false;
        }
        bool negativeExponent = false;
        if (m_p < m_end && (*m_p == 'e' || *m_p == 'E')) {
            ++m_p;
            integral = false;
            if (m_p < m_end && (*m_p == '+' || *m_p == '-'))
                negativeExponent = *m_p++ == '-';
            if (!digits())
                return false;
        }
        if (integral) {
            qint64 i;
            const auto r = std::from_chars(start, m_p, i);
            if (r.ec == std::errc() && r.ptr == m_p) {
                m_out->integer(i);
                return true;
            }
        }
        double d;
        const auto r = std::from_chars(start, m_p, d);
        if (r.ec == std::errc::result_out_of_range) {
            // JSON.parse rounds to ±Infinity or to (signed) zero; from_chars leaves d unset.
            const bool negative = *start == '-';
            d = negativeExponent ? (negative ? -0.0 : 0.0)
                                 : (negative ? -std::numeric_limits<double>::infinity()
                                             : std::numeric_limits<double>::infinity());
        } else if (r.ec != std::errc()) {
            return false;
        }
        m_out->number(d);
        return true;
    }

    const char *m_begin;
    const char *m_p;
    const char *m_end;
    int m_maxDepth;
    TapeBuilder *m_out;
};

} // namespace

bool parseStrict(QByteArrayView text, int maxDepth, TapeBuilder *builder, qsizetype *stoppedAt)
{
    StrictParser parser(text, maxDepth, builder);
    const bool ok = parser.document();
    if (!ok && stoppedAt)
        *stoppedAt = parser.position();
    return ok;
}

} // namespace agui::json
