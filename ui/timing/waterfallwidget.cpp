#include "ui/timing/waterfallwidget.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace agui::ui {

namespace {

using Row = analysis::WaterfallRow;
using Mark = analysis::WaterfallMark;

QColor rowColor(Row::Kind kind, const QPalette &palette)
{
    const bool dark = palette.color(QPalette::Base).lightness() < 128;
    switch (kind) {
    case Row::Kind::Run:
        return dark ? QColor(0x8a, 0xb4, 0xf8) : QColor(0x1a, 0x56, 0xb0);
    case Row::Kind::Step:
    case Row::Kind::Subagent:
        return dark ? QColor(0xa8, 0xa8, 0xb8) : QColor(0x5a, 0x5a, 0x6e);
    case Row::Kind::Message:
        return dark ? QColor(0x81, 0xc9, 0x95) : QColor(0x18, 0x7a, 0x3a);
    case Row::Kind::Reasoning:
        return dark ? QColor(0xc5, 0x9c, 0xf0) : QColor(0x6b, 0x3f, 0xa0);
    case Row::Kind::ToolCall:
        break;
    }
    return dark ? QColor(0xf6, 0xae, 0x5b) : QColor(0xb3, 0x5c, 0x00);
}

QColor markColor(Mark::Kind kind)
{
    switch (kind) {
    case Mark::Kind::Stall:
        return QColor(220, 40, 40, 70);
    case Mark::Kind::Buffering:
        return QColor(240, 150, 0, 80);
    case Mark::Kind::Gap:
        break;
    }
    return QColor(128, 128, 128, 45);
}

struct TickStep
{
    qint64 major = 1; // µs between labelled ticks
    qint64 minor = 1; // µs between unlabelled ones
};

// A labelled step of 1, 2, 2.5 or 5 times a power of ten (µs): at least `raw` µs, at most twice
// it, so the labels neither overlap nor thin out to a few at awkward zooms.
TickStep tickStep(qint64 durationUs, int wanted)
{
    const double raw = double(std::max<qint64>(durationUs, 1)) / std::max(wanted, 1);
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double f : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        const qint64 major = std::max<qint64>(1, qint64(std::llround(f * power)));
        if (double(major) >= raw) {
            const qint64 minor = major / (f == 2.0 ? 4 : 5);
            return {major, std::max<qint64>(1, minor)};
        }
    }
    return {qint64(10 * power), qint64(2 * power)};
}

// The fewest decimals that show `value` exactly (up to 6), so every label of one axis agrees.
int decimalsFor(double value)
{
    for (int d = 0; d < 6; ++d) {
        const double scaled = value * std::pow(10.0, d);
        if (std::abs(scaled - std::round(scaled)) < 1e-6)
            return d;
    }
    return 6;
}

// A span in a tooltip: seconds with two decimals, milliseconds with one, whole values without.
QString durationText(qint64 us)
{
    if (std::abs(us) >= 1'000'000)
        return QStringLiteral("%1 s").arg(us / 1e6, 0, 'f', us % 1'000'000 ? 2 : 0);
    return QStringLiteral("%1 ms").arg(us / 1e3, 0, 'f', us % 1000 ? 1 : 0);
}

// An axis label: as many decimals as the step between labels needs.
QString tickText(qint64 us, qint64 stepUs)
{
    if (std::abs(us) >= 1'000'000)
        return QStringLiteral("%1 s").arg(us / 1e6, 0, 'f', decimalsFor(stepUs / 1e6));
    return QStringLiteral("%1 ms").arg(us / 1e3, 0, 'f', decimalsFor(stepUs / 1e3));
}

} // namespace

WaterfallWidget::WaterfallWidget(QWidget *parent)
    : QAbstractScrollArea(parent)
{
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    viewport()->setMouseTracking(true);
    setMinimumHeight(120);
}

void WaterfallWidget::setWaterfall(analysis::Waterfall waterfall)
{
    m_waterfall = std::move(waterfall);
    m_zoom = 1.0;
    m_offsetUs = 0;
    updateScrollBars();
    viewport()->update();
}

qint64 WaterfallWidget::visibleDurationUs() const
{
    const qint64 total = std::max<qint64>(1, m_waterfall.endUs - m_waterfall.startUs);
    return std::max<qint64>(1, qint64(double(total) / m_zoom));
}

qint64 WaterfallWidget::visibleStartUs() const
{
    return m_waterfall.startUs + m_offsetUs;
}

void WaterfallWidget::setZoom(double zoom, qint64 centerUs)
{
    const qint64 total = std::max<qint64>(1, m_waterfall.endUs - m_waterfall.startUs);
    m_zoom = std::clamp(zoom, 1.0, 1e6);
    const qint64 visible = visibleDurationUs();
    m_offsetUs
        = std::clamp<qint64>(centerUs - m_waterfall.startUs - visible / 2, 0, total - visible);
    updateScrollBars();
    viewport()->update();
}

