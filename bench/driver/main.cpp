// bench_run: runs the benchmarks of issue 12's table and prints it (bench/README.md).
//
//   bench_run [--work DIR] inputs          generate the input files (skips up-to-date ones)
//   bench_run [--work DIR] row NAME        measure one row, write DIR/rows/NAME.json
//   bench_run [--work DIR] report [--out FILE]   print the table of the rows measured so far,
//                                          write it as JSON (default bench/results/<date>.json)
//   bench_run [--work DIR] clean           forget the rows measured so far
//   bench_run [--work DIR] all             clean, inputs, every row but callgrind, report
//   bench_run compare BEFORE.json AFTER.json
//   bench_run list                         the rows
//
// Environment: BENCH_RUNS (repetitions per figure, default 3), BENCH_STARTUP_RUNS (11),
// BENCH_CLIENT_CAP_S (900: one @ag-ui/client run is killed after this long), BENCH_SCALE (1m, the
// default, or 100k: the million-event rows read the 100k files, a quick run on a busy machine;
// or 10m: ten million events), BENCH_MIX (realistic, the default, or bench: the first tables'
// generators).

#include "bench/driver/context.h"
#include "bench/driver/machine.h"
#include "bench/driver/report.h"
#include "bench/driver/rows.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>

namespace agui::bench {

namespace {

int envInt(const char *name, int fallback)
{
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok && v > 0 ? v : fallback;
}

QString gitCommit(const QString &sourceDir)
{
    QProcess git;
    git.setWorkingDirectory(sourceDir);
    git.start(QStringLiteral("git"),
              {QStringLiteral("describe"), QStringLiteral("--always"), QStringLiteral("--dirty")});
    if (!git.waitForFinished(10000) || git.exitCode() != 0)
        return QStringLiteral("unknown commit");
    return QString::fromUtf8(git.readAllStandardOutput().trimmed());
}

int generateInputs(const Context &c)
{
    QDir().mkpath(c.inputs(QString()));
    for (const InputFile &f : inputFiles()) {
        // Only what this scale and mix read: the 1M files at 1m, the 10M files at 10m only
        // (1.4 GB each), the other mix's files never.
        if ((c.scale != QLatin1String("1m") && f.name.contains(QLatin1String("-1m.")))
            || (c.scale != QLatin1String("10m") && f.name.contains(QLatin1String("-10m.")))
            || (!f.mix.isEmpty() && f.mix != c.mix))
            continue;
        const QString path = c.inputs(f.name);
        const QString tool = c.benchTool(f.generator.front());
        if (QFileInfo(path).exists()
            && QFileInfo(path).lastModified() >= QFileInfo(tool).lastModified())
            continue;
        progress(QStringLiteral("generating %1: %2").arg(f.name, f.what));
        const RunResult r
            = runProcess({QStringList {tool} + f.generator.mid(1) + QStringList {path}});
        if (!r.exitedWith({0})) {
            progress(QStringLiteral("bench_run: %1: %2").arg(f.name, r.failure()));
            QFile::remove(path);
            return 1;
        }
    }
    return 0;
}

int runRow(const Context &c, const QString &name)
{
    const auto &rows = allRows();
    const auto row
        = std::find_if(rows.begin(), rows.end(), [&](const Row &r) { return r.name == name; });
    if (row == rows.end()) {
        progress(QStringLiteral("bench_run: no row %1 (bench_run list)").arg(name));
        return 2;
    }
    if (generateInputs(c) != 0)
        return 1;
    QDir().mkpath(c.rowsDir());
    QDir().mkpath(c.scratch());
    progress(QStringLiteral("row %1 (%2), load %3").arg(row->name, row->what).arg(loadAverage1()));
    const QString startedAt = QDateTime::currentDateTime().toString(Qt::ISODate);
    const BusyMeter meter;
    QJsonObject result = row->run(c);
    result.insert(QStringLiteral("busy"), meter.finish());
    result.insert(QStringLiteral("name"), row->name);
    result.insert(QStringLiteral("startedAt"), startedAt);
    result.insert(QStringLiteral("finishedAt"), QDateTime::currentDateTime().toString(Qt::ISODate));
    result.insert(QStringLiteral("commit"), gitCommit(c.sourceDir));
    result.insert(QStringLiteral("runs"), c.runs);
    QFile f(c.rowsDir() + QLatin1Char('/') + row->name + QStringLiteral(".json"));
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(result).toJson()) < 0)
        return 1;
    for (const QJsonValue &l : result.value(QStringLiteral("lines")).toArray())
        progress(QStringLiteral("  => %1: %2 [%3]")
                     .arg(l.toObject().value(QStringLiteral("figure")).toString(),
                          l.toObject().value(QStringLiteral("measured")).toString(),
                          l.toObject().value(QStringLiteral("verdict")).toString()));
    return 0; // a row that misses its goal is a measurement, not a failure
}

QString defaultReportPath(const Context &c)
{
    return c.sourceDir + QStringLiteral("/bench/results/")
        + QDateTime::currentDateTime().toString(QStringLiteral("yyyy-MM-ddTHH-mm"))
        + QStringLiteral(".json");
}

int usage()
{
    progress(QStringLiteral("usage: bench_run [--work DIR] inputs | row NAME | report [--out FILE] "
                            "| all | list\n       bench_run compare BEFORE.json AFTER.json"));
    return 2;
}

} // namespace

} // namespace agui::bench

int main(int argc, char **argv)
{
    using namespace agui::bench;
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    Context c;
    c.sourceDir = QStringLiteral(AGUI_SOURCE_DIR);
    c.benchBinDir = QStringLiteral(AGUI_BENCH_BINARY_DIR);
    c.work = QStringLiteral(AGUI_BENCH_WORK_DIR);
    if (args.value(0) == QLatin1String("--work")) {
        c.work = QFileInfo(args.value(1)).absoluteFilePath();
        args = args.mid(2);
    }
    c.runs = envInt("BENCH_RUNS", 3);
    c.startupRuns = envInt("BENCH_STARTUP_RUNS", 11);
    c.capS = envInt("BENCH_CLIENT_CAP_S", 900);
    const QString scale = qEnvironmentVariable("BENCH_SCALE");
    if (scale == QLatin1String("100k") || scale == QLatin1String("10m"))
        c.scale = scale;
    if (qEnvironmentVariable("BENCH_MIX") == QLatin1String("bench"))
        c.mix = QStringLiteral("bench");
    const QString command = args.value(0);
    if (command == QLatin1String("inputs"))
        return generateInputs(c);
    if (command == QLatin1String("row") && args.size() == 2)
        return runRow(c, args[1]);
    if (command == QLatin1String("report")) {
        return printReport(
            c, args.value(1) == QLatin1String("--out") ? args.value(2) : defaultReportPath(c));
    }
    if (command == QLatin1String("compare") && args.size() == 3)
        return printComparison(args[1], args[2]);
    if (command == QLatin1String("clean")) // forget the rows measured before (a new run)
        return QDir(c.rowsDir()).removeRecursively() ? 0 : 1;
    if (command == QLatin1String("list")) {
        for (const Row &r : allRows())
            progress(QStringLiteral("%1  %2").arg(r.name, -12).arg(r.what));
        return 0;
    }
    if (command == QLatin1String("all")) {
        QDir(c.rowsDir()).removeRecursively();
        if (generateInputs(c) != 0)
            return 1;
        for (const Row &r : allRows())
            if (r.name != QLatin1String("callgrind") && runRow(c, r.name) != 0)
                return 1;
        return printReport(c, defaultReportPath(c));
    }
    return usage();
}
