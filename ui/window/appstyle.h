#pragma once

#include <QProxyStyle>

namespace agui::ui {

// The application's style: a style from QStyleFactory (the platform's or Fusion) whose standard
// icons are made when first drawn rather than when asked for. Qt's widgets ask for theirs when
// built (the menu bar's overflow button, each dock's title buttons), and the first icon made
// loads every image-format plugin to read a PNG: measured offscreen, that and the icons'
// decoding were a tenth of the window's start-up (bench/README.md, row 10), for buttons that
// are mostly never shown.
class AppStyle : public QProxyStyle
{
    Q_OBJECT
public:
    // key: a QStyleFactory key; an unknown one gives the factory's default (as QProxyStyle does).
    explicit AppStyle(const QString &key);

    QIcon standardIcon(StandardPixmap icon, const QStyleOption *option = nullptr,
                       const QWidget *widget = nullptr) const override;
    // The base style's name ("fusion", ...): what the theme menu's "system" returns to.
    QString baseName() const;
};

} // namespace agui::ui
