// Instruction counts (valgrind --tool=callgrind) for rows 1-5 on the 100k files: unlike times,
// they do not move when others use the machine, so they compare before and after exactly.
// The client side of rows 4-5 is not counted: node's JIT under valgrind says nothing useful.

#include "bench/driver/rows.h"

#include <QFile>

namespace agui::bench {

namespace {

struct Counted
{
    QString label;
    double instructions = -1;
    QString failure;
};

// wholeProcess: everything from exec to exit; otherwise only what the program marks
// (bench_ingest's phases toggle collection).
Counted count(const Context &c, const QString &label, const QStringList &command, bool wholeProcess)
{
    const QString out = c.scratch() + QStringLiteral("/count.callgrind");
    QFile::remove(out);
    QStringList argv {findTool(QStringLiteral("valgrind")), QStringLiteral("--tool=callgrind"),
                      QStringLiteral("--callgrind-out-file=") + out};
    if (!wholeProcess)
        argv << QStringLiteral("--collect-atstart=no");
    const RunResult r = runProcess({argv + command, {}, 7200, false});
    Counted counted;
    counted.label = label;
    if (!r.exitedWith({0, 1}))
        counted.failure = r.failure();
    else
        counted.instructions = callgrindTotal(out);
    progress(QStringLiteral("  callgrind %1: %2 instructions")
                 .arg(label)
                 .arg(counted.instructions, 0, 'g', 4));
    return counted;
}

QString giga(double n)
{
    return n < 0 ? QStringLiteral("–") : QStringLiteral("%1 G").arg(n / 1e9, 0, 'f', 3);
}

} // namespace

QJsonObject rowCallgrind(const Context &c)
{
    const QString figure = QStringLiteral("instructions (callgrind), rows 1-5 on the 100k files");
    if (findTool(QStringLiteral("valgrind")).isEmpty())
        return rowResult({notMeasured(11, 0, figure, QStringLiteral("(before/after)"),
                                      QStringLiteral("valgrind is not installed"))},
                         {});
    const QString jsonl = c.inputs(c.smallJsonl());
    const QString ingest = c.benchTool(QStringLiteral("bench_ingest"));
    const std::vector<Counted> counts = {
        count(c, QStringLiteral("agui-inspect lint, %1 (whole process)").arg(c.smallJsonl()),
              {c.inspect(), QStringLiteral("lint"), jsonl}, true),
        count(c, QStringLiteral("ingest (the GUI's loader), %1").arg(c.smallJsonl()),
              {ingest, jsonl, QStringLiteral("--phase"), QStringLiteral("ingest")}, false),
        count(c, QStringLiteral("memchr line scan, %1").arg(c.smallJsonl()),
              {ingest, jsonl, QStringLiteral("--phase"), QStringLiteral("scan")}, false),
        count(c, QStringLiteral("simdjson DOM parse of every line, %1").arg(c.smallJsonl()),
              {ingest, jsonl, QStringLiteral("--phase"), QStringLiteral("simdjson")}, false),
        count(c, QStringLiteral("agui-inspect stats, flood-100k.sse (whole process)"),
              {c.inspect(), QStringLiteral("stats"), c.inputs(QStringLiteral("flood-100k.sse"))},
              true),
        count(c, QStringLiteral("agui-inspect stats, %1 (whole process)").arg(c.smallMixed()),
              {c.inspect(), QStringLiteral("stats"), c.inputs(c.smallMixed())}, true),
    };
    std::vector<TableLine> lines;
    QJsonObject figures;
    double sub = 0;
    for (const Counted &k : counts) {
        TableLine l;
        l.order = 12;
        l.sub = sub;
        sub += 0.01;
        l.figure = QStringLiteral("instructions: ") + k.label;
        l.goal = QStringLiteral("(before/after)");
        l.measured = k.failure.isEmpty() ? giga(k.instructions) : QStringLiteral("–");
        l.verdict = k.failure.isEmpty() ? QStringLiteral("–") : k.failure;
        lines.push_back(l);
        figures.insert(k.label, k.instructions);
    }
    auto ratio = [&](const QString &what, double a, double b) {
        TableLine l;
        l.order = 12;
        l.sub = sub;
        sub += 0.01;
        l.figure = QStringLiteral("instructions: ") + what;
        l.goal = QStringLiteral("(before/after)");
        l.measured = a > 0 && b > 0 ? times(a / b) : QStringLiteral("–");
        l.verdict = QStringLiteral("–");
        lines.push_back(l);
    };
    ratio(QStringLiteral("ingest / memchr scan, 100k"), counts[1].instructions,
          counts[2].instructions);
    ratio(QStringLiteral("ingest / simdjson, 100k"), counts[1].instructions,
          counts[3].instructions);
    return rowResult(lines, figures);
}

} // namespace agui::bench
