#include "ui/window/navigationactions.h"

#include "core/session/session.h"
#include "ui/models/sessiondocument.h"
#include "ui/views/eventlistview.h"
#include "ui/window/windowservices.h"

#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QInputDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace agui::ui {

namespace {

// The translation context of this file's texts (its functions are not QObject members).
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(NavigationActions)
};

QAction *addAction(QMenu *menu, const QString &text, const QKeySequence &shortcut)
{
    QAction *a = menu->addAction(text);
    a->setShortcut(shortcut);
    a->setShortcutContext(Qt::WindowShortcut);
    return a;
}

qint64 currentOrLast(WindowServices *window)
{
    const qint64 seq = window->eventList()->currentSeq();
    return seq >= 0 ? seq : window->lastEventSeq();
}

void goToEvent(WindowServices *window)
{
    const qint64 last = window->lastEventSeq();
    if (last < 0)
        return;
    bool ok = false;
    const int seq = QInputDialog::getInt(
        window->hostWindow(), Text::tr("Go to Event"), Text::tr("Event number (0–%1):").arg(last),
        int(qMax<qint64>(0, currentOrLast(window))), 0, int(qMin<qint64>(last, INT_MAX)), 1, &ok);
    if (ok)
        window->goToEvent(seq);
}

// The nearest event with a finding that the filter shows, in the direction asked.
void stepToFinding(WindowServices *window, bool forward)
{
    qint64 from = window->eventList()->currentSeq();
    if (from < 0)
        from = forward ? -1 : window->lastEventSeq() + 1;
    for (;;) {
        from = window->document()->nearestEventWithFinding(from, forward);
        if (from < 0) {
            window->hostWindow()->statusBar()->showMessage(
                forward ? Text::tr("No later event has findings")
                        : Text::tr("No earlier event has findings"),
                4000);
            return;
        }
        if (window->selectEvent(from))
            return;
    }
}

// The first event of the next run, or (backwards) of this run when past it, else of the one
// before.
void stepToRun(WindowServices *window, bool forward)
{
    const Session &session = window->document()->session();
    const SessionSnapshot &runs = session.current();
    if (runs.runCount() == 0)
        return;
    const qint64 seq = window->eventList()->currentSeq();
    const int run = seq >= 0 ? session.events().runIndex(seq) : -1;
    qsizetype target = forward ? run + 1 : run;
    if (!forward && (run < 0 || runs.run(run).firstSeq >= seq))
        target = run - 1;
    target = qBound<qsizetype>(0, target, runs.runCount() - 1);
    window->selectEvent(runs.run(target).firstSeq);
}

void addGoActions(WindowServices *window, QMenu *go)
{
    QObject::connect(addAction(go, Text::tr("&Go to Event…"), QKeySequence(Qt::CTRL | Qt::Key_G)),
                     &QAction::triggered, window->hostWindow(), [window] { goToEvent(window); });
    go->addSeparator();
    QObject::connect(addAction(go, Text::tr("&Next Event with Findings"), QKeySequence(Qt::Key_F8)),
                     &QAction::triggered, window->hostWindow(),
                     [window] { stepToFinding(window, true); });
    QObject::connect(addAction(go, Text::tr("&Previous Event with Findings"),
                               QKeySequence(Qt::SHIFT | Qt::Key_F8)),
                     &QAction::triggered, window->hostWindow(),
                     [window] { stepToFinding(window, false); });
    go->addSeparator();
    QObject::connect(addAction(go, Text::tr("Next &Run"), QKeySequence(Qt::ALT | Qt::Key_Down)),
                     &QAction::triggered, window->hostWindow(),
                     [window] { stepToRun(window, true); });
    QObject::connect(addAction(go, Text::tr("Previous R&un"), QKeySequence(Qt::ALT | Qt::Key_Up)),
                     &QAction::triggered, window->hostWindow(),
                     [window] { stepToRun(window, false); });
}

// View > Show <tab>, Ctrl+1 to Ctrl+9 in tab order.
void addTabActions(WindowServices *window, QMenu *view)
{
    QTabWidget *tabs = window->detailTabs();
    QMenu *menu = view->addMenu(Text::tr("Show &Tab"));
    for (int i = 0; i < tabs->count() && i < 9; ++i) {
        QAction *a = addAction(menu, tabs->tabText(i), QKeySequence(Qt::CTRL | (Qt::Key_1 + i)));
        QObject::connect(a, &QAction::triggered, tabs, [tabs, i] { tabs->setCurrentIndex(i); });
    }
}

void collectShortcuts(const QMenu *menu, const QString &path, QList<ShortcutEntry> *out)
{
    const QString title = menu->title().remove(QLatin1Char('&'));
    const QString here = path.isEmpty() ? title : path + QStringLiteral(" › ") + title;
    for (QAction *a : menu->actions()) {
        if (a->menu()) {
            collectShortcuts(a->menu(), here, out);
            continue;
        }
        QStringList keys;
        for (const QKeySequence &k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        if (!a->isSeparator() && !keys.isEmpty())
            out->append(
                {keys.join(QStringLiteral(", ")), a->text().remove(QLatin1Char('&')), here});
    }
}

void showShortcuts(WindowServices *window)
{
    QDialog dialog(window->hostWindow());
    dialog.setWindowTitle(Text::tr("Keyboard Shortcuts"));
    auto *list = new QTreeWidget(&dialog);
    list->setRootIsDecorated(false);
    list->setHeaderLabels({Text::tr("Keys"), Text::tr("Action"), Text::tr("Menu")});
    for (const ShortcutEntry &e : menuShortcuts(window))
        new QTreeWidgetItem(list, {e.keys, e.action, e.menu});
    list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto *layout = new QVBoxLayout(&dialog);
    layout->addWidget(list);
    layout->addWidget(buttons);
    dialog.resize(620, 480);
    dialog.exec();
}

} // namespace

QList<ShortcutEntry> menuShortcuts(const WindowServices *window)
{
    QList<ShortcutEntry> out;
    for (QAction *top : window->hostWindow()->menuBar()->actions())
        if (top->menu())
            collectShortcuts(top->menu(), QString(), &out);
    return out;
}

void installNavigationActions(WindowServices *window)
{
    addGoActions(window, window->menu(WindowServices::MenuId::Go));
    addTabActions(window, window->menu(WindowServices::MenuId::View));
    QAction *a
        = window->menu(WindowServices::MenuId::Help)->addAction(Text::tr("&Keyboard Shortcuts"));
    a->setShortcut(QKeySequence::HelpContents);
    QObject::connect(a, &QAction::triggered, window->hostWindow(),
                     [window] { showShortcuts(window); });
}

} // namespace agui::ui
