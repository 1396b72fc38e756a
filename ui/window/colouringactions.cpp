#include "ui/window/colouringactions.h"

#include "ui/dialogs/colouringrulesdialog.h"
#include "ui/models/eventlistmodel.h"
#include "ui/window/mainwindow.h"

#include <QAction>
#include <QMenu>

namespace agui::ui {

void installColouringRules(MainWindow *window)
{
    // Tests run without settings: they see the built-in rules, never a developer's own.
    EventListModel *model = window->listModel();
    model->setColouringRules(ColouringRules(
        MainWindow::persistSettings() ? ColouringRules::load() : ColouringRules::defaults()));
    QAction *edit
        = window->menu(MainWindow::MenuId::View)->addAction(MainWindow::tr("Colouring &Rules…"));
    edit->setObjectName(QStringLiteral("colouringRulesAction"));
    edit->setToolTip(
        MainWindow::tr("Colour the list's rows by filter, like Wireshark's colouring rules"));
    QObject::connect(edit, &QAction::triggered, window, [window, model] {
        ColouringRulesDialog dialog(model->colouringRules().rules(), window);
        if (dialog.exec() != QDialog::Accepted)
            return;
        model->setColouringRules(ColouringRules(dialog.rules()));
        if (MainWindow::persistSettings())
            ColouringRules::save(dialog.rules());
    });
}

} // namespace agui::ui
