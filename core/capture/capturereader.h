#pragma once

#include "core/capture/capture.h"
#include "core/platform/mappedfile.h"

#include <QIODevice>

#include <atomic>
#include <functional>

namespace agui {

struct CaptureReadOptions
{
    // Called for every body chunk as soon as it is read, with the capture as read so far (its
    // run at runIndex has request, response head and framing filled in). Lets a loader decode
    // a large capture in one pass.
    std::function<void(const Capture &capture, int runIndex, const Chunk &chunk)> onChunk;
    // Called when a run's recording ends in the input (its end record, a HAR entry's last byte),
    // so a loader numbers its unterminated last frame where the run ended. Runs without an end
    // in the input (DevTools connections, a crash) end with the input.
    std::function<void(const Capture &capture, int runIndex)> onRunEnd;
    // Bytes of input consumed so far and the input's size (-1 when unknown, e.g. a pipe).
    std::function<void(qint64 done, qint64 total)> onProgress;
    const std::atomic_bool *cancel = nullptr; // checked between blocks
    bool keepChunks = true; // false: Capture::runs[*].chunks stays empty (onChunk still called)
    qint64 blockSize = 1 << 20;
    // readCaptureFile reads the file through this mapping of it instead (not standard input):
    // the blocks are slices of the mapping, and the capture keeps it (Capture::mappedFile).
    std::shared_ptr<MappedFile> mappedFile;
};

// Reads any supported capture from a device incrementally (block by block), detecting the
// format from content. Never fails hard on bad records: each becomes a CaptureProblem with
// its byte offset and line and reading goes on; a file cut short by a crash keeps every
// complete record and is marked truncated. Runs on any thread (no GUI, no event loop).
Capture readCapture(QIODevice &in, const CaptureReadOptions &options = {});
Capture readCapture(const QByteArray &bytes, const CaptureReadOptions &options = {});

// Opens `path` ("-" = standard input) and reads it. When the file cannot be opened or its
// format is not recognised, returns false with a one-line reason in *error.
bool readCaptureFile(const QString &path, Capture *capture, QString *error,
                     const CaptureReadOptions &options = {});

} // namespace agui
