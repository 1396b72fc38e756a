#pragma once

#include "bench/driver/context.h"

#include <functional>
#include <vector>

namespace agui::bench {

// A row of the benchmark table, run by `bench_run row NAME` (one ctest test each). It returns
// {"figures": {raw numbers}, "lines": [TableLine...]}; the driver adds how busy the machine was
// and writes rows/NAME.json for the report.
struct Row
{
    QString name;
    QString what;
    std::function<QJsonObject(const Context &)> run;
};
const std::vector<Row> &allRows();

// Builds a row's result from its lines and figures.
QJsonObject rowResult(const std::vector<TableLine> &lines, const QJsonObject &figures);

// A goal check: value against goal, lower (seconds, bytes) or higher (speed-ups) is better.
struct Check
{
    QString name;
    double value;
    double goal;
    bool higherIsBetter = false;
};
// Fills verdict/ok from the checks: "meets", or "misses: <name> 13.3× over the goal, ...".
void judge(TableLine &line, const std::vector<Check> &checks);
TableLine notMeasured(int order, double sub, const QString &figure, const QString &goal,
                      const QString &why);

// The rows (rows_cli.cpp, rows_gui.cpp, rows_callgrind.cpp).
QJsonObject rowLint(const Context &c);
QJsonObject rowIngest(const Context &c);
QJsonObject rowStatsFlood(const Context &c);
QJsonObject rowStatsMixed(const Context &c);
QJsonObject rowGuiOpen(const Context &c);
QJsonObject rowGuiLive(const Context &c);
QJsonObject rowGuiScroll(const Context &c);
QJsonObject rowGuiPlay(const Context &c);
QJsonObject rowStartup(const Context &c);
QJsonObject rowCallgrind(const Context &c);

// The number at a dotted path of a report ("seek.p99Ms"), -1 when missing.
double jsonNumber(const QJsonObject &o, const QString &path);
// A tool on PATH ("" when missing).
QString findTool(const QString &name);
// Instructions (Ir) of a callgrind output file, -1 when unreadable.
double callgrindTotal(const QString &outFile);

} // namespace agui::bench
