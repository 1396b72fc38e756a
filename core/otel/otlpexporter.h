#pragma once

// Sends spans to an OTLP/HTTP collector in batches, from a thread of its own, the way the SDKs'
// batch span processor does (OTEL_BSP_*): whoever produces spans (the proxy forwarding an agent's
// stream on the GUI thread, the CLI) only appends them to a bounded queue and goes on; the
// network is waited for on the exporter's thread alone.
//
// Delivery follows the OTLP specification (opentelemetry-proto docs/specification.md, published
// at https://opentelemetry.io/docs/specs/otlp/):
// - "OTLP/HTTP Request": a POST to the traces URL, Content-Type application/x-protobuf or
//   application/json (OtlpConfig::protocol).
// - "Retryable Response Codes": 429, 502, 503 and 504, and transport failures (connection
//   refused, no answer within OtlpConfig::timeoutMs), are retried with exponential backoff and
//   jitter; every other 4xx/5xx is permanent and the batch is counted as failed.
// - "OTLP/HTTP Throttling": a Retry-After header (seconds or HTTP-date) on 429 or 503 is the wait
//   before the retry.
// - "Partial Success": spans a 2xx response says it rejected are counted as failed, not retried.
// A batch is retried until it is delivered or ExporterOptions::maxRetryElapsedMs has passed. One
// batch is on the way at a time; while it waits for a retry, new spans keep queueing up to the
// bound and spans over it are dropped and counted, never silently.
//
// Nothing the exporter logs or keeps in lastError holds a header value (they carry credentials):
// a configured value found in a collector's answer is masked.

#include "core/otel/otelspan.h"
#include "core/otel/otlpconfig.h"

#include <QString>

#include <functional>
#include <memory>

class QThread;

namespace agui::otel {

struct ExporterOptions
{
    OtlpConfig config; // where to, how encoded, extra headers, per-request timeout
    // The Resource of every request. Empty: service.name from config.serviceName, then
    // config.resourceAttributes.
    Attributes resource;
    QString scopeName; // the InstrumentationScope of every request
    QString scopeVersion;
    int maxQueueSpans = 2048; // OTEL_BSP_MAX_QUEUE_SIZE; the batch on its way is not counted
    int maxBatchSpans = 512; // OTEL_BSP_MAX_EXPORT_BATCH_SIZE
    int scheduleDelayMs = 1000; // OTEL_BSP_SCHEDULE_DELAY: longest a queued span waits to be sent
    int initialBackoffMs = 1000; // the first retry's wait, doubled each retry (with jitter)
    int maxBackoffMs = 30000;
    qint64 maxRetryElapsedMs = 300000; // from a batch's first attempt: then it is failed
    int shutdownTimeoutMs = 5000; // what the destructor gives queued and in-flight spans
};

// Counts of spans (requests and retries count HTTP requests). Once everything enqueued has been
// dealt with, enqueued == exported + droppedQueueFull + failed.
struct ExporterStats
{
    qint64 enqueued = 0; // handed to enqueue()
    qint64 exported = 0; // accepted by the collector
    qint64 droppedQueueFull = 0; // refused by enqueue(): the queue was at maxQueueSpans
    qint64 failed = 0; // permanent error, retries given up, rejected, or left at shutdown
    qint64 retries = 0; // requests that were a batch sent again
    qint64 requests = 0; // requests started, retries included
    QString lastError; // the latest failure, retried or not ("" if none)

    qint64 pending() const { return enqueued - exported - droppedQueueFull - failed; }
};

class BatchExporter
{
public:
    // Starts the exporter's thread. Needs a QCoreApplication, which must outlive the exporter.
    explicit BatchExporter(ExporterOptions options);
    // Gives what was enqueued up to shutdownTimeoutMs to be exported (as flush()), then stops
    // the thread; what is still queued or on its way is counted as failed (and logged).
    ~BatchExporter();
    BatchExporter(const BatchExporter &) = delete;
    BatchExporter &operator=(const BatchExporter &) = delete;

    // Thread-safe, and never waits for the network: appends to the queue under a mutex. Spans
    // that would take the queue past maxQueueSpans are dropped and counted (droppedQueueFull).
    void enqueue(QList<Span> spans);
    // A snapshot; thread-safe.
    ExporterStats stats() const;
    // Blocks the caller until every span enqueued before the call has been exported or has
    // failed, or timeoutMs has passed (false then); partial batches go out at once. For a CLI at
    // exit: it waits on the network.
    bool flush(int timeoutMs);
    // Called on the exporter's thread, one line per call: drops (at most once a second, with
    // the count since the last), retries, failures. Thread-safe to set at any time. It must not
    // wait for the thread that destroys the exporter (the destructor waits for the exporter's
    // thread, which may be logging).
    void setLogger(std::function<void(const QString &)> logger);

private:
    struct Shared;
    class Worker;

    void wakeWorker(); // m_shared->mutex held

    std::shared_ptr<Shared> m_shared;
    std::unique_ptr<QThread> m_thread;
    Worker *m_worker; // lives on m_thread; deleted there when it finishes
};

} // namespace agui::otel
