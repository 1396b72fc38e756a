#include "bench/driver/report.h"

#include "bench/driver/machine.h"
#include "bench/driver/rows.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTextStream>

#include <algorithm>

namespace agui::bench {

namespace {

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object()
                                       : QJsonObject();
}

QString cell(QString text)
{
    return text.replace(QLatin1Char('|'), QStringLiteral("\\|"))
        .replace(QLatin1Char('\n'), QLatin1Char(' '));
}

QString orderLabel(double order)
{
    const int whole = int(order + 1e-9);
    if (whole == 12) // the callgrind row comes after the issues' numbered rows
        return QStringLiteral("cg");
    return order - whole > 1e-6 ? QString() : QString::number(whole);
}

QString busyText(const QJsonObject &busy)
{
    if (busy.isEmpty())
        return QStringLiteral("–");
    return QStringLiteral("load %1→%2, others %3%")
        .arg(busy.value(QStringLiteral("loadStart")).toDouble(), 0, 'f', 1)
        .arg(busy.value(QStringLiteral("loadEnd")).toDouble(), 0, 'f', 1)
        .arg(busy.value(QStringLiteral("othersCpuShare")).toDouble() * 100, 0, 'f', 0);
}

QJsonArray sortedLines(const QJsonObject &rows)
{
    std::vector<QJsonObject> lines;
    for (const QJsonValue &row : rows) {
        const QJsonObject busy = row.toObject().value(QStringLiteral("busy")).toObject();
        for (const QJsonValue &l : row.toObject().value(QStringLiteral("lines")).toArray()) {
            QJsonObject line = l.toObject();
            line.insert(QStringLiteral("machine"), busyText(busy));
            lines.push_back(line);
        }
    }
    std::stable_sort(lines.begin(), lines.end(), [](const QJsonObject &a, const QJsonObject &b) {
        return a.value(QStringLiteral("order")).toDouble()
            < b.value(QStringLiteral("order")).toDouble();
    });
    QJsonArray array;
    for (const QJsonObject &l : lines)
        array.append(l);
    return array;
}

} // namespace

