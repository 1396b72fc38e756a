#pragma once

#include <QLabel>
#include <QTextDocument>

namespace agui::ui {

// The Markdown an A2UI Text may carry, as inert formatting. The basic catalog allows "simple
// Markdown formatting ... without HTML, images, or links" (a2ui.org, basic catalog, Text.text):
// the text is parsed as CommonMark with HTML off (tags stay literal text), then every link is
// turned back into its plain text and every image into its alt text, so nothing can be clicked,
// followed or fetched.
class InertMarkdownDocument : public QTextDocument
{
public:
    using QTextDocument::QTextDocument;

    void setInertMarkdown(const QString &markdown);
    // How often the layout asked for a resource (an image); stays 0, tests check it.
    int resourceRequests() const { return m_resourceRequests; }

protected:
    QVariant loadResource(int type, const QUrl &name) override;

private:
    void neutraliseLinksAndImages();
    int m_resourceRequests = 0;
};

// A label that shows its text (A2UI Markdown) through an InertMarkdownDocument. text() stays the
// source, and the label's own text format stays Qt::PlainText: QLabel never interprets it.
class MarkdownLabel : public QLabel
{
public:
    explicit MarkdownLabel(QWidget *parent = nullptr);

    void setMarkdown(const QString &markdown);
    QString renderedText() const { return m_document.toPlainText(); }
    const InertMarkdownDocument &document() const { return m_document; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    QSize documentSize(int width) const;
    mutable InertMarkdownDocument m_document; // laid out to the width asked about
};

} // namespace agui::ui
