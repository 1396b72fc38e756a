#include "ui/models/captureloader.h"

#include "core/ingest/sessionloader.h"
#include "ui/models/eventbacking.h"

#include <QElapsedTimer>
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

CaptureLoadResult CaptureLoader::load(const QString &path, const std::atomic_bool *cancel,
                                      const std::function<void(qint64, qint64, qint64)> &progress)
{
    CaptureLoadResult result;
    result.path = path;
    result.backing = std::make_shared<EventBacking>();
    SessionLoadOptions options;
    options.cancel = cancel;
    options.keepChunks = true; // Save As writes the recordings back (the store shares them)
    if (progress)
        options.onProgress = progress;
    EventBacking *backing = result.backing.get();
    options.onFrame = [backing](const DecodedFrame &, const EventOrigin &origin) {
        backing->noteCaptureRun(backing->size(), origin.runIndex); // the frame's first seq
    };
    const SessionLoadResult r
        = loadIntoSession(path, result.backing->session(), &result.capture, options);
    if (!r.ok)
        result.error = r.error;
    result.cancelled = r.cancelled || (cancel && cancel->load());
    return result;
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

} // namespace agui::ui
