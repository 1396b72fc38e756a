// Ingest of one capture file as the GUI loads it, against the least a JSON-lines reader must do,
// and time travel on the result. Prints one JSON object.
//
//   bench_ingest FILE [--phase all|ingest|scan|simdjson|qjson] [--seeks N]
//
//   ingest    the GUI's loader job (ui::CaptureLoader::load: read the file, frame, decode, lint,
//             reduce, store bytes and checkpoints: a full Session), wall and CPU time
//   scan      memchr over the file's bytes for every newline (best of 5)
//   simdjson  simdjson's DOM parser, parse_into_document on every line (best of 3)
//   qjson     QJsonDocument::fromJson on every line
//   seek      after ingest: snapshotAt(random event), N times (default 300): p50/p99/max
//
// Under valgrind --tool=callgrind --collect-atstart=no, only the chosen phase is collected, so
// the instruction count is that phase's alone.

#include "bench/benchutil.h"
#include "core/platform/heap.h"
#include "core/session/session.h"
#include "ui/models/captureloader.h"
#include "ui/models/eventbacking.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTextStream>

#include <simdjson.h>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define AGUI_CALLGRIND_TOGGLE() CALLGRIND_TOGGLE_COLLECT
#define AGUI_UNDER_VALGRIND() (RUNNING_ON_VALGRIND != 0)
#else
#define AGUI_CALLGRIND_TOGGLE() ((void)0)
#define AGUI_UNDER_VALGRIND() false
#endif

#include <cstdio>

using namespace agui;
using namespace agui::bench;
using namespace agui::platform;

namespace {

// Collects callgrind costs while alive (no-op outside valgrind).
struct Collect
{
    Collect() { AGUI_CALLGRIND_TOGGLE(); }
    ~Collect() { AGUI_CALLGRIND_TOGGLE(); }
};

QJsonObject times(const Stopwatch &t)
{
    return QJsonObject {{QStringLiteral("wallS"), t.wallS()},
                        {QStringLiteral("cpuS"), t.processCpuS()},
                        {QStringLiteral("threadCpuS"), t.threadCpuS()}};
}

// Best-of-N runs; once under valgrind, where the count of instructions is the figure.
int repeats(int n)
{
    return AGUI_UNDER_VALGRIND() ? 1 : n;
}

// Keeps the fastest of several runs of the same work.
void keepBest(QJsonObject &best, const QJsonObject &run)
{
    if (best.isEmpty()
        || run.value(QStringLiteral("wallS")).toDouble()
            < best.value(QStringLiteral("wallS")).toDouble())
        best = run;
}

template<typename F> void forEachLine(const QByteArray &bytes, F &&f)
{
    const char *data = bytes.constData();
    for (qsizetype at = 0; at < bytes.size();) {
        const char *nl
            = static_cast<const char *>(std::memchr(data + at, '\n', size_t(bytes.size() - at)));
        const qsizetype end = nl ? nl - data : bytes.size();
        if (end > at)
            f(data + at, size_t(end - at));
        at = end + 1;
    }
}

QJsonObject scan(const QByteArray &bytes)
{
    QJsonObject best;
    for (int i = 0; i < repeats(5); ++i) {
        Stopwatch t;
        qint64 lines = 0;
        {
            Collect c;
            lines = countLines(bytes);
        }
        QJsonObject run = times(t);
        run.insert(QStringLiteral("lines"), double(lines));
        keepBest(best, run);
    }
    return best;
}

QJsonObject simdjsonParse(const QByteArray &padded)
{
    // Every line is followed by readable bytes (the next lines, or the padding at the end), so
    // simdjson reads the lines in place, as it would a padded_string_view.
    simdjson::dom::parser parser;
    simdjson::dom::document doc;
    QJsonObject best;
    for (int i = 0; i < repeats(3); ++i) {
        qint64 errors = 0;
        qint64 parsed = 0;
        Stopwatch t;
        {
            Collect c;
            forEachLine(padded, [&](const char *line, size_t size) {
                auto root = parser.parse_into_document(doc, reinterpret_cast<const uint8_t *>(line),
                                                       size, false);
                errors += root.error() != simdjson::SUCCESS;
                ++parsed;
            });
        }
        QJsonObject run = times(t);
        run.insert(QStringLiteral("lines"), double(parsed));
        run.insert(QStringLiteral("errors"), double(errors));
        keepBest(best, run);
    }
    return best;
}

QJsonObject qjsonParse(const QByteArray &bytes)
{
    qint64 errors = 0;
    Stopwatch t;
    {
        Collect c;
        forEachLine(bytes, [&](const char *line, size_t size) {
            QJsonParseError error {};
            const QJsonDocument doc
                = QJsonDocument::fromJson(QByteArray::fromRawData(line, qsizetype(size)), &error);
            errors += error.error != QJsonParseError::NoError || !doc.isObject();
        });
    }
    QJsonObject run = times(t);
    run.insert(QStringLiteral("errors"), double(errors));
    return run;
}

QJsonObject seek(const Session &session, int count)
{
    if (!session.canTimeTravel() || session.size() == 0)
        return QJsonObject {{QStringLiteral("error"), QStringLiteral("no time travel")}};
    QRandomGenerator rng(7);
    std::vector<double> ms;
    qint64 wrong = 0;
    for (int i = 0; i < count; ++i) {
        const qint64 at = rng.bounded(session.size());
        Stopwatch t;
        const SessionSnapshot snapshot = session.snapshotAt(at);
        ms.push_back(t.wallS() * 1e3);
        wrong += snapshot.lastSeq() != at && at != session.size() - 1;
    }
    return QJsonObject {{QStringLiteral("count"), count},
                        {QStringLiteral("p50Ms"), percentile(ms, 0.5)},
                        {QStringLiteral("p99Ms"), percentile(ms, 0.99)},
                        {QStringLiteral("maxMs"), percentile(ms, 1.0)},
                        {QStringLiteral("wrongSnapshots"), double(wrong)}};
}

} // namespace

