#include "app/gui/benchframes.h"

#include "app/gui/latenessprobe.h"
#include "ui/timeline/timelinewidget.h"
#include "ui/views/eventlistview.h"
#include "ui/window/mainwindow.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QMouseEvent>
#include <QRandomGenerator>
#include <QScrollBar>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define AGUI_CALLGRIND_START() CALLGRIND_START_INSTRUMENTATION
#define AGUI_CALLGRIND_TOGGLE() CALLGRIND_TOGGLE_COLLECT
#else
#define AGUI_CALLGRIND_START() ((void)0)
#define AGUI_CALLGRIND_TOGGLE() ((void)0)
#endif

#include <algorithm>
#include <functional>
#include <vector>

namespace agui::gui {

namespace {

class FrameTimes
{
public:
    explicit FrameTimes(bool callgrindPaint)
        : m_callgrind(callgrindPaint)
    { }

    // One frame: `input` (a scroll, a mouse move), then the repaint of `painted`, which paints
    // every dirty widget of its window; then the posted work the frame left behind.
    void frame(const std::function<void()> &input, QWidget *painted)
    {
        const qint64 t0 = monotonicNs();
        input();
        if (m_callgrind)
            AGUI_CALLGRIND_TOGGLE();
        painted->repaint();
        if (m_callgrind)
            AGUI_CALLGRIND_TOGGLE();
        const qint64 t1 = monotonicNs();
        QCoreApplication::processEvents();
        const qint64 t2 = monotonicNs();
        m_frameUs.push_back((t1 - t0) / 1000);
        m_deferredUs.push_back((t2 - t1) / 1000);
    }

    QJsonObject report() const
    {
        return QJsonObject {{QStringLiteral("frames"), double(m_frameUs.size())},
                            {QStringLiteral("frame"), summary(m_frameUs)},
                            {QStringLiteral("deferred"), summary(m_deferredUs)}};
    }

private:
    static QJsonObject summary(std::vector<qint64> us)
    {
        std::sort(us.begin(), us.end());
        auto at = [&](double p) {
            return us.empty()
                ? 0.0
                : double(us[std::min(us.size() - 1, size_t(p * double(us.size())))]) / 1000;
        };
        return QJsonObject {{QStringLiteral("p50Ms"), at(0.5)},
                            {QStringLiteral("p99Ms"), at(0.99)},
                            {QStringLiteral("maxMs"), us.empty() ? 0.0 : double(us.back()) / 1000}};
    }

    bool m_callgrind;
    std::vector<qint64> m_frameUs;
    std::vector<qint64> m_deferredUs;
};

QJsonObject scrollList(ui::MainWindow &window, bool callgrindPaint)
{
    ui::EventListView *list = window.eventList();
    QScrollBar *bar = list->verticalScrollBar();
    FrameTimes times(callgrindPaint);
    const int page = std::max(1, bar->pageStep());
    auto pageDown = [&](int from, int pages) {
        for (int i = 0; i < pages && from + i * page <= bar->maximum(); ++i)
            times.frame([&] { bar->setValue(from + i * page); }, list->viewport());
    };
    pageDown(0, 300); // from the top
    pageDown(bar->maximum() / 2, 300); // from the middle: rows no one has seen yet
    QRandomGenerator rng(12);
    for (int i = 0; i < 100; ++i) // jumps, as dragging the scroll bar's handle does
        times.frame([&] { bar->setValue(int(rng.bounded(bar->maximum() + 1))); }, list->viewport());
    QJsonObject report = times.report();
    report.insert(QStringLiteral("pageRows"), page);
    report.insert(QStringLiteral("rows"), bar->maximum() + page);
    return report;
}

void sendMouse(QWidget *to, QEvent::Type type, int x, Qt::MouseButtons buttons)
{
    const QPointF at(x, to->height() / 2.0);
    QMouseEvent event(type, at, to->mapToGlobal(at), Qt::LeftButton, buttons, Qt::NoModifier);
    QCoreApplication::sendEvent(to, &event);
}

QJsonObject dragTimeline(ui::MainWindow &window, bool callgrindPaint)
{
    auto *timeline = window.findChild<ui::TimelineWidget *>();
    if (!timeline || !timeline->isVisible() || window.lastEventSeq() < 1)
        return QJsonObject {{QStringLiteral("error"), QStringLiteral("no visible timeline")}};
    timeline->flush();
    const int x0 = timeline->xOfSeq(0);
    const int x1 = timeline->xOfSeq(window.lastEventSeq());
    FrameTimes times(callgrindPaint);
    sendMouse(timeline, QEvent::MouseButtonPress, x0, Qt::LeftButton);
    constexpr int kSteps = 200;
    for (int i = 1; i <= kSteps; ++i) {
        const int x = x0 + (x1 - x0) * i / kSteps;
        times.frame([&] { sendMouse(timeline, QEvent::MouseMove, x, Qt::LeftButton); }, timeline);
    }
    sendMouse(timeline, QEvent::MouseButtonRelease, x1, Qt::NoButton);
    QJsonObject report = times.report();
    report.insert(QStringLiteral("pixels"), x1 - x0);
    report.insert(QStringLiteral("endSeq"), timeline->currentEvent());
    return report;
}

} // namespace

QJsonObject measureFrames(ui::MainWindow &window, bool callgrindPaint)
{
    if (callgrindPaint)
        AGUI_CALLGRIND_START();
    QJsonObject report;
    report.insert(QStringLiteral("scroll"), scrollList(window, callgrindPaint));
    report.insert(QStringLiteral("drag"), dragTimeline(window, callgrindPaint));
    return report;
}

} // namespace agui::gui
