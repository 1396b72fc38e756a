#pragma once

// One capture exported as traces: what `agui-inspect otel` and the window's File › Export ›
// OpenTelemetry Trace… both do, so a file and a collector get the same spans from either.

#include "core/analysis/capturesession.h"
#include "core/otel/otlpconfig.h"
#include "core/otel/otlpexporter.h"
#include "core/otel/tracemapping.h"

#include <functional>

namespace agui::otel {

struct CaptureTraces
{
    Batch batch;
    analysis::TimeSource timeSource = analysis::TimeSource::None;
    qsizetype runs = 0;
};

// The spans of a loaded, finished capture, under the service and resource the configuration
// names, with this build's scope (`version`).
CaptureTraces tracesOfCapture(const analysis::CaptureSession &loaded, const OtlpConfig &config,
                              const TraceOptions &options, const QString &version);

// The request body in the configured encoding.
QByteArray encodeBatch(const Batch &batch, OtlpConfig::Protocol protocol);

// Sends the batch and waits (the caller's thread blocks on the network: a CLI, a worker) until
// the collector took it all or gave up: a collector that stays down is retried for
// maxRetryElapsedMs. `log` hears retries and failures (never a header value).
ExporterStats sendBatch(Batch batch, const OtlpConfig &config, qint64 maxRetryElapsedMs,
                        const std::function<void(const QString &)> &log);

} // namespace agui::otel
