#include "bench/driver/context.h"

#include <QDir>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace agui::bench {

QStringList Context::guiEnv() const
{
    const QString home = scratch() + QStringLiteral("/home");
    QDir().mkpath(home);
    return {QStringLiteral("QT_QPA_PLATFORM=offscreen"), QStringLiteral("HOME=") + home,
            QStringLiteral("XDG_CONFIG_HOME=") + home + QStringLiteral("/config"),
            QStringLiteral("XDG_DATA_HOME=") + home + QStringLiteral("/data"),
            QStringLiteral("XDG_CACHE_HOME=") + home + QStringLiteral("/cache")};
}

std::vector<RunResult> Context::repeat(const RunSpec &spec, int n, const QString &label) const
{
    std::vector<RunResult> runs;
    for (int i = 0; i < n; ++i) {
        runs.push_back(runProcess(spec));
        const RunResult &r = runs.back();
        progress(QStringLiteral("  %1 [%2/%3]: %4, %5 RSS%6")
                     .arg(label)
                     .arg(i + 1)
                     .arg(n)
                     .arg(seconds(r.wallS), megabytes(r.maxRssKb * 1024),
                          r.exitedWith({0, 1}) ? QString() : QStringLiteral(" — ") + r.failure()));
    }
    return runs;
}

const std::vector<InputFile> &inputFiles()
{
    // bench_session: JSON lines, the stream of the first rows (runs of text, tool calls,
    // state snapshots and deltas). bench_gen: SSE bodies the reference client can be fed.
    static const std::vector<InputFile> files = {
        {QStringLiteral("jsonl-1m.jsonl"),
         QStringLiteral("1M events, JSON lines (bench_session --events 1000000)"),
         {QStringLiteral("bench_session"), QStringLiteral("--events"), QStringLiteral("1000000"),
          QStringLiteral("--write-only"), QStringLiteral("--out")},
         QStringLiteral("bench")},
        {QStringLiteral("jsonl-100k.jsonl"),
         QStringLiteral("100k events, JSON lines (bench_session --events 100000)"),
         {QStringLiteral("bench_session"), QStringLiteral("--events"), QStringLiteral("100000"),
          QStringLiteral("--write-only"), QStringLiteral("--out")},
         QStringLiteral("bench")},
        {QStringLiteral("flood-10k.sse"),
         QStringLiteral("one message in 10k deltas, SSE (bench_gen flood 10000)"),
         {QStringLiteral("bench_gen"), QStringLiteral("flood"), QStringLiteral("10000")},
         QString()},
        {QStringLiteral("flood-40k.sse"),
         QStringLiteral("one message in 40k deltas, SSE (bench_gen flood 40000)"),
         {QStringLiteral("bench_gen"), QStringLiteral("flood"), QStringLiteral("40000")},
         QString()},
        {QStringLiteral("flood-100k.sse"),
         QStringLiteral("one message in 100k deltas, SSE (bench_gen flood 100000)"),
         {QStringLiteral("bench_gen"), QStringLiteral("flood"), QStringLiteral("100000")},
         QString()},
        {QStringLiteral("mixed-100k.sse"),
         QStringLiteral("mixed session, 100k events, SSE (bench_gen mixed 100000)"),
         {QStringLiteral("bench_gen"), QStringLiteral("mixed"), QStringLiteral("100000")},
         QStringLiteral("bench")},
        {QStringLiteral("mixed-1m.sse"),
         QStringLiteral("mixed session, 1M events, SSE (bench_gen mixed 1000000)"),
         {QStringLiteral("bench_gen"), QStringLiteral("mixed"), QStringLiteral("1000000")},
         QStringLiteral("bench")},
        // The realistic mix (bench/realisticmix.h), every size as JSON lines and as SSE.
        {QStringLiteral("realistic-100k.jsonl"),
         QStringLiteral("realistic mix, 100k events, JSON lines (bench_gen realistic 100000)"),
         {QStringLiteral("bench_gen"), QStringLiteral("realistic"), QStringLiteral("100000"),
          QStringLiteral("--jsonl")},
         QStringLiteral("realistic")},
        {QStringLiteral("realistic-100k.sse"),
         QStringLiteral("realistic mix, 100k events, SSE (bench_gen realistic 100000)"),
         {QStringLiteral("bench_gen"), QStringLiteral("realistic"), QStringLiteral("100000")},
         QStringLiteral("realistic")},
        {QStringLiteral("realistic-1m.jsonl"),
         QStringLiteral("realistic mix, 1M events, JSON lines (bench_gen realistic 1000000)"),
         {QStringLiteral("bench_gen"), QStringLiteral("realistic"), QStringLiteral("1000000"),
          QStringLiteral("--jsonl")},
         QStringLiteral("realistic")},
        {QStringLiteral("realistic-1m.sse"),
         QStringLiteral("realistic mix, 1M events, SSE (bench_gen realistic 1000000)"),
         {QStringLiteral("bench_gen"), QStringLiteral("realistic"), QStringLiteral("1000000")},
         QStringLiteral("realistic")},
        {QStringLiteral("realistic-10m.jsonl"),
         QStringLiteral("realistic mix, 10M events, JSON lines (bench_gen realistic 10000000)"),
         {QStringLiteral("bench_gen"), QStringLiteral("realistic"), QStringLiteral("10000000"),
          QStringLiteral("--jsonl")},
         QStringLiteral("realistic")},
        {QStringLiteral("realistic-10m.sse"),
         QStringLiteral("realistic mix, 10M events, SSE (bench_gen realistic 10000000)"),
         {QStringLiteral("bench_gen"), QStringLiteral("realistic"), QStringLiteral("10000000")},
         QStringLiteral("realistic")},
    };
    return files;
}

const InputFile *inputFile(const QString &name)
{
    for (const InputFile &f : inputFiles())
        if (f.name == name)
            return &f;
    return nullptr;
}

QJsonObject TableLine::toJson() const
{
    return QJsonObject {
        {QStringLiteral("order"), order + sub}, {QStringLiteral("figure"), figure},
        {QStringLiteral("goal"), goal},         {QStringLiteral("measured"), measured},
        {QStringLiteral("verdict"), verdict},   {QStringLiteral("ok"), ok}};
}

QString seconds(double s)
{
    if (s < 0)
        return QStringLiteral("–");
    if (s < 0.001)
        return QStringLiteral("%1 µs").arg(s * 1e6, 0, 'f', 0);
    if (s < 1)
        return QStringLiteral("%1 ms").arg(s * 1e3, 0, 'f', s < 0.01 ? 2 : (s < 0.1 ? 1 : 0));
    if (s < 120)
        return QStringLiteral("%1 s").arg(s, 0, 'f', s < 10 ? 2 : 1);
    return QStringLiteral("%1 min %2 s").arg(int(s / 60)).arg(int(s) % 60);
}

QString megabytes(double bytes)
{
    return QStringLiteral("%1 MB").arg(bytes / 1e6, 0, 'f', bytes < 10e6 ? 1 : 0);
}

QString times(double ratio)
{
    if (!std::isfinite(ratio))
        return QStringLiteral("–");
    return QStringLiteral("%1×").arg(ratio, 0, 'f', ratio < 10 ? 2 : (ratio < 100 ? 1 : 0));
}

double median(std::vector<double> v)
{
    if (v.empty())
        return -1;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void progress(const QString &line)
{
    std::fprintf(stderr, "%s\n", line.toUtf8().constData());
    std::fflush(stderr);
}

} // namespace agui::bench
