#pragma once

// Private to core/ingest: what the reading thread hands the session's thread.

#include "core/capture/captureloader.h"
#include "core/json/jsonarena.h"
#include "core/protocol/eventmembers.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <vector>

namespace agui::ingest {

// One thing the loader reported, in stream order: a decoded frame, the start of a run (its
// RunAgentInput), or a keep-alive.
struct PendingItem
{
    enum class Kind : quint8 { Frame, RunStart, Heartbeat };
    Kind kind = Kind::Frame;
    EventType type = EventType::Invalid;
    Framing framing = Framing::Sse;
    qint64 receivedAtUs = -1;
    qint64 streamOffset = -1;
    EventOrigin origin;
    json::JsonArena::Handle json = json::JsonArena::kUndefined;
    EventMembers members; // indexed on the reading thread: the session's thread looks up less
    // The frame's bytes: in Batch::chunks[chunk] when they lie in a received chunk (shared, not
    // copied), else in Batch::bytes. The payload is inside raw unless payloadCopied.
    qsizetype chunk = -1;
    qsizetype rawAt = 0;
    qsizetype rawSize = 0;
    qsizetype payloadAt = 0;
    qsizetype payloadSize = 0;
    bool payloadCopied = false;
    qsizetype extra = -1; // Batch::diagnostics / runInputs / heartbeats index
};

// A few thousand events with everything they need, owned by the batch: JSON values copied into
// its arena, bytes shared with the chunks they lie in. Batches are recycled with their capacity.
struct Batch
{
    static constexpr size_t kMaxItems = 2048;
    static constexpr qsizetype kMaxBytes = 4 << 20;

    // Sized once for a full batch of typical events (about 200 bytes of tape and strings each):
    // see JsonArena::reserve. Pages are only touched as the batch fills.
    Batch()
    {
        items.reserve(kMaxItems);
        arena.reserve(kMaxItems * 32, kMaxItems * 256);
    }

    std::vector<PendingItem> items;
    json::JsonArena arena;
    QList<QByteArray> chunks;
    QByteArray bytes;
    QList<Diagnostics> diagnostics;
    QList<QJsonObject> runInputs;
    QList<Heartbeat> heartbeats;
    qint64 bytesRead = 0; // of the input, when the batch was handed over
    qint64 bytesTotal = -1;

    // A batch goes as soon as it has kEarlyItems while the session's thread waits for one. When
    // reading is the slower side (a flood of small events), batches stay small: the few in
    // flight are reused while their pages are faulted in and cached, and little is left for the
    // session's thread once reading ends. When it is the faster side, they fill to kMaxItems.
    static constexpr size_t kEarlyItems = 64;
    bool isFull() const { return items.size() >= kMaxItems || bytes.size() >= kMaxBytes; }
    void clear();
    // Keeps the frame's raw bytes and payload: the chunk they lie in, or a copy.
    void keepBytes(PendingItem &item, const DecodedFrame &frame);
    // The frame again as views into this batch (diagnostics left to the caller).
    DecodedFrame frameOf(const PendingItem &item) const;
};

// Full batches from the reading thread to the session's thread, at most kDepth waiting (so a
// fast reader cannot run far ahead and hold the file in memory), and emptied batches back.
class BatchQueue
{
public:
    static constexpr size_t kDepth = 4;

    std::unique_ptr<Batch> takeEmpty(); // a cleared batch, recycled or new
    void pushFull(std::unique_ptr<Batch> batch); // waits while kDepth are waiting; drops if stopped
    std::unique_ptr<Batch> popFull(); // the next batch; nullptr once finished (or stopped)
    void recycle(std::unique_ptr<Batch> batch);
    void finishProducing();
    void stop(); // wakes both sides; what is queued is dropped
    // True while popFull waits with nothing queued: the session's thread is idle.
    bool consumerWaiting() const { return m_consumerWaiting.load(std::memory_order_relaxed); }

private:
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<std::unique_ptr<Batch>> m_full;
    std::vector<std::unique_ptr<Batch>> m_empty;
    bool m_finished = false;
    bool m_stopped = false;
    std::atomic_bool m_consumerWaiting {false};
};

} // namespace agui::ingest
