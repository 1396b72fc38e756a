#include "core/otel/exchangetracer.h"

#include "core/otel/otlpexporter.h"
#include "core/recording/recording.h"
#include "core/recording/runrecorder.h"
#include "core/session/session.h"

#include <QThread>

namespace agui::otel {

namespace {

// What a tracer's session keeps: records only (no bytes, no time travel), as `lint` does.
SessionOptions tracedSession()
{
    SessionOptions options;
    options.checkpointInterval = 0;
    options.keepBytes = false;
    return options;
}

// One exchange on the tracer's thread: its own Recording decodes it like a live run's, and lets
// each piece go once decoded (the proxy's capture file, if any, keeps the bytes).
struct TracedExchange
{
    std::shared_ptr<Recording> recording = std::make_shared<Recording>(tracedSession(), false);
    std::unique_ptr<RunRecorder> sink = recording->recordRun();
};

QList<Span> spansOfExchange(Recording &recording, const TraceOptions &options)
{
    Session &session = recording.session();
    session.finish();
    TraceSource source;
    source.session = &session;
    source.capture = &recording.capture();
    source.clock = analysis::EventClock::choose(session.events(), {});
    source.exchangeOfSeq = QList<int>(session.size(), 0); // one exchange: capture run 0
    return spansOf(source, options);
}

} // namespace

// Lives on the proxy's thread; posts each call to the tracer's thread, in order.
class ExchangeTracer::ExchangeSink : public net::ChunkSink
{
public:
    explicit ExchangeSink(ExchangeTracer *tracer)
        : m_tracer(tracer)
        , m_exchange(std::make_shared<TracedExchange>())
    { }

    void requestSent(const RecordedRequest &request) override
    {
        post([request](TracedExchange &x) { x.sink->requestSent(request); });
    }
    void responseStarted(const RecordedResponse &response) override
    {
        post([response](TracedExchange &x) { x.sink->responseStarted(response); });
    }
    void chunkReceived(const QByteArray &bytes, qint64 receivedAtUs) override
    {
        post([bytes, receivedAtUs](TracedExchange &x) {
            x.sink->chunkReceived(bytes, receivedAtUs);
        });
    }
    void bodyRewritten(const BodyRewrite &rewrite) override
    {
        post([rewrite](TracedExchange &x) { x.sink->bodyRewritten(rewrite); });
    }
    void runEnded(RunEnd end, const QString &error, qint64 atUs) override
    {
        ExchangeTracer *tracer = m_tracer;
        post([tracer, end, error, atUs](TracedExchange &x) {
            x.sink->runEnded(end, error, atUs);
            const QList<Span> spans = spansOfExchange(*x.recording, tracer->m_options);
            tracer->m_spans += spans.size();
            tracer->m_traced += 1;
            tracer->m_exporter->enqueue(spans);
            x.sink.reset();
            x.recording.reset(); // the exchange's memory goes with its end
        });
    }

private:
    template<typename Work> void post(Work work)
    {
        QMetaObject::invokeMethod(
            m_tracer->m_context.get(),
            [exchange = m_exchange, work = std::move(work)] {
                if (exchange->sink)
                    work(*exchange);
            },
            Qt::QueuedConnection);
    }

    ExchangeTracer *m_tracer;
    std::shared_ptr<TracedExchange> m_exchange;
};

ExchangeTracer::ExchangeTracer(BatchExporter *exporter, TraceOptions options)
    : m_exporter(exporter)
    , m_options(options)
    , m_thread(std::make_unique<QThread>())
    , m_context(std::make_unique<QObject>())
{
    m_thread->setObjectName(QStringLiteral("otel-tracer"));
    m_context->moveToThread(m_thread.get());
    m_thread->start();
}

ExchangeTracer::~ExchangeTracer()
{
    finish();
}

void ExchangeTracer::finish()
{
    if (!m_thread->isRunning())
        return;
    // Work already posted runs before the thread's loop sees the quit, which is queued after it.
    QMetaObject::invokeMethod(
        m_context.get(), [thread = m_thread.get()] { thread->quit(); }, Qt::QueuedConnection);
    m_thread->wait();
}

std::unique_ptr<net::ChunkSink> ExchangeTracer::sinkFor(int exchangeId)
{
    Q_UNUSED(exchangeId); // each exchange gets a Recording of its own
    return std::make_unique<ExchangeSink>(this);
}

} // namespace agui::otel
