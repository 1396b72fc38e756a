#include "ui/a2ui/markdownlabel.h"

#include <QAbstractTextDocumentLayout>
#include <QEvent>
#include <QPainter>
#include <QTextBlock>
#include <QTextCursor>

#include <cmath>

namespace agui::ui {

namespace {

// A run of the document to replace: a link (its text stays) or an image (its alt text instead).
struct Replacement
{
    int position = 0;
    int length = 0;
    bool image = false;
    QString altText;
};

QList<Replacement> linksAndImages(const QTextDocument &document)
{
    QList<Replacement> out;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            const QTextCharFormat format = fragment.charFormat();
            if (format.isImageFormat())
                out.append({fragment.position(), fragment.length(), true,
                            format.property(QTextFormat::ImageAltText).toString()});
            else if (format.isAnchor() || !format.anchorHref().isEmpty())
                out.append({fragment.position(), fragment.length(), false, {}});
        }
    }
    return out;
}

} // namespace

void InertMarkdownDocument::setInertMarkdown(const QString &markdown)
{
    setMarkdown(markdown, MarkdownFeatures(MarkdownDialectCommonMark | MarkdownNoHTML));
    neutraliseLinksAndImages();
}

void InertMarkdownDocument::neutraliseLinksAndImages()
{
    const QList<Replacement> found = linksAndImages(*this);
    QTextCursor cursor(this);
    // From the end, so earlier positions stay valid.
    for (auto it = found.crbegin(); it != found.crend(); ++it) {
        cursor.setPosition(it->position);
        cursor.setPosition(it->position + it->length, QTextCursor::KeepAnchor);
        if (it->image) {
            cursor.insertText(it->altText, QTextCharFormat()); // replaces the image character
            continue;
        }
        QTextCharFormat plain = cursor.charFormat();
        plain.setAnchor(false);
        plain.setAnchorHref(QString());
        plain.setAnchorNames({});
        plain.clearForeground();
        plain.setFontUnderline(false);
        cursor.setCharFormat(plain);
    }
}

QVariant InertMarkdownDocument::loadResource(int, const QUrl &)
{
    ++m_resourceRequests; // never fetched: agent-chosen URLs are not loaded without consent
    return {};
}

MarkdownLabel::MarkdownLabel(QWidget *parent)
    : QLabel(parent)
{
    setTextFormat(Qt::PlainText); // QLabel itself never interprets the agent's text
    setWordWrap(true);
    setTextInteractionFlags(Qt::NoTextInteraction);
    setOpenExternalLinks(false);
    m_document.setDocumentMargin(0);
    m_document.setDefaultFont(font());
}

void MarkdownLabel::setMarkdown(const QString &markdown)
{
    setText(markdown);
    m_document.setInertMarkdown(markdown);
    updateGeometry();
    update();
}

QSize MarkdownLabel::documentSize(int width) const
{
    m_document.setTextWidth(width);
    const QSizeF size = m_document.size();
    const QMargins m = contentsMargins();
    return QSize(int(std::ceil(size.width())) + m.left() + m.right(),
                 int(std::ceil(size.height())) + m.top() + m.bottom());
}

QSize MarkdownLabel::sizeHint() const
{
    m_document.setTextWidth(-1);
    return documentSize(int(std::ceil(m_document.idealWidth())));
}

QSize MarkdownLabel::minimumSizeHint() const
{
    return QSize(fontMetrics().averageCharWidth() * 4, documentSize(width()).height());
}

int MarkdownLabel::heightForWidth(int width) const
{
    const QMargins m = contentsMargins();
    return documentSize(width - m.left() - m.right()).height();
}

void MarkdownLabel::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    const QRect area = contentsRect();
    m_document.setTextWidth(area.width());
    painter.translate(area.topLeft());
    QAbstractTextDocumentLayout::PaintContext context;
    context.palette = palette();
    context.palette.setColor(QPalette::Text, palette().color(foregroundRole()));
    context.clip = QRectF(0, 0, area.width(), area.height());
    m_document.documentLayout()->draw(&painter, context);
}

void MarkdownLabel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange) {
        m_document.setDefaultFont(font());
        updateGeometry();
    }
    QLabel::changeEvent(event);
}

} // namespace agui::ui
