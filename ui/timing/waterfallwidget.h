#pragma once

#include "core/analysis/waterfall.h"

#include <QAbstractScrollArea>

namespace agui::ui {

// Draws an analysis::Waterfall: one row per run, step, subagent, message and tool call (labels
// on the left, a span over real time on the right; a tool call's span changes shade where its
// arguments ended), the gaps, stalls and buffering as bands across all rows, a time axis on top.
// Zoom with the wheel (around the pointer), pan by dragging or with the scroll bar, double-click
// to see everything again. Clicking a row asks for its first event (eventActivated). Paints only
// the rows in view; nothing is computed on paint beyond positions.
class WaterfallWidget : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit WaterfallWidget(QWidget *parent = nullptr);

    void setWaterfall(analysis::Waterfall waterfall);
    const analysis::Waterfall &waterfall() const { return m_waterfall; }

    // 1 = the whole session in view; 2 = half of it, ... (up to 1e6).
    void setZoom(double zoom, qint64 centerUs);
    double zoom() const { return m_zoom; }
    qint64 visibleStartUs() const;
    qint64 visibleDurationUs() const;

    // Geometry, for tests and tooltips: the row under a viewport y (-1 none), the x of a time.
    int rowAt(int y) const;
    int xOf(qint64 us) const;

    static constexpr int kRowHeight = 20;
    static constexpr int kAxisHeight = 22;
    static constexpr int kLabelWidth = 230;

Q_SIGNALS:
    void eventActivated(qint64 seq);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    void updateScrollBars();
    qint64 timeAtX(int x) const;
    int chartWidth() const;
    void paintAxis(QPainter &p) const;
    void paintMarks(QPainter &p) const;
    void paintRow(QPainter &p, int index, int y) const;
    QString tooltipAt(const QPoint &pos) const;

    analysis::Waterfall m_waterfall;
    double m_zoom = 1.0;
    qint64 m_offsetUs = 0; // visible start - waterfall start
    QPoint m_dragFrom;
    qint64 m_dragOffsetUs = 0;
    bool m_dragging = false;
    bool m_moved = false;
};

} // namespace agui::ui
