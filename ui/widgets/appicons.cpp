#include "ui/widgets/appicons.h"

#include <QFile>

namespace agui::ui {

QIcon appIcon(const QString &name)
{
    // The PNGs are there only in a build without Qt SVG, where the SVG could not be drawn.
    QIcon icon;
    for (const int size : {16, 24, 32, 48, 64, 128, 256}) {
        const QString png = QStringLiteral(":/agui/icons/%1-%2.png").arg(name).arg(size);
        if (QFile::exists(png))
            icon.addFile(png, QSize(size, size));
    }
    return icon.isNull() ? QIcon(QStringLiteral(":/agui/icons/%1.svg").arg(name)) : icon;
}

} // namespace agui::ui
