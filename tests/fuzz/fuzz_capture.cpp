// Fuzz target: the capture reader and loader (core/capture), every format (our .aguicap, AG-UI
// DevTools exports, raw SSE, JSON lines, protobuf bodies; detected from content), cut anywhere.
// The input is read whole and cut at a point chosen from its bytes (a file a crash left short);
// each is read in one block and in small blocks, which must give the same capture and events.
// Every problem must point inside the input.

#include "core/capture/captureloader.h"
#include "core/capture/capturereader.h"
#include "fuzzsupport.h"

#include <QBuffer>

using namespace agui;
using namespace agui::fuzz;

namespace {

struct Loaded
{
    QList<QByteArray> events; // offset, seq, type, raw
    qsizetype runs = 0;
    qsizetype problems = 0;
    bool truncated = false;
    qint64 bodyBytes = 0;
    friend bool operator==(const Loaded &, const Loaded &) = default;
};

Loaded load(const QByteArray &bytes, qint64 blockSize)
{
    QByteArray copy = bytes;
    QBuffer buffer(&copy);
    buffer.open(QIODevice::ReadOnly);
    Loaded out;
    CaptureLoadOptions options;
    options.blockSize = blockSize;
    options.onEvent = [&](Event &&e, const EventOrigin &origin) {
        out.events.append(QByteArray::number(origin.runIndex) + ' '
                          + QByteArray::number(origin.sourceOffset) + ' '
                          + QByteArray::number(e.seq) + ' ' + e.typeName.toUtf8() + ' ' + e.raw);
    };
    const Capture capture = loadCapture(buffer, options);
    out.runs = capture.runs.size();
    out.problems = capture.problems.size();
    out.truncated = capture.truncated;
    out.bodyBytes = capture.bodyBytesRead;
    for (const CaptureProblem &p : capture.problems)
        check(p.byteOffset <= bytes.size(), "a capture problem points inside the input");
    return out;
}

void readBothWays(const QByteArray &bytes, qint64 smallBlock)
{
    const Capture whole = readCapture(bytes);
    CaptureReadOptions small;
    small.blockSize = smallBlock;
    const Capture pieces = readCapture(bytes, small);
    check(whole.runs.size() == pieces.runs.size() && whole.problems.size() == pieces.problems.size()
              && whole.bodyBytes() == pieces.bodyBytes(),
          "reading in small blocks gives the same capture");
    check(load(bytes, 1 << 20) == load(bytes, smallBlock),
          "loading in small blocks gives the same events");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = inputBytes(data, size);
    SplitRandom random(bytes);
    const qint64 smallBlock = 1 + random.below(64);
    readBothWays(bytes, smallBlock);
    if (!bytes.isEmpty())
        readBothWays(bytes.first(random.below(bytes.size())), smallBlock); // cut short
    return 0;
}
