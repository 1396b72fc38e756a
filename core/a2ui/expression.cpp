#include "core/a2ui/expression.h"

#include <QJsonObject>

#include <algorithm>
#include <optional>

namespace agui::a2ui {

namespace {

// A recursive-descent parser over the template's characters. Every failure records the first
// error and unwinds through std::nullopt.
class Parser
{
public:
    explicit Parser(const QString &text)
        : m_text(text)
    { }

    ExpressionTemplate parseTemplate()
    {
        ExpressionTemplate out;
        QString literal;
        const auto flush = [&] {
            if (!literal.isEmpty())
                out.parts.append(literal);
            literal.clear();
        };
        while (m_pos < m_text.size()) {
            if (startsWith(QStringLiteral("\\${"))) {
                literal += QStringLiteral("${");
                m_pos += 3;
                continue;
            }
            if (!startsWith(QStringLiteral("${"))) {
                literal += m_text.at(m_pos++);
                continue;
            }
            m_pos += 2;
            const std::optional<QJsonValue> value = interpolation();
            if (!value) {
                out.parts = {};
                out.error = m_error;
                out.errorOffset = m_errorOffset;
                return out;
            }
            // A string literal is text: it joins the literal around it.
            if (value->isString()) {
                literal += value->toString();
                continue;
            }
            flush();
            out.parts.append(*value);
        }
        flush();
        return out;
    }

private:
    bool atEnd() const { return m_pos >= m_text.size(); }
    QChar peek() const { return atEnd() ? QChar() : m_text.at(m_pos); }
    bool startsWith(const QString &s) const { return QStringView(m_text).mid(m_pos).startsWith(s); }

    void skipSpace()
    {
        while (!atEnd() && peek().isSpace())
            ++m_pos;
    }

    std::nullopt_t error(const QString &message)
    {
        if (m_error.isEmpty()) {
            m_error = QStringLiteral("%1 at character %2").arg(message).arg(m_pos);
            m_errorOffset = m_pos;
        }
        return std::nullopt;
    }

    // After "${": an expression, then "}".
    std::optional<QJsonValue> interpolation()
    {
        const qsizetype start = m_pos - 2;
        skipSpace();
        if (atEnd())
            return unclosed(start);
        std::optional<QJsonValue> value = expression();
        if (!value)
            return std::nullopt;
        skipSpace();
        if (atEnd())
            return unclosed(start);
        if (peek() != QLatin1Char('}'))
            return error(QStringLiteral("Unexpected characters after expression"));
        ++m_pos;
        return value;
    }

    std::nullopt_t unclosed(qsizetype start)
    {
        m_pos = start;
        return error(QStringLiteral("Unclosed interpolation"));
    }

    std::optional<QJsonValue> expression()
    {
        const QChar c = peek();
        if (startsWith(QStringLiteral("${"))) {
            m_pos += 2;
            return interpolation();
        }
        if (c == QLatin1Char('\'') || c == QLatin1Char('"'))
            return stringLiteral(c);
        if (c.isDigit()
            || (c == QLatin1Char('-') && m_pos + 1 < m_text.size()
                && m_text.at(m_pos + 1).isDigit()))
            return number();
        return pathOrCall();
    }

    std::optional<QJsonValue> stringLiteral(QChar quote)
    {
        ++m_pos;
        QString out;
        while (!atEnd()) {
            const QChar c = m_text.at(m_pos++);
            if (c == quote)
                return QJsonValue(out);
            if (c != QLatin1Char('\\')) {
                out += c;
                continue;
            }
            if (atEnd())
                break;
            const QChar e = m_text.at(m_pos++);
            switch (e.unicode()) {
            case 'n':
                out += QLatin1Char('\n');
                break;
            case 't':
                out += QLatin1Char('\t');
                break;
            case 'r':
                out += QLatin1Char('\r');
                break;
            default: // \\, \', \" and any other escaped character stand for themselves
                out += e;
                break;
            }
        }
        return error(QStringLiteral("Unterminated string literal"));
    }

