// Rows 7-11: the real agui-inspector, offscreen, driven by its --bench-* developer modes
// (app/gui/benchmode.h), which write what they measured as JSON.

#include "bench/driver/rows.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>

namespace agui::bench {

namespace {

struct GuiRun
{
    RunResult process;
    QJsonObject report;
    bool ok() const
    {
        return process.exitedWith({0}) && report.value(QStringLiteral("ok")).toBool();
    }
    QString failure() const
    {
        const QString error = report.value(QStringLiteral("error")).toString();
        return error.isEmpty() ? process.failure() : error;
    }
};

GuiRun runGui(const Context &c, QStringList args, int timeoutS = 1800)
{
    const QString report = c.scratch() + QStringLiteral("/gui-report.json");
    QFile::remove(report);
    args << QStringLiteral("--bench-report") << report;
    args.prepend(c.inspector());
    GuiRun run;
    run.process = runProcess({args, c.guiEnv(), timeoutS});
    QFile f(report);
    if (f.open(QIODevice::ReadOnly))
        run.report = QJsonDocument::fromJson(f.readAll()).object();
    return run;
}

double medianOfReports(const std::vector<GuiRun> &runs, const QString &path)
{
    std::vector<double> v;
    for (const GuiRun &r : runs)
        v.push_back(jsonNumber(r.report, path));
    return median(v);
}

double maxOfReports(const std::vector<GuiRun> &runs, const QString &path)
{
    double m = -1;
    for (const GuiRun &r : runs)
        m = std::max(m, jsonNumber(r.report, path));
    return m;
}

// Events in an SSE body: one "data:" line per event in the generated files.
qint64 sseEvents(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray bytes = f.readAll();
    return bytes.count("\ndata: ") + (bytes.startsWith("data: ") ? 1 : 0);
}

// Events in a JSON-lines file: its non-empty lines.
qint64 jsonLines(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    qint64 lines = 0;
    while (!f.atEnd())
        lines += !f.readLine().trimmed().isEmpty();
    return lines;
}

} // namespace

QJsonObject rowGuiOpen(const Context &c)
{
    const QString name = c.bigJsonl();
    const QString file = c.inputs(name);
    const double size = double(QFileInfo(file).size());
    const QString figure = QStringLiteral("GUI: open the %1 capture (%2, offscreen, until the "
                                          "window shows the last event selected)")
                               .arg(c.scaleLabel(), name);
    const QString goal = QStringLiteral("first rows ≤ 300 ms, fully loaded ≤ 1.5 s, ≤ 2× the file");
    std::vector<GuiRun> runs;
    for (int i = 0; i < c.runs; ++i) {
        runs.push_back(runGui(c, {QStringLiteral("--bench-open"), file}));
        const GuiRun &r = runs.back();
        if (!r.ok())
            return rowResult({notMeasured(7, 0, figure, goal, r.failure())}, {});
        progress(QStringLiteral("  agui-inspector --bench-open [%1/%2]: first rows %3, shown %4, "
                                "%5, stall %6")
                     .arg(i + 1)
                     .arg(c.runs)
                     .arg(seconds(jsonNumber(r.report, QStringLiteral("firstRowsPaintedMs")) / 1e3),
                          seconds(jsonNumber(r.report, QStringLiteral("shownMs")) / 1e3),
                          megabytes(jsonNumber(r.report, QStringLiteral("peakRssKb")) * 1024),
                          seconds(jsonNumber(r.report, QStringLiteral("stall.maxMs")) / 1e3)));
    }
    const double firstRows = medianOfReports(runs, QStringLiteral("firstRowsPaintedMs")) / 1e3;
    const double shown = medianOfReports(runs, QStringLiteral("shownMs")) / 1e3;
    const double rss = medianOfReports(runs, QStringLiteral("peakRssKb")) * 1024;
    const double stall = maxOfReports(runs, QStringLiteral("stall.maxMs"));
    TableLine line;
    line.order = 7;
    line.figure = figure;
    line.goal = goal;
    line.measured = QStringLiteral("first rows %1, fully loaded %2, %3 (%4 the file); longest "
                                   "GUI-thread stall %5")
                        .arg(seconds(firstRows), seconds(shown), megabytes(rss), times(rss / size),
                             seconds(stall / 1e3));
    judge(line,
          {{QStringLiteral("first rows"), firstRows, 0.3},
           {QStringLiteral("fully loaded"), shown, 1.5},
           {QStringLiteral("memory"), rss / size, 2}});
    if (medianOfReports(runs, QStringLiteral("events")) < double(jsonLines(file)))
        line.verdict += QStringLiteral(" (the window holds fewer events than the file!)");
    QJsonArray raw;
    for (const GuiRun &r : runs)
        raw.append(r.report);
    return rowResult({line},
                     {{QStringLiteral("firstRowsS"), firstRows},
                      {QStringLiteral("shownS"), shown},
                      {QStringLiteral("peakRssBytes"), rss},
                      {QStringLiteral("rssPerFile"), rss / size},
                      {QStringLiteral("maxStallMs"), stall},
                      {QStringLiteral("runs"), raw}});
}

QJsonObject rowGuiLive(const Context &c)
{
    const QString name = c.bigMixed();
    const QString file = c.inputs(name);
    const QString figure = QStringLiteral("GUI: live run against a loopback server that floods "
                                          "as fast as it can (bench_flood_server, %1)")
                               .arg(name);
    const QString goal = QStringLiteral("≥ 200k events/s ingested, no GUI-thread stall > 50 ms");
    const qint64 expected = sseEvents(file);
    QProcess server;
    server.start(c.benchTool(QStringLiteral("bench_flood_server")), {file});
    if (!server.waitForReadyRead(60000))
        return rowResult(
            {notMeasured(8, 0, figure, goal, QStringLiteral("the server did not start"))}, {});
    const QString url = QString::fromUtf8(server.readLine().trimmed());
    std::vector<GuiRun> runs;
    QString failure;
    for (int i = 0; i < c.runs && failure.isEmpty(); ++i) {
        runs.push_back(runGui(c, {QStringLiteral("--bench-live"), url}));
        const GuiRun &r = runs.back();
        if (!r.ok())
            failure = r.failure();
        else if (jsonNumber(r.report, QStringLiteral("events")) != double(expected))
            failure = QStringLiteral("the window got %1 of %2 events (%3)")
                          .arg(jsonNumber(r.report, QStringLiteral("events")))
                          .arg(expected)
                          .arg(r.report.value(QStringLiteral("state")).toString());
        else
            progress(QStringLiteral("  agui-inspector --bench-live [%1/%2]: %3 events/s, stall %4")
                         .arg(i + 1)
                         .arg(c.runs)
                         .arg(jsonNumber(r.report, QStringLiteral("eventsPerSecond")), 0, 'f', 0)
                         .arg(seconds(jsonNumber(r.report, QStringLiteral("stall.maxMs")) / 1e3)));
    }
    server.kill();
    server.waitForFinished();
    if (!failure.isEmpty())
        return rowResult({notMeasured(8, 0, figure, goal, failure)}, {});
    const double rate = medianOfReports(runs, QStringLiteral("eventsPerSecond"));
    const double stall = maxOfReports(runs, QStringLiteral("stall.maxMs"));
    TableLine line;
    line.order = 8;
    line.figure = figure;
    line.goal = goal;
    line.measured = QStringLiteral("%1 events/s (%2 events in %3); longest GUI-thread stall %4 "
                                   "(p99 %5)")
                        .arg(rate, 0, 'f', 0)
                        .arg(expected)
                        .arg(seconds(medianOfReports(runs, QStringLiteral("lastEventMs")) / 1e3),
                             seconds(stall / 1e3),
                             seconds(maxOfReports(runs, QStringLiteral("stall.p99Ms")) / 1e3));
    judge(line,
          {{QStringLiteral("rate"), rate, 200000, true}, {QStringLiteral("stall"), stall, 50}});
    QJsonArray raw;
    for (const GuiRun &r : runs)
        raw.append(r.report);
    return rowResult({line},
                     {{QStringLiteral("eventsPerSecond"), rate},
                      {QStringLiteral("maxStallMs"), stall},
                      {QStringLiteral("runs"), raw}});
}

namespace {

// Runs the scroll/drag frames of the 100k capture under callgrind, collecting only inside the
// repaints, and lists the JSON parsing functions that cost anything there.
QString paintParseCheck(const Context &c, QJsonObject *figures)
{
    const QString valgrind = findTool(QStringLiteral("valgrind"));
    const QString annotate = findTool(QStringLiteral("callgrind_annotate"));
    if (valgrind.isEmpty() || annotate.isEmpty())
        return QStringLiteral("not checked (valgrind missing)");
    const QString out = c.scratch() + QStringLiteral("/paint.callgrind");
    QFile::remove(out);
    const QString report = c.scratch() + QStringLiteral("/paint-report.json");
    const RunResult r = runProcess(
        {{valgrind, QStringLiteral("--tool=callgrind"), QStringLiteral("--collect-atstart=no"),
          QStringLiteral("--instr-atstart=no"), QStringLiteral("--callgrind-out-file=") + out,
          c.inspector(), QStringLiteral("--bench-open"), c.inputs(c.smallJsonl()),
          QStringLiteral("--bench-scroll"), QStringLiteral("--bench-callgrind-paint"),
          QStringLiteral("--bench-report"), report},
         c.guiEnv(),
         3600});
    if (!r.exitedWith({0}))
        return QStringLiteral("not checked (callgrind run: %1)").arg(r.failure());
    const RunResult a = runProcess(
        {{annotate, QStringLiteral("--inclusive=yes"), QStringLiteral("--threshold=100"), out}});
    // Qt's JSON parser, simdjson, the project's parser and event decoding.
    static const QRegularExpression parse(
        QStringLiteral("QJsonDocument::fromJson|QJsonPrivate::Parser|simdjson::|"
                       "agui::json::JsonParser::parse|agui::EventDecoder::|"
                       "agui::json::.*[Pp]arse"));
    QStringList hits;
    for (const QByteArray &raw : a.out.split('\n')) {
        const QString l = QString::fromUtf8(raw);
        if (!parse.match(l).hasMatch())
            continue;
        hits << l.trimmed().left(160);
    }
    const double total = callgrindTotal(out);
    figures->insert(QStringLiteral("paintInstructions"), total);
    figures->insert(QStringLiteral("paintJsonFunctions"), QJsonArray::fromStringList(hits));
    if (hits.isEmpty())
        return QStringLiteral("no JSON parse on paint (callgrind, 100k capture: %1 instructions "
                              "in the paints, none in a JSON parser)")
            .arg(total, 0, 'g', 3);
    return QStringLiteral("JSON PARSED ON PAINT: %1 function(s), e.g. %2")
        .arg(hits.size())
        .arg(hits.front());
}

} // namespace

// Issue 19's "playback of a million-event capture at full speed must not stall the GUI thread":
// the 1M capture opened, then played from the first event "as fast as possible" through the
// window's own playback controls, every view following.
QJsonObject rowGuiPlay(const Context &c)
{
    const QString name = c.bigJsonl();
    const QString file = c.inputs(name);
    const QString figure = QStringLiteral("GUI: play the %1 capture back as fast as possible "
                                          "(%2, offscreen, every view following)")
                               .arg(c.scaleLabel(), name);
    const QString goal = QStringLiteral("no GUI-thread stall > 50 ms");
    std::vector<GuiRun> runs;
    for (int i = 0; i < c.runs; ++i) {
        runs.push_back(
            runGui(c, {QStringLiteral("--bench-open"), file, QStringLiteral("--bench-play")}));
        const GuiRun &r = runs.back();
        if (!r.ok())
            return rowResult({notMeasured(11, 0, figure, goal, r.failure())}, {});
        progress(QStringLiteral("  agui-inspector --bench-play [%1/%2]: %3 to the end, %4 seeks, "
                                "stall %5")
                     .arg(i + 1)
                     .arg(c.runs)
                     .arg(seconds(jsonNumber(r.report, QStringLiteral("play.ms")) / 1e3))
                     .arg(jsonNumber(r.report, QStringLiteral("play.seeks")))
                     .arg(seconds(jsonNumber(r.report, QStringLiteral("play.stall.maxMs")) / 1e3)));
    }
    const double playS = medianOfReports(runs, QStringLiteral("play.ms")) / 1e3;
    const double seeks = medianOfReports(runs, QStringLiteral("play.seeks"));
    const double stall = maxOfReports(runs, QStringLiteral("play.stall.maxMs"));
    const double p99 = maxOfReports(runs, QStringLiteral("play.stall.p99Ms"));
    TableLine line;
    line.order = 11;
    line.figure = figure;
    line.goal = goal;
    line.measured = QStringLiteral("%1 to the last event, %2 seeks (one per frame at most); "
                                   "longest GUI-thread stall %3, p99 lateness %4")
                        .arg(seconds(playS))
                        .arg(seeks)
                        .arg(seconds(stall / 1e3), seconds(p99 / 1e3));
    judge(line, {{QStringLiteral("stall"), stall, 50}});
    for (const GuiRun &r : runs) {
        if (jsonNumber(r.report, QStringLiteral("play.reachedSeq"))
            != jsonNumber(r.report, QStringLiteral("play.lastSeq")))
            line.verdict += QStringLiteral(" (playback stopped before the last event!)");
    }
    QJsonArray raw;
    for (const GuiRun &r : runs)
        raw.append(r.report);
    return rowResult({line},
                     {{QStringLiteral("playS"), playS},
                      {QStringLiteral("seeks"), seeks},
                      {QStringLiteral("maxStallMs"), stall},
                      {QStringLiteral("runs"), raw}});
}

QJsonObject rowGuiScroll(const Context &c)
{
    const QString name = c.bigJsonl();
    const QString figure = QStringLiteral("GUI: scroll the %1 list page by page / drag the "
                                          "timeline (%2)")
                               .arg(c.scaleLabel(), name);
    const QString goal = QStringLiteral("p99 frame ≤ 16 ms; no JSON parse on paint");
    const GuiRun run = runGui(
        c, {QStringLiteral("--bench-open"), c.inputs(name), QStringLiteral("--bench-scroll")});
    if (!run.ok())
        return rowResult({notMeasured(9, 0, figure, goal, run.failure())}, {});
    const QJsonObject frames = run.report.value(QStringLiteral("frames")).toObject();
    const double scroll = jsonNumber(frames, QStringLiteral("scroll.frame.p99Ms"));
    const double drag = jsonNumber(frames, QStringLiteral("drag.frame.p99Ms"));
    progress(QStringLiteral("  frames: scroll p99 %1, drag p99 %2")
                 .arg(seconds(scroll / 1e3), seconds(drag / 1e3)));
    QJsonObject figures {{QStringLiteral("frames"), frames}};
    const QString parse = paintParseCheck(c, &figures);
    TableLine line;
    line.order = 9;
    line.figure = figure;
    line.goal = goal;
    line.measured
        = QStringLiteral("scroll p99 %1 (max %2; then %3 p99 of deferred work), drag p99 %4 "
                         "(max %5; deferred p99 %6); %7")
              .arg(seconds(scroll / 1e3),
                   seconds(jsonNumber(frames, QStringLiteral("scroll.frame.maxMs")) / 1e3),
                   seconds(jsonNumber(frames, QStringLiteral("scroll.deferred.p99Ms")) / 1e3),
                   seconds(drag / 1e3),
                   seconds(jsonNumber(frames, QStringLiteral("drag.frame.maxMs")) / 1e3),
                   seconds(jsonNumber(frames, QStringLiteral("drag.deferred.p99Ms")) / 1e3), parse);
    judge(line,
          {{QStringLiteral("scroll p99"), scroll, 16}, {QStringLiteral("drag p99"), drag, 16}});
    if (parse.startsWith(QLatin1String("JSON PARSED"))) {
        line.ok = 0;
        line.verdict
            = (line.verdict == QLatin1String("meets") ? QStringLiteral("misses: ")
                                                      : line.verdict + QStringLiteral("; "))
            + QStringLiteral("JSON parsed on paint");
    }
    return rowResult({line}, figures);
}

QJsonObject rowStartup(const Context &c)
{
    const QString figure = QStringLiteral("start-up to the first painted window vs a bare Qt "
                                          "Widgets hello-world built the same way");
    const QString goal = QStringLiteral("≤ 1.5×");
    const QString helloReport = c.scratch() + QStringLiteral("/hello.json");
    std::vector<double> hello, ours;
    auto startupS = [](const RunResult &r, const QString &reportFile) {
        QFile f(reportFile);
        if (!r.exitedWith({0}) || !f.open(QIODevice::ReadOnly))
            return -1.0;
        const double end = QJsonDocument::fromJson(f.readAll())
                               .object()
                               .value(QStringLiteral("firstPaintEndNs"))
                               .toDouble(-1);
        return end < 0 ? -1.0 : (end - double(r.startNs)) / 1e9;
    };
    for (int i = 0; i < c.startupRuns; ++i) {
        QFile::remove(helloReport);
        const RunResult h = runProcess(
            {{c.benchTool(QStringLiteral("bench_hello_widgets")), helloReport}, c.guiEnv(), 120});
        hello.push_back(startupS(h, helloReport));
        const GuiRun g = runGui(c, {QStringLiteral("--bench-startup")}, 120);
        const double s = g.ok()
            ? (jsonNumber(g.report, QStringLiteral("firstPaintEndNs")) - double(g.process.startNs))
                / 1e9
            : -1;
        ours.push_back(s);
        if (hello.back() < 0 || s < 0)
            return rowResult(
                {notMeasured(10, 0, figure, goal, hello.back() < 0 ? h.failure() : g.failure())},
                {});
    }
    const double h = median(hello);
    const double o = median(ours);
    progress(QStringLiteral("  start-up: hello %1, agui-inspector %2").arg(seconds(h), seconds(o)));
    TableLine line;
    line.order = 10;
    line.figure = figure;
    line.goal = goal;
    line.measured = QStringLiteral("%1 (agui-inspector %2, hello-world %3; medians of %4 "
                                   "alternating runs, offscreen)")
                        .arg(times(o / h), seconds(o), seconds(h))
                        .arg(c.startupRuns);
    judge(line, {{QStringLiteral("ratio"), o / h, 1.5}});
    return rowResult({line},
                     {{QStringLiteral("helloS"), h},
                      {QStringLiteral("inspectorS"), o},
                      {QStringLiteral("ratio"), o / h}});
}

} // namespace agui::bench
