#include "ui/widgets/columnmenu.h"

#include <QHeaderView>
#include <QMenu>

namespace agui::ui {

namespace {

int visibleSections(const QHeaderView *header)
{
    return header->count() - header->hiddenSectionCount();
}

} // namespace

void installColumnMenu(QHeaderView *header)
{
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(header, &QWidget::customContextMenuRequested, header, [header](QPoint pos) {
        QMenu menu(header);
        const QAbstractItemModel *model = header->model();
        for (int section = 0; model && section < header->count(); ++section) {
            QAction *a
                = menu.addAction(model->headerData(section, header->orientation()).toString());
            a->setCheckable(true);
            a->setChecked(!header->isSectionHidden(section));
            a->setEnabled(header->isSectionHidden(section) || visibleSections(header) > 1);
            QObject::connect(a, &QAction::toggled, header, [header, section](bool shown) {
                header->setSectionHidden(section, !shown);
            });
        }
        menu.exec(header->viewport()->mapToGlobal(pos));
    });
}

} // namespace agui::ui
