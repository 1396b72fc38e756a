#pragma once

#include "core/capture/capture.h"
#include "ui/models/eventbacking.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>

#include <atomic>
#include <memory>

namespace agui::ui {

struct CaptureLoadResult
{
    QString path;
    // The file's Recording: its events decoded from every run, in order, and the recordings
    // themselves (for Save As) with the reader's problems.
    std::shared_ptr<EventBacking> backing;
    QString error; // the file could not be read at all
    bool cancelled = false;
};

// Reads and decodes a capture file on a worker thread (hotspot's background-parse pattern):
// progress is reported to the GUI thread at most every ~50 ms, cancel() stops the worker
// between blocks, and a generation counter drops the result of a load that a newer load (or
// a cancel) has replaced, so the GUI thread never blocks on I/O or decoding.
//
// A large file's first events are read on their own first (previewReady()), so the window shows
// rows within a fraction of a second while the whole file, which takes seconds at a million
// events, loads behind them, as Wireshark shows packets while it reads.
class CaptureLoader : public QObject
{
    Q_OBJECT
public:
    explicit CaptureLoader(QObject *parent = nullptr);
    ~CaptureLoader() override;

    void start(const QString &path);
    void cancel();
    bool isRunning() const { return m_running; }

    // The whole job, synchronously, on the calling thread (the worker runs exactly this).
    static CaptureLoadResult load(const QString &path, const std::atomic_bool *cancel,
                                  const std::function<void(qint64, qint64, qint64)> &progress);
    // The file's first events (at least kPreviewEvents, when it has them): a session cut there
    // and not finished, so it says nothing about the end of the stream. Empty when the file is
    // small enough to load whole at once.
    static CaptureLoadResult loadPreview(const QString &path, const std::atomic_bool *cancel);
    static constexpr qint64 kPreviewMinBytes = 8 << 20;
    static constexpr qint64 kPreviewEvents = 2000;

Q_SIGNALS:
    void progress(qint64 done, qint64 total, qint64 events); // bytes read of total, events stored
    void previewReady(const QString &path); // takePreview() has the file's first events
    void finished(const QString &path);

public:
    // Valid after finished(): the result of the load that just completed.
    CaptureLoadResult takeResult();
    // Valid after previewReady(), until the next load.
    CaptureLoadResult takePreview();

private:
    std::shared_ptr<std::atomic_bool> m_cancel;
    QList<QPointer<QThread>> m_threads;
    std::atomic<quint64> m_generation {0};
    bool m_running = false;
    CaptureLoadResult m_result;
    CaptureLoadResult m_preview;
};

} // namespace agui::ui
