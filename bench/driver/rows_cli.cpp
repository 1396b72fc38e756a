// Rows 1-6: whole CLI processes on the generated files, and bench_ingest for the in-process
// ratios (ingest vs memchr and vs simdjson) and seeking.

#include "bench/driver/rows.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

namespace agui::bench {

namespace {

QJsonObject parseJson(const QByteArray &out)
{
    // The last line that is a JSON object (tools may print progress before it).
    const QList<QByteArray> lines = out.trimmed().split('\n');
    for (qsizetype i = lines.size() - 1; i >= 0; --i) {
        const QJsonDocument doc = QJsonDocument::fromJson(lines[i]);
        if (doc.isObject())
            return doc.object();
    }
    return QJsonDocument::fromJson(out).object();
}

QString fileLabel(const Context &c, const QString &name)
{
    return QStringLiteral("%1, %2").arg(name, megabytes(double(QFileInfo(c.inputs(name)).size())));
}

} // namespace

QJsonObject rowLint(const Context &c)
{
    const QString name = c.bigJsonl();
    const QString file = c.inputs(name);
    const double size = double(QFileInfo(file).size());
    TableLine line;
    line.order = 1;
    line.figure = QStringLiteral("`agui-inspect lint`, %1 mixed events (%2)")
                      .arg(c.scaleLabel(), fileLabel(c, name));
    line.goal = QStringLiteral("≤ 0.7 s, ≤ 1.6× the file");
    RunSpec spec({c.inspect(), QStringLiteral("lint"), file}, {}, 1800, false);
    const auto runs = c.repeat(spec, c.runs, QStringLiteral("agui-inspect lint"));
    for (const RunResult &r : runs)
        if (!r.exitedWith({0, 1}))
            return rowResult({notMeasured(1, 0, line.figure, line.goal, r.failure())}, {});
    const double wall = medianOf(runs, [](const RunResult &r) { return r.wallS; });
    const double cpu = medianOf(runs, [](const RunResult &r) { return r.cpuS; });
    const double rss = medianOf(runs, [](const RunResult &r) { return r.maxRssKb * 1024; });
    line.measured = QStringLiteral("%1 (CPU %2), %3 RSS (%4 the file)")
                        .arg(seconds(wall), seconds(cpu), megabytes(rss), times(rss / size));
    judge(line, {{QStringLiteral("time"), wall, 0.7}, {QStringLiteral("RSS"), rss / size, 1.6}});
    QJsonObject figures {{QStringLiteral("fileBytes"), size},
                         {QStringLiteral("wallS"), wall},
                         {QStringLiteral("cpuS"), cpu},
                         {QStringLiteral("peakRssBytes"), rss},
                         {QStringLiteral("rssPerFile"), rss / size}};
    std::vector<TableLine> lines {line};

    // Context: Python's json.loads of every line, whole process against whole process.
    const QString python = findTool(QStringLiteral("python3"));
    if (!python.isEmpty()) {
        RunSpec py({python, c.sourceDir + QStringLiteral("/bench/json_loads.py"), file});
        const auto pyRuns = c.repeat(py, c.runs, QStringLiteral("python3 json.loads per line"));
        if (pyRuns.front().exitedWith({0})) {
            const double pyWall = medianOf(pyRuns, [](const RunResult &r) { return r.wallS; });
            TableLine ctx;
            ctx.order = 1;
            ctx.sub = 0.1;
            ctx.figure = QStringLiteral("context: Python `json.loads` of every line, same file");
            ctx.goal = QStringLiteral("(context)");
            ctx.measured = QStringLiteral("%1; lint takes %2 that")
                               .arg(seconds(pyWall), times(wall / pyWall));
            ctx.verdict = QStringLiteral("–");
            lines.push_back(ctx);
            figures.insert(QStringLiteral("pythonJsonLoadsS"), pyWall);
        }
    }
    return rowResult(lines, figures);
}

QJsonObject rowIngest(const Context &c)
{
    const QString name = c.bigJsonl();
    const QString file = c.inputs(name);
    const QString scanFigure
        = QStringLiteral("ingest (parse + lint + reduce + store, the GUI's loader) vs a memchr "
                         "line scan, %1 (%2)")
              .arg(c.scaleLabel(), name);
    const QString simdFigure
        = QStringLiteral("ingest vs a bare simdjson parse of every line, %1 (%2)")
              .arg(c.scaleLabel(), name);
    const QString seekFigure
        = QStringLiteral("seek to a random event, %1 session, p99").arg(c.scaleLabel());
    RunSpec spec({c.benchTool(QStringLiteral("bench_ingest")), file}, {}, 1800);
    const auto runs = c.repeat(spec, c.runs, QStringLiteral("bench_ingest"));
    std::vector<QJsonObject> results;
    for (const RunResult &r : runs) {
        if (!r.exitedWith({0}))
            return rowResult(
                {notMeasured(2, 0, scanFigure, QStringLiteral("≤ 30×"), r.failure()),
                 notMeasured(3, 0, simdFigure, QStringLiteral("≤ 3×"), r.failure()),
                 notMeasured(6, 0, seekFigure, QStringLiteral("≤ 10 ms"), r.failure())},
                {});
        results.push_back(parseJson(r.out));
    }
    auto med = [&](const QString &path) {
        std::vector<double> v;
        for (const QJsonObject &o : results)
            v.push_back(jsonNumber(o, path));
        return median(v);
    };
    const double ingest = med(QStringLiteral("ingest.wallS"));
    const double ingestCpu = med(QStringLiteral("ingest.cpuS"));
    const double scan = med(QStringLiteral("scan.wallS"));
    const double simd = med(QStringLiteral("simdjson.wallS"));
    const double qjson = med(QStringLiteral("qjson.wallS"));
    const double events = med(QStringLiteral("ingest.events"));

    TableLine scanLine;
    scanLine.order = 2;
    scanLine.figure = scanFigure;
    scanLine.goal = QStringLiteral("≤ 30×");
    scanLine.measured
        = QStringLiteral("%1 (ingest %2, CPU %3; scan %4; %5 events/s)")
              .arg(times(ingest / scan), seconds(ingest), seconds(ingestCpu), seconds(scan))
              .arg(events / ingest, 0, 'f', 0);
    judge(scanLine, {{QStringLiteral("ratio"), ingest / scan, 30}});

    TableLine simdLine;
    simdLine.order = 3;
    simdLine.figure = simdFigure;
    simdLine.goal = QStringLiteral("≤ 3×");
    simdLine.measured
        = QStringLiteral("%1 (simdjson DOM %2)").arg(times(ingest / simd), seconds(simd));
    judge(simdLine, {{QStringLiteral("ratio"), ingest / simd, 3}});
    TableLine qjsonLine;
    qjsonLine.order = 3;
    qjsonLine.sub = 0.1;
    qjsonLine.figure = QStringLiteral("context: ingest vs QJsonDocument::fromJson of every line");
    qjsonLine.goal = QStringLiteral("(context)");
    qjsonLine.measured
        = QStringLiteral("%1 (QJsonDocument %2)").arg(times(ingest / qjson), seconds(qjson));
    qjsonLine.verdict = QStringLiteral("–");

    TableLine seekLine;
    seekLine.order = 6;
    seekLine.figure = seekFigure
        + QStringLiteral(" (snapshotAt, %1 random events)")
              .arg(jsonNumber(results.front(), QStringLiteral("seek.count")));
    seekLine.goal = QStringLiteral("≤ 10 ms");
    const double p99 = med(QStringLiteral("seek.p99Ms"));
    seekLine.measured
        = QStringLiteral("p99 %1 (p50 %2, max %3)")
              .arg(seconds(p99 / 1e3), seconds(med(QStringLiteral("seek.p50Ms")) / 1e3),
                   seconds(med(QStringLiteral("seek.maxMs")) / 1e3));
    judge(seekLine, {{QStringLiteral("p99"), p99, 10}});
    if (med(QStringLiteral("seek.wrongSnapshots")) > 0)
        seekLine.verdict += QStringLiteral(" (some snapshots ended at the wrong event!)");

    QJsonArray raw;
    for (const QJsonObject &o : results)
        raw.append(o);
    const QJsonObject figures {
        {QStringLiteral("ingestS"), ingest}, {QStringLiteral("ingestCpuS"), ingestCpu},
        {QStringLiteral("scanS"), scan},     {QStringLiteral("simdjsonS"), simd},
        {QStringLiteral("qjsonS"), qjson},   {QStringLiteral("events"), events},
        {QStringLiteral("seekP99Ms"), p99},  {QStringLiteral("runs"), raw}};
    return rowResult({scanLine, simdLine, qjsonLine, seekLine}, figures);
}

namespace {

// agui-inspect stats and the pinned client's pipeline on the same file, whole process against
// whole process, alternating; a client run is killed at the cap (and not repeated then).
TableLine versusClient(const Context &c, const QString &name, int order, double sub,
                       const QString &figure, double goal, QJsonObject *figures)
{
    const QString file = c.inputs(name);
    const QString goalText = QStringLiteral("≥ %1× faster").arg(goal, 0, 'f', 0);
    const QString node = findTool(QStringLiteral("node"));
    const QString script = c.sourceDir + QStringLiteral("/tests/interop/peer/bench-client.mjs");
    if (node.isEmpty()
        || !QFileInfo::exists(c.sourceDir
                              + QStringLiteral("/tests/interop/node_modules/@ag-ui/client")))
        return notMeasured(order, sub, figure, goalText,
                           QStringLiteral("node or the pinned @ag-ui/client is missing "
                                          "(scripts/setup.sh --tests)"));
    const RunSpec ours({c.inspect(), QStringLiteral("stats"), QStringLiteral("--format"),
                        QStringLiteral("json"), file});
    const RunSpec client({node, script, file}, {}, c.capS);
    std::vector<double> oursS, clientS, ratios;
    bool capped = false;
    double oursEvents = -1, clientEvents = -1;
    for (int i = 0; i < c.runs; ++i) {
        const RunResult a = runProcess(ours);
        if (!a.exitedWith({0}))
            return notMeasured(order, sub, figure, goalText,
                               QStringLiteral("stats: ") + a.failure());
        oursS.push_back(a.wallS);
        oursEvents = jsonNumber(parseJson(a.out), QStringLiteral("events"));
        progress(QStringLiteral("  %1: agui-inspect stats %2").arg(name, seconds(a.wallS)));
        if (capped)
            continue;
        const RunResult b = runProcess(client);
        if (b.timedOut) {
            capped = true;
            progress(QStringLiteral("  %1: @ag-ui/client > %2 (cap), not repeated")
                         .arg(name, seconds(c.capS)));
            continue;
        }
        if (!b.exitedWith({0}))
            return notMeasured(order, sub, figure, goalText,
                               QStringLiteral("@ag-ui/client: ") + b.failure());
        clientS.push_back(b.wallS);
        ratios.push_back(b.wallS / a.wallS);
        clientEvents = jsonNumber(parseJson(b.out), QStringLiteral("events"));
        progress(QStringLiteral("  %1: @ag-ui/client %2 (%3)")
                     .arg(name, seconds(b.wallS), times(b.wallS / a.wallS)));
    }
    const double oursMedian = median(oursS);
    TableLine line;
    line.order = order;
    line.sub = sub;
    line.figure = figure;
    line.goal = goalText;
    QJsonObject f {{QStringLiteral("oursS"), oursMedian}, {QStringLiteral("capped"), capped}};
    if (capped) {
        const double lower = c.capS / oursMedian;
        line.measured = QStringLiteral("> %1 faster (client > %2 cap, ours %3)")
                            .arg(times(lower), seconds(c.capS), seconds(oursMedian));
        judge(line, {{QStringLiteral("speed-up (lower bound)"), lower, goal, true}});
        f.insert(QStringLiteral("ratioLowerBound"), lower);
    } else {
        const double ratio = median(ratios);
        line.measured = QStringLiteral("%1 faster (client %2 vs ours %3, median of %4 pairs)")
                            .arg(times(ratio), seconds(median(clientS)), seconds(oursMedian))
                            .arg(ratios.size());
        judge(line, {{QStringLiteral("speed-up"), ratio, goal, true}});
        f.insert(QStringLiteral("clientS"), median(clientS));
        f.insert(QStringLiteral("ratio"), ratio);
        if (oursEvents != clientEvents) {
            line.verdict += QStringLiteral(" (event counts differ: ours %1, client %2)")
                                .arg(oursEvents)
                                .arg(clientEvents);
        }
    }
    figures->insert(name, f);
    return line;
}

} // namespace

QJsonObject rowStatsFlood(const Context &c)
{
    QJsonObject figures;
    std::vector<TableLine> lines;
    const struct
    {
        const char *name;
        const char *label;
        double goal;
    } sizes[] = {{"flood-10k.sse", "10k", 30},
                 {"flood-40k.sse", "40k", 300},
                 {"flood-100k.sse", "100k", 1000}};
    double sub = 0;
    for (const auto &s : sizes) {
        const QString name = QString::fromLatin1(s.name);
        lines.push_back(versusClient(
            c, name, 4, sub,
            QStringLiteral("`agui-inspect stats` vs `@ag-ui/client` (HttpAgent.runAgent, same "
                           "bytes), one text message in %1 deltas (%2)")
                .arg(QString::fromLatin1(s.label), fileLabel(c, name)),
            s.goal, &figures));
        sub += 0.1;
    }
    return rowResult(lines, figures);
}

QJsonObject rowStatsMixed(const Context &c)
{
    QJsonObject figures;
    const QString name = c.smallMixed();
    const TableLine line = versusClient(
        c, name, 5, 0,
        QStringLiteral("the same on a mixed session of 100k events (%1)").arg(fileLabel(c, name)),
        100, &figures);
    return rowResult({line}, figures);
}

} // namespace agui::bench
