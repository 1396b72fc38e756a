#include "ui/window/breakpointtab.h"

#include "ui/models/sessiondocument.h"
#include "ui/views/heldeventview.h"
#include "ui/window/mainwindow.h"
#include "ui/window/proxycontrol.h"

#include <QStatusBar>
#include <QTabWidget>

namespace agui::ui {

namespace {

// The list's row of a run's event at a body offset among seqs [first, last], newest first;
// -1 when it is not there. The held event arrived a moment ago, so the search is short.
qint64 seqOf(const SessionDocument *document, int run, qint64 offset, qint64 first, qint64 last)
{
    for (qint64 seq = last; seq >= first; --seq) {
        if (document->captureRunOf(seq) == run && document->row(seq).streamOffset == offset)
            return seq;
    }
    return -1;
}

// Only other exchanges' events can follow the held one, so a bound keeps the search small.
constexpr qint64 kSearchBack = 100000;

class BreakpointTab : public QObject
{
public:
    BreakpointTab(MainWindow *window, ProxyControl *control)
        : QObject(control)
        , m_window(window)
        , m_control(control)
    {
        connect(control, &ProxyControl::holdsChanged, this, &BreakpointTab::refresh);
        connect(control, &ProxyControl::runningChanged, this, &BreakpointTab::refresh);
        // The held event's chunk is in the document already, but its decoding may come later.
        connect(window->document(), &SessionDocument::eventsAppended, this,
                [this](qint64 first, qint64 last) { selectHeld(first, last); });
    }

private:
    // Made the first time the proxy runs with breakpoints: a window that never does pays
    // nothing for it at start-up.
    void createView()
    {
        m_view = new HeldEventView;
        m_window->addDetailTab(m_view, QStringLiteral("held"), MainWindow::tr("Breakpoint"));
        connect(m_view, &HeldEventView::decided, m_control, &ProxyControl::resolveFirstHold);
    }

    void refresh()
    {
        const bool wanted = (m_control->isRunning() && m_control->hasBreakpoints())
            || !m_control->holds().isEmpty();
        if (!m_view && !wanted)
            return;
        if (!m_view)
            createView();
        QTabWidget *tabs = m_window->detailTabs();
        tabs->setTabVisible(tabs->indexOf(m_view), wanted);
        if (m_control->holds().isEmpty()) {
            m_shown = {-1, -1};
            m_toSelect = false;
            m_view->showNothingHeld();
            return;
        }
        const ProxyControl::Hold &first = m_control->holds().first();
        const int waiting = int(m_control->holds().size()) - 1;
        const bool same = m_shown.first == first.exchange && m_shown.second == first.event.id;
        if (same && m_view->isHolding())
            return m_view->setWaiting(waiting); // and keep what the person is typing
        m_shown = {first.exchange, first.event.id};
        m_view->showHeld(first.run, first.event, waiting);
        m_window->showTab(QStringLiteral("held"));
        m_toSelect = true;
        const qint64 last = m_window->document()->size() - 1;
        selectHeld(qMax<qint64>(0, last - kSearchBack), last);
        m_window->statusBar()->showMessage(
            MainWindow::tr("Proxy: run %1 is held at a breakpoint").arg(first.run + 1), 10000);
    }

    // Selects the shown held event in the list once it is among [first, last].
    void selectHeld(qint64 first, qint64 last)
    {
        if (!m_toSelect || m_control->holds().isEmpty())
            return;
        const ProxyControl::Hold &held = m_control->holds().first();
        const qint64 seq = seqOf(m_window->document(), held.run, held.event.offset, first, last);
        if (seq < 0)
            return;
        m_toSelect = false;
        // Where the stream stopped stays in view, as a debugger shows where it stopped; the
        // person turns following back on (View > Follow Live) when they want the tail again.
        m_window->setFollowLive(false);
        m_window->selectEvent(seq);
        m_window->showTab(QStringLiteral("held")); // selecting may switch to the event's page
    }

    MainWindow *m_window;
    ProxyControl *m_control;
    HeldEventView *m_view = nullptr; // until first wanted
    std::pair<int, int> m_shown {-1, -1}; // exchange and hold id on show
    bool m_toSelect = false; // the shown held event is not selected in the list yet
};

} // namespace

void installBreakpointTab(MainWindow *window, ProxyControl *control)
{
    new BreakpointTab(window, control);
}

} // namespace agui::ui
