#include "core/session/eventfilter.h"

#include <QRegularExpression>

#include <optional>

namespace agui {

namespace {

struct Token
{
    QString text;
    int position = 0;
    bool quoted = false; // the value part was quoted: no key:value split inside the quotes
};

// Splits on unquoted whitespace; "..." groups (with \" and \\ escapes). An unterminated quote is
// reported at its position.
QList<Token> tokenize(const QString &text, QString *error, int *errorPosition)
{
    QList<Token> tokens;
    Token current;
    bool inToken = false;
    bool inQuotes = false;
    int quoteStart = -1;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (inQuotes) {
            if (c == QLatin1Char('\\') && i + 1 < text.size()) {
                current.text += text.at(++i);
            } else if (c == QLatin1Char('"')) {
                inQuotes = false;
            } else {
                current.text += c;
            }
            continue;
        }
        if (c.isSpace()) {
            if (inToken)
                tokens << current;
            current = Token {};
            inToken = false;
            continue;
        }
        if (!inToken) {
            inToken = true;
            current.position = i;
        }
        if (c == QLatin1Char('"')) {
            inQuotes = true;
            current.quoted = true;
            quoteStart = i;
            // A key before the quote stays a key: keep a marker by ending the key text here.
            current.text += QChar(0xE000); // private-use marker: "value starts quoted here"
            continue;
        }
        current.text += c;
    }
    if (inQuotes) {
        *error = QObject::tr("unterminated quote");
        *errorPosition = quoteStart;
        return {};
    }
    if (inToken)
        tokens << current;
    return tokens;
}

QRegularExpression globPattern(const QString &pattern)
{
    QString re = QRegularExpression::escape(pattern);
    re.replace(QStringLiteral("\\*"), QStringLiteral(".*"));
    return QRegularExpression(QRegularExpression::anchoredPattern(re),
                              QRegularExpression::CaseInsensitiveOption);
}

// A glob compiled once and matched against many names (every event type): compiling the
// expression costs about a hundred times a match, and a filter's parse matched 38 type names.
class Glob
{
public:
    explicit Glob(const QString &pattern)
        : m_pattern(pattern)
    {
        if (pattern.contains(QLatin1Char('*')))
            m_expression = globPattern(pattern);
    }
    bool matches(const QString &name) const
    {
        return m_expression ? m_expression->match(name).hasMatch()
                            : m_pattern.compare(name, Qt::CaseInsensitive) == 0;
    }

private:
    QString m_pattern;
    std::optional<QRegularExpression> m_expression;
};

} // namespace

QString EventFilter::syntaxHelp()
{
    return QObject::tr(
        "Filter terms, all must match (AND):\n"
        "  type:TEXT_*        event type, wire name, * wildcard\n"
        "  family:tool        lifecycle, text, tool, state, activity, reasoning, custom, invalid\n"
        "  id:m1              message / tool call / step id (* wildcard)\n"
        "  run:2  run:2-3     run number (1 = first run)\n"
        "  has:diag           events with diagnostics (has:error, has:warning)\n"
        "  text:\"foo bar\"     text in the event JSON (bare words too)\n"
        "Commas give alternatives (family:tool,text); a leading - negates (-type:*_CONTENT).");
}

const QStringList &EventFilter::keyNames()
{
    static const QStringList keys {QStringLiteral("type"), QStringLiteral("family"),
                                   QStringLiteral("id"),   QStringLiteral("run"),
                                   QStringLiteral("has"),  QStringLiteral("text")};
    return keys;
}

const QStringList &EventFilter::hasValues()
{
    static const QStringList values {QStringLiteral("diag"), QStringLiteral("error"),
                                     QStringLiteral("warning"), QStringLiteral("info")};
    return values;
}

