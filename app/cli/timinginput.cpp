#include "app/cli/timinginput.h"

#include <cmath>

namespace agui::cli {

void TimingCollector::attach(InputOptions &options)
{
    options.keepChunks = true;
    options.onHeartbeat = [this](const Heartbeat &beat, const EventOrigin &origin) {
        m_samples.addHeartbeat(beat, origin);
    };
    auto previous = options.onFrame;
    options.onFrame = [this, previous](const DecodedFrame &frame, const EventOrigin &origin) {
        m_samples.addFrame(frame, origin);
        if (previous)
            previous(frame, origin);
    };
}

bool parseTimingOptions(const Args &args, analysis::TimingOptions *options, QString *error)
{
    const auto seconds = [&](const char *name, qint64 *us) {
        const QString text = args.options.value(QLatin1String(name));
        if (text.isEmpty())
            return true;
        bool ok = false;
        const double v = text.toDouble(&ok);
        if (!ok || !(v > 0)) {
            *error = QStringLiteral("%1 must be a number of seconds > 0, not %2")
                         .arg(QLatin1String(name), text);
            return false;
        }
        *us = qint64(std::llround(v * 1e6));
        return true;
    };
    if (!seconds("--stall", &options->stallUs) || !seconds("--burst-gap", &options->burstGapUs))
        return false;
    const QString events = args.options.value(QStringLiteral("--burst-events"));
    if (!events.isEmpty()) {
        bool ok = false;
        options->burstEvents = events.toInt(&ok);
        if (!ok || options->burstEvents < 2) {
            *error = QStringLiteral("--burst-events must be a count >= 2, not %1").arg(events);
            return false;
        }
    }
    return true;
}

} // namespace agui::cli
