#include "ui/window/breakpointtab.h"

#include "ui/models/sessiondocument.h"
#include "ui/views/heldeventview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/proxycontrol.h"

#include <QStatusBar>
#include <QTabWidget>

namespace agui::ui {

namespace {

// How far back from the newest event the held one is looked for: it arrived a moment ago, so
// only other exchanges' events can be after it; a bound keeps the GUI thread's work small.
constexpr qint64 kSearchBack = 100000;

// The list's row of a run's event at a body offset; -1 when it is not (yet) there.
qint64 seqOf(const SessionDocument *document, int run, qint64 offset)
{
    const qint64 last = document->size() - 1;
    for (qint64 seq = last; seq >= 0 && seq > last - kSearchBack; --seq) {
        if (document->captureRunOf(seq) == run && document->row(seq).streamOffset == offset)
            return seq;
    }
    return -1;
}

class BreakpointTab : public QObject
{
public:
    BreakpointTab(MainWindow *window, ProxyControl *control)
        : QObject(control)
        , m_window(window)
        , m_control(control)
        , m_view(new HeldEventView)
    {
        window->addDetailTab(m_view, QStringLiteral("held"), MainWindow::tr("Breakpoint"));
        connect(control, &ProxyControl::holdsChanged, this, &BreakpointTab::refresh);
        connect(control, &ProxyControl::runningChanged, this, &BreakpointTab::refresh);
        connect(m_view, &HeldEventView::decided, control, &ProxyControl::resolveFirstHold);
        refresh();
    }

private:
    void refresh()
    {
        QTabWidget *tabs = m_window->detailTabs();
        const bool wanted = (m_control->isRunning() && m_control->hasBreakpoints())
            || !m_control->holds().isEmpty();
        tabs->setTabVisible(tabs->indexOf(m_view), wanted);
        if (m_control->holds().isEmpty()) {
            m_shown = {};
            m_view->showNothingHeld();
            return;
        }
        const ProxyControl::Hold &first = m_control->holds().first();
        const int waiting = int(m_control->holds().size()) - 1;
        const bool same = m_shown.first == first.exchange && m_shown.second == first.event.id;
        if (same && m_view->isHolding())
            return; // keep what the person is typing
        m_shown = {first.exchange, first.event.id};
        m_view->showHeld(first.run, first.event, waiting);
        m_window->showTab(QStringLiteral("held"));
        if (const qint64 seq = seqOf(m_window->document(), first.run, first.event.offset); seq >= 0)
            m_window->selectEvent(seq);
        m_window->showTab(QStringLiteral("held")); // selecting may switch to the event's page
        m_window->statusBar()->showMessage(
            MainWindow::tr("Proxy: run %1 is held at a breakpoint").arg(first.run + 1), 10000);
    }

    MainWindow *m_window;
    ProxyControl *m_control;
    HeldEventView *m_view;
    std::pair<int, int> m_shown {-1, -1}; // exchange and hold id on show
};

} // namespace

void installBreakpointTab(MainWindow *window, ProxyControl *control)
{
    new BreakpointTab(window, control);
}

} // namespace agui::ui
