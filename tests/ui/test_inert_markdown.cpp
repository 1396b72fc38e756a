// A2UI Text Markdown: the formatting the basic catalog allows is rendered; links become their
// text (nothing to click or follow), images their alt text (nothing fetched, not even a local
// file), HTML stays literal text; and a surface's Text component shows it that way.

#include "core/a2ui/surfaceset.h"
#include "ui/a2ui/markdownlabel.h"
#include "ui/a2ui/surfacewidget.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>

using namespace agui;
using namespace agui::ui;

class TestInertMarkdown : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void formattingIsRendered();
    void linksAreOnlyText();
    void imagesAreNeverLoaded();
    void htmlStaysLiteral();
    void textComponentRendersMarkdown();
};

namespace {

// Every character format of the document, in order.
QList<QTextCharFormat> formats(const QTextDocument &document)
{
    QList<QTextCharFormat> out;
    for (QTextBlock b = document.begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it)
            out.append(it.fragment().charFormat());
    return out;
}

QTextCharFormat formatOf(const QTextDocument &document, const QString &text)
{
    for (QTextBlock b = document.begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it)
            if (it.fragment().text() == text)
                return it.fragment().charFormat();
    return {};
}

} // namespace

void TestInertMarkdown::formattingIsRendered()
{
    MarkdownLabel label;
    label.setMarkdown(QStringLiteral("**bold** and *italic* and `code`"));
    QCOMPARE(label.text(), QStringLiteral("**bold** and *italic* and `code`")); // the source
    QCOMPARE(label.textFormat(), Qt::PlainText);
    QCOMPARE(label.renderedText(), QStringLiteral("bold and italic and code"));
    QCOMPARE(formatOf(label.document(), QStringLiteral("bold")).fontWeight(), int(QFont::Bold));
    QVERIFY(formatOf(label.document(), QStringLiteral("italic")).fontItalic());
    QVERIFY(formatOf(label.document(), QStringLiteral("code")).fontFixedPitch());
}

void TestInertMarkdown::linksAreOnlyText()
{
    MarkdownLabel label;
    label.setMarkdown(QStringLiteral("see [the docs](https://example.invalid/x) or "
                                     "<https://example.invalid/auto>"));
    QCOMPARE(label.renderedText(), QStringLiteral("see the docs or https://example.invalid/auto"));
    for (const QTextCharFormat &f : formats(label.document())) {
        QVERIFY(!f.isAnchor());
        QVERIFY(f.anchorHref().isEmpty());
        QVERIFY(!f.fontUnderline());
    }
    // Nothing on the label reacts to a click.
    QCOMPARE(label.textInteractionFlags(), Qt::NoTextInteraction);
    QVERIFY(!label.openExternalLinks());
    label.resize(400, 60);
    label.show();
    QTest::mouseClick(&label, Qt::LeftButton, {}, QPoint(40, 8));
    QCOMPARE(label.document().resourceRequests(), 0);
}

void TestInertMarkdown::imagesAreNeverLoaded()
{
    // A real local image: a renderer that loaded images would find it.
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("pixel.png"));
    QImage pixel(8, 8, QImage::Format_RGB32);
    pixel.fill(Qt::red);
    QVERIFY(pixel.save(png));
    MarkdownLabel label;
    label.setMarkdown(
        QStringLiteral("before ![a red pixel](%1) after ![](http://127.0.0.1:9/x.png)")
            .arg(QUrl::fromLocalFile(png).toString()));
    for (const QTextCharFormat &f : formats(label.document()))
        QVERIFY(!f.isImageFormat());
    QCOMPARE(label.renderedText(), QStringLiteral("before a red pixel after "));
    label.resize(400, 60);
    label.show();
    QVERIFY(QTest::qWaitForWindowExposed(&label));
    label.grab(); // lays out and paints
    QCOMPARE(label.document().resourceRequests(), 0);
}

void TestInertMarkdown::htmlStaysLiteral()
{
    MarkdownLabel label;
    label.setMarkdown(QStringLiteral("<b>not bold</b> <img src=x> <a href=\"y\">z</a>"));
    QCOMPARE(label.renderedText(),
             QStringLiteral("<b>not bold</b> <img src=x> <a href=\"y\">z</a>"));
    for (const QTextCharFormat &f : formats(label.document())) {
        QVERIFY(f.fontWeight() != QFont::Bold);
        QVERIFY(!f.isAnchor() && !f.isImageFormat());
    }
}

void TestInertMarkdown::textComponentRendersMarkdown()
{
    const QByteArray messages = R"json([
      {"version": "v0.9", "createSurface": {"surfaceId": "s",
        "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
      {"version": "v0.9", "updateComponents": {"surfaceId": "s", "components": [
        {"id": "root", "component": "Text", "text": "**Total:** [12 EUR](https://pay.invalid)"}]
}
}
    ])json";
    a2ui::SurfaceSet set;
    set.applySource(QStringLiteral("test"), QJsonDocument::fromJson(messages).array());
    QVERIFY(set.surface(QStringLiteral("s")));
    SurfaceWidget w;
    w.setSurface(*set.surface(QStringLiteral("s")));
    auto *text = dynamic_cast<MarkdownLabel *>(w.widgetFor(QStringLiteral("root")));
    QVERIFY(text);
    QCOMPARE(text->renderedText(), QStringLiteral("Total: 12 EUR"));
    QCOMPARE(formatOf(text->document(), QStringLiteral("Total:")).fontWeight(), int(QFont::Bold));
    QVERIFY(!formatOf(text->document(), QStringLiteral(" 12 EUR")).isAnchor());
}

QTEST_MAIN(TestInertMarkdown)
#include "test_inert_markdown.moc"