int printReport(const Context &c, const QString &outPath)
{
    QJsonObject rows;
    double loadStart = -1, loadEnd = -1, maxOthers = 0;
    QString first, last, commit;
    QStringList commits;
    for (const Row &row : allRows()) {
        const QJsonObject r
            = readJson(c.rowsDir() + QLatin1Char('/') + row.name + QStringLiteral(".json"));
        if (r.isEmpty())
            continue;
        rows.insert(row.name, r);
        const QJsonObject busy = r.value(QStringLiteral("busy")).toObject();
        const QString started = r.value(QStringLiteral("startedAt")).toString();
        if (first.isEmpty() || started < first) {
            first = started;
            loadStart = busy.value(QStringLiteral("loadStart")).toDouble();
        }
        const QString finished = r.value(QStringLiteral("finishedAt")).toString();
        if (last.isEmpty() || finished > last) {
            last = finished;
            loadEnd = busy.value(QStringLiteral("loadEnd")).toDouble();
        }
        maxOthers = std::max(maxOthers, busy.value(QStringLiteral("othersCpuShare")).toDouble());
        commit = r.value(QStringLiteral("commit")).toString();
        if (!commits.contains(commit))
            commits << commit;
    }
    if (rows.isEmpty()) {
        out() << "bench_run: no rows measured yet in " << c.rowsDir() << "\n";
        return 1;
    }
    const QJsonObject machine = machineInfo();
    const QJsonArray lines = sortedLines(rows);
    const bool busy
        = maxOthers > 0.15 || loadStart >= machine.value(QStringLiteral("cores")).toInt() / 2.0;

    out() << "\n## AG-UI Inspector benchmarks (" << commit << ", " << first << " to " << last
          << ")\n\n";
    out() << "Machine: " << machine.value(QStringLiteral("cpu")).toString() << ", "
          << machine.value(QStringLiteral("cores")).toInt() << " cores, "
          << QString::number(machine.value(QStringLiteral("ramGiB")).toDouble(), 'f', 1)
          << " GiB RAM, " << machine.value(QStringLiteral("os")).toString() << ", kernel "
          << machine.value(QStringLiteral("kernel")).toString() << ".\n";
    out() << "Load average " << QString::number(loadStart, 'f', 2) << " at the start, "
          << QString::number(loadEnd, 'f', 2) << " at the end; other processes used up to "
          << QString::number(maxOthers * 100, 'f', 0) << "% of the CPUs during a row.";
    if (busy)
        out() << " The machine was BUSY: times are inflated and noisy; compare instruction counts "
                 "(bench/run.sh --callgrind) for CPU-bound rows.";
    if (commits.size() > 1)
        out() << "\nWARNING: the rows come from different builds ("
              << commits.join(QStringLiteral(", "))
              << "): run `bench_run clean` (bench/run.sh does) before a full run.";
    out() << "\n\n| # | figure | goal | measured | verdict | machine during the row |\n"
             "|---|---|---|---|---|---|\n";
    for (const QJsonValue &v : lines) {
        const QJsonObject l = v.toObject();
        out() << "| " << orderLabel(l.value(QStringLiteral("order")).toDouble()) << " | "
              << cell(l.value(QStringLiteral("figure")).toString()) << " | "
              << cell(l.value(QStringLiteral("goal")).toString()) << " | "
              << cell(l.value(QStringLiteral("measured")).toString()) << " | "
              << cell(l.value(QStringLiteral("verdict")).toString()) << " | "
              << cell(l.value(QStringLiteral("machine")).toString()) << " |\n";
    }
    out() << "\n(rows not listed were not run; `bench_run list` names them)\n";

    const QJsonObject all {
        {QStringLiteral("commit"), commit},
        {QStringLiteral("generatedAt"), QDateTime::currentDateTime().toString(Qt::ISODate)},
        {QStringLiteral("machine"), machine},
        {QStringLiteral("loadStart"), loadStart},
        {QStringLiteral("loadEnd"), loadEnd},
        {QStringLiteral("maxOthersCpuShare"), maxOthers},
        {QStringLiteral("busy"), busy},
        {QStringLiteral("table"), lines},
        {QStringLiteral("rows"), rows}};
    QDir().mkpath(QFileInfo(outPath).absolutePath());
    QFile f(outPath);
    if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(all).toJson()) < 0) {
        out() << "bench_run: cannot write " << outPath << "\n";
        return 1;
    }
    out() << "JSON: " << outPath << "\n";
    out().flush();
    return 0;
}

int printComparison(const QString &beforePath, const QString &afterPath)
{
    const QJsonObject before = readJson(beforePath);
    const QJsonObject after = readJson(afterPath);
    if (before.isEmpty() || after.isEmpty()) {
        out() << "bench_run compare: cannot read " << (before.isEmpty() ? beforePath : afterPath)
              << "\n";
        return 1;
    }
    QHash<QString, QJsonObject> old;
    for (const QJsonValue &v : before.value(QStringLiteral("table")).toArray())
        old.insert(v.toObject().value(QStringLiteral("figure")).toString(), v.toObject());
    out() << "before: " << before.value(QStringLiteral("commit")).toString() << " ("
          << before.value(QStringLiteral("generatedAt")).toString()
          << ")  after: " << after.value(QStringLiteral("commit")).toString() << " ("
          << after.value(QStringLiteral("generatedAt")).toString() << ")\n\n"
          << "| # | figure | goal | before | after | verdict after |\n|---|---|---|---|---|---|\n";
    for (const QJsonValue &v : after.value(QStringLiteral("table")).toArray()) {
        const QJsonObject l = v.toObject();
        const QString figure = l.value(QStringLiteral("figure")).toString();
        out() << "| " << orderLabel(l.value(QStringLiteral("order")).toDouble()) << " | "
              << cell(figure) << " | " << cell(l.value(QStringLiteral("goal")).toString()) << " | "
              << cell(old.value(figure)
                          .value(QStringLiteral("measured"))
                          .toString(QStringLiteral("–")))
              << " | " << cell(l.value(QStringLiteral("measured")).toString()) << " | "
              << cell(l.value(QStringLiteral("verdict")).toString()) << " |\n";
    }
    out().flush();
    return 0;
}

} // namespace agui::bench
