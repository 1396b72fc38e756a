#include "core/ingest/batchqueue.h"

namespace agui::ingest {

void Batch::clear()
{
    items.clear();
    arena.clear();
    chunks.clear();
    bytes.resize(0);
    diagnostics.clear();
    runInputs.clear();
    heartbeats.clear();
    bytesRead = 0;
    bytesTotal = -1;
}

void Batch::keepBytes(PendingItem &item, const DecodedFrame &frame)
{
    const QByteArrayView raw = frame.raw;
    const char *chunkData = frame.chunk ? frame.chunk->constData() : nullptr;
    if (chunkData && raw.data() >= chunkData
        && raw.data() + raw.size() <= chunkData + frame.chunk->size()) {
        if (chunks.isEmpty() || chunks.last().constData() != chunkData)
            chunks.append(*frame.chunk);
        item.chunk = chunks.size() - 1;
        item.rawAt = raw.data() - chunkData;
    } else {
        item.rawAt = bytes.size();
        bytes.append(raw);
    }
    item.rawSize = raw.size();
    const QByteArrayView payload = frame.payload;
    item.payloadSize = payload.size();
    if (payload.isEmpty())
        return;
    if (payload.data() >= raw.data()
        && payload.data() + payload.size() <= raw.data() + raw.size()) {
        item.payloadAt = payload.data() - raw.data();
    } else {
        item.payloadAt = bytes.size();
        item.payloadCopied = true;
        bytes.append(payload);
    }
}

DecodedFrame Batch::frameOf(const PendingItem &item) const
{
    DecodedFrame f;
    f.event.type = item.type;
    f.event.json = arena.view(item.json);
    f.event.attachMembers(&item.members);
    f.event.receivedAtUs = item.receivedAtUs;
    f.framing = item.framing;
    f.streamOffset = item.streamOffset;
    const QByteArray &holder = item.chunk >= 0 ? chunks.at(item.chunk) : bytes;
    f.raw = QByteArrayView(holder.constData() + item.rawAt, item.rawSize);
    f.payload = item.payloadCopied
        ? QByteArrayView(bytes.constData() + item.payloadAt, item.payloadSize)
        : f.raw.sliced(item.payloadAt, item.payloadSize);
    f.chunk = item.chunk >= 0 ? &chunks.at(item.chunk) : nullptr;
    return f;
}

std::unique_ptr<Batch> BatchQueue::takeEmpty()
{
    std::unique_lock lock(m_mutex);
    if (m_empty.empty())
        return std::make_unique<Batch>();
    std::unique_ptr<Batch> batch = std::move(m_empty.back());
    m_empty.pop_back();
    return batch;
}

void BatchQueue::pushFull(std::unique_ptr<Batch> batch)
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_stopped || m_full.size() < kDepth; });
    if (m_stopped)
        return;
    m_full.push_back(std::move(batch));
    m_changed.notify_all();
}

std::unique_ptr<Batch> BatchQueue::popFull()
{
    std::unique_lock lock(m_mutex);
    m_consumerWaiting.store(true, std::memory_order_relaxed);
    m_changed.wait(lock, [this] { return m_stopped || m_finished || !m_full.empty(); });
    m_consumerWaiting.store(false, std::memory_order_relaxed);
    if (m_stopped || m_full.empty())
        return nullptr;
    std::unique_ptr<Batch> batch = std::move(m_full.front());
    m_full.pop_front();
    m_changed.notify_all();
    return batch;
}

void BatchQueue::recycle(std::unique_ptr<Batch> batch)
{
    batch->clear();
    std::unique_lock lock(m_mutex);
    m_empty.push_back(std::move(batch));
}

void BatchQueue::finishProducing()
{
    std::unique_lock lock(m_mutex);
    m_finished = true;
    m_changed.notify_all();
}

void BatchQueue::stop()
{
    std::unique_lock lock(m_mutex);
    m_stopped = true;
    m_full.clear();
    m_changed.notify_all();
}

} // namespace agui::ingest
