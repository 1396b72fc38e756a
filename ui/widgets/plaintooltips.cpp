#include "ui/widgets/plaintooltips.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QHelpEvent>
#include <QPointer>
#include <QTextDocument>
#include <QToolTip>

namespace agui::ui {

namespace {

// The tooltip text Qt would show for this event, and the rectangle it belongs to.
QString toolTipFor(QWidget *widget, const QPoint &pos, QRect *area)
{
    if (auto *view = qobject_cast<QAbstractItemView *>(widget->parentWidget());
        view && view->viewport() == widget) {
        const QModelIndex index = view->indexAt(pos);
        if (!index.isValid())
            return {};
        *area = view->visualRect(index);
        return index.data(Qt::ToolTipRole).toString();
    }
    *area = widget->rect();
    return widget->toolTip();
}

} // namespace

QString plainToolTipText(const QString &text)
{
    return Qt::convertFromPlainText(text, Qt::WhiteSpaceNormal);
}

bool PlainToolTips::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::ToolTip || !watched->isWidgetType())
        return false;
    auto *widget = static_cast<QWidget *>(watched);
    auto *help = static_cast<QHelpEvent *>(event);
    QRect area;
    const QString text = toolTipFor(widget, help->pos(), &area);
    if (text.isEmpty())
        return false; // e.g. tab bars and headers answer for their own parts
    QToolTip::showText(help->globalPos(), plainToolTipText(text), widget, area);
    return true;
}

void installPlainToolTips()
{
    static QPointer<PlainToolTips> installed;
    if (installed || !qApp)
        return;
    installed = new PlainToolTips(qApp);
    qApp->installEventFilter(installed);
}

} // namespace agui::ui
