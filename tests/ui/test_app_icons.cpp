// The toolbar's drawn icons (ui/widgets/glyphicon.h) and the application style whose standard
// icons are made when first drawn (ui/window/appstyle.h): what they draw, in which colours, and
// that the window and the filter bar use them.

#include "ui/persistsettings.h"
#include "ui/widgets/filterlineedit.h"
#include "ui/widgets/glyphicon.h"
#include "ui/window/appstyle.h"
#include "ui/window/mainwindow.h"
#include "ui/window/theme.h"

#include <QAction>
#include <QApplication>
#include <QImage>
#include <QPalette>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace agui::ui;

namespace {

const Glyph kGlyphs[]
    = {Glyph::Play,        Glyph::Pause, Glyph::Stop, Glyph::StepBack,  Glyph::StepForward,
       Glyph::SkipForward, Glyph::Open,  Glyph::Save, Glyph::FollowEnd, Glyph::Clear};

// Pixels more than half opaque, and the colour of the first of them.
int opaquePixels(const QImage &image, QColor *colour = nullptr)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (c.alpha() < 128)
                continue;
            if (n++ == 0 && colour)
                *colour = c;
        }
    return n;
}

} // namespace

class TestAppIcons : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void glyphsDrawAtEverySize()
    {
        for (const Glyph glyph : kGlyphs) {
            const QIcon icon = glyphIcon(glyph);
            QVERIFY(!icon.isNull());
            QVERIFY2(icon.name().startsWith(QLatin1String("agui-glyph-")), qPrintable(icon.name()));
            for (const int side : {16, 24, 48}) {
                const QImage image = icon.pixmap(QSize(side, side)).toImage();
                QCOMPARE(image.size(), QSize(side, side));
                const int opaque = opaquePixels(image);
                // Something drawn, and not a filled square: the corners stay clear.
                QVERIFY2(opaque > side * side / 20, qPrintable(icon.name()));
                QVERIFY2(opaque < side * side * 3 / 4, qPrintable(icon.name()));
                QCOMPARE(image.pixelColor(0, 0).alpha(), 0);
            }
        }
    }

    void glyphsAreDistinct()
    {
        QList<QImage> images;
        for (const Glyph glyph : kGlyphs)
            images.append(glyphIcon(glyph).pixmap(QSize(32, 32)).toImage());
        for (qsizetype i = 0; i < images.size(); ++i)
            for (qsizetype j = i + 1; j < images.size(); ++j)
                QVERIFY2(images[i] != images[j],
                         qPrintable(QStringLiteral("%1 and %2").arg(i).arg(j)));
    }

    // Drawn in the palette's button-text colour, greyed like text when disabled.
    void glyphsFollowThePalette()
    {
        const QPalette palette = QApplication::palette();
        const QIcon icon = glyphIcon(Glyph::Stop); // a square: its middle is solid
        const QColor normal = icon.pixmap(QSize(32, 32)).toImage().pixelColor(16, 16);
        QCOMPARE(normal.rgb(), palette.color(QPalette::Active, QPalette::ButtonText).rgb());
        const QColor disabled
            = icon.pixmap(QSize(32, 32), QIcon::Disabled).toImage().pixelColor(16, 16);
        QCOMPARE(disabled.rgb(), palette.color(QPalette::Disabled, QPalette::ButtonText).rgb());
    }

    // A standard icon of the application style draws what the base style's draws.
    void deferredStandardIconsDrawTheBaseStylesImage()
    {
        AppStyle style(QStringLiteral("Fusion"));
        for (const QStyle::StandardPixmap which :
             {QStyle::SP_LineEditClearButton, QStyle::SP_MessageBoxWarning,
              QStyle::SP_DialogOpenButton, QStyle::SP_DockWidgetCloseButton}) {
            const QIcon deferred = style.standardIcon(which);
            const QIcon direct = style.baseStyle()->standardIcon(which);
            QVERIFY(!deferred.isNull());
            for (const int side : {16, 32}) {
                QCOMPARE(deferred.actualSize(QSize(side, side)),
                         direct.actualSize(QSize(side, side)));
                QCOMPARE(deferred.pixmap(QSize(side, side)).toImage(),
                         direct.pixmap(QSize(side, side)).toImage());
            }
            QCOMPARE(deferred.availableSizes(), direct.availableSizes());
        }
    }

    // An icon outlives the style that made it (View > Theme replaces the style): it is drawn by
    // the application's style then.
    void deferredIconOutlivesItsStyle()
    {
        QIcon icon;
        {
            AppStyle style(QStringLiteral("Fusion"));
            icon = style.standardIcon(QStyle::SP_MessageBoxInformation);
        }
        const QImage image = icon.pixmap(QSize(32, 32)).toImage();
        QVERIFY(opaquePixels(image) > 0);
        QCOMPARE(image,
                 QApplication::style()
                     ->standardIcon(QStyle::SP_MessageBoxInformation)
                     .pixmap(QSize(32, 32))
                     .toImage());
    }

    void themeChangesKeepTheApplicationStyle()
    {
        installAppStyle();
        QVERIFY(qobject_cast<AppStyle *>(QApplication::style()));
        const QString system = static_cast<AppStyle *>(QApplication::style())->baseName();
        applyTheme(ThemeMode::Dark);
        auto *dark = qobject_cast<AppStyle *>(QApplication::style());
        QVERIFY(dark);
        QCOMPARE(dark->baseName().toLower(), QStringLiteral("fusion"));
        applyTheme(ThemeMode::System);
        auto *back = qobject_cast<AppStyle *>(QApplication::style());
        QVERIFY(back);
        QCOMPARE(back->baseName(), system);
    }

    void windowToolbarUsesGlyphs()
    {
        setPersistSettings(false);
        MainWindow window;
        for (const char *name :
             {"playPauseAction", "stepBackAction", "stepForwardAction", "composeRunAction"}) {
            auto *action = window.findChild<QAction *>(QLatin1String(name));
            QVERIFY2(action, name);
            QVERIFY2(action->icon().name().startsWith(QLatin1String("agui-glyph-")), name);
        }
        QCOMPARE(window.stopAction()->icon().name(), QStringLiteral("agui-glyph-stop"));
    }

    // The filter's own clear button: shown only with text, and clearing it applies the change.
    void filterClearButton()
    {
        FilterLineEdit edit;
        auto *clear = edit.findChild<QAction *>(QStringLiteral("clearFilterAction"));
        QVERIFY(clear);
        QVERIFY(!clear->isVisible());
        edit.setText(QStringLiteral("type:RUN_STARTED"));
        QVERIFY(clear->isVisible());
        clear->trigger();
        QCOMPARE(edit.text(), QString());
        QVERIFY(!clear->isVisible());
        QCOMPARE(edit.syntaxState(), FilterLineEdit::Empty);
    }
};

QTEST_MAIN(TestAppIcons)
#include "test_app_icons.moc"
