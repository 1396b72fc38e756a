// Renders a scalable icon at build time, so the SVGs in resources/ stay the one source of every
// icon: the PNG sizes desktop environments look up in the hicolor theme, the PNGs a build
// without Qt SVG shows (the Windows build), and the .ico a Windows executable carries.
//
//   render_icon ICON.svg SIZE OUT.png
//   render_icon ICON.svg --ico OUT.ico SIZE...
#include <QBuffer>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgRenderer>
#include <QtEndian>

#include <cstdio>

namespace {

QImage render(QSvgRenderer &renderer, int size)
{
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    renderer.render(&painter);
    painter.end();
    return image;
}

template<typename T> void put(QByteArray &out, T value)
{
    char bytes[sizeof(T)];
    qToLittleEndian(value, bytes);
    out.append(bytes, sizeof(T));
}

// An icon image as Windows reads it in every version: a 32-bit DIB (height doubled for the AND
// mask, rows bottom-up) followed by an all-zero AND mask; the alpha channel does the masking.
QByteArray dibImage(const QImage &rendered)
{
    const QImage image = rendered.convertToFormat(QImage::Format_ARGB32);
    const int size = image.width();
    QByteArray out;
    put<quint32>(out, 40); // BITMAPINFOHEADER
    put<qint32>(out, size);
    put<qint32>(out, size * 2);
    put<quint16>(out, 1); // planes
    put<quint16>(out, 32); // bits per pixel
    put<quint32>(out, 0); // BI_RGB
    put<quint32>(out, 0);
    put<qint32>(out, 0);
    put<qint32>(out, 0);
    put<quint32>(out, 0);
    put<quint32>(out, 0);
    for (int y = size - 1; y >= 0; --y) {
        const auto *row = reinterpret_cast<const QRgb *>(image.constScanLine(y));
        for (int x = 0; x < size; ++x)
            put<quint32>(out, row[x]); // little-endian ARGB32 is B, G, R, A in memory
    }
    const int maskRow = ((size + 31) / 32) * 4;
    out.append(QByteArray(maskRow * size, '\0'));
    return out;
}

QByteArray pngImage(const QImage &image)
{
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return png;
}

// ICONDIR, one ICONDIRENTRY per size, then the images: 256 px as PNG (Windows Vista and later
// read it; as a DIB it would be 256 KB), the smaller sizes as DIBs.
QByteArray icoFile(QSvgRenderer &renderer, const QList<int> &sizes)
{
    QList<QByteArray> images;
    for (int size : sizes) {
        const QImage image = render(renderer, size);
        images.append(size >= 256 ? pngImage(image) : dibImage(image));
    }
    QByteArray out;
    put<quint16>(out, 0);
    put<quint16>(out, 1); // an icon, not a cursor
    put<quint16>(out, quint16(sizes.size()));
    quint32 offset = 6 + 16 * quint32(sizes.size());
    for (qsizetype i = 0; i < sizes.size(); ++i) {
        const int size = sizes.at(i);
        out.append(char(size >= 256 ? 0 : size)); // 0 means 256
        out.append(char(size >= 256 ? 0 : size));
        out.append('\0'); // no palette
        out.append('\0');
        put<quint16>(out, 1);
        put<quint16>(out, 32);
        put<quint32>(out, quint32(images.at(i).size()));
        put<quint32>(out, offset);
        offset += quint32(images.at(i).size());
    }
    for (const QByteArray &image : images)
        out.append(image);
    return out;
}

int usage()
{
    std::fprintf(stderr,
                 "usage: render_icon ICON.svg SIZE OUT.png\n"
                 "       render_icon ICON.svg --ico OUT.ico SIZE...\n");
    return 2;
}

} // namespace

int main(int argc, char *argv[])
{
    // Offscreen: a build machine has no display.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 4)
        return usage();
    QSvgRenderer renderer(args.at(1));
    if (!renderer.isValid()) {
        std::fprintf(stderr, "render_icon: cannot read %s\n", qPrintable(args.at(1)));
        return 1;
    }
    if (args.at(2) == QLatin1String("--ico")) {
        QList<int> sizes;
        for (qsizetype i = 4; i < args.size(); ++i)
            sizes.append(args.at(i).toInt());
        if (sizes.isEmpty() || sizes.contains(0))
            return usage();
        QSaveFile out(args.at(3));
        if (!out.open(QIODevice::WriteOnly) || out.write(icoFile(renderer, sizes)) < 0
            || !out.commit()) {
            std::fprintf(stderr, "render_icon: cannot write %s\n", qPrintable(args.at(3)));
            return 1;
        }
        return 0;
    }
    if (args.size() != 4)
        return usage();
    if (!render(renderer, args.at(2).toInt()).save(args.at(3), "PNG")) {
        std::fprintf(stderr, "render_icon: cannot write %s\n", qPrintable(args.at(3)));
        return 1;
    }
    return 0;
}
