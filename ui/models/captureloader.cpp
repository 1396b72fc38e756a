#include "ui/models/captureloader.h"

#include "core/platform/heap.h"
#include "core/recording/loadrecording.h"
#include "ui/models/eventbacking.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QPointer>
#include <QThread>

namespace agui::ui {

CaptureLoader::CaptureLoader(QObject *parent)
    : QObject(parent)
{ }

CaptureLoader::~CaptureLoader()
{
    // Workers post results to this object: they must be gone before it is. Cancelling makes
    // them stop at the next block boundary.
    if (m_cancel)
        m_cancel->store(true);
    for (const QPointer<QThread> &thread : std::as_const(m_threads)) {
        if (thread)
            thread->wait();
    }
}

namespace {

// What both loads share: the file read into the backing's Recording, which learns each frame's
// capture run and keeps the chunks (Save As writes the recordings back; the store shares them).
CaptureLoadResult loadWith(const QString &path, SessionLoadOptions options,
                           const std::function<void(qint64 frames)> &afterFrame = {})
{
    CaptureLoadResult result;
    result.path = path;
    result.backing = std::make_shared<EventBacking>();
    qint64 frames = 0;
    if (afterFrame)
        options.onFrame = [&frames, &afterFrame](const DecodedFrame &, const EventOrigin &) {
            afterFrame(++frames);
        };
    const SessionLoadResult r = loadIntoRecording(path, result.backing->recording(), options);
    if (!r.ok)
        result.error = r.error;
    result.cancelled = r.cancelled;
    return result;
}

} // namespace

CaptureLoadResult CaptureLoader::load(const QString &path, const std::atomic_bool *cancel,
                                      const std::function<void(qint64, qint64, qint64)> &progress)
{
    // The main heap is this thread's too where main() kept threads on one heap
    // (core/platform/heap.h).
    platform::adviseHugePageHeapFor(path);
    SessionLoadOptions options;
    options.cancel = cancel;
    if (progress)
        options.onProgress = progress;
    CaptureLoadResult result = loadWith(path, options);
    result.cancelled = result.cancelled || (cancel && cancel->load());
    return result;
}

CaptureLoadResult CaptureLoader::loadPreview(const QString &path, const std::atomic_bool *cancel)
{
    if (QFileInfo(path).size() < kPreviewMinBytes)
        return {};
    // Small blocks on this thread: the reader checks `enough` between blocks, so the preview
    // stops a block after its kPreviewEvents-th event.
    std::atomic_bool enough {false};
    SessionLoadOptions options;
    options.cancel = &enough;
    options.twoThreads = false;
    options.blockSize = 64 << 10;
    return loadWith(path, options, [&enough, cancel](qint64 frames) {
        if (frames >= kPreviewEvents || (cancel && cancel->load()))
            enough.store(true);
    });
}

void CaptureLoader::start(const QString &path)
{
    cancel();
    const quint64 generation = ++m_generation;
    m_cancel = std::make_shared<std::atomic_bool>(false);
    m_running = true;
    auto cancelFlag = m_cancel;
    CaptureLoader *self = this; // outlives the thread: the destructor waits for it
    QThread *thread = QThread::create([self, path, cancelFlag, generation] {
        QElapsedTimer throttle;
        throttle.start();
        auto progressFn = [&](qint64 done, qint64 total, qint64 events) {
            if (throttle.elapsed() < 50 && done != total)
                return;
            throttle.restart();
            QMetaObject::invokeMethod(
                self,
                [self, done, total, events, generation] {
                    if (self->m_generation == generation)
                        Q_EMIT self->progress(done, total, events);
                },
                Qt::QueuedConnection);
        };
        auto preview = std::make_shared<CaptureLoadResult>(loadPreview(path, cancelFlag.get()));
        if (preview->backing && preview->error.isEmpty() && preview->backing->size() > 0)
            QMetaObject::invokeMethod(
                self,
                [self, preview, generation] {
                    if (self->m_generation != generation)
                        return;
                    self->m_preview = std::move(*preview);
                    Q_EMIT self->previewReady(self->m_preview.path);
                },
                Qt::QueuedConnection);
        auto result = std::make_shared<CaptureLoadResult>(load(path, cancelFlag.get(), progressFn));
        QMetaObject::invokeMethod(
            self,
            [self, result, generation] {
                // A newer load or a cancel made this one stale: drop it.
                if (self->m_generation != generation)
                    return;
                self->m_running = false;
                self->m_result = std::move(*result);
                Q_EMIT self->finished(self->m_result.path);
            },
            Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    m_threads.removeAll(nullptr);
    m_threads << thread;
    thread->start();
}

void CaptureLoader::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
    if (m_running) {
        ++m_generation;
        m_running = false;
    }
}

CaptureLoadResult CaptureLoader::takeResult()
{
    return std::move(m_result);
}

CaptureLoadResult CaptureLoader::takePreview()
{
    return std::move(m_preview);
}

} // namespace agui::ui
