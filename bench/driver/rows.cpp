#include "bench/driver/rows.h"

#include <QFile>
#include <QStandardPaths>

namespace agui::bench {

const std::vector<Row> &allRows()
{
    static const std::vector<Row> rows = {
        {QStringLiteral("lint"), QStringLiteral("1: agui-inspect lint, 1M events"), rowLint},
        {QStringLiteral("ingest"),
         QStringLiteral("2, 3, 6: ingest vs memchr / simdjson, seek (1M events)"), rowIngest},
        {QStringLiteral("stats-flood"),
         QStringLiteral("4: agui-inspect stats vs @ag-ui/client, one message in N deltas"),
         rowStatsFlood},
        {QStringLiteral("stats-mixed"),
         QStringLiteral("5: agui-inspect stats vs @ag-ui/client, mixed session of 100k events"),
         rowStatsMixed},
        {QStringLiteral("gui-open"), QStringLiteral("7: GUI opens the 1M capture"), rowGuiOpen},
        {QStringLiteral("gui-live"), QStringLiteral("8: GUI live run against a flooding server"),
         rowGuiLive},
        {QStringLiteral("gui-scroll"),
         QStringLiteral("9: GUI frames: scroll the 1M list, drag the timeline"), rowGuiScroll},
        {QStringLiteral("gui-play"),
         QStringLiteral("11: GUI plays the 1M capture back as fast as possible"), rowGuiPlay},
        {QStringLiteral("startup"),
         QStringLiteral("10: start-up to the first painted window vs Qt hello-world"), rowStartup},
        {QStringLiteral("callgrind"),
         QStringLiteral("instruction counts of rows 1-5 on the 100k files (--callgrind)"),
         rowCallgrind},
    };
    return rows;
}

QJsonObject rowResult(const std::vector<TableLine> &lines, const QJsonObject &figures)
{
    QJsonArray array;
    for (const TableLine &l : lines)
        array.append(l.toJson());
    return QJsonObject {{QStringLiteral("lines"), array}, {QStringLiteral("figures"), figures}};
}

void judge(TableLine &line, const std::vector<Check> &checks)
{
    QStringList misses;
    for (const Check &c : checks) {
        if (c.value < 0) {
            misses << c.name + QStringLiteral(" not measured");
            continue;
        }
        const double factor = c.higherIsBetter ? c.goal / std::max(c.value, 1e-12)
                                               : c.value / std::max(c.goal, 1e-12);
        if (factor > 1)
            misses << QStringLiteral("%1 %2 off the goal").arg(c.name, times(factor));
    }
    line.ok = misses.isEmpty() ? 1 : 0;
    line.verdict = misses.isEmpty()
        ? QStringLiteral("meets")
        : QStringLiteral("misses: ") + misses.join(QStringLiteral("; "));
}

TableLine notMeasured(int order, double sub, const QString &figure, const QString &goal,
                      const QString &why)
{
    TableLine l;
    l.order = order;
    l.sub = sub;
    l.figure = figure;
    l.goal = goal;
    l.measured = QStringLiteral("–");
    l.verdict = QStringLiteral("not measured: ") + why;
    return l;
}

double jsonNumber(const QJsonObject &o, const QString &path)
{
    QJsonValue v = o;
    for (const QString &key : path.split(QLatin1Char('.')))
        v = v.toObject().value(key);
    return v.toDouble(-1);
}

QString findTool(const QString &name)
{
    return QStandardPaths::findExecutable(name);
}

double callgrindTotal(const QString &outFile)
{
    QFile f(outFile);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    double total = -1;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        // "summary:" (older) or "totals:" lines; the event list starts with Ir.
        if (line.startsWith("totals:") || line.startsWith("summary:"))
            total = line.mid(line.indexOf(':') + 1).trimmed().split(' ').value(0).toDouble();
    }
    return total;
}

} // namespace agui::bench
