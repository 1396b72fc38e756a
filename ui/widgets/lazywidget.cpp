#include "ui/widgets/lazywidget.h"

#include <QVBoxLayout>

namespace agui::ui {

LazyWidget::LazyWidget(Build build, QWidget *parent)
    : QWidget(parent)
    , m_build(std::move(build))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
}

QWidget *LazyWidget::view()
{
    if (m_view)
        return m_view;
    m_view = m_build();
    m_build = nullptr; // what it captured is not needed again
    layout()->addWidget(m_view);
    // A layout shows a widget added to a visible parent only from the event loop; the
    // placeholder may be being shown now, so its view must be too (a caller may look at it
    // straight away).
    m_view->show();
    return m_view;
}

void LazyWidget::showEvent(QShowEvent *event)
{
    view();
    QWidget::showEvent(event);
}

} // namespace agui::ui
