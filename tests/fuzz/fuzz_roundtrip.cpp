// Fuzz target: saving, then reopening, keeps what was read, for any input (the Save As round
// trip of docs/capture-format.md, in every format `convert` writes). The input is read as a
// capture (any format, detected from content) with its chunks, as the window reads a file, then
//  - written as .aguicap (what Save As writes): reopened, it must give the same events, in the
//    same order, each in the same run, the same runs with the same end reasons, the bookmarks;
//  - written as HAR: the same runs, and each run's events (type and payload) in the same order;
//  - written as JSON lines and as SSE, one event per line or frame: the same number of events
//    and the same types for every event that was one (a payload that is not an AG-UI event is
//    rewritten on export, which eventexport.h reports and which the check allows).

#include "core/capture/captureloader.h"
#include "core/capture/capturewriter.h"
#include "core/capture/eventexport.h"
#include "core/capture/harwriter.h"
#include "fuzzsupport.h"

#include <QBuffer>

using namespace agui;
using namespace agui::fuzz;

namespace {

struct Read
{
    Capture capture;
    QList<QByteArray> events; // "run type payload", in arrival order
    QList<QByteArray> perRun; // "run type payload", grouped by run (order within a run kept)
    QList<Event> materialised;
};

Read read(const QByteArray &bytes)
{
    QByteArray copy = bytes;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    Read out;
    CaptureLoadOptions options;
    options.keepChunks = true;
    options.onEvent = [&out](Event &&e, const EventOrigin &origin) {
        out.events.append(QByteArray::number(origin.runIndex) + ' ' + e.typeName.toUtf8() + ' '
                          + e.payload);
        out.materialised.append(std::move(e));
    };
    out.capture = loadCapture(buffer, options);
    out.perRun = out.events;
    std::stable_sort(out.perRun.begin(), out.perRun.end(),
                     [](const QByteArray &a, const QByteArray &b) {
                         return a.left(a.indexOf(' ')).toInt() < b.left(b.indexOf(' ')).toInt();
                     });
    return out;
}

QStringList endReasons(const Capture &capture)
{
    QStringList out;
    for (const RunRecording &run : capture.runs)
        out.append(runEndName(run.end));
    return out;
}

QList<qint64> bookmarkSeqs(const Capture &capture)
{
    QList<qint64> out;
    for (const Bookmark &b : capture.bookmarks)
        out.append(b.seq);
    return out;
}

void aguicapRoundTrip(const Read &original)
{
    QByteArray saved;
    QBuffer buffer(&saved);
    buffer.open(QIODevice::WriteOnly);
    CaptureWriter writer;
    check(writer.open(&buffer) && writer.writeCapture(original.capture), "Save As writes");
    writer.close();
    const Read again = read(saved);
    check(again.capture.runs.size() == original.capture.runs.size(), "Save As keeps the runs");
    check(again.events == original.events,
          "Save As keeps every event, its number, its run and its payload");
    check(endReasons(again.capture) == endReasons(original.capture),
          "Save As keeps each run's end reason");
    check(bookmarkSeqs(again.capture) == bookmarkSeqs(original.capture),
          "Save As keeps the bookmarks on their events");
}

void harRoundTrip(const Read &original)
{
    const Read again = read(captureToHar(original.capture, QStringLiteral("fuzz")));
    check(again.perRun == original.perRun, "HAR keeps each run's events");
}

// One event per line (JSON lines) or per frame (SSE): types survive for events that were events.
void perEventRoundTrip(const Read &original, QByteArray (*write)(const Event &))
{
    QByteArray body;
    qsizetype written = 0;
    for (const Event &e : original.materialised) {
        if (e.type == EventType::Invalid)
            continue; // rewritten on export (eventexport.h): not a round trip
        body += write(e);
        ++written;
    }
    const Read again = read(body);
    check(again.materialised.size() == written, "one event per line or frame comes back");
    qsizetype i = 0;
    for (const Event &e : original.materialised) {
        if (e.type == EventType::Invalid)
            continue;
        check(again.materialised.at(i++).typeName == e.typeName, "each event keeps its type");
    }
}

QByteArray asJsonLine(const Event &e)
{
    return eventAsJsonLine(e);
}

QByteArray asSse(const Event &e)
{
    return eventAsSse(e);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const Read original = read(inputBytes(data, size));
    aguicapRoundTrip(original);
    harRoundTrip(original);
    perEventRoundTrip(original, &asJsonLine);
    perEventRoundTrip(original, &asSse);
    return 0;
}
