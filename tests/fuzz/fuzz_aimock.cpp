// Fuzz target: CopilotKit aimock fixture files (core/capture: detection, aimockparser, the
// writer; docs/fixtures.md). The input is read as a capture, whatever it is. Invariants:
//   - every problem points inside the input, with the line its byte is on;
//   - each run opened from a fixture carries a request its fixture's match accepts (the match is
//     in its X-Aimock-Match header);
//   - writing the capture as a fixture file gives a file that reads back without errors, with
//     one run per fixture and each run's events; and writing that again gives the same file
//     (export -> import -> export is stable).

#include "core/capture/aimockmatch.h"
#include "core/capture/aimockwriter.h"
#include "core/capture/captureloader.h"
#include "core/capture/capturereader.h"
#include "fuzzsupport.h"

#include <QBuffer>
#include <QJsonDocument>

using namespace agui;
using namespace agui::fuzz;

namespace {

struct Loaded
{
    Capture capture;
    QList<QList<QByteArray>> eventsByRun; // type and JSON of each event
};

Loaded load(const QByteArray &bytes)
{
    QByteArray copy = bytes;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    Loaded out;
    CaptureLoadOptions options;
    options.keepChunks = true;
    options.onEvent = [&](Event &&e, const EventOrigin &origin) {
        if (out.eventsByRun.size() <= origin.runIndex)
            out.eventsByRun.resize(origin.runIndex + 1);
        out.eventsByRun[origin.runIndex].append(
            e.typeName.toUtf8() + ' ' + QJsonDocument(e.json).toJson(QJsonDocument::Compact));
    };
    out.capture = loadCapture(buffer, options);
    out.eventsByRun.resize(out.capture.runs.size());
    return out;
}

void checkProblems(const Capture &capture, const QByteArray &bytes)
{
    for (const CaptureProblem &p : capture.problems) {
        check(p.byteOffset <= bytes.size(), "a problem points inside the input");
        if (p.byteOffset >= 0 && capture.format == CaptureFormat::AimockFixture)
            check(p.line == 1 + bytes.left(p.byteOffset).count('\n'),
                  "a problem names the line its byte is on");
    }
}

void checkRequestsMatch(const Capture &capture)
{
    for (const RunRecording &run : capture.runs) {
        const QJsonDocument match = QJsonDocument::fromJson(
            headerValue(run.request.headers, QLatin1StringView(kAimockMatchHeader)).toUtf8());
        check(match.isObject(), "an imported run keeps its fixture's match");
        check(aimockMatches(QJsonDocument::fromJson(run.request.body).object(),
                            AimockMatch::fromJson(match.object())),
              "an imported run's request is one its fixture's match accepts");
    }
}

bool hasErrors(const Capture &capture)
{
    for (const CaptureProblem &p : capture.problems) {
        if (p.severity == Severity::Error)
            return true;
    }
    return false;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = inputBytes(data, size);
    const Loaded input = load(bytes);
    checkProblems(input.capture, bytes);
    if (input.capture.format != CaptureFormat::AimockFixture)
        return 0;
    checkRequestsMatch(input.capture);

    const AimockExport first = captureToAimock(input.capture);
    const Loaded back = load(first.text);
    check(back.capture.format == CaptureFormat::AimockFixture, "an export reads as aimock");
    check(!hasErrors(back.capture), "an export reads back without errors");
    check(back.capture.runs.size() == first.fixtures.size(), "one run per exported fixture");
    for (qsizetype i = 0; i < first.fixtures.size(); ++i)
        check(back.eventsByRun[i].size() == first.fixtures[i].events,
              "each exported fixture reads back with its events");
    checkRequestsMatch(back.capture);
    const AimockExport second = captureToAimock(back.capture);
    check(second.text == first.text, "export -> import -> export writes the same file");
    return 0;
}
