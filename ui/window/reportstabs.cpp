#include "ui/window/reportstabs.h"

#include "ui/diff/diffview.h"
#include "ui/timing/timingview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/runagain.h"

namespace agui::ui {

void installReportTabs(MainWindow *window)
{
    auto *timing = new TimingView(window->document());
    auto *diff = new DiffView(window->document());
    window->addDetailTab(timing, QStringLiteral("timing"), QObject::tr("Timing"));
    window->addDetailTab(diff, QStringLiteral("diff"), QObject::tr("Diff"));

    const auto select = [window](qint64 seq) { window->goToEvent(seq); };
    QObject::connect(timing, &TimingView::eventActivated, window, select);
    QObject::connect(diff, &DiffView::eventActivated, window, select);
    installRunAgain(window, diff); // Run > Run Again… opens its comparison in the Diff tab
}

} // namespace agui::ui
