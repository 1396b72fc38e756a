#include "core/ingest/sessionloader.h"

#include "core/ingest/batchqueue.h"
#include "core/protocol/runagentinput.h"

#include <QElapsedTimer>

#include <thread>

namespace agui {

namespace {

// The RunAgentInput a run was started with, if its request carried one.
// Parsed on the reading thread, so the session's thread only seeds with it.
QJsonObject runInputOf(const Capture &capture, int runIndex)
{
    return runAgentInputOfBody(capture.runs.at(runIndex).request.body);
}

// Calls onProgress at most every kProgressIntervalMs (and always for the last call).
class ProgressThrottle
{
public:
    explicit ProgressThrottle(const SessionLoadOptions &options)
        : m_options(options)
    {
        m_clock.start();
    }
    void report(qint64 done, qint64 total, qint64 events, bool last = false)
    {
        if (!m_options.onProgress || (!last && m_clock.elapsed() < kProgressIntervalMs))
            return;
        m_clock.restart();
        m_options.onProgress(done, total, events);
    }

private:
    const SessionLoadOptions &m_options;
    QElapsedTimer m_clock;
};

// The reading thread's side: fills batches from the capture loader's callbacks.
class BatchWriter
{
public:
    BatchWriter(ingest::BatchQueue &queue, bool keepBytes)
        : m_queue(queue)
        , m_keepBytes(keepBytes)
    { }

    void runStart(const Capture &capture, int runIndex)
    {
        ingest::Batch *b = batch();
        if (!b)
            return;
        ingest::PendingItem item;
        item.kind = ingest::PendingItem::Kind::RunStart;
        item.extra = b->runInputs.size();
        b->runInputs.append(runInputOf(capture, runIndex));
        b->items.push_back(item);
    }

    void heartbeat(const Heartbeat &beat, const EventOrigin &origin)
    {
        ingest::Batch *b = batch();
        if (!b)
            return;
        ingest::PendingItem item;
        item.kind = ingest::PendingItem::Kind::Heartbeat;
        item.origin = origin;
        item.extra = b->heartbeats.size();
        b->heartbeats.append(beat);
        b->items.push_back(item);
    }

    void frame(const DecodedFrame &f, const EventOrigin &origin)
    {
        ingest::Batch *b = batch();
        if (!b)
            return;
        // Filled where it stays (room for a full batch is reserved): a copy of an item just
        // written field by field reads it back in wider pieces than it was stored in, which
        // the CPU cannot forward from its store buffer.
        ingest::PendingItem &item = b->items.emplace_back();
        item.type = f.event.type;
        item.framing = f.framing;
        item.receivedAtUs = f.event.receivedAtUs;
        item.streamOffset = f.streamOffset;
        item.origin = origin;
        item.json = b->arena.copy(f.event.json);
        item.members.index(f.event.json); // offsets hold for the copy too
        if (m_keepBytes)
            b->keepBytes(item, f);
        if (f.diagnostics && !f.diagnostics->isEmpty()) {
            item.extra = b->diagnostics.size();
            b->diagnostics.append(*f.diagnostics);
        }
        if (b->isFull()
            || (b->items.size() >= ingest::Batch::kEarlyItems && m_queue.consumerWaiting()))
            flush();
    }

    void progress(qint64 done, qint64 total)
    {
        if (ingest::Batch *b = batch()) {
            b->bytesRead = done;
            b->bytesTotal = total;
        }
    }

    void flush()
    {
        if (m_batch && !m_batch->items.empty())
            m_queue.pushFull(std::move(m_batch));
        m_batch.reset();
    }

private:
    ingest::Batch *batch()
    {
        if (!m_batch)
            m_batch = m_queue.takeEmpty();
        return m_batch.get();
    }

