#pragma once

#include "bench/driver/context.h"

namespace agui::bench {

// Prints the table of every row measured so far (rows/*.json) with the machine it ran on, as
// Markdown, and writes it all as JSON to outPath (for `compare`).
int printReport(const Context &c, const QString &outPath);
// Prints before/after of two reports, line by line.
int printComparison(const QString &beforePath, const QString &afterPath);

} // namespace agui::bench
