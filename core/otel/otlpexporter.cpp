#include "core/otel/otlpexporter.h"

#include "core/net/httpexchange.h"
#include "core/otel/otlpjson.h"
#include "core/otel/otlpprotobuf.h"
#include "core/otel/otlpretry.h"
#include "core/wire/protowire.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QRandomGenerator>
#include <QThread>
#include <QTimer>
#include <QWaitCondition>

#if QT_CONFIG(ssl)
#include <QSslSocket>
#endif

#include <algorithm>
#include <climits>
#include <optional>
#include <utility>

namespace agui::otel {

namespace {

constexpr qint64 kMaxResponseBytes = 64 * 1024; // more than any partial-success or error answer
constexpr int kLoggedAnswerChars = 200;
constexpr qint64 kDropLogIntervalMs = 1000;
// Masking a header value's shorter pieces would mangle ordinary words ("Bearer") in messages.
constexpr qsizetype kMinMaskedValue = 4;
constexpr qsizetype kMinMaskedPart = 8;

ExporterOptions normalized(ExporterOptions o)
{
    o.maxQueueSpans = std::max(0, o.maxQueueSpans);
    o.maxBatchSpans = std::max(1, o.maxBatchSpans);
    o.scheduleDelayMs = std::max(0, o.scheduleDelayMs);
    o.initialBackoffMs = std::max(1, o.initialBackoffMs);
    o.maxBackoffMs = std::max(o.initialBackoffMs, o.maxBackoffMs);
    o.config.timeoutMs = std::max(1, o.config.timeoutMs);
    return o;
}

Attributes resourceOf(const ExporterOptions &o)
{
    if (!o.resource.isEmpty())
        return o.resource;
    // serviceName already is the winner of OTEL_SERVICE_NAME and service.name in the list.
    const QString serviceKey = QStringLiteral("service.name");
    Attributes out;
    if (!o.config.serviceName.isEmpty())
        out.append({serviceKey, o.config.serviceName});
    for (const auto &[key, value] : o.config.resourceAttributes) {
        if (key != serviceKey || o.config.serviceName.isEmpty())
            out.append({key, value});
    }
    return out;
}

HttpHeaders requestHeaders(const ExporterOptions &o)
{
    const bool json = o.config.protocol == OtlpConfig::Protocol::HttpJson;
    HttpHeaders headers {
        {QStringLiteral("Content-Type"),
         json ? QStringLiteral("application/json") : QStringLiteral("application/x-protobuf")}};
    bool hasUserAgent = false;
    for (const auto &[name, value] : o.config.headers) {
        if (name.compare("Content-Type", Qt::CaseInsensitive) == 0)
            continue; // the encoding decides it
        hasUserAgent = hasUserAgent || name.compare("User-Agent", Qt::CaseInsensitive) == 0;
        headers.append({QString::fromLatin1(name), QString::fromUtf8(value)});
    }
    // The OTLP exporter spec asks exporters to name themselves in a User-Agent.
    if (!hasUserAgent) {
        QString agent = QStringLiteral("AgUiInspector-OTLP-Exporter");
        if (!o.scopeVersion.isEmpty())
            agent += u'/' + o.scopeVersion;
        headers.append({QStringLiteral("User-Agent"), agent});
    }
    return headers;
}

// Why no request can be sent with these options ("" when one can): a problem that no retry
// would cure, so batches fail at once instead of retrying for maxRetryElapsedMs.
QString configProblem(const OtlpConfig &config, const HttpHeaders &headers)
{
    if (!config.hasUsableUrl())
        return QStringLiteral("the traces URL is not an http:// or https:// URL with a host");
    if (config.tracesUrl.scheme() == u"https") {
#if QT_CONFIG(ssl)
        if (!QSslSocket::supportsSsl())
            return QStringLiteral("https needs TLS support (OpenSSL), which is not installed");
#else
        return QStringLiteral("this build has no TLS support for https");
#endif
    }
    return net::HttpExchange::checkHeaders(headers); // names a header, never its value
}

// The header values as they could come back in a collector's answer: whole, and their
// space-separated parts ("Bearer <token>" echoed as just the token). Longest first, so that a
// whole value is masked before its parts.
QStringList secretsOf(const QList<QPair<QByteArray, QByteArray>> &headers)
{
    QStringList secrets;
    for (const auto &header : headers) {
        const QString value = QString::fromUtf8(header.second).trimmed();
        if (value.size() >= kMinMaskedValue)
            secrets.append(value);
        for (const QString &part : value.split(u' ', Qt::SkipEmptyParts)) {
            if (part.size() >= kMinMaskedPart && part != value)
                secrets.append(part);
        }
    }
    std::sort(secrets.begin(), secrets.end(),
              [](const QString &a, const QString &b) { return a.size() > b.size(); });
    return secrets;
}

bool isRetryable(int status)
{
    return status == 429 || status == 502 || status == 503 || status == 504;
}

// The wait before retry number `attempt` (0 for the first): initialMs doubled per attempt up to
// maxMs, of which a random half is jitter so that exporters failing together do not retry in step.
qint64 backoffMs(int attempt, int initialMs, int maxMs)
{
    qint64 base = initialMs;
    for (int i = 0; i < attempt && base < maxMs; ++i)
        base *= 2;
    base = std::min<qint64>(base, maxMs);
    const qint64 half = base / 2;
    return base - half + QRandomGenerator::global()->bounded(half + 1);
}

struct Rejection
{
    qint64 spans = 0;
    QString message;
};

// ExportTraceServiceResponse.partial_success (field 1): rejected_spans (1), error_message (2).
Rejection protobufRejection(const QByteArray &body)
{
    Rejection r;
    QList<proto::Field> fields;
    QString error;
    if (!proto::readFields(body, &fields, &error))
        return r;
    for (const proto::Field &field : std::as_const(fields)) {
        QList<proto::Field> inner;
        if (field.number != 1 || field.wireType != proto::Len
            || !proto::readFields(field.bytes, &inner, &error))
            continue;
        for (const proto::Field &f : std::as_const(inner)) {
            if (f.number == 1 && f.wireType == proto::Varint)
                r.spans = qint64(f.scalar);
            else if (f.number == 2 && f.wireType == proto::Len)
                r.message = QString::fromUtf8(f.bytes);
        }
    }
    return r;
}

// The same in JSON: {"partialSuccess":{"rejectedSpans":"3","errorMessage":"..."}} (int64 is a
// string in the JSON mapping; a number is read too).
Rejection jsonRejection(const QByteArray &body)
{
    const QJsonObject partial
        = QJsonDocument::fromJson(body).object().value(u"partialSuccess").toObject();
    const QJsonValue spans = partial.value(u"rejectedSpans");
    return {spans.isString() ? spans.toString().toLongLong() : spans.toInteger(),
            partial.value(u"errorMessage").toString()};
}

} // namespace

// ---- what the caller's threads and the exporter's thread share ----

struct BatchExporter::Shared
{
    explicit Shared(ExporterOptions o)
        : options(normalized(std::move(o)))
    {
        clock.start();
    }

