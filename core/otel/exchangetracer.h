#pragma once

// A proxy's exchanges as traces, as they end (docs/otel.md, "The proxy as a fleet's recorder").
// sinkFor() gives the proxy one ChunkSink per exchange; everything it hears is handed, as it
// comes, to a thread of the tracer's own, where a Recording of that exchange alone decodes it;
// when the exchange ends its spans go to the exporter. The proxy's thread only posts the pieces
// on (a shared QByteArray each), so tracing neither blocks nor slows the forwarded bytes, and
// memory holds the exchanges in flight, never the proxy's whole history.

#include "core/net/chunksink.h"
#include "core/otel/tracemapping.h"

#include <QObject>

#include <atomic>
#include <memory>

class QThread;

namespace agui::otel {

class BatchExporter;

class ExchangeTracer
{
public:
    // `exporter` is not owned and outlives the tracer.
    ExchangeTracer(BatchExporter *exporter, TraceOptions options);
    ~ExchangeTracer(); // finish()

    // Traces the exchanges already ended, then stops its thread: what sinks hear afterwards is
    // not traced. For the end of a proxy's life.
    void finish();

    // For the proxy's sink factory: called on the proxy's thread, once per exchange.
    std::unique_ptr<net::ChunkSink> sinkFor(int exchangeId);

    qint64 exchangesTraced() const { return m_traced.load(); }
    qint64 spansMade() const { return m_spans.load(); }

private:
    class ExchangeSink;
    friend class ExchangeSink;

    BatchExporter *m_exporter;
    TraceOptions m_options;
    std::unique_ptr<QThread> m_thread;
    std::unique_ptr<QObject> m_context; // lives on m_thread: queued work runs there
    std::atomic<qint64> m_traced {0};
    std::atomic<qint64> m_spans {0};
};

} // namespace agui::otel
