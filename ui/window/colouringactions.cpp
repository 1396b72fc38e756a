#include "ui/window/colouringactions.h"

#include "ui/dialogs/colouringrulesdialog.h"
#include "ui/models/eventlistmodel.h"
#include "ui/persistsettings.h"
#include "ui/window/windowservices.h"

#include <QAction>
#include <QCoreApplication>
#include <QMainWindow>
#include <QMenu>

namespace agui::ui {

namespace {

// The translation context of this file's texts (its functions are not QObject members).
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(ColouringActions)
};

} // namespace

void installColouringRules(WindowServices *window)
{
    // Tests run without settings: they see the built-in rules, never a developer's own.
    EventListModel *model = window->listModel();
    model->setColouringRules(
        ColouringRules(persistSettings() ? ColouringRules::load() : ColouringRules::defaults()));
    QAction *edit
        = window->menu(WindowServices::MenuId::View)->addAction(Text::tr("Colouring &Rules…"));
    edit->setObjectName(QStringLiteral("colouringRulesAction"));
    edit->setToolTip(
        Text::tr("Colour the list's rows by filter, like Wireshark's colouring rules"));
    QObject::connect(edit, &QAction::triggered, window->hostWindow(), [window, model] {
        ColouringRulesDialog dialog(model->colouringRules().rules(), window->hostWindow());
        if (dialog.exec() != QDialog::Accepted)
            return;
        model->setColouringRules(ColouringRules(dialog.rules()));
        if (persistSettings())
            ColouringRules::save(dialog.rules());
    });
}

} // namespace agui::ui
