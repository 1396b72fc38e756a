#include "ui/timing/timingview.h"

#include "core/analysis/capturesession.h"
#include "ui/models/sessiondocument.h"
#include "ui/timing/gaphistogramwidget.h"
#include "ui/timing/waterfallwidget.h"

#include <QFutureWatcher>
#include <QLabel>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <memory>

namespace agui::ui {

namespace {

struct TimingResult
{
    analysis::TimingReport report;
    analysis::Waterfall waterfall;
};

// The worker's whole job: decode what the recordings gained since the last time into the
// session the worker keeps, then the figures. One job at a time uses a GrowingCaptureSession.
std::shared_ptr<TimingResult> compute(std::shared_ptr<analysis::GrowingCaptureSession> growing,
                                      const Capture &capture)
{
    auto result = std::make_shared<TimingResult>();
    growing->update(capture);
    const analysis::CaptureSession &session = growing->current();
    result->report = session.timing();
    const analysis::EventClock clock
        = analysis::EventClock::choose(session.session->events(), session.samples.timestampsMs);
    result->waterfall = analysis::buildWaterfall(session.session->current(), clock, result->report);
    return result;
}

QString ms(const std::optional<double> &v)
{
    if (!v)
        return QStringLiteral("–");
    return *v >= 1000 ? QStringLiteral("%1 s").arg(*v / 1000, 0, 'f', 2)
                      : QStringLiteral("%1 ms").arg(*v, 0, 'f', 0);
}

} // namespace

TimingView::TimingView(SessionDocument *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
{
    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::PlainText); // agent-chosen ids are in it: never rich text
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_waterfall = new WaterfallWidget(this);
    m_histogram = new GapHistogramWidget(this);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_waterfall);
    splitter->addWidget(m_histogram);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(splitter, 1);
    m_cooldown = new QTimer(this);
    m_cooldown->setSingleShot(true);
    m_cooldown->setInterval(500);
    connect(m_cooldown, &QTimer::timeout, this, &TimingView::start);
    connect(m_waterfall, &WaterfallWidget::eventActivated, this, &TimingView::eventActivated);
    connect(m_document, &SessionDocument::eventsAppended, this, &TimingView::refresh);
    connect(m_document, &SessionDocument::resetDone, this, [this] {
        m_growing.reset(); // another session: the next job decodes it from the start
        refresh();
    });
}

TimingView::~TimingView() = default;

void TimingView::refresh()
{
    m_stale = true;
    if (isVisible() && !m_cooldown->isActive())
        m_cooldown->start(m_running ? m_cooldown->interval() : 0);
}

void TimingView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void TimingView::start()
{
    if (m_running) { // one job at a time: the next starts when this one is done
        m_cooldown->start();
        return;
    }
    m_stale = false;
    m_running = true;
    const quint64 generation = ++m_generation;
    auto *watcher = new QFutureWatcher<std::shared_ptr<TimingResult>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        m_running = false;
        if (generation != m_generation)
            return;
        const std::shared_ptr<TimingResult> result = watcher->result();
        m_report = result->report;
        m_summary->setText(summaryText(m_report));
        m_waterfall->setWaterfall(result->waterfall);
        m_histogram->setHistogram(result->waterfall.interTokenGaps);
        Q_EMIT computed();
        if (m_stale && isVisible())
            m_cooldown->start();
    });
    if (!m_growing)
        m_growing = std::make_shared<analysis::GrowingCaptureSession>(SessionOptions {0, true});
    watcher->setFuture(QtConcurrent::run(compute, m_growing, m_document->capture()));
}

QString TimingView::summaryText(const analysis::TimingReport &report)
{
    if (report.source == analysis::TimeSource::None)
        return tr("No receive times and no timestamps in this session: nothing to measure.");
    QStringList lines;
    if (report.source == analysis::TimeSource::Timestamp)
        lines.append(tr("No receive times: times are the events' own timestamps (the sender's "
                        "clock), so there are no network figures."));
    for (const analysis::ExchangeTiming &t : report.exchanges) {
        QString line = tr("%1: first byte %2 · first event %3 · first text %4 · duration %5")
                           .arg(t.title(), ms(t.ttfbMs), ms(t.firstEventMs), ms(t.firstTextMs),
                                ms(t.durationMs));
        if (t.interToken.count > 0)
            line
                += tr(" · gaps p50 %1, p95 %2, max %3")
                       .arg(ms(t.interToken.p50Ms), ms(t.interToken.p95Ms), ms(t.interToken.maxMs));
        line += tr(" · %n stall(s)", nullptr, int(t.stalls.size()));
        line += tr(" · %n buffered burst(s)", nullptr, int(t.bursts.size()));
        line += tr(" · %n keep-alive(s)", nullptr, int(t.keepAlives));
        if (!t.note.isEmpty())
            line += QStringLiteral(" (") + t.note + QLatin1Char(')');
        lines.append(line);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace agui::ui
