#include "ui/widgets/jsonhighlighter.h"

namespace agui::ui {

JsonHighlighter::JsonHighlighter(QTextDocument *document)
    : QSyntaxHighlighter(document)
{
    setDarkPalette(false);
}

void JsonHighlighter::setDarkPalette(bool dark)
{
    m_key.setForeground(dark ? QColor(0x8a, 0xb4, 0xf8) : QColor(0x1a, 0x4f, 0x9c));
    m_string.setForeground(dark ? QColor(0x81, 0xc9, 0x95) : QColor(0x18, 0x7a, 0x3a));
    m_number.setForeground(dark ? QColor(0xf6, 0xae, 0x5b) : QColor(0xa6, 0x50, 0x00));
    m_literal.setForeground(dark ? QColor(0xc5, 0x9c, 0xf0) : QColor(0x7b, 0x3f, 0xb0));
    m_literal.setFontWeight(QFont::DemiBold);
    m_punctuation.setForeground(dark ? QColor(0x9a, 0x9a, 0x9a) : QColor(0x70, 0x70, 0x70));
    rehighlight();
}

void JsonHighlighter::highlightBlock(const QString &text)
{
    // State carried across lines: 1 = inside a string that continues on the next line (pretty
    // JSON never does that, raw SSE data lines might).
    int i = 0;
    const int n = int(text.size());
    if (previousBlockState() == 1) {
        int j = 0;
        while (j < n && text.at(j) != QLatin1Char('"'))
            j += text.at(j) == QLatin1Char('\\') ? 2 : 1;
        setFormat(0, qMin(j + 1, n), m_string);
        if (j >= n) {
            setCurrentBlockState(1);
            return;
        }
        i = j + 1;
    }
    setCurrentBlockState(0);
    while (i < n) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('"')) {
            int j = i + 1;
            while (j < n && text.at(j) != QLatin1Char('"'))
                j += text.at(j) == QLatin1Char('\\') ? 2 : 1;
            const int end = qMin(j + 1, n);
            // A string followed by ':' is an object key.
            int k = end;
            while (k < n && text.at(k).isSpace())
                ++k;
            const bool isKey = k < n && text.at(k) == QLatin1Char(':');
            setFormat(i, end - i, isKey ? m_key : m_string);
            if (j >= n)
                setCurrentBlockState(1);
            i = end;
        } else if (c == QLatin1Char('-') || c.isDigit()) {
            int j = i + 1;
            while (j < n
                   && (text.at(j).isDigit() || text.at(j) == QLatin1Char('.')
                       || text.at(j) == QLatin1Char('e') || text.at(j) == QLatin1Char('E')
                       || text.at(j) == QLatin1Char('+') || text.at(j) == QLatin1Char('-')))
                ++j;
            setFormat(i, j - i, m_number);
            i = j;
        } else if (c.isLetter()) {
            int j = i;
            while (j < n && text.at(j).isLetter())
                ++j;
            const QStringView word = QStringView(text).mid(i, j - i);
            if (word == u"true" || word == u"false" || word == u"null")
                setFormat(i, j - i, m_literal);
            i = j;
        } else {
            if (QStringView(u"{}[],:").contains(c))
                setFormat(i, 1, m_punctuation);
            ++i;
        }
    }
}

} // namespace agui::ui