    qint64 nowMs() const { return clock.elapsed(); } // monotonic, readable from any thread

    const ExporterOptions options;
    QElapsedTimer clock;

    mutable QMutex mutex; // guards everything below; never held across I/O or the logger
    QWaitCondition settledMore; // flush() waits on it
    QList<Span> queue;
    qint64 queuedSinceMs = 0; // when the queue last went from empty to not empty
    ExporterStats stats;
    // Spans that entered the queue, and those of them exported or failed since. Spans leave the
    // queue in order, so everything enqueued before a moment is settled once `settled` reaches
    // what `accepted` was then.
    qint64 accepted = 0;
    qint64 settled = 0;
    qint64 flushTarget = 0; // while settled is below it, partial batches go out at once
    qint64 unloggedDrops = 0;
    bool wakePosted = false;
    bool stopped = false;
    std::function<void(const QString &)> logger;
};

// ---- the exporter's thread: batching, the HTTP exchange, retries ----

class BatchExporter::Worker : public QObject
{
public:
    explicit Worker(std::shared_ptr<Shared> shared);

    void wake(); // queued by enqueue() and flush(): the queue or the drop count changed
    void stop(); // from the destructor: ends all work, counts what is left as failed

private:
    void schedule();
    void sendNext();
    void post();
    void onFinished(const QString &error);
    void onTimeout();
    void onAnswer(const net::HttpResponseParser::Head &head);
    void onAccepted();
    void retryLater(const QString &reason, std::optional<qint64> waitMs);
    void settle(qint64 exported, qint64 failed, const QString &error);
    void logDrops(bool now);
    void log(const QString &line) const;
    QString masked(QString text) const;
    QString answerForLog() const;
    QString where() const;