    ingest::BatchQueue &m_queue;
    bool m_keepBytes;
    std::unique_ptr<ingest::Batch> m_batch;
};

// A file whose bytes the store will keep is mapped rather than read into the heap: the store
// shares the mapping's pages (MappedFile), and keeps it mapped.
std::shared_ptr<MappedFile> mapForTheStore(const QString &path, Session &session)
{
    if (path == QLatin1String("-") || !session.events().keepsBytes())
        return {};
    std::shared_ptr<MappedFile> mapped = MappedFile::open(path);
    if (mapped)
        session.keepBytesAlive(mapped);
    return mapped;
}

// Pages the session is done with go back to the page cache as the load moves on, so the file
// never becomes resident as a whole. Frames still to come lie in the block that ends at `read`
// or after it; what the store shows later is read again from the page cache.
void releaseBehind(MappedFile *mapped, qint64 read, const SessionLoadOptions &options)
{
    if (mapped)
        mapped->releaseBefore(read - options.blockSize);
}

// The calling thread's side: hands a batch's items to the session, in order.
void consume(const ingest::Batch &b, Session &session, const SessionLoadOptions &options)
{
    static const Diagnostics kNone;
    for (const ingest::PendingItem &item : b.items) {
        switch (item.kind) {
        case ingest::PendingItem::Kind::RunStart:
            if (!b.runInputs.at(item.extra).isEmpty())
                session.setRunInput(b.runInputs.at(item.extra));
            break;
        case ingest::PendingItem::Kind::Heartbeat:
            if (options.onHeartbeat)
                options.onHeartbeat(b.heartbeats.at(item.extra), item.origin);
            break;
        case ingest::PendingItem::Kind::Frame: {
            DecodedFrame f = b.frameOf(item);
            f.diagnostics = item.extra >= 0 ? &b.diagnostics.at(item.extra) : &kNone;
            if (options.onFrame)
                options.onFrame(f, item.origin);
            session.appendFrame(f);
            break;
        }
        }
    }
}

SessionLoadResult loadOnOneThread(const QString &path, Session &session, Capture *capture,
                                  const SessionLoadOptions &options,
                                  const std::shared_ptr<MappedFile> &mapped)
{
    SessionLoadResult result;
    ProgressThrottle progress(options);
    CaptureLoadOptions load;
    load.keepChunks = options.keepChunks;
    load.blockSize = options.blockSize;
    load.mappedFile = mapped;
    load.cancel = options.cancel;
    load.onRunStart = [&session](const Capture &c, int runIndex) {
        session.seedFromRequestBody(c.runs.at(runIndex).request.body);
    };
    load.onFrame = [&](const DecodedFrame &f, const EventOrigin &origin) {
        if (options.onFrame)
            options.onFrame(f, origin);
        session.appendFrame(f);
    };
    load.onHeartbeat = options.onHeartbeat;
    qint64 read = 0;
    qint64 total = -1;
    load.onProgress = [&](qint64 done, qint64 size) {
        read = done;
        total = size;
        releaseBehind(mapped.get(), done, options);
        progress.report(done, size, session.size());
    };
    result.ok = loadCaptureFile(path, capture, &result.error, load);
    result.cancelled = capture->cancelled;
    progress.report(read, total, session.size(), true);
    return result;
}

SessionLoadResult loadOnTwoThreads(const QString &path, Session &session, Capture *capture,
                                   const SessionLoadOptions &options,
                                   const std::shared_ptr<MappedFile> &mapped)
{
    SessionLoadResult result;
    ingest::BatchQueue queue;
    std::atomic_bool abort {false};
    bool readOk = false;
    std::thread reader([&] {
        BatchWriter writer(queue, session.events().keepsBytes());
        CaptureLoadOptions load;
        load.keepChunks = options.keepChunks;
        load.blockSize = options.blockSize;
        load.mappedFile = mapped;
        load.cancel = &abort;
        load.onRunStart
            = [&writer](const Capture &c, int runIndex) { writer.runStart(c, runIndex); };
        load.onFrame = [&writer](const DecodedFrame &f, const EventOrigin &origin) {
            writer.frame(f, origin);
        };
        load.onHeartbeat = [&writer](const Heartbeat &beat, const EventOrigin &origin) {
            writer.heartbeat(beat, origin);
        };
        load.onProgress = [&writer](qint64 done, qint64 total) { writer.progress(done, total); };
        readOk = loadCaptureFile(path, capture, &result.error, load);
        writer.flush();
        queue.finishProducing();
    });

    ProgressThrottle progress(options);
    qint64 read = 0;
    qint64 total = -1;
    while (std::unique_ptr<ingest::Batch> batch = queue.popFull()) {
        consume(*batch, session, options);
        read = batch->bytesRead;
        releaseBehind(mapped.get(), read, options);
        total = batch->bytesTotal;
        queue.recycle(std::move(batch));
        progress.report(read, total, session.size());
        if (options.cancel && options.cancel->load()) {
            abort.store(true);
            queue.stop();
        }
    }
    reader.join();
    result.ok = readOk;
    result.cancelled = abort.load() || capture->cancelled;
    if (!result.cancelled)
        progress.report(read, total, session.size(), true);
    return result;
}

// Placed where the file ends now: the first byte that read as zeros is at or after it.
CaptureProblem cutShortProblem(const MappedFile &mapped)
{
    const qint64 now = mapped.sizeOnDisk();
    const qint64 end = now >= 0 && now < mapped.size() ? now : mapped.size();
    return {Severity::Error, end, -1,
            QStringLiteral("the file got shorter while it was read (%1 of its %2 bytes are left): "
                           "the bytes past its new end read as zeros")
                .arg(end)
                .arg(mapped.size()),
            QStringLiteral("capture.truncated")};
}

} // namespace

SessionLoadResult loadIntoSession(const QString &path, Session &session, Capture *capture,
                                  const SessionLoadOptions &options)
{
    Capture ownCapture;
    Capture *into = capture ? capture : &ownCapture;
    const qint64 before = session.size();
    const std::shared_ptr<MappedFile> mapped = mapForTheStore(path, session);
    SessionLoadResult result = options.twoThreads
        ? loadOnTwoThreads(path, session, into, options, mapped)
        : loadOnOneThread(path, session, into, options, mapped);
    if (mapped) {
        mapped->releaseBefore(mapped->size());
        if (mapped->wasCutShort())
            into->problems.append(cutShortProblem(*mapped));
    }
    if (result.ok && !result.cancelled)
        session.finish();
    result.events = session.size() - before;
    return result;
}

} // namespace agui
