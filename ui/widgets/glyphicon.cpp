#include "ui/widgets/glyphicon.h"

#include <QGuiApplication>
#include <QIconEngine>
#include <QPainter>
#include <QPalette>
#include <QPolygonF>

#include <initializer_list>

namespace agui::ui {

namespace {

QPolygonF polygon(std::initializer_list<QPointF> points)
{
    return QPolygonF(QList<QPointF>(points));
}

QPolygonF box(qreal x, qreal y, qreal w, qreal h)
{
    return QPolygonF(QRectF(x, y, w, h));
}

struct GlyphSpec
{
    Glyph glyph;
    const char *name;
    QList<QPolygonF> shapes; // filled, in a unit square, one by one (overlaps need no care)
};

const GlyphSpec &specOf(Glyph glyph)
{
    static const GlyphSpec specs[] = {
        {Glyph::Play, "play", {polygon({{0.25, 0.15}, {0.85, 0.5}, {0.25, 0.85}})}},
        {Glyph::Pause, "pause", {box(0.22, 0.18, 0.2, 0.64), box(0.58, 0.18, 0.2, 0.64)}},
        {Glyph::Stop, "stop", {box(0.2, 0.2, 0.6, 0.6)}},
        {Glyph::StepBack,
         "step-back",
         {polygon({{0.5, 0.22}, {0.08, 0.5}, {0.5, 0.78}}),
          polygon({{0.92, 0.22}, {0.5, 0.5}, {0.92, 0.78}})}},
        {Glyph::StepForward,
         "step-forward",
         {polygon({{0.08, 0.22}, {0.5, 0.5}, {0.08, 0.78}}),
          polygon({{0.5, 0.22}, {0.92, 0.5}, {0.5, 0.78}})}},
        {Glyph::SkipForward,
         "skip-forward",
         {polygon({{0.18, 0.18}, {0.7, 0.5}, {0.18, 0.82}}), box(0.7, 0.18, 0.12, 0.64)}},
        // A folder, its tab on the left.
        {Glyph::Open,
         "open",
         {polygon({{0.1, 0.22}, {0.4, 0.22}, {0.48, 0.32}, {0.9, 0.32}, {0.9, 0.8}, {0.1, 0.8}})}},
        // An arrow down into a tray.
        {Glyph::Save,
         "save",
         {box(0.43, 0.1, 0.14, 0.34), polygon({{0.26, 0.42}, {0.74, 0.42}, {0.5, 0.68}}),
          box(0.12, 0.56, 0.1, 0.32), box(0.78, 0.56, 0.1, 0.32), box(0.12, 0.8, 0.76, 0.08)}},
        // An arrow down onto a line: to the end.
        {Glyph::FollowEnd,
         "follow-end",
         {box(0.43, 0.1, 0.14, 0.38), polygon({{0.2, 0.46}, {0.8, 0.46}, {0.5, 0.76}}),
          box(0.15, 0.82, 0.7, 0.08)}},
        // A cross: two bars 0.14 thick, corner to corner.
        {Glyph::Clear,
         "clear",
         {polygon({{0.2, 0.3}, {0.3, 0.2}, {0.8, 0.7}, {0.7, 0.8}}),
          polygon({{0.2, 0.7}, {0.7, 0.2}, {0.8, 0.3}, {0.3, 0.8}})}},
    };
    const GlyphSpec &spec = specs[int(glyph)];
    Q_ASSERT(spec.glyph == glyph); // the table is in the enum's order
    return spec;
}

QColor colourFor(QIcon::Mode mode)
{
    const QPalette palette = QGuiApplication::palette();
    switch (mode) {
    case QIcon::Disabled:
        return palette.color(QPalette::Disabled, QPalette::ButtonText);
    case QIcon::Selected:
        return palette.color(QPalette::Active, QPalette::HighlightedText);
    case QIcon::Normal:
    case QIcon::Active:
        break;
    }
    return palette.color(QPalette::Active, QPalette::ButtonText);
}

class GlyphIconEngine final : public QIconEngine
{
public:
    explicit GlyphIconEngine(Glyph glyph)
        : m_glyph(glyph)
    { }

    void paint(QPainter *painter, const QRect &rect, QIcon::Mode mode, QIcon::State) override
    {
        const qreal side = qMin(rect.width(), rect.height());
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setPen(Qt::NoPen);
        painter->setBrush(colourFor(mode));
        painter->translate(rect.x() + (rect.width() - side) / 2,
                           rect.y() + (rect.height() - side) / 2);
        painter->scale(side, side);
        for (const QPolygonF &shape : specOf(m_glyph).shapes)
            painter->drawPolygon(shape);
        painter->restore();
    }

    QPixmap pixmap(const QSize &size, QIcon::Mode mode, QIcon::State state) override
    {
        QPixmap pixmap(size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        paint(&painter, QRect(QPoint(0, 0), size), mode, state);
        return pixmap;
    }

    QIconEngine *clone() const override { return new GlyphIconEngine(m_glyph); }
    QString key() const override { return QStringLiteral("agui-glyph"); }
    QString iconName() override
    {
        return QStringLiteral("agui-glyph-") + QLatin1String(specOf(m_glyph).name);
    }
    bool isNull() override { return false; }

private:
    Glyph m_glyph;
};

} // namespace

QIcon glyphIcon(Glyph glyph)
{
    return QIcon(new GlyphIconEngine(glyph));
}

} // namespace agui::ui