    std::shared_ptr<Shared> m_shared;
    const ExporterOptions &m_options; // m_shared's
    const Attributes m_resource;
    const HttpHeaders m_headers;
    const QString m_configProblem;
    const QStringList m_secrets;
    net::HttpExchange *m_exchange;
    QTimer *m_delayTimer; // scheduleDelayMs after the oldest queued span arrived
    QTimer *m_retryTimer;
    QTimer *m_requestTimer; // config.timeoutMs per request
    QTimer *m_dropLogTimer; // the next drop message, once a second at most
    // The batch on its way (m_batchSpans 0: none).
    qint64 m_batchSpans = 0;
    QByteArray m_body; // encoded once, sent again on each retry
    qint64 m_firstAttemptMs = 0;
    int m_attempt = 0; // retries so far
    QByteArray m_answer; // the response body, at most kMaxResponseBytes
    qint64 m_lastDropLogMs = -1;
    bool m_stopped = false;
};

BatchExporter::Worker::Worker(std::shared_ptr<Shared> shared)
    : m_shared(std::move(shared))
    , m_options(m_shared->options)
    , m_resource(resourceOf(m_options))
    , m_headers(requestHeaders(m_options))
    , m_configProblem(configProblem(m_options.config, m_headers))
    , m_secrets(secretsOf(m_options.config.headers))
    , m_exchange(new net::HttpExchange(this))
    , m_delayTimer(new QTimer(this))
    , m_retryTimer(new QTimer(this))
    , m_requestTimer(new QTimer(this))
    , m_dropLogTimer(new QTimer(this))
{
    for (QTimer *timer : {m_delayTimer, m_retryTimer, m_requestTimer, m_dropLogTimer})
        timer->setSingleShot(true);
    // A coarse timer may fire 5% early: a retry must not come before the Retry-After it honours.
    m_retryTimer->setTimerType(Qt::PreciseTimer);
    connect(m_delayTimer, &QTimer::timeout, this, [this] { schedule(); });
    connect(m_retryTimer, &QTimer::timeout, this, [this] { post(); });
    connect(m_requestTimer, &QTimer::timeout, this, [this] { onTimeout(); });
    connect(m_dropLogTimer, &QTimer::timeout, this, [this] { logDrops(false); });
    connect(m_exchange, &net::HttpExchange::received, this, [this](const QByteArray &bytes) {
        m_answer += bytes.left(kMaxResponseBytes - m_answer.size());
    });
    connect(m_exchange, &net::HttpExchange::finished, this,
            [this](const QString &error) { onFinished(error); });
}

void BatchExporter::Worker::wake()
{
    {
        QMutexLocker lock(&m_shared->mutex);
        m_shared->wakePosted = false;
    }
    logDrops(false);
    schedule();
}

// Sends the next batch when one is due (a full batch, a flush() waiting, or the oldest queued
// span has waited scheduleDelayMs), else sets the timer for when it will be.
void BatchExporter::Worker::schedule()
{
    if (m_stopped || m_batchSpans > 0)
        return; // one batch at a time: settle() schedules again
    qint64 waitMs = 0;
    {
        QMutexLocker lock(&m_shared->mutex);
        const Shared &s = *m_shared;
        if (s.queue.isEmpty()) {
            m_delayTimer->stop();
            return;
        }
        const bool due = s.queue.size() >= m_options.maxBatchSpans || s.flushTarget > s.settled;
        if (!due)
            waitMs = s.queuedSinceMs + m_options.scheduleDelayMs - s.nowMs();
    }
    if (waitMs > 0) {
        m_delayTimer->start(int(waitMs));
        return;
    }
    m_delayTimer->stop();
    sendNext();
}

void BatchExporter::Worker::sendNext()
{
    Batch batch {m_resource, m_options.scopeName, m_options.scopeVersion, {}};
    {
        QMutexLocker lock(&m_shared->mutex);
        QList<Span> &queue = m_shared->queue;
        if (queue.size() <= m_options.maxBatchSpans) {
            batch.spans = std::exchange(queue, {});
        } else {
            batch.spans = queue.first(m_options.maxBatchSpans);
            queue.remove(0, m_options.maxBatchSpans);
        }
    }
    m_batchSpans = batch.spans.size();
    if (!m_configProblem.isEmpty()) {
        const QString what = QStringLiteral("OTLP export of %1 spans not sent: %2")
                                 .arg(m_batchSpans)
                                 .arg(m_configProblem);
        log(what);
        settle(0, m_batchSpans, what);
        return;
    }
    m_body = m_options.config.protocol == OtlpConfig::Protocol::HttpJson
        ? encodeOtlpJson(batch)
        : encodeOtlpProtobuf(batch);
    m_firstAttemptMs = m_shared->nowMs();
    m_attempt = 0;
    post();
}

void BatchExporter::Worker::post()
{
    {
        QMutexLocker lock(&m_shared->mutex);
        ++m_shared->stats.requests;
        if (m_attempt > 0)
            ++m_shared->stats.retries;
    }
    m_answer.clear();
    m_requestTimer->start(m_options.config.timeoutMs);
    m_exchange->start(m_options.config.tracesUrl, QByteArrayLiteral("POST"), m_headers, m_body);
}

void BatchExporter::Worker::onFinished(const QString &error)
{
    m_requestTimer->stop();
    const net::HttpResponseParser &response = m_exchange->response();
    if (response.headComplete()) {
        onAnswer(response.head()); // a body cut short does not undo the status
        return;
    }
    retryLater(
        QStringLiteral("POST %1 failed: %2")
            .arg(where(), error.isEmpty() ? QStringLiteral("closed without an answer") : error),
        std::nullopt);
}

void BatchExporter::Worker::onTimeout()
{
    m_exchange->abort(); // signals nothing more
    retryLater(QStringLiteral("no answer from %1 within %2 ms")
                   .arg(where())
                   .arg(m_options.config.timeoutMs),
               std::nullopt);
}

void BatchExporter::Worker::onAnswer(const net::HttpResponseParser::Head &head)
{
    const int status = head.status;
    if (status >= 200 && status < 300) {
        onAccepted();
        return;
    }
    const QString what
        = QStringLiteral("HTTP %1 from %2").arg(status).arg(where()) + answerForLog();
    if (isRetryable(status)) {
        std::optional<qint64> waitMs;
        const QByteArray retryAfter = head.header("Retry-After");
        if ((status == 429 || status == 503) && !retryAfter.isEmpty())
            waitMs = parseRetryAfterMs(retryAfter, QDateTime::currentDateTimeUtc());
        retryLater(what, waitMs);
        return;
    }
    const QString failure = QStringLiteral("OTLP export of %1 spans failed (not retried): %2")
                                .arg(m_batchSpans)
                                .arg(what);
    log(failure);
    settle(0, m_batchSpans, failure);
}

// A 2xx: delivered, but for the spans a partial success says were rejected, which must not be
// retried either (OTLP "Partial Success").
void BatchExporter::Worker::onAccepted()
{
    const Rejection r = m_options.config.protocol == OtlpConfig::Protocol::HttpJson
        ? jsonRejection(m_answer)
        : protobufRejection(m_answer);
    const qint64 rejected = std::clamp<qint64>(r.spans, 0, m_batchSpans);
    const QString message = masked(r.message).left(kLoggedAnswerChars);
    if (rejected == 0) {
        if (!message.isEmpty()) // a warning from the collector, everything accepted
            log(QStringLiteral("OTLP export: %1 says: %2").arg(where(), message));
        settle(m_batchSpans, 0, {});
        return;
    }
    const QString failure = QStringLiteral("OTLP export: %1 of %2 spans rejected by %3: %4")
                                .arg(rejected)
                                .arg(m_batchSpans)
                                .arg(where(), message);
    log(failure);
    settle(m_batchSpans - rejected, rejected, failure);
}

// A retryable failure: the same batch again after waitMs (Retry-After) or the backoff, unless
// that would pass maxRetryElapsedMs since its first attempt; then it has failed.
void BatchExporter::Worker::retryLater(const QString &reason, std::optional<qint64> waitMs)
{
    const qint64 wait = waitMs
        ? std::max<qint64>(0, *waitMs)
        : backoffMs(m_attempt, m_options.initialBackoffMs, m_options.maxBackoffMs);
    const qint64 elapsed = m_shared->nowMs() - m_firstAttemptMs;
    if (elapsed + wait > m_options.maxRetryElapsedMs) {
        const QString failure = QStringLiteral("OTLP export of %1 spans failed after %2 ms of "
                                               "retries: %3")
                                    .arg(m_batchSpans)
                                    .arg(elapsed)
                                    .arg(reason);
        log(failure);
        settle(0, m_batchSpans, failure);
        return;
    }
    ++m_attempt;
    {
        QMutexLocker lock(&m_shared->mutex);
        m_shared->stats.lastError = masked(reason);
    }
    log(QStringLiteral("OTLP export of %1 spans: %2; retry %3 in %4 ms")
            .arg(m_batchSpans)
            .arg(reason)
            .arg(m_attempt)
            .arg(wait));
    m_retryTimer->start(int(std::min<qint64>(wait, INT_MAX)));
}

// The batch on its way is done with: counts it and moves on to the next.
void BatchExporter::Worker::settle(qint64 exported, qint64 failed, const QString &error)
{
    {
        QMutexLocker lock(&m_shared->mutex);
        m_shared->stats.exported += exported;
        m_shared->stats.failed += failed;
        m_shared->settled += m_batchSpans;
        if (!error.isEmpty())
            m_shared->stats.lastError = masked(error);
    }
    m_shared->settledMore.wakeAll();
    m_batchSpans = 0;
    m_body.clear();
    m_answer.clear();
    // Queued: we may be inside the exchange's finished(), and a long queue of batches that all
    // fail at once must not recurse.
    QMetaObject::invokeMethod(
        this, [this] { schedule(); }, Qt::QueuedConnection);
}

void BatchExporter::Worker::stop()
{
    m_stopped = true;
    for (QTimer *timer : {m_delayTimer, m_retryTimer, m_requestTimer, m_dropLogTimer})
        timer->stop();
    m_exchange->abort();
    qint64 left = 0;
    {
        QMutexLocker lock(&m_shared->mutex);
        Shared &s = *m_shared;
        left = s.queue.size() + m_batchSpans;
        s.queue.clear();
        s.stats.failed += left;
        s.settled += left;
        s.stopped = true;
        if (left > 0)
            s.stats.lastError = QStringLiteral("%1 spans not exported at shutdown").arg(left);
    }
    m_shared->settledMore.wakeAll();
    m_batchSpans = 0;
    logDrops(true);
    if (left > 0)
        log(QStringLiteral("OTLP exporter stopped with %1 spans not exported (counted as failed)")
                .arg(left));
}

// Says how many spans the full queue refused since the last time, at most once a second (a
// flood drops spans on every enqueue) unless `now`.
void BatchExporter::Worker::logDrops(bool now)
{
    const qint64 t = m_shared->nowMs();
    const bool throttled = !now && m_lastDropLogMs >= 0 && t - m_lastDropLogMs < kDropLogIntervalMs;
    qint64 dropped = 0;
    {
        QMutexLocker lock(&m_shared->mutex);
        if (m_shared->unloggedDrops == 0)
            return;
        if (!throttled)
            dropped = std::exchange(m_shared->unloggedDrops, 0);
    }
    if (throttled) {
        if (!m_dropLogTimer->isActive())
            m_dropLogTimer->start(int(m_lastDropLogMs + kDropLogIntervalMs - t));
        return;
    }
    m_lastDropLogMs = t;
    log(QStringLiteral("OTLP exporter dropped %1 spans: its queue was full (%2 spans)")
            .arg(dropped)
            .arg(m_options.maxQueueSpans));
}

void BatchExporter::Worker::log(const QString &line) const
{
    std::function<void(const QString &)> logger;
    {
        QMutexLocker lock(&m_shared->mutex);
        logger = m_shared->logger;
    }
    if (logger)
        logger(masked(line));
}

// Header values (credentials) that found their way into a text, masked.
QString BatchExporter::Worker::masked(QString text) const
{
    for (const QString &secret : m_secrets)
        text.replace(secret, QStringLiteral("[header value]"));
    return text;
}

// ": " and the first kLoggedAnswerChars of the response body as one printable line (a line
// break in it could forge log lines), or "" without a body.
QString BatchExporter::Worker::answerForLog() const
{
    if (m_answer.isEmpty())
        return {};
    const QString whole = masked(QString::fromUtf8(m_answer)); // before cutting a secret in two
    QString shown = whole.left(kLoggedAnswerChars);
    for (QChar &c : shown) {
        if (!c.isPrint())
            c = u'?';
    }
    return QStringLiteral(": ") + shown
        + (whole.size() > kLoggedAnswerChars ? QStringLiteral("...") : QString());
}

QString BatchExporter::Worker::where() const
{
    return m_options.config.tracesUrl.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery
                                               | QUrl::RemoveFragment);
}

