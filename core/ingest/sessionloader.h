#pragma once

#include "core/capture/captureloader.h"
#include "core/session/session.h"

#include <QString>

#include <atomic>
#include <functional>

namespace agui {

struct SessionLoadOptions
{
    // Each frame (views, valid during the call) just before the session takes it, and each
    // keep-alive: on the thread that calls loadIntoSession.
    std::function<void(const DecodedFrame &frame, const EventOrigin &origin)> onFrame;
    std::function<void(const Heartbeat &heartbeat, const EventOrigin &origin)> onHeartbeat;
    // Bytes of the input read so far, its size (-1 when unknown) and events stored so far: on
    // the calling thread, at most every kProgressIntervalMs and once at the end.
    std::function<void(qint64 done, qint64 total, qint64 events)> onProgress;
    const std::atomic_bool *cancel = nullptr; // stops both threads at the next batch
    bool keepChunks = false; // the capture keeps its chunks (shared with the store's bytes)
    bool twoThreads = true; // false: everything on the calling thread (same result)
    qint64 blockSize = 1 << 20;
};

struct SessionLoadResult
{
    bool ok = false; // false: the input could not be read at all (error says why)
    QString error;
    bool cancelled = false;
    qint64 events = 0;
};

// The one way a capture file (any format, "-" for standard input) becomes a Session: for the CLI,
// the GUI's loader and the benchmarks. Reading, framing and decoding (parse and schema) run on a
// thread of their own; storing, reducing and linting run on the calling thread; batches of
// decoded events go from one to the other through a short queue (the values copied into an
// arena, the bytes shared with the chunks they came in), so a large file uses both cores and
// memory stays bounded. The session gets each run's RunAgentInput before its first event and is
// finished at the end of the input (not when cancelled). `capture` receives the recordings'
// metadata (and chunks with keepChunks).
SessionLoadResult loadIntoSession(const QString &path, Session &session, Capture *capture,
                                  const SessionLoadOptions &options = {});

constexpr int kProgressIntervalMs = 50;

} // namespace agui
