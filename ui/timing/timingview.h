#pragma once

#include "core/analysis/waterfall.h"

#include <QWidget>

#include <memory>

class QLabel;
class QTimer;

namespace agui::analysis {
class GrowingCaptureSession;
}

namespace agui::ui {

class GapHistogramWidget;
class SessionDocument;
class WaterfallWidget;

// The Timing tab: the session as a zoomable waterfall (runs, steps, subagents, messages and tool
// calls over real time, gaps / stalls / buffering marked), the figures of each HTTP exchange
// (time to first byte, first text, inter-token gaps, stalls, keep-alives, buffering), and the
// inter-token gap histogram. Computed off the GUI thread from a copy of the document's
// recordings (implicitly shared, so the copy is cheap) with core/analysis, the same code as
// `agui-inspect stats`: when the tab is shown and the session changed, at most twice a second
// while a run streams, decoding only what the recordings gained since the last time. A click on a
// row selects its first event (eventActivated).
class TimingView : public QWidget
{
    Q_OBJECT

public:
    explicit TimingView(SessionDocument *document, QWidget *parent = nullptr);
    ~TimingView() override;

    WaterfallWidget *waterfall() const { return m_waterfall; }
    GapHistogramWidget *histogram() const { return m_histogram; }
    QLabel *summary() const { return m_summary; }
    const analysis::TimingReport &report() const { return m_report; }
    bool isComputing() const { return m_running; }
    // The figures shown are those of the session as it is now (nothing pending or running).
    bool isUpToDate() const { return !m_stale && !m_running; }

    // Computes now (if shown) or when next shown.
    void refresh();

    // The figures of a report as the summary shows them (one line per exchange).
    static QString summaryText(const analysis::TimingReport &report);

Q_SIGNALS:
    void eventActivated(qint64 seq);
    void computed(); // a result was shown

protected:
    void showEvent(QShowEvent *event) override;

private:
    void start();

    SessionDocument *m_document;
    QLabel *m_summary = nullptr;
    WaterfallWidget *m_waterfall = nullptr;
    GapHistogramWidget *m_histogram = nullptr;
    QTimer *m_cooldown = nullptr;
    analysis::TimingReport m_report;
    // The worker's decoded copy of the session, kept between jobs so a refresh during a live
    // run decodes only the new chunks. It keeps the events' ids (the figures name run ids); the
    // bytes themselves are shared with the recording's chunks.
    std::shared_ptr<analysis::GrowingCaptureSession> m_growing;
    quint64 m_generation = 0;
    bool m_stale = true;
    bool m_running = false;
};

} // namespace agui::ui
