#include "app/cli/timingtext.h"

namespace agui::cli {

namespace {

QString msText(const std::optional<double> &v)
{
    return v ? QStringLiteral("%1 ms").arg(*v, 0, 'f', 1) : QStringLiteral("-");
}

QString distributionText(const analysis::Distribution &d)
{
    if (d.count == 0)
        return QStringLiteral("-");
    return QStringLiteral("p50 %1 ms, p95 %2 ms, max %3 ms (%4)")
        .arg(d.p50Ms, 0, 'f', 1)
        .arg(d.p95Ms, 0, 'f', 1)
        .arg(d.maxMs, 0, 'f', 1)
        .arg(d.count);
}

QString rateText(const std::optional<double> &v, const char *unit)
{
    return v ? QStringLiteral("%1 %2").arg(*v, 0, 'f', 1).arg(QLatin1String(unit))
             : QStringLiteral("-");
}

void printExchange(QTextStream &to, const analysis::ExchangeTiming &t)
{
    const auto label = [](const char *text) -> QString {
        return QStringLiteral("  ") + QString::fromLatin1(text).leftJustified(20);
    };
    to << t.title() << ": " << t.events << " events, measured from the " << t.measuredFrom << '\n';
    if (!t.note.isEmpty())
        to << label("note:") << t.note << '\n';
    to << label("time to first byte:") << msText(t.ttfbMs) << '\n';
    to << label("first event:") << msText(t.firstEventMs) << '\n';
    to << label("first text token:") << msText(t.firstTextMs) << '\n';
    to << label("duration:") << msText(t.durationMs) << '\n';
    to << label("inter-token gaps:") << distributionText(t.interToken) << '\n';
    to << label("longest silence:") << msText(t.longestSilenceMs) << '\n';
    to << label("keep-alives:") << t.keepAlives;
    if (t.keepAliveIntervals.count > 0)
        to << ", intervals " << distributionText(t.keepAliveIntervals);
    to << '\n';
    to << label("rate:") << rateText(t.eventsPerSecond, "events/s") << ", "
       << rateText(t.bytesPerSecond, "bytes/s") << '\n';
    for (const analysis::Stall &s : t.stalls)
        to << label("stall:") << QString::number(s.durationMs(), 'f', 1) << " ms after event "
           << s.afterSeq << " with " << s.openKind << ' ' << s.openId << " open\n";
    for (const analysis::Burst &b : t.bursts)
        to << label("buffering:") << b.events << " events in one piece at event " << b.firstSeq
           << " after " << QString::number(b.silenceBeforeMs, 'f', 1) << " ms of silence\n";
    for (const analysis::ToolLatency &l : t.tools)
        to << label("tool call:") << l.name << ' ' << l.toolCallId << ": args " << msText(l.argsMs)
           << ", result " << msText(l.resultMs) << '\n';
}

} // namespace

void printTiming(QTextStream &to, const analysis::TimingReport &report)
{
    to << "timing:      ";
    switch (report.source) {
    case analysis::TimeSource::Arrival:
        to << "from receive times\n";
        break;
    case analysis::TimeSource::Timestamp:
        to << "no receive times in this file: from the events' timestamps (the sender's clock; "
              "no network figures)\n";
        break;
    case analysis::TimeSource::None:
        to << "no receive times and no timestamps in this file: nothing to measure\n";
        return;
    }
    for (const analysis::ExchangeTiming &t : report.exchanges)
        printExchange(to, t);
}

} // namespace agui::cli