    std::optional<QJsonValue> number()
    {
        const qsizetype start = m_pos;
        if (peek() == QLatin1Char('-'))
            ++m_pos;
        while (!atEnd() && (peek().isDigit() || peek() == QLatin1Char('.') || peek().isLetter()))
            ++m_pos;
        const QString text = m_text.mid(start, m_pos - start);
        bool ok = false;
        const double value = text.count(QLatin1Char('.')) <= 1 && !text.endsWith(QLatin1Char('.'))
            ? text.toDouble(&ok)
            : 0;
        if (!ok) {
            m_pos = start;
            return error(QStringLiteral("Invalid number literal '%1'").arg(text));
        }
        return QJsonValue(value);
    }

    static bool endsPath(QChar c)
    {
        return c.isSpace() || c == QLatin1Char('}') || c == QLatin1Char(')')
            || c == QLatin1Char(',') || c == QLatin1Char('(') || c == QLatin1Char(':');
    }

    static bool isIdentifier(const QString &s)
    {
        if (s.isEmpty()
            || !(s.front().isLetter() || s.front() == QLatin1Char('_')
                 || s.front() == QLatin1Char('@')))
            return false;
        return std::all_of(s.begin() + 1, s.end(),
                           [](QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); });
    }

    std::optional<QJsonValue> pathOrCall()
    {
        const qsizetype start = m_pos;
        while (!atEnd() && !endsPath(peek()))
            ++m_pos;
        const QString word = m_text.mid(start, m_pos - start);
        if (word.isEmpty())
            return error(QStringLiteral("Expected an expression"));
        if (peek() == QLatin1Char('(') && isIdentifier(word))
            return call(word);
        if (word == QLatin1String("true") || word == QLatin1String("false"))
            return QJsonValue(word == QLatin1String("true"));
        return QJsonValue(QJsonObject {{QStringLiteral("path"), word}});
    }

    // After "name": "(" [arg ":" expression {"," arg ":" expression}] ")".
    std::optional<QJsonValue> call(const QString &name)
    {
        ++m_pos; // (
        QJsonObject args;
        skipSpace();
        if (peek() == QLatin1Char(')')) {
            ++m_pos;
            return callValue(name, args);
        }
        while (true) {
            skipSpace();
            const qsizetype start = m_pos;
            while (!atEnd() && (peek().isLetterOrNumber() || peek() == QLatin1Char('_')))
                ++m_pos;
            const QString arg = m_text.mid(start, m_pos - start);
            if (arg.isEmpty())
                return error(QStringLiteral("Expected an argument name"));
            skipSpace();
            if (peek() != QLatin1Char(':'))
                return error(QStringLiteral("Expected ':' after argument name '%1'").arg(arg));
            ++m_pos;
            skipSpace();
            if (atEnd())
                return error(QStringLiteral("Expected ')' after function arguments"));
            const std::optional<QJsonValue> value = expression();
            if (!value)
                return std::nullopt;
            args.insert(arg, *value);
            skipSpace();
            if (peek() == QLatin1Char(',')) {
                ++m_pos;
                continue;
            }
            if (peek() == QLatin1Char(')')) {
                ++m_pos;
                return callValue(name, args);
            }
            return error(QStringLiteral("Expected ')' after function arguments"));
        }
    }

    static QJsonValue callValue(const QString &name, const QJsonObject &args)
    {
        return QJsonObject {{QStringLiteral("call"), name},
                            {QStringLiteral("args"), args},
                            {QStringLiteral("returnType"), QStringLiteral("any")}};
    }

    const QString &m_text;
    qsizetype m_pos = 0;
    QString m_error;
    qsizetype m_errorOffset = -1;
};

} // namespace

ExpressionTemplate parseExpressionTemplate(const QString &templ)
{
    return Parser(templ).parseTemplate();
}

} // namespace agui::a2ui
