#include "ui/window/theme.h"

#include "ui/window/appstyle.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>

namespace agui::ui {

namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x80, 0x80, 0x80);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2c));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3d, 0x42));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x7b, 0x72));
    p.setColor(QPalette::Link, QColor(0x8a, 0xb4, 0xf8));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x5f, 0xa8));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Light, QColor(0x3a, 0x3d, 0x42));
    p.setColor(QPalette::Midlight, QColor(0x34, 0x36, 0x3b));
    p.setColor(QPalette::Mid, QColor(0x24, 0x25, 0x28));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, Qt::black);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

// The platform's style, as the application started with it.
QString systemStyleName()
{
    static const QString name = [] {
        const auto *app = qobject_cast<const AppStyle *>(QApplication::style());
        return app ? app->baseName() : QApplication::style()->name();
    }();
    return name;
}

} // namespace

ThemeMode themeModeFromName(const QString &name)
{
    if (name == QLatin1String("light"))
        return ThemeMode::Light;
    if (name == QLatin1String("dark"))
        return ThemeMode::Dark;
    return ThemeMode::System;
}

QString themeModeName(ThemeMode mode)
{
    switch (mode) {
    case ThemeMode::Light:
        return QStringLiteral("light");
    case ThemeMode::Dark:
        return QStringLiteral("dark");
    case ThemeMode::System:
        break;
    }
    return QStringLiteral("system");
}

void installAppStyle()
{
    if (!qobject_cast<const AppStyle *>(QApplication::style()))
        QApplication::setStyle(new AppStyle(systemStyleName()));
}

void applyTheme(ThemeMode mode)
{
    static const QPalette systemPalette = QApplication::palette();
    switch (mode) {
    case ThemeMode::System:
        QApplication::setStyle(new AppStyle(systemStyleName()));
        QApplication::setPalette(systemPalette);
        break;
    case ThemeMode::Light:
        QApplication::setStyle(new AppStyle(QStringLiteral("Fusion")));
        QApplication::setPalette(QApplication::style()->standardPalette());
        break;
    case ThemeMode::Dark:
        QApplication::setStyle(new AppStyle(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
        break;
    }
}

} // namespace agui::ui
