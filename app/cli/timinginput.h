#pragma once

#include "app/cli/input.h"

#include "core/analysis/capturesession.h"

namespace agui::cli {

// Collects, while an input is read, what the timing figures need beyond the session (each
// event's own "timestamp" for files without receive times, the keep-alives of each exchange).
// Attach before openInput(); the input is then read with its chunks (byte times).
class TimingCollector
{
public:
    void attach(InputOptions &options);
    analysis::TimingReport compute(const Input &input, const analysis::TimingOptions &options) const
    {
        return m_samples.compute(input.capture, *input.session, options);
    }

private:
    analysis::TimingSamples m_samples;
};

// Reads --stall S, --burst-gap S (seconds) and --burst-events N into *options. false and *error
// on a bad value.
bool parseTimingOptions(const Args &args, analysis::TimingOptions *options, QString *error);

} // namespace agui::cli
