#include "ui/window/reportstabs.h"

#include "ui/diff/diffview.h"
#include "ui/timing/timingview.h"
#include "ui/window/runagain.h"
#include "ui/window/windowservices.h"

#include <QMainWindow>

namespace agui::ui {

void installReportTabs(WindowServices *window)
{
    // Both are built when first shown: the Timing tab computes only while visible anyway, and the
    // Diff tab's run pickers follow the session from when they exist.
    const auto select = [window](qint64 seq) { window->goToEvent(seq); };
    window->addDetailTab(QStringLiteral("timing"), QObject::tr("Timing"), [window, select] {
        auto *timing = new TimingView(window->document());
        QObject::connect(timing, &TimingView::eventActivated, window->hostWindow(), select);
        return timing;
    });
    window->addDetailTab(QStringLiteral("diff"), QObject::tr("Diff"), [window, select] {
        auto *diff = new DiffView(window->document());
        QObject::connect(diff, &DiffView::eventActivated, window->hostWindow(), select);
        return diff;
    });
    installRunAgain(window); // Run > Run Again… opens its comparison in the Diff tab
}

} // namespace agui::ui
