#include "ui/timing/gaphistogramwidget.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace agui::ui {

GapHistogramWidget::GapHistogramWidget(QWidget *parent)
    : QWidget(parent)
{
    setMinimumHeight(90);
}

void GapHistogramWidget::setHistogram(analysis::GapHistogram histogram)
{
    m_histogram = std::move(histogram);
    update();
}

QString GapHistogramWidget::bucketLabel(const analysis::GapHistogram &h, qsizetype bucket)
{
    const double upper = h.upperMs.value(bucket);
    if (std::isinf(upper))
        return QStringLiteral("> %1 s").arg(h.upperMs.value(bucket - 1) / 1000.0);
    return upper >= 1000 ? QStringLiteral("≤ %1 s").arg(upper / 1000.0)
                         : QStringLiteral("≤ %1 ms").arg(upper);
}

void GapHistogramWidget::paintEvent(QPaintEvent *event)
{
    Q_UNUSED(event);
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const qint64 total = m_histogram.total();
    p.setPen(palette().color(QPalette::Text));
    const int titleHeight = fontMetrics().height() + 4;
    p.drawText(QRect(6, 2, width() - 12, titleHeight), Qt::AlignVCenter,
               tr("Inter-token gaps (%1)").arg(total));
    if (total == 0 || m_histogram.counts.isEmpty())
        return;
    const qint64 maxCount
        = *std::max_element(m_histogram.counts.cbegin(), m_histogram.counts.cend());
    const int n = int(m_histogram.counts.size());
    const int labelHeight = fontMetrics().height() + 2;
    const int chartTop = titleHeight + labelHeight;
    const int chartBottom = height() - labelHeight - 2;
    const double slot = double(width() - 12) / n;
    const QColor bar = palette().color(QPalette::Highlight);
    for (int i = 0; i < n; ++i) {
        const qint64 count = m_histogram.counts[i];
        const int x = 6 + int(i * slot);
        const int w = std::max(2, int(slot) - 4);
        const int h = maxCount ? int(double(count) / maxCount * (chartBottom - chartTop)) : 0;
        p.fillRect(QRect(x, chartBottom - h, w, h), bar);
        p.drawText(QRect(x - 4, chartBottom - h - labelHeight, w + 8, labelHeight),
                   Qt::AlignHCenter | Qt::AlignBottom, count ? QString::number(count) : QString());
        p.drawText(QRect(x - 6, chartBottom + 2, w + 12, labelHeight), Qt::AlignHCenter,
                   bucketLabel(m_histogram, i));
    }
}

} // namespace agui::ui
