#pragma once

#include "core/capture/capture.h"
#include "core/capture/capturereader.h"
#include "core/protocol/streamdecoder.h"

#include <QIODevice>

#include <atomic>
#include <functional>
#include <memory>

namespace agui {

// Where a decoded event came from.
struct EventOrigin
{
    int runIndex = -1; // index into Capture::runs
    // Byte in the capture FILE where the event starts (raw .sse/.jsonl: exact; own format and
    // DevTools: the start of the record holding the chunk where the event starts).
    qint64 sourceOffset = -1;
};

struct CaptureLoadOptions
{
    // Every event, in arrival order, numbered across runs (seq 0, 1, ...). Runs recorded
    // concurrently interleave as their chunks did. onFrame is the fast path (views, valid during
    // the call: a Session's appendFrame takes them); onEvent materialises each event.
    std::function<void(const DecodedFrame &frame, const EventOrigin &origin)> onFrame;
    std::function<void(Event &&event, const EventOrigin &origin)> onEvent;
    // Before the first event of a run (its request, e.g. the RunAgentInput body, is known).
    std::function<void(const Capture &capture, int runIndex)> onRunStart;
    // Data-less SSE frames (keep-alives, comments): received, but not events.
    std::function<void(const Heartbeat &heartbeat, const EventOrigin &origin)> onHeartbeat;
    std::function<void(qint64 done, qint64 total)> onProgress; // bytes of the input
    const std::atomic_bool *cancel = nullptr;
    bool keepChunks = false; // keep raw chunks in the returned Capture (memory ~ body size)
    qint64 blockSize = 1 << 20; // bytes read per step (progress and cancel granularity)
    std::shared_ptr<MappedFile> mappedFile; // read through it (CaptureReadOptions::mappedFile)
};

// Reads a capture and decodes its runs' bodies with the protocol StreamDecoder in ONE pass,
// block by block, so a large file needs no second copy in memory and progress is real. Safe to
// run in a worker thread: it touches nothing but its arguments; callbacks run on that thread.
// Returns the capture's metadata (runs, requests, responses, problems). A run whose response
// status is not 2xx yields no events (the reference client fails such a run with
// "HTTP <status>: <body>"): it becomes a capture.http-error problem quoting the body's start.
Capture loadCapture(QIODevice &in, const CaptureLoadOptions &options);
// "-" reads standard input. false + *error (one line) when the input cannot be read at all.
bool loadCaptureFile(const QString &path, Capture *capture, QString *error,
                     const CaptureLoadOptions &options);

// Decodes a capture already in memory (with its chunks), same callbacks.
void forEachEvent(const Capture &capture, const CaptureLoadOptions &options);

// Decodes a capture that keeps growing (a live recording, handed over now and then as a copy) a
// step at a time: each feed() decodes only the chunks added since the previous one, with the
// numbering and origins of one forEachEvent over the whole. A run whose recording ended is
// finished at the end of the feed that saw it end; finish() ends the others (the whole input).
class CaptureFollower
{
public:
    explicit CaptureFollower(CaptureLoadOptions options);
    ~CaptureFollower();
    CaptureFollower(const CaptureFollower &) = delete;
    CaptureFollower &operator=(const CaptureFollower &) = delete;

    // false, and nothing decoded, when the capture does not continue the one fed before (fewer
    // runs or chunks: it was cleared or replaced); the caller starts a new follower.
    bool feed(const Capture &capture);
    void finish();

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace agui