int WaterfallWidget::chartWidth() const
{
    return std::max(1, viewport()->width() - kLabelWidth - 8);
}

int WaterfallWidget::xOf(qint64 us) const
{
    const double f = double(us - visibleStartUs()) / double(visibleDurationUs());
    return kLabelWidth + int(std::lround(f * chartWidth()));
}

qint64 WaterfallWidget::timeAtX(int x) const
{
    return visibleStartUs()
        + qint64(double(x - kLabelWidth) / chartWidth() * double(visibleDurationUs()));
}

int WaterfallWidget::rowAt(int y) const
{
    if (y < kAxisHeight)
        return -1;
    const int row = (y - kAxisHeight) / kRowHeight + verticalScrollBar()->value();
    return row < m_waterfall.rows.size() ? row : -1;
}

void WaterfallWidget::updateScrollBars()
{
    const int visibleRows = std::max(1, (viewport()->height() - kAxisHeight) / kRowHeight);
    verticalScrollBar()->setRange(0, std::max<int>(0, int(m_waterfall.rows.size()) - visibleRows));
    verticalScrollBar()->setPageStep(visibleRows);
    const qint64 total = std::max<qint64>(1, m_waterfall.endUs - m_waterfall.startUs);
    const qint64 hidden = total - visibleDurationUs();
    horizontalScrollBar()->setRange(0, int(std::max<qint64>(0, hidden) / 1000));
    horizontalScrollBar()->setPageStep(int(std::max<qint64>(1, visibleDurationUs() / 1000)));
    horizontalScrollBar()->setValue(int(m_offsetUs / 1000));
}

void WaterfallWidget::scrollContentsBy(int dx, int dy)
{
    Q_UNUSED(dy);
    if (dx != 0)
        m_offsetUs = qint64(horizontalScrollBar()->value()) * 1000;
    viewport()->update();
}

void WaterfallWidget::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBars();
}

void WaterfallWidget::paintAxis(QPainter &p) const
{
    const TickStep step = tickStep(visibleDurationUs(), std::max(2, chartWidth() / 80));
    const qint64 end = m_offsetUs + visibleDurationUs();
    p.setPen(palette().color(QPalette::Text));
    for (qint64 t = ((m_offsetUs + step.minor - 1) / step.minor) * step.minor; t <= end;
         t += step.minor) {
        const int x = xOf(m_waterfall.startUs + t);
        if (t % step.major != 0) {
            p.drawLine(x, kAxisHeight - 2, x, kAxisHeight);
            continue;
        }
        p.drawLine(x, kAxisHeight - 5, x, kAxisHeight);
        p.drawText(QRect(x - 45, 2, 90, kAxisHeight - 7), Qt::AlignCenter, tickText(t, step.major));
    }
    p.drawLine(kLabelWidth, kAxisHeight, viewport()->width(), kAxisHeight);
}

void WaterfallWidget::paintMarks(QPainter &p) const
{
    const int bottom = viewport()->height();
    for (const Mark &m : m_waterfall.marks) {
        const int x1 = std::max(kLabelWidth, xOf(m.fromUs));
        const int x2 = std::min(viewport()->width(), std::max(x1 + 2, xOf(m.toUs)));
        if (x2 <= kLabelWidth || x1 >= viewport()->width())
            continue;
        p.fillRect(QRect(x1, kAxisHeight, x2 - x1, bottom - kAxisHeight), markColor(m.kind));
    }
}

void WaterfallWidget::paintRow(QPainter &p, int index, int y) const
{
    const Row &r = m_waterfall.rows[index];
    const QColor color = rowColor(r.kind, palette());
    QFont font = p.font();
    font.setBold(r.kind == Row::Kind::Run);
    p.setFont(font);
    p.setPen(palette().color(QPalette::Text));
    const int indent = 6 + r.depth * 14;
    const QString label
        = p.fontMetrics().elidedText(r.label, Qt::ElideMiddle, kLabelWidth - indent - 4);
    p.drawText(QRect(indent, y, kLabelWidth - indent, kRowHeight), Qt::AlignVCenter, label);
    const int x1 = xOf(r.startUs);
    const int x2 = std::max(x1 + 2, xOf(r.endUs));
    const QRect bar(x1, y + 4, x2 - x1, kRowHeight - 8);
    if (r.kind == Row::Kind::ToolCall && r.midUs >= 0) {
        const int mid = std::clamp(xOf(r.midUs), x1, x2);
        p.fillRect(QRect(x1, bar.y(), mid - x1, bar.height()), color);
        p.fillRect(QRect(mid, bar.y(), x2 - mid, bar.height()), color.lighter(150));
    } else {
        p.fillRect(bar, r.kind == Row::Kind::Run ? color.lighter(170) : color);
    }
    if (r.open) {
        p.setPen(QPen(color, 1, Qt::DashLine));
        p.drawLine(x2, y + 2, x2, y + kRowHeight - 2);
    }
}