// ---- BatchExporter: the callers' side ----

BatchExporter::BatchExporter(ExporterOptions options)
    : m_shared(std::make_shared<Shared>(std::move(options)))
    , m_thread(std::make_unique<QThread>())
    , m_worker(new Worker(m_shared))
{
    m_thread->setObjectName(QStringLiteral("otlpExporter"));
    m_worker->moveToThread(m_thread.get());
    // Deleted on its own thread once the event loop has ended (QThread::finished's contract).
    QObject::connect(m_thread.get(), &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread->start();
}

BatchExporter::~BatchExporter()
{
    flush(m_shared->options.shutdownTimeoutMs);
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker] { worker->stop(); }, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
}

void BatchExporter::enqueue(QList<Span> spans)
{
    if (spans.isEmpty())
        return;
    QMutexLocker lock(&m_shared->mutex);
    Shared &s = *m_shared;
    s.stats.enqueued += spans.size();
    if (s.stopped) {
        s.stats.failed += spans.size();
        return;
    }
    const qsizetype before = s.queue.size();
    const qsizetype room = std::max<qsizetype>(0, s.options.maxQueueSpans - before);
    const qsizetype dropped = std::max<qsizetype>(0, spans.size() - room);
    const bool firstDrop = dropped > 0 && s.unloggedDrops == 0;
    s.stats.droppedQueueFull += dropped;
    s.unloggedDrops += dropped;
    spans.resize(spans.size() - dropped); // the newest spans go, as in the SDKs
    s.accepted += spans.size();
    s.queue.append(std::move(spans));
    if (before == 0 && !s.queue.isEmpty())
        s.queuedSinceMs = s.nowMs();
    // Wake the worker only when it has something new to do: a delay to start, a full batch, or
    // drops to report. Otherwise it finds the queue as it is when it is next free.
    const qsizetype batch = s.options.maxBatchSpans;
    const bool becameFull = before < batch && s.queue.size() >= batch;
    if ((before == 0 && !s.queue.isEmpty()) || becameFull || firstDrop)
        wakeWorker();
}

ExporterStats BatchExporter::stats() const
{
    QMutexLocker lock(&m_shared->mutex);
    return m_shared->stats;
}

bool BatchExporter::flush(int timeoutMs)
{
    QMutexLocker lock(&m_shared->mutex);
    Shared &s = *m_shared;
    const qint64 target = s.accepted;
    if (s.settled >= target)
        return true;
    s.flushTarget = std::max(s.flushTarget, target);
    wakeWorker();
    const QDeadlineTimer deadline(timeoutMs);
    while (s.settled < target) {
        if (!s.settledMore.wait(&s.mutex, deadline))
            return s.settled >= target;
    }
    return true;
}

void BatchExporter::setLogger(std::function<void(const QString &)> logger)
{
    QMutexLocker lock(&m_shared->mutex);
    m_shared->logger = std::move(logger);
}

void BatchExporter::wakeWorker()
{
    if (std::exchange(m_shared->wakePosted, true))
        return; // one wake() is pending already: it will see the queue as it is then
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker] { worker->wake(); }, Qt::QueuedConnection);
}

} // namespace agui::otel
