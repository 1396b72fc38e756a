#include "ui/window/breakpointtab.h"

#include "ui/models/sessiondocument.h"
#include "ui/views/breakpointbar.h"
#include "ui/views/heldeventview.h"
#include "ui/views/heldrequestview.h"
#include "ui/window/proxycontrol.h"
#include "ui/window/windowservices.h"

#include <QCoreApplication>
#include <QMainWindow>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QVBoxLayout>

namespace agui::ui {

namespace {

// The translation context of this file's texts (its functions are not QObject members).
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(BreakpointTab)
};

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
    BreakpointTab(WindowServices *window, ProxyControl *control)
        : QObject(control)
        , m_window(window)
        , m_control(control)
    {
        connect(control, &ProxyControl::holdsChanged, this, &BreakpointTab::refresh);
        connect(control, &ProxyControl::runningChanged, this, &BreakpointTab::refresh);
        connect(control, &ProxyControl::breakpointsChanged, this, &BreakpointTab::refresh);
        // The held event's chunk is in the document already, but its decoding may come later.
        connect(window->document(), &SessionDocument::eventsAppended, this,
                [this](qint64 first, qint64 last) { selectHeld(first, last); });
    }

private:
    // Made the first time the proxy runs: a window that never runs it pays nothing for it at
    // start-up. The breakpoints on top; under them one page for a held event, one for a held
    // request.
    void createView()
    {
        m_tab = new QWidget;
        auto *layout = new QVBoxLayout(m_tab);
        m_bar = new BreakpointBar(m_tab);
        m_pages = new QStackedWidget(m_tab);
        m_view = new HeldEventView(m_pages);
        m_requestView = new HeldRequestView(m_pages);
        m_pages->addWidget(m_view);
        m_pages->addWidget(m_requestView);
        layout->addWidget(m_bar);
        layout->addWidget(m_pages, 1);
        m_window->addDetailTab(m_tab, QStringLiteral("held"), Text::tr("Breakpoint"));
        connect(m_view, &HeldEventView::decided, m_control, &ProxyControl::resolveFirstHold);
        connect(m_requestView, &HeldRequestView::decided, m_control,
                &ProxyControl::resolveFirstRequest);
        connect(m_bar, &BreakpointBar::applyRequested, this, [this](const QStringList &filters) {
            QString error;
            if (!m_control->setBreakpoints(filters, &error))
                m_bar->setError(Text::tr("Not applied: %1").arg(error));
        });
        connect(m_bar, &BreakpointBar::activeChanged, m_control,
                &ProxyControl::setBreakpointsActive);
        connect(m_bar, &BreakpointBar::resumeAllRequested, m_control, &ProxyControl::resumeAll);
    }

    void refresh()
    {
        const bool wanted = m_control->isRunning() || !m_control->holds().isEmpty();
        if (!m_tab && !wanted)
            return;
        if (!m_tab)
            createView();
        QTabWidget *tabs = m_window->detailTabs();
        tabs->setTabVisible(tabs->indexOf(m_tab), wanted);
        m_bar->setBreakpoints(m_control->breakpoints());
        m_bar->setActive(m_control->breakpointsActive());
        m_bar->setHeldCount(int(m_control->holds().size()));
        if (m_control->holds().isEmpty()) {
            m_shown = {-1, -1};
            m_toSelect = false;
            m_view->showNothingHeld();
            m_pages->setCurrentWidget(m_view);
            return;
        }
        const ProxyControl::Hold &first = m_control->holds().first();
        const int waiting = int(m_control->holds().size()) - 1;
        if (first.request)
            return showRequest(first, waiting);
        m_pages->setCurrentWidget(m_view);
        const bool same = m_shown.first == first.exchange && m_shown.second == first.event.id;
        if (same && m_view->isHolding())
            return m_view->setWaiting(waiting); // and keep what the person is typing
        m_shown = {first.exchange, first.event.id};
        m_view->showHeld(first.run, first.event, waiting);
        m_window->showTab(QStringLiteral("held"));
        m_toSelect = true;
        const qint64 last = m_window->document()->size() - 1;
        selectHeld(qMax<qint64>(0, last - kSearchBack), last);
        m_window->hostWindow()->statusBar()->showMessage(
            Text::tr("Proxy: run %1 is held at a breakpoint").arg(first.run + 1), 10000);
    }

    // A request has no event in the list yet: it is recorded once it is decided.
    void showRequest(const ProxyControl::Hold &first, int waiting)
    {
        m_pages->setCurrentWidget(m_requestView);
        const bool same = m_shown.first == first.exchange && m_shown.second == kRequestShown;
        if (same && m_requestView->isHolding())
            return m_requestView->setWaiting(waiting);
        m_shown = {first.exchange, kRequestShown};
        m_toSelect = false;
        m_requestView->showHeld(*first.request, waiting);
        m_window->showTab(QStringLiteral("held"));
        m_window->hostWindow()->statusBar()->showMessage(
            Text::tr("Proxy: a request is held at the breakpoint on the request"), 10000);
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

    WindowServices *m_window;
    ProxyControl *m_control;
    QWidget *m_tab = nullptr; // until first wanted
    BreakpointBar *m_bar = nullptr;
    QStackedWidget *m_pages = nullptr;
    HeldEventView *m_view = nullptr;
    HeldRequestView *m_requestView = nullptr;
    static constexpr int kRequestShown = -2; // m_shown's hold id for a request
    std::pair<int, int> m_shown {-1, -1}; // exchange and hold id on show
    bool m_toSelect = false; // the shown held event is not selected in the list yet
};

} // namespace

void installBreakpointTab(WindowServices *window, ProxyControl *control)
{
    new BreakpointTab(window, control);
}

} // namespace agui::ui
