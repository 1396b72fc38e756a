#include "ui/timeline/timelinewidget.h"

#include "core/session/session.h"
#include "ui/models/sessiondocument.h"
#include "ui/toolcalls/toolcallmodel.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

namespace agui::ui {

namespace {

constexpr int kLeft = 70; // lane labels
constexpr int kRight = 8;
constexpr int kRunH = 16;
constexpr int kLaneH = 6;
constexpr int kSubagentH = 10;
constexpr int kDensityH = 34;
constexpr int kTokenH = 22;
constexpr int kGap = 3;

const QColor kRunColors[]
    = {QColor(66, 133, 244), QColor(52, 168, 83), QColor(171, 71, 188), QColor(255, 112, 67)};

QString formatTokens(qint64 n)
{
    if (n >= 1'000'000)
        return QStringLiteral("%1M").arg(double(n) / 1e6, 0, 'f', 1);
    if (n >= 10'000)
        return QStringLiteral("%1k").arg(n / 1000);
    return QString::number(n);
}

} // namespace

TimelineWidget::TimelineWidget(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("timeline"));
    setFocusPolicy(Qt::ClickFocus);
    setMouseTracking(false);
    m_rebuildTimer.setSingleShot(true);
    m_rebuildTimer.setInterval(kRebuildThrottleMs);
    connect(&m_rebuildTimer, &QTimer::timeout, this, &TimelineWidget::rebuild);
}

QSize TimelineWidget::sizeHint() const
{
    return {400, minimumSizeHint().height()};
}

QSize TimelineWidget::minimumSizeHint() const
{
    return {200,
            4 + kRunH + kGap + 4 * kLaneH + kGap + kSubagentH + kGap + kDensityH + kGap + kTokenH
                + 4};
}

void TimelineWidget::setDocument(SessionDocument *document)
{
    if (m_document)
        m_document->disconnect(this);
    m_document = document;
    m_builder.reset();
    if (document) {
        connect(document, &SessionDocument::eventsAppended, this, &TimelineWidget::scheduleRebuild);
        connect(document, &SessionDocument::resetDone, this, [this] {
            m_builder.reset();
            m_seq = -1;
            rebuild();
        });
    }
    rebuild();
}

void TimelineWidget::setCurrentEvent(qint64 seq)
{
    if (seq == m_seq)
        return;
    m_seq = seq;
    update();
}

void TimelineWidget::scheduleRebuild()
{
    m_rebuildPending = true;
    if (!m_rebuildTimer.isActive())
        m_rebuildTimer.start();
}

void TimelineWidget::flush()
{
    if (m_rebuildPending)
        rebuild();
}

void TimelineWidget::rebuild()
{
    m_rebuildTimer.stop();
    m_rebuildPending = false;
    m_data = m_document ? m_builder.build(m_document->session()) : TimelineData();
    update();
}

QRect TimelineWidget::plotRect() const
{
    return rect().adjusted(kLeft, 2, -kRight, -2);
}

double TimelineWidget::xToDomain(int x) const
{
    const QRect r = plotRect();
    const double f = qBound(0.0, double(x - r.left()) / qMax(1, r.width()), 1.0);
    return m_data.domainStart + f * (m_data.domainEnd - m_data.domainStart);
}

int TimelineWidget::domainToX(double v) const
{
    const QRect r = plotRect();
    const double span = m_data.domainEnd - m_data.domainStart;
    const double f = span > 0 ? (v - m_data.domainStart) / span : 0;
    return r.left() + int(std::lround(qBound(0.0, f, 1.0) * r.width()));
}

qint64 TimelineWidget::seqAtX(int x) const
{
    if (!m_document)
        return -1;
    return TimelineBuilder::seqAt(m_document->session(), m_data, xToDomain(x));
}

int TimelineWidget::xOfSeq(qint64 seq) const
{
    if (!m_document)
        return plotRect().left();
    return domainToX(TimelineBuilder::positionOf(m_document->session(), m_data, seq));
}

void TimelineWidget::seekToX(int x)
{
    const qint64 seq = seqAtX(x);
    if (seq < 0 || seq == m_seq)
        return;
    m_seq = seq;
    update();
    Q_EMIT seekRequested(seq);
}

void TimelineWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    m_dragging = true;
    seekToX(event->position().toPoint().x());
}

void TimelineWidget::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragging)
        seekToX(event->position().toPoint().x());
}

void TimelineWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_dragging && event->button() == Qt::LeftButton) {
        seekToX(event->position().toPoint().x());
        m_dragging = false;
    }
}

