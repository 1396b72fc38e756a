#include "core/wire/debugenvelope.h"

namespace agui {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

class EnvelopeScanner
{
public:
    explicit EnvelopeScanner(QByteArrayView text)
        : m_text(text)
    { }

    DebugEnvelopeScan scan()
    {
        skipSpace();
        if (!take('{'))
            return fail(QStringLiteral("a debug-feed frame holds a JSON object; this one starts "
                                       "with something else"));
        skipSpace();
        if (take('}'))
            return fail(QStringLiteral("the envelope is an empty object: no \"event\" member"));
        for (;;) {
            skipSpace();
            const qsizetype keyStart = m_at;
            if (!skipString())
                return fail(QStringLiteral("expected a member name in quotes"));
            const QByteArrayView key = m_text.sliced(keyStart, m_at - keyStart);
            skipSpace();
            if (!take(':'))
                return fail(QStringLiteral("expected ':' after a member name"));
            skipSpace();
            const qsizetype valueStart = m_at;
            if (!skipValue())
                return fail(QStringLiteral("a member's value is not complete JSON"));
            if (key == QByteArrayView("\"event\"")) {
                m_result.eventStart = valueStart;
                m_result.eventLength = m_at - valueStart;
            }
            skipSpace();
            if (take(','))
                continue;
            if (take('}'))
                break;
            return fail(QStringLiteral("expected ',' or '}' after a member"));
        }
        skipSpace();
        if (m_at != m_text.size())
            return fail(QStringLiteral("bytes follow the envelope object"));
        if (!m_result.ok())
            return fail(QStringLiteral("the envelope has no \"event\" member"), 0);
        return m_result;
    }

private:
    DebugEnvelopeScan fail(const QString &why, qsizetype at = -1)
    {
        DebugEnvelopeScan r;
        r.error = why;
        r.errorOffset = at >= 0 ? at : m_at;
        return r;
    }
    bool take(char c)
    {
        if (m_at < m_text.size() && m_text[m_at] == c) {
            ++m_at;
            return true;
        }
        return false;
    }
    void skipSpace()
    {
        while (m_at < m_text.size() && isSpace(m_text[m_at]))
            ++m_at;
    }
    bool skipString()
    {
        if (!take('"'))
            return false;
        while (m_at < m_text.size()) {
            const char c = m_text[m_at++];
            if (c == '\\')
                ++m_at; // the escaped character, whatever it is
            else if (c == '"')
                return true;
        }
        return false;
    }
    // An object or array by its brackets (strings inside skipped whole), a string, or a scalar up
    // to the next delimiter.
    bool skipValue()
    {
        if (m_at >= m_text.size())
            return false;
        const char first = m_text[m_at];
        if (first == '"')
            return skipString();
        if (first == '{' || first == '[') {
            int depth = 0;
            while (m_at < m_text.size()) {
                const char c = m_text[m_at];
                if (c == '"') {
                    if (!skipString())
                        return false;
                    continue;
                }
                ++m_at;
                if (c == '{' || c == '[')
                    ++depth;
                else if ((c == '}' || c == ']') && --depth == 0)
                    return true;
            }
            return false;
        }
        const qsizetype start = m_at;
        while (m_at < m_text.size()) {
            const char c = m_text[m_at];
            if (c == ',' || c == '}' || c == ']' || isSpace(c))
                break;
            ++m_at;
        }
        return m_at > start;
    }

    QByteArrayView m_text;
    qsizetype m_at = 0;
    DebugEnvelopeScan m_result;
};

} // namespace

DebugEnvelopeScan scanDebugEnvelope(QByteArrayView text)
{
    return EnvelopeScanner(text).scan();
}

} // namespace agui
