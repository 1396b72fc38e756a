#include "core/otel/captureexport.h"

#include "core/otel/otlpjson.h"
#include "core/otel/otlpprotobuf.h"

namespace agui::otel {

CaptureTraces tracesOfCapture(const analysis::CaptureSession &loaded, const OtlpConfig &config,
                              const TraceOptions &options, const QString &version)
{
    const analysis::TimingReport timing = loaded.timing();
    TraceSource source;
    source.session = loaded.session.get();
    source.capture = &loaded.capture;
    source.clock
        = analysis::EventClock::choose(loaded.session->events(), loaded.samples.timestampsMs);
    source.exchangeOfSeq = loaded.samples.exchangeOfSeq;
    source.timing = &timing;
    CaptureTraces out;
    out.timeSource = source.clock.source;
    out.runs = loaded.session->current().runCount();
    out.batch.resource = resourceAttributes(config.serviceName, config.resourceAttributes);
    out.batch.scopeName = QString::fromLatin1(kScopeName);
    out.batch.scopeVersion = version;
    out.batch.spans = spansOf(source, options);
    return out;
}

QByteArray encodeBatch(const Batch &batch, OtlpConfig::Protocol protocol)
{
    return protocol == OtlpConfig::Protocol::HttpJson ? encodeOtlpJson(batch)
                                                      : encodeOtlpProtobuf(batch);
}

ExporterStats sendBatch(Batch batch, const OtlpConfig &config, qint64 maxRetryElapsedMs,
                        const std::function<void(const QString &)> &log)
{
    ExporterOptions options;
    options.config = config;
    options.resource = batch.resource;
    options.scopeName = batch.scopeName;
    options.scopeVersion = batch.scopeVersion;
    // The whole capture is queued at once: the bound is its size, nothing is dropped.
    options.maxQueueSpans = int(std::max<qsizetype>(batch.spans.size(), 1));
    options.maxRetryElapsedMs = maxRetryElapsedMs;
    BatchExporter exporter(options);
    if (log)
        exporter.setLogger(log);
    exporter.enqueue(std::move(batch.spans));
    exporter.flush(int(maxRetryElapsedMs) + config.timeoutMs + 5'000);
    return exporter.stats();
}

} // namespace agui::otel
