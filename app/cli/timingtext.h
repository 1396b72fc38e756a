#pragma once

#include "core/analysis/timing.h"

#include <QTextStream>

namespace agui::cli {

// The timing section of `agui-inspect stats` in text: one block per HTTP exchange.
void printTiming(QTextStream &to, const analysis::TimingReport &report);

} // namespace agui::cli