void WaterfallWidget::paintEvent(QPaintEvent *event)
{
    Q_UNUSED(event);
    QPainter p(viewport());
    p.fillRect(viewport()->rect(), palette().color(QPalette::Base));
    if (m_waterfall.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(viewport()->rect(), Qt::AlignCenter,
                   m_waterfall.source == analysis::TimeSource::None
                       ? tr("No receive times and no timestamps: nothing to place in time.")
                       : tr("No runs yet."));
        return;
    }
    paintAxis(p);
    p.setClipRect(QRect(0, kAxisHeight + 1, viewport()->width(), viewport()->height()));
    paintMarks(p);
    const int first = verticalScrollBar()->value();
    for (int i = first, y = kAxisHeight + 1;
         i < m_waterfall.rows.size() && y < viewport()->height(); ++i, y += kRowHeight) {
        if ((i - first) % 2)
            p.fillRect(QRect(0, y, kLabelWidth, kRowHeight),
                       palette().color(QPalette::AlternateBase));
        paintRow(p, i, y);
    }
}

void WaterfallWidget::wheelEvent(QWheelEvent *event)
{
    if (event->modifiers() & Qt::ShiftModifier || event->position().x() < kLabelWidth) {
        QAbstractScrollArea::wheelEvent(event); // scroll rows
        return;
    }
    const qint64 at = timeAtX(int(event->position().x()));
    const double factor = std::pow(1.0015, event->angleDelta().y());
    const double zoom = std::clamp(m_zoom * factor, 1.0, 1e6);
    // Keep the time under the pointer where it is.
    const double f = double(event->position().x() - kLabelWidth) / chartWidth();
    const qint64 total = std::max<qint64>(1, m_waterfall.endUs - m_waterfall.startUs);
    m_zoom = zoom;
    const qint64 visible = visibleDurationUs();
    m_offsetUs = std::clamp<qint64>(at - m_waterfall.startUs - qint64(f * double(visible)), 0,
                                    total - visible);
    updateScrollBars();
    viewport()->update();
    event->accept();
}

void WaterfallWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    m_dragging = true;
    m_moved = false;
    m_dragFrom = event->position().toPoint();
    m_dragOffsetUs = m_offsetUs;
}

void WaterfallWidget::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_dragging)
        return;
    const int dx = event->position().toPoint().x() - m_dragFrom.x();
    if (std::abs(dx) > 3)
        m_moved = true;
    const qint64 total = std::max<qint64>(1, m_waterfall.endUs - m_waterfall.startUs);
    const qint64 shift = qint64(double(dx) / chartWidth() * double(visibleDurationUs()));
    m_offsetUs = std::clamp<qint64>(m_dragOffsetUs - shift, 0, total - visibleDurationUs());
    updateScrollBars();
    viewport()->update();
}

void WaterfallWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !m_dragging)
        return;
    m_dragging = false;
    if (m_moved)
        return;
    const int row = rowAt(event->position().toPoint().y());
    if (row >= 0 && m_waterfall.rows[row].startSeq >= 0)
        Q_EMIT eventActivated(m_waterfall.rows[row].startSeq);
}

void WaterfallWidget::mouseDoubleClickEvent(QMouseEvent *event)
{
    Q_UNUSED(event);
    setZoom(1.0, m_waterfall.startUs);
}

QString WaterfallWidget::tooltipAt(const QPoint &pos) const
{
    if (pos.x() >= kLabelWidth && pos.y() > kAxisHeight) {
        const qint64 at = timeAtX(pos.x());
        for (const Mark &m : m_waterfall.marks) {
            if (m.kind != Mark::Kind::Gap && at >= m.fromUs && at <= m.toUs)
                return m.label;
        }
    }
    const int row = rowAt(pos.y());
    if (row < 0)
        return {};
    const Row &r = m_waterfall.rows[row];
    QString text
        = QStringLiteral("%1\n%2 after the start, %3%4")
              .arg(r.label, durationText(r.startUs - m_waterfall.startUs),
                   durationText(r.endUs - r.startUs), r.open ? tr(" (still open)") : QString());
    if (r.midUs >= 0)
        text += tr("\narguments %1, result after %2")
                    .arg(durationText(r.midUs - r.startUs), durationText(r.endUs - r.midUs));
    return text + tr("\nevents %1–%2").arg(r.startSeq).arg(r.endSeq);
}

bool WaterfallWidget::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QString text = tooltipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace agui::ui