void TimelineWidget::mouseDoubleClickEvent(QMouseEvent *event)
{
    // On a run band: select the run's events.
    const int y = event->position().toPoint().y();
    if (!m_document || y > 2 + kRunH)
        return;
    const double x = xToDomain(event->position().toPoint().x());
    const SessionSnapshot &snap = m_document->session().current();
    for (const TimelineData::Span &s : std::as_const(m_data.runs)) {
        if (x >= s.from && x <= s.to && s.lastIndex < snap.runCount()) {
            const Run &first = snap.run(s.firstIndex);
            const Run &r = snap.run(s.lastIndex);
            QList<qint64> seqs;
            const qint64 last = r.endSeq >= 0 ? r.endSeq : r.lastSeq;
            for (qint64 seq = first.firstSeq; seq >= 0 && seq <= last && seqs.size() < 100000;
                 ++seq) {
                const int run = m_document->session().events().runIndex(seq);
                if (run >= s.firstIndex && run <= s.lastIndex)
                    seqs.append(seq);
            }
            Q_EMIT eventsSelected(seqs);
            return;
        }
    }
}

void TimelineWidget::keyPressEvent(QKeyEvent *event)
{
    if (!m_document || m_document->size() == 0)
        return QWidget::keyPressEvent(event);
    qint64 seq = m_seq < 0 ? m_document->size() - 1 : m_seq;
    switch (event->key()) {
    case Qt::Key_Left:
        --seq;
        break;
    case Qt::Key_Right:
        ++seq;
        break;
    case Qt::Key_Home:
        seq = 0;
        break;
    case Qt::Key_End:
        seq = m_document->size() - 1;
        break;
    default:
        return QWidget::keyPressEvent(event);
    }
    seq = qBound<qint64>(0, seq, m_document->size() - 1);
    if (seq != m_seq) {
        m_seq = seq;
        update();
        Q_EMIT seekRequested(seq);
    }
}

bool TimelineWidget::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip && m_document) {
        auto *help = static_cast<QHelpEvent *>(e);
        const qint64 seq = seqAtX(help->pos().x());
        QString text = seq < 0 ? tr("No events") : tr("Event %1").arg(seq);
        if (seq >= 0 && m_data.timeAxis)
            text += QStringLiteral(" · ")
                + formatTimeUs(m_document->session().events().receivedAtUs(seq));
        const double x = xToDomain(help->pos().x());
        for (const auto &s : std::as_const(m_data.runs))
            if (x >= s.from && x <= s.to)
                text += s.firstIndex == s.lastIndex ? tr("\nrun %1").arg(s.label)
                                                    : QLatin1Char('\n') + s.label;
        for (const auto &s : std::as_const(m_data.subagents))
            if (x >= s.from && x <= s.to)
                text += tr("\nsubagent %1").arg(s.label);
        int steps = 0;
        for (const auto &s : std::as_const(m_data.steps)) {
            if (x >= s.from && x <= s.to && steps++ < 5)
                text += tr("\nstep %1").arg(s.label);
        }
        if (m_data.stepsOmitted > 0)
            text += tr("\n(%1 more steps not drawn)").arg(m_data.stepsOmitted);
        QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(e);
}

void TimelineWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QPalette &pal = palette();
    p.fillRect(rect(), pal.color(QPalette::Base));
    const QRect plot = plotRect();
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    p.setFont(small);
    const QFontMetrics fm(small);
    const QColor textColor = pal.color(QPalette::Text);
    const QColor dim = pal.color(QPalette::PlaceholderText);

    auto label = [&](int y, int h, const QString &text) {
        p.setPen(dim);
        // Labels are taller than the thinnest lanes: centre them on the lane.
        const int lh = qMax(h, fm.height());
        p.drawText(QRect(2, y + h / 2 - lh / 2, kLeft - 6, lh), Qt::AlignRight | Qt::AlignVCenter,
                   text);
    };
    auto spanRect = [&](const TimelineData::Span &s, int y, int h) {
        const int x0 = domainToX(s.from);
        const int x1 = qMax(x0 + 2, domainToX(s.to));
        return QRect(x0, y, x1 - x0, h);
    };

    int y = plot.top();
    label(y, kRunH, tr("runs"));
    int runEnd = -1;
    for (const auto &s : std::as_const(m_data.runs)) {
        const QRect r = spanRect(s, y, kRunH);
        if (r.right() <= runEnd && !s.open)
            continue;
        runEnd = qMax(runEnd, r.right());
        QColor c = kRunColors[s.colorIndex % 4];
        c.setAlpha(s.open ? 110 : 170);
        p.fillRect(r, c);
        if (r.width() > 30) {
            p.setPen(Qt::white);
            p.drawText(r.adjusted(3, 0, -2, 0), Qt::AlignLeft | Qt::AlignVCenter,
                       fm.elidedText(s.label, Qt::ElideRight, r.width() - 5));
        }
    }
    y += kRunH + kGap;
    label(y, kLaneH * 4, tr("steps"));
    // Thousands of steps land on the same pixels: draw a span only where it adds something.
    int laneEnd[4] = {-1, -1, -1, -1};
    for (const auto &s : std::as_const(m_data.steps)) {
        const QRect r = spanRect(s, y + s.lane * kLaneH, kLaneH - 1);
        if (r.right() <= laneEnd[s.lane] && !s.open)
            continue;
        laneEnd[s.lane] = qMax(laneEnd[s.lane], r.right());
        p.fillRect(r, s.open ? QColor(240, 160, 40) : QColor(120, 140, 160));
    }
    y += 4 * kLaneH + kGap;
    label(y, kSubagentH, tr("subagents"));
    for (const auto &s : std::as_const(m_data.subagents))
        p.fillRect(spanRect(s, y, kSubagentH), QColor(171, 71, 188, s.open ? 110 : 180));
    y += kSubagentH + kGap;

    // Event rate (density): bars scaled to the busiest bin.
    label(y, kDensityH, m_data.timeAxis ? tr("events/s") : tr("events"));
    const QRect density(plot.left(), y, plot.width(), kDensityH);
    p.fillRect(density, pal.color(QPalette::AlternateBase));
    if (m_data.maxBin > 0) {
        const int bins = int(m_data.bins.size());
        QPainterPath path;
        path.moveTo(density.left(), density.bottom());
        for (int b = 0; b < bins; ++b) {
            const double h = double(m_data.bins.at(b)) / m_data.maxBin * (kDensityH - 2);
            const double x0 = density.left() + double(b) * density.width() / bins;
            const double x1 = density.left() + double(b + 1) * density.width() / bins;
            path.lineTo(x0, density.bottom() - h);
            path.lineTo(x1, density.bottom() - h);
        }
        path.lineTo(density.right(), density.bottom());
        path.closeSubpath();
        p.fillPath(path, QColor(66, 133, 244, 150));
        p.setPen(dim);
        const QString peak = m_data.timeAxis && m_data.binSeconds > 0
            ? tr("peak %1/s").arg(qRound64(m_data.maxBin / m_data.binSeconds))
            : tr("%1 events").arg(m_data.eventCount);
        p.drawText(density.adjusted(0, 0, -3, 0), Qt::AlignRight | Qt::AlignTop, peak);
    }
    y += kDensityH + kGap;

    label(y, kTokenH, tr("tokens"));
    const QRect tokens(plot.left(), y, plot.width(), kTokenH);
    if (m_data.maxTokens > 0) {
        p.setPen(QPen(QColor(52, 168, 83), 1.5));
        QPointF prev(tokens.left(), tokens.bottom());
        for (const auto &t : std::as_const(m_data.tokens)) {
            const double h = double(t.cumulativeTokens) / m_data.maxTokens * (kTokenH - 2);
            const QPointF at(domainToX(t.at), tokens.bottom() - h);
            p.drawLine(prev, QPointF(at.x(), prev.y()));
            p.drawLine(QPointF(at.x(), prev.y()), at);
            prev = at;
        }
        p.drawLine(prev, QPointF(tokens.right(), prev.y()));
        p.setPen(dim);
        p.drawText(tokens.adjusted(0, 0, -3, 0), Qt::AlignRight | Qt::AlignTop,
                   tr("%1 total").arg(formatTokens(m_data.maxTokens)));
    } else {
        p.setPen(dim);
        p.drawText(tokens, Qt::AlignLeft | Qt::AlignVCenter, tr("no usage reported"));
    }

    // The cursor: the selected event.
    if (m_document && m_document->size() > 0) {
        const qint64 seq = m_seq < 0 ? m_document->size() - 1 : m_seq;
        const int x = xOfSeq(seq);
        p.setPen(QPen(QColor(220, 50, 50), 2));
        p.drawLine(x, plot.top(), x, plot.bottom());
        QPolygon handle;
        handle << QPoint(x - 5, plot.top()) << QPoint(x + 5, plot.top())
               << QPoint(x, plot.top() + 6);
        p.setBrush(QColor(220, 50, 50));
        p.drawPolygon(handle);
        p.setPen(textColor);
    } else {
        p.setPen(dim);
        p.drawText(plot, Qt::AlignCenter, tr("No events"));
    }
}

} // namespace agui::ui