int main(int argc, char **argv)
{
    keepThreadsOnOneHeap(); // as the GUI's main() does (core/platform/heap.h)
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const qsizetype phaseAt = args.indexOf(QStringLiteral("--phase"));
    const QString phase = phaseAt > 0 ? args.value(phaseAt + 1) : QStringLiteral("all");
    const qsizetype seeksAt = args.indexOf(QStringLiteral("--seeks"));
    const int seeks = seeksAt > 0 ? args.value(seeksAt + 1).toInt() : 300;
    const QString path = args.value(1);
    if (path.isEmpty() || path.startsWith(QLatin1Char('-'))) {
        std::fputs("usage: bench_ingest FILE [--phase all|ingest|scan|simdjson|qjson] "
                   "[--seeks N]\n",
                   stderr);
        return 2;
    }
    const bool all = phase == QLatin1String("all");
    QJsonObject out {{QStringLiteral("file"), path}};

    if (all || phase == QLatin1String("ingest")) {
        const qint64 rssBefore = procStatusKb("VmRSS");
        resetPeakRss();
        Stopwatch t;
        ui::CaptureLoadResult result;
        {
            Collect c;
            result = ui::CaptureLoader::load(path, nullptr, {});
        }
        QJsonObject ingest = times(t);
        if (!result.error.isEmpty()) {
            std::fprintf(stderr, "bench_ingest: %s\n", qPrintable(result.error));
            return 1;
        }
        const Session &session = result.backing->session();
        ingest.insert(QStringLiteral("events"), double(session.size()));
        ingest.insert(QStringLiteral("findings"), double(session.findings().size()));
        ingest.insert(QStringLiteral("peakGrowthMb"),
                      double(procStatusKb("VmHWM") - rssBefore) * 1024 / 1e6);
        out.insert(QStringLiteral("ingest"), ingest);
        if (all)
            out.insert(QStringLiteral("seek"), seek(session, seeks));
    }

    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "bench_ingest: cannot read %s\n", qPrintable(path));
        return 1;
    }
    QByteArray bytes = file.readAll();
    out.insert(QStringLiteral("bytes"), double(bytes.size()));
    if (all || phase == QLatin1String("scan"))
        out.insert(QStringLiteral("scan"), scan(bytes));
    if (all || phase == QLatin1String("qjson"))
        out.insert(QStringLiteral("qjson"), qjsonParse(bytes));
    if (all || phase == QLatin1String("simdjson")) {
        const qsizetype size = bytes.size();
        bytes.resize(size + qsizetype(simdjson::SIMDJSON_PADDING), ' ');
        bytes.resize(size); // keeps the capacity: the padding stays readable
        out.insert(QStringLiteral("simdjson"), simdjsonParse(bytes));
    }
    QTextStream(stdout) << QJsonDocument(out).toJson(QJsonDocument::Compact) << "\n";
    return 0;
}
