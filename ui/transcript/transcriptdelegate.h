#pragma once

#include <QStyledItemDelegate>

namespace agui::ui {

// Paints one transcript message as a card: a coloured bar for the role, a header line (role,
// name, id, run, events) with a badge for what the selected event did, and the body as plain,
// word-wrapped text (drawText: no markup is ever interpreted). Activity messages get a framed
// card; dropped messages are dimmed and struck through.
class TranscriptDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit TranscriptDelegate(QWidget *view);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    static QColor roleColor(const QString &role);

private:
    int availableWidth(const QStyleOptionViewItem &option) const;

    QWidget *m_view;
};

} // namespace agui::ui
