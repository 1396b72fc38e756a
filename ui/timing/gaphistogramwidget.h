#pragma once

#include "core/analysis/waterfall.h"

#include <QWidget>

namespace agui::ui {

// The inter-token gaps of a session as a bar chart over fixed buckets (<= 10 ms ... > 5 s), with
// the count on each bar: where a stream's latency goes at a glance.
class GapHistogramWidget : public QWidget
{
    Q_OBJECT

public:
    explicit GapHistogramWidget(QWidget *parent = nullptr);
    void setHistogram(analysis::GapHistogram histogram);
    const analysis::GapHistogram &histogram() const { return m_histogram; }
    static QString bucketLabel(const analysis::GapHistogram &h, qsizetype bucket);

    QSize sizeHint() const override { return {420, 110}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    analysis::GapHistogram m_histogram;
};

} // namespace agui::ui
