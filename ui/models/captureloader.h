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
    std::shared_ptr<EventBacking> backing; // events decoded from every run, in order
    Capture capture; // the recordings themselves (for Save As) and the reader's problems
    QString error; // the file could not be read at all
    bool cancelled = false;
};

// Reads and decodes a capture file on a worker thread (hotspot's background-parse pattern):
// progress is reported to the GUI thread at most every ~50 ms, cancel() stops the worker
// between blocks, and a generation counter drops the result of a load that a newer load (or
// a cancel) has replaced, so the GUI thread never blocks on I/O or decoding.
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

Q_SIGNALS:
    void progress(qint64 done, qint64 total, qint64 events); // bytes read of total, events stored
    void finished(const QString &path);

public:
    // Valid after finished(): the result of the load that just completed.
    CaptureLoadResult takeResult();

private:
    std::shared_ptr<std::atomic_bool> m_cancel;
    QList<QPointer<QThread>> m_threads;
    std::atomic<quint64> m_generation {0};
    bool m_running = false;
    CaptureLoadResult m_result;
};

} // namespace agui::ui