EventFilter EventFilter::parse(const QString &text)
{
    EventFilter filter;
    filter.m_text = text;
    QList<Token> tokens = tokenize(text, &filter.m_error, &filter.m_errorPosition);
    if (!filter.m_error.isEmpty())
        return filter;
    const QChar quoteMarker(0xE000);
    auto fail = [&filter](const QString &message, int position) {
        filter.m_error = message;
        filter.m_errorPosition = position;
        filter.m_terms.clear();
        return filter;
    };
    for (const Token &token : tokens) {
        Term term;
        QString body = token.text;
        int position = token.position;
        if (body.startsWith(QLatin1Char('-')) && body.size() > 1) {
            term.negated = true;
            body.remove(0, 1);
            ++position;
        }
        const qsizetype colon = body.indexOf(QLatin1Char(':'));
        const qsizetype quote = body.indexOf(quoteMarker);
        QString keyName;
        QString value = body;
        if (colon > 0 && (quote < 0 || colon < quote)) {
            keyName = body.left(colon).toLower();
            value = body.mid(colon + 1);
        }
        const bool valueQuoted = value.contains(quoteMarker);
        value.remove(quoteMarker);
        if (keyName.isEmpty() || keyName == QLatin1String("text")) {
            term.key = Key::Text;
            if (value.isEmpty())
                return fail(QObject::tr("text: needs a value"), position);
            term.values << value;
            filter.m_needsText = true;
            filter.m_terms << term;
            continue;
        }
        if (value.isEmpty())
            return fail(QObject::tr("%1: needs a value").arg(keyName), position);
        const QStringList alternatives
            = valueQuoted ? QStringList {value} : value.split(QLatin1Char(','), Qt::SkipEmptyParts);
        if (keyName == QLatin1String("type") || keyName == QLatin1String("family")) {
            const bool isType = keyName == QLatin1String("type");
            term.key = isType ? Key::Type : Key::Family;
            term.typeMask = QList<bool>(kEventTypeCount, false);
            for (const QString &alt : alternatives) {
                const Glob glob(alt);
                bool any = false;
                for (int t = 0; t < kEventTypeCount; ++t) {
                    const auto type = EventType(t);
                    const QString name
                        = isType ? eventTypeName(type) : eventFamilyName(eventFamily(type));
                    if (glob.matches(name)) {
                        term.typeMask[t] = true;
                        any = true;
                    }
                }
                if (!any) {
                    return fail(isType ? QObject::tr("no event type matches \"%1\"").arg(alt)
                                       : QObject::tr("unknown family \"%1\"").arg(alt),
                                position);
                }
            }
        } else if (keyName == QLatin1String("id")) {
            term.key = Key::Id;
            for (const QString &alt : alternatives) {
                if (alt.contains(QLatin1Char('*')))
                    term.patterns << globPattern(alt);
            }
        } else if (keyName == QLatin1String("run")) {
            term.key = Key::Run;
            static const QRegularExpression range(QStringLiteral("^(\\d+)(?:-(\\d+))?$"));
            for (const QString &alt : alternatives) {
                const auto m = range.match(alt);
                const int from = m.hasMatch() ? m.captured(1).toInt() : 0;
                const int to = m.captured(2).isEmpty() ? from : m.captured(2).toInt();
                if (!m.hasMatch() || from < 1 || to < from)
                    return fail(
                        QObject::tr("run: wants a run number or range like 2 or 2-4, not \"%1\"")
                            .arg(alt),
                        position);
                term.runRanges << qMakePair(from - 1, to - 1);
            }
        } else if (keyName == QLatin1String("has")) {
            term.key = Key::Has;
            for (const QString &alt : alternatives) {
                const QString v = alt.toLower();
                if (!hasValues().contains(v) && v != QLatin1String("diagnostics"))
                    return fail(
                        QObject::tr("has: wants diag, error, warning or info, not \"%1\"").arg(alt),
                        position);
            }
        } else {
            return fail(
                QObject::tr("unknown key \"%1:\" (type, family, id, run, has, text)").arg(keyName),
                position);
        }
        term.values = alternatives;
        filter.m_terms << term;
    }
    return filter;
}

bool EventFilter::matches(const EventSummary &event,
                          const std::function<QString()> &eventText) const
{
    QString text;
    bool textLoaded = false;
    for (const Term &term : m_terms) {
        bool ok = false;
        switch (term.key) {
        case Key::Type:
        case Key::Family:
            ok = term.typeMask.value(int(event.type));
            break;
        case Key::Id:
            // Exact ids compare as strings; wildcard ones use the patterns compiled at parse.
            for (const QString &v : term.values) {
                if (!v.contains(QLatin1Char('*')) && v == event.primaryId) {
                    ok = true;
                    break;
                }
            }
            for (const QRegularExpression &re : term.patterns)
                ok = ok || re.match(event.primaryId).hasMatch();
            break;
        case Key::Run:
            for (const auto &r : term.runRanges)
                ok = ok || (event.runIndex >= r.first && event.runIndex <= r.second);
            break;
        case Key::Has:
            for (const QString &v : term.values) {
                const QString lower = v.toLower();
                if (lower == QLatin1String("error"))
                    ok = ok
                        || (event.diagnosticCount > 0 && event.worstSeverity == Severity::Error);
                else if (lower == QLatin1String("warning"))
                    ok = ok
                        || (event.diagnosticCount > 0 && event.worstSeverity >= Severity::Warning);
                else
                    ok = ok || event.diagnosticCount > 0;
            }
            break;
        case Key::Text:
            if (!textLoaded) {
                text = eventText();
                textLoaded = true;
            }
            ok = text.contains(term.values.first(), Qt::CaseInsensitive);
            break;
        }
        if (ok == term.negated)
            return false;
    }
    return true;
}

QString EventFilter::errorMessage() const
{
    if (isValid())
        return {};
    return QObject::tr("%1 at character %2").arg(m_error).arg(m_errorPosition + 1);
}

bool EventFilter::matches(const EventStore &store, qint64 seq) const
{
    return matches(store.summary(seq),
                   [&store, seq] { return QString::fromUtf8(store.payloadView(seq)); });
}

} // namespace agui
