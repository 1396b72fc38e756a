#include "ui/transcript/transcriptdelegate.h"

#include "ui/transcript/transcriptmodel.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QPainter>
#include <QPainterPath>

namespace agui::ui {

namespace {

constexpr int kMargin = 6; // around the card
constexpr int kPad = 8; // inside the card
constexpr int kBar = 4; // role colour bar

QColor tagColor(const QString &tag)
{
    if (tag == QLatin1String("dropped"))
        return QColor(200, 60, 60);
    if (tag == QLatin1String("replaced") || tag == QLatin1String("changed"))
        return QColor(200, 140, 20);
    return QColor(46, 160, 67); // new / appended
}

} // namespace

TranscriptDelegate::TranscriptDelegate(QWidget *view)
    : QStyledItemDelegate(view)
    , m_view(view)
{ }

QColor TranscriptDelegate::roleColor(const QString &role)
{
    if (role == QLatin1String("user"))
        return QColor(56, 120, 220);
    if (role == QLatin1String("assistant"))
        return QColor(46, 160, 67);
    if (role == QLatin1String("tool"))
        return QColor(220, 130, 30);
    if (role == QLatin1String("reasoning"))
        return QColor(140, 90, 200);
    if (role == QLatin1String("activity"))
        return QColor(20, 150, 160);
    return QColor(130, 130, 130); // system / developer / unknown
}

int TranscriptDelegate::availableWidth(const QStyleOptionViewItem &option) const
{
    // The list lays items out top to bottom at the viewport's width.
    int width = option.rect.width();
    if (auto *view = qobject_cast<QAbstractItemView *>(m_view))
        width = view->viewport()->width();
    return qMax(120, width - 2 * kMargin - 2 * kPad - kBar);
}

QSize TranscriptDelegate::sizeHint(const QStyleOptionViewItem &option,
                                   const QModelIndex &index) const
{
    const int width = availableWidth(option);
    QFont headerFont = option.font;
    headerFont.setPointSizeF(headerFont.pointSizeF() * 0.9);
    const QFontMetrics hm(headerFont);
    const QFontMetrics bm(option.font);
    const QString body = index.data(TranscriptModel::BodyRole).toString();
    const int bodyHeight = body.isEmpty()
        ? 0
        : bm.boundingRect(QRect(0, 0, width, 1 << 24), Qt::TextWordWrap, body).height();
    const int height = 2 * kMargin + 2 * kPad + hm.height() + (bodyHeight ? 4 + bodyHeight : 0);
    return {width + 2 * kMargin + 2 * kPad + kBar, height};
}

void TranscriptDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                               const QModelIndex &index) const
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    const QPalette &pal = option.palette;
    const QString role = index.data(TranscriptModel::RoleRole).toString();
    const QString tag = index.data(TranscriptModel::TagRole).toString();
    const bool dropped = index.data(TranscriptModel::DroppedRole).toBool();
    const bool selected = option.state & QStyle::State_Selected;
    const QColor accent = roleColor(role);

    const QRect card = option.rect.adjusted(kMargin, kMargin, -kMargin, -kMargin);
    QColor fill = pal.color(QPalette::Base);
    const bool dark = fill.lightness() < 128;
    fill = dark ? fill.lighter(130) : fill.darker(104);
    if (role == QLatin1String("activity"))
        fill = dark ? QColor(20, 60, 64) : QColor(232, 246, 247);
    if (selected)
        fill = pal.color(QPalette::Highlight).lighter(dark ? 80 : 170);
    QPainterPath path;
    path.addRoundedRect(QRectF(card), 6, 6);
    painter->fillPath(path, fill);
    if (role == QLatin1String("activity")) {
        painter->setPen(QPen(accent, 1));
        painter->drawPath(path);
    }
    painter->fillRect(QRect(card.left(), card.top() + 3, kBar, card.height() - 6), accent);

    QFont headerFont = option.font;
    headerFont.setPointSizeF(headerFont.pointSizeF() * 0.9);
    headerFont.setBold(true);
    const QFontMetrics hm(headerFont);
    const QRect inner = card.adjusted(kBar + kPad, kPad, -kPad, -kPad);
    QRect headerRect(inner.left(), inner.top(), inner.width(), hm.height());

    if (!tag.isEmpty()) {
        QFont badgeFont = headerFont;
        const QFontMetrics bfm(badgeFont);
        const int w = bfm.horizontalAdvance(tag) + 10;
        const QRect badge(headerRect.right() - w, headerRect.top(), w, hm.height());
        QPainterPath badgePath;
        badgePath.addRoundedRect(QRectF(badge), 4, 4);
        painter->fillPath(badgePath, tagColor(tag));
        painter->setPen(Qt::white);
        painter->setFont(badgeFont);
        painter->drawText(badge, Qt::AlignCenter, tag);
        headerRect.setRight(badge.left() - 6);
    }
    painter->setFont(headerFont);
    painter->setPen(accent.darker(dark ? 70 : 130));
    const QString header = index.data(TranscriptModel::HeaderRole).toString();
    painter->drawText(headerRect, Qt::AlignLeft | Qt::AlignVCenter,
                      hm.elidedText(header, Qt::ElideRight, headerRect.width()));

    QFont bodyFont = option.font;
    bodyFont.setStrikeOut(dropped);
    bodyFont.setItalic(index.data(TranscriptModel::IsReasoningRole).toBool()
                       && !index.data(TranscriptModel::ExpandedRole).toBool());
    painter->setFont(bodyFont);
    QColor text = pal.color(selected ? QPalette::HighlightedText : QPalette::Text);
    if (dropped)
        text.setAlpha(140);
    if (selected && !dark)
        text = pal.color(QPalette::Text);
    painter->setPen(text);
    const QRect bodyRect(inner.left(), headerRect.bottom() + 5, inner.width(),
                         inner.bottom() - headerRect.bottom() - 4);
    // drawText with a plain string: agent text is never interpreted as markup.
    painter->drawText(bodyRect, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop,
                      index.data(TranscriptModel::BodyRole).toString());
    painter->restore();
}

} // namespace agui::ui
