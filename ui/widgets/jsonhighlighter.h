#pragma once

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace agui::ui {

// Colours JSON text (keys, strings, numbers, literals, punctuation) in a QPlainTextEdit or
// QTextEdit. A small hand-written scanner rather than regexes, so an escaped quote or a colon
// inside a string never confuses it; text that is not JSON is left mostly uncoloured.
class JsonHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT
public:
    explicit JsonHighlighter(QTextDocument *document);
    void setDarkPalette(bool dark);

protected:
    void highlightBlock(const QString &text) override;

private:
    QTextCharFormat m_key, m_string, m_number, m_literal, m_punctuation;
};

} // namespace agui::ui
