#include "ui/window/reportstabs.h"

#include "ui/diff/diffview.h"
#include "ui/timing/timingview.h"
#include "ui/window/mainwindow.h"

#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>

namespace agui::ui {

void installReportTabs(MainWindow *window)
{
    auto *splitter = window->findChild<QSplitter *>(QStringLiteral("mainSplitter"));
    auto *tabs = splitter ? qobject_cast<QTabWidget *>(splitter->widget(1)) : nullptr;
    if (!tabs)
        return; // the window's layout changed: nothing to attach to

    auto *timing = new TimingView(window->document(), tabs);
    timing->setObjectName(QStringLiteral("timingTab"));
    auto *diff = new DiffView(window->document(), tabs);
    diff->setObjectName(QStringLiteral("diffTab"));
    tabs->addTab(timing, QObject::tr("Timing"));
    tabs->addTab(diff, QObject::tr("Diff"));

    const auto select = [window](qint64 seq) {
        if (!window->selectEvent(seq))
            window->statusBar()->showMessage(
                QObject::tr("Event %1 is hidden by the filter").arg(seq), 4000);
    };
    QObject::connect(timing, &TimingView::eventActivated, window, select);
    QObject::connect(diff, &DiffView::eventActivated, window, select);
}

} // namespace agui::ui
