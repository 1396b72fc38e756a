// The OTLP/HTTP batch exporter against a loopback collector that can be down, slow, hanging,
// throttling (429 with Retry-After, 503) or refusing (400): every span is delivered exactly once
// after recovery, a retry waits as long as Retry-After says, the queue bound drops and counts, a
// permanent error is not retried, enqueue() never waits for the network, JSON goes out as JSON,
// configured headers arrive and their values never reach the log.
//
// Waits are deadlines only (QTRY_*, kWaitMs): nothing here asserts that something is fast.

#include "core/net/httpserver.h"
#include "core/otel/otlpexporter.h"
#include "core/wire/protowire.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMutex>
#include <QPointer>
#include <QSet>
#include <QThread>
#include <QTimer>
#include <QtEndian>
#include <QtTest>

#include <functional>
#include <memory>

using namespace agui;
using namespace agui::otel;

namespace {

constexpr int kWaitMs = 30000;
const QString kPath = QStringLiteral("/v1/traces");

// n spans of one trace, span ids first, first + 1, ... (big-endian, 8 bytes).
QList<Span> makeSpans(int n, quint64 first = 1)
{
    QList<Span> spans;
    for (int i = 0; i < n; ++i) {
        Span span;
        span.traceId = QByteArray(16, '\x11');
        span.spanId = QByteArray(8, '\0');
        qToBigEndian<quint64>(first + quint64(i), span.spanId.data());
        span.name = QStringLiteral("step");
        span.startTimeUnixNano = 1'700'000'000'000'000'000ull + quint64(i);
        span.endTimeUnixNano = span.startTimeUnixNano + 1000;
        spans.append(span);
    }
    return spans;
}

// The length-delimited fields numbered `number` of one message.
bool children(QByteArrayView message, quint32 number, QList<QByteArrayView> *out)
{
    QList<proto::Field> fields;
    QString error;
    if (!proto::readFields(message, &fields, &error))
        return false;
    for (const proto::Field &f : std::as_const(fields)) {
        if (f.number == number && f.wireType == proto::Len)
            out->append(f.bytes);
    }
    return true;
}

// ExportTraceServiceRequest.resource_spans (1) > ScopeSpans (2) > Span (2) > span_id (2).
bool protobufSpanIds(QByteArrayView body, QList<QByteArray> *ids)
{
    QList<QByteArrayView> resourceSpans;
    if (!children(body, 1, &resourceSpans))
        return false;
    for (QByteArrayView rs : std::as_const(resourceSpans)) {
        QList<QByteArrayView> scopeSpans;
        if (!children(rs, 2, &scopeSpans))
            return false;
        for (QByteArrayView ss : std::as_const(scopeSpans)) {
            QList<QByteArrayView> spans;
            if (!children(ss, 2, &spans))
                return false;
            for (QByteArrayView span : std::as_const(spans)) {
                QList<QByteArrayView> spanId;
                if (!children(span, 2, &spanId) || spanId.size() != 1)
                    return false;
                ids->append(spanId.first().toByteArray());
            }
        }
    }
    return true;
}

// The same from the JSON encoding, where ids are lowercase hex.
bool jsonSpanIds(const QByteArray &body, QList<QByteArray> *ids)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return false;
    const auto array
        = [](const QJsonValue &v, QStringView key) { return v.toObject().value(key).toArray(); };
    for (const QJsonValue &rs : doc.object().value(u"resourceSpans").toArray()) {
        for (const QJsonValue &ss : array(rs, u"scopeSpans")) {
            for (const QJsonValue &span : array(ss, u"spans")) {
                const QString hex = span.toObject().value(u"spanId").toString();
                if (hex.size() != 16 || hex != hex.toLower())
                    return false;
                ids->append(QByteArray::fromHex(hex.toLatin1()));
            }
        }
    }
    return true;
}

// "" when `delivered` holds each span id of `spans` exactly once and nothing else.
QString checkDeliveredOnce(const QList<QByteArray> &delivered, const QList<Span> &spans)
{
    const QSet<QByteArray> unique(delivered.begin(), delivered.end());
    if (unique.size() != delivered.size())
        return QStringLiteral("%1 span ids delivered more than once")
            .arg(delivered.size() - unique.size());
    QSet<QByteArray> expected;
    for (const Span &span : spans)
        expected.insert(span.spanId);
    if (unique != expected)
        return QStringLiteral("delivered %1 distinct spans, %2 expected, %3 in common")
            .arg(unique.size())
            .arg(expected.size())
            .arg(QSet<QByteArray>(unique).intersect(expected).size());
    return {};
}

// A loopback OTLP/HTTP collector on a thread of its own, so that it keeps answering while the
// test thread is blocked (in flush(), or in a loop of enqueue() calls). It records every request
// and the span ids of those it answered 2xx ("delivered").
class Collector
{
public:
    enum class Delay { None, Slow, Hang }; // how a 200 is given: at once, after slowMs, never

    struct Arrival
    {
        qint64 atMs = 0; // on the collector's clock
        QByteArray contentType;
        QList<QPair<QByteArray, QByteArray>> headers;
        QList<QByteArray> spanIds;
        bool decoded = false;

        QByteArray header(QByteArrayView name) const
        {
            for (const auto &[n, v] : headers) {
                if (n.compare(name, Qt::CaseInsensitive) == 0)
                    return v;
            }
            return {};
        }
    };

    Collector()
    {
        m_clock.start();
        m_context.moveToThread(&m_thread);
        m_thread.start();
        run([this] {
            m_server = std::make_unique<net::HttpServer>();
            m_server->route(QByteArrayLiteral("POST"), kPath,
                            [this](const net::HttpRequest &request, net::HttpResponder *responder) {
                                handle(request, responder);
                            });
        });
    }
    ~Collector()
    {
        run([this] { m_server.reset(); });
        m_thread.quit();
        m_thread.wait();
    }

    bool listen(quint16 port = 0)
    {
        bool ok = false;
        run([&] { ok = m_server->listen(QHostAddress::LocalHost, port); });
        return ok;
    }
    void close()
    {
        run([this] { m_server->close(); });
    }
    quint16 port()
    {
        quint16 p = 0;
        run([&] { p = m_server->port(); });
        return p;
    }
    QUrl url()
    {
        QUrl u;
        run([&] { u = m_server->url(kPath); });
        return u;
    }

    // Statuses for the next requests, in order; after them `status`, given per `delay`.
    void answer(const QList<int> &script, int status = 200, Delay delay = Delay::None)
    {
        QMutexLocker lock(&m_mutex);
        m_script = script;
        m_status = status;
        m_delay = delay;
    }
    void setSlowMs(int ms)
    {
        QMutexLocker lock(&m_mutex);
        m_slowMs = ms;
    }
    void setRetryAfter(const QByteArray &value) // sent with each 429 and 503
    {
        QMutexLocker lock(&m_mutex);
        m_retryAfter = value;
    }
    void setErrorBody(const QByteArray &body) // the body of every error answer
    {
        QMutexLocker lock(&m_mutex);
        m_errorBody = body;
    }
    // Answers 200 to the requests held by Delay::Hang whose client still waits.
    void releaseHung()
    {
        run([this] {
            QMutexLocker lock(&m_mutex);
            for (const auto &[responder, ids] : std::as_const(m_hung))
                accept(responder, ids);
            m_hung.clear();
        });
    }

    QList<Arrival> arrivals() const
    {
        QMutexLocker lock(&m_mutex);
        return m_arrivals;
    }
    qsizetype arrivalCount() const
    {
        QMutexLocker lock(&m_mutex);
        return m_arrivals.size();
    }
    QList<QByteArray> delivered() const
    {
        QMutexLocker lock(&m_mutex);
        return m_delivered;
    }

private:
    void run(const std::function<void()> &f)
    {
        QMetaObject::invokeMethod(&m_context, f, Qt::BlockingQueuedConnection);
    }

    void handle(const net::HttpRequest &request, net::HttpResponder *responder)
    {
        Arrival a;
        a.atMs = m_clock.elapsed();
        a.contentType = request.header("Content-Type");
        a.headers = request.headers;
        a.decoded = a.contentType == "application/json" ? jsonSpanIds(request.body, &a.spanIds)
                                                        : protobufSpanIds(request.body, &a.spanIds);
        QMutexLocker lock(&m_mutex);
        m_arrivals.append(a);
        const int status = m_script.isEmpty() ? m_status : m_script.takeFirst();
        if (status != 200) {
            net::HttpResponder::Headers extra;
            if ((status == 429 || status == 503) && !m_retryAfter.isEmpty())
                extra.append({QByteArrayLiteral("Retry-After"), m_retryAfter});
            responder->respond(status, QByteArrayLiteral("text/plain"), m_errorBody, extra);
            return;
        }
        switch (m_delay) {
        case Delay::None:
            accept(responder, a.spanIds);
            return;
        case Delay::Slow:
            QTimer::singleShot(m_slowMs, responder, [this, responder, ids = a.spanIds] {
                QMutexLocker later(&m_mutex);
                accept(responder, ids);
            });
            return;
        case Delay::Hang:
            m_hung.append({QPointer<net::HttpResponder>(responder), a.spanIds});
            return;
        }
    }

    // m_mutex held.
    void accept(net::HttpResponder *responder, const QList<QByteArray> &ids)
    {
        if (!responder || !responder->isOpen())
            return; // the exporter gave up on this request: nothing was delivered
        m_delivered.append(ids);
        responder->respond(200, QByteArrayLiteral("application/x-protobuf"), {});
    }

    QThread m_thread;
    QObject m_context; // lives on m_thread: run() executes there
    std::unique_ptr<net::HttpServer> m_server;
    QElapsedTimer m_clock;

    mutable QMutex m_mutex;
    QList<int> m_script;
    int m_status = 200;
    Delay m_delay = Delay::None;
    int m_slowMs = 0;
    QByteArray m_retryAfter;
    QByteArray m_errorBody;
    QList<QPair<QPointer<net::HttpResponder>, QList<QByteArray>>> m_hung;
    QList<Arrival> m_arrivals;
    QList<QByteArray> m_delivered;
};

// What the exporter logged, from its thread.
class LogLines
{
public:
    std::function<void(const QString &)> sink()
    {
        return [this](const QString &line) {
            QMutexLocker lock(&m_mutex);
            m_lines.append(line);
        };
    }
    QStringList lines() const
    {
        QMutexLocker lock(&m_mutex);
        return m_lines;
    }
    QString joined() const { return lines().join(u'\n'); }

private:
    mutable QMutex m_mutex;
    QStringList m_lines;
};

// Short delays so that batches, retries and backoff happen within a test.
ExporterOptions optionsFor(const QUrl &url)
{
    ExporterOptions o;
    o.config.tracesUrl = url;
    o.config.serviceName = QStringLiteral("exporter-test");
    o.scopeName = QStringLiteral("agui-inspector");
    o.scopeVersion = QStringLiteral("0.0-test");
    o.scheduleDelayMs = 20;
    o.initialBackoffMs = 20;
    o.maxBackoffMs = 200;
    o.shutdownTimeoutMs = 200;
    return o;
}

} // namespace

class TestOtelExporter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void deliversOnceWhenTheCollectorStartsLate()
    {
        Collector collector;
        QVERIFY(collector.listen());
        const quint16 port = collector.port();
        const QUrl url = collector.url();
        collector.close(); // down: nothing listens on the port yet
        BatchExporter exporter(optionsFor(url));
        const QList<Span> spans = makeSpans(50);
        exporter.enqueue(spans);
        QTRY_VERIFY_WITH_TIMEOUT(exporter.stats().retries >= 2, kWaitMs); // refused, retried
        QCOMPARE(exporter.stats().exported, 0);
        QVERIFY(!exporter.stats().lastError.isEmpty());

        QVERIFY(collector.listen(port));
        QTRY_COMPARE_WITH_TIMEOUT(exporter.stats().exported, 50, kWaitMs);
        const QString problem = checkDeliveredOnce(collector.delivered(), spans);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(exporter.stats().failed, 0);
        QCOMPARE(exporter.stats().pending(), 0);
    }

    void slowCollectorGetsEachSpanOnce()
    {
        Collector collector;
        QVERIFY(collector.listen());
        collector.setSlowMs(300); // longer than a batch interval: spans queue meanwhile
        collector.answer({}, 200, Collector::Delay::Slow);
        BatchExporter exporter(optionsFor(collector.url()));
        QList<Span> all;
        for (int i = 0; i < 5; ++i) {
            const QList<Span> spans = makeSpans(10, quint64(1 + 10 * i));
            all += spans;
            exporter.enqueue(spans);
            QTest::qWait(60);
        }
        QTRY_COMPARE_WITH_TIMEOUT(exporter.stats().exported, 50, kWaitMs);
        const QString problem = checkDeliveredOnce(collector.delivered(), all);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(exporter.stats().retries, 0);
        QCOMPARE(exporter.stats().failed, 0);
    }

    void unansweredRequestTimesOutAndIsRetried()
    {
        Collector collector;
        QVERIFY(collector.listen());
        collector.answer({}, 200, Collector::Delay::Hang);
        ExporterOptions options = optionsFor(collector.url());
        options.config.timeoutMs = 200;
        BatchExporter exporter(options);
        const QList<Span> spans = makeSpans(20);
        exporter.enqueue(spans);
        QTRY_VERIFY_WITH_TIMEOUT(exporter.stats().retries >= 1, kWaitMs);
        QVERIFY(exporter.stats().lastError.contains(QStringLiteral("no answer")));

        collector.answer({});
        QTRY_COMPARE_WITH_TIMEOUT(exporter.stats().exported, 20, kWaitMs);
        const QString problem = checkDeliveredOnce(collector.delivered(), spans);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void retryAfterIsHonoured()
    {
        Collector collector;
        QVERIFY(collector.listen());
        collector.setRetryAfter("1");
        collector.answer({429}); // then 200
        BatchExporter exporter(optionsFor(collector.url())); // backoff alone would be ~20 ms
        const QList<Span> spans = makeSpans(5);
        exporter.enqueue(spans);
        QTRY_COMPARE_WITH_TIMEOUT(exporter.stats().exported, 5, kWaitMs);
        const QList<Collector::Arrival> arrivals = collector.arrivals();
        QCOMPARE(arrivals.size(), 2);
        QVERIFY2(
            arrivals[1].atMs - arrivals[0].atMs >= 1000,
            qPrintable(
                QStringLiteral("retried after %1 ms").arg(arrivals[1].atMs - arrivals[0].atMs)));
        QCOMPARE(exporter.stats().retries, 1);
        const QString problem = checkDeliveredOnce(collector.delivered(), spans);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void unavailableIsRetried()
    {
        Collector collector;
        QVERIFY(collector.listen());
        collector.answer({503, 503});
        LogLines log;
        BatchExporter exporter(optionsFor(collector.url()));
        exporter.setLogger(log.sink());
        const QList<Span> spans = makeSpans(8);
        exporter.enqueue(spans);
        QTRY_COMPARE_WITH_TIMEOUT(exporter.stats().exported, 8, kWaitMs);
        QCOMPARE(exporter.stats().retries, 2);
        QCOMPARE(exporter.stats().requests, 3);
        QCOMPARE(exporter.stats().failed, 0);
        const QString problem = checkDeliveredOnce(collector.delivered(), spans);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY2(log.joined().contains(QStringLiteral("HTTP 503")), qPrintable(log.joined()));
    }

    void retriesEndAfterMaxElapsed()
    {
        Collector collector;
        QVERIFY(collector.listen());
        collector.answer({}, 503);
        ExporterOptions options = optionsFor(collector.url());
        options.maxRetryElapsedMs = 300;
        BatchExporter exporter(options);
        exporter.enqueue(makeSpans(5));
        QTRY_COMPARE_WITH_TIMEOUT(exporter.stats().failed, 5, kWaitMs);
        QCOMPARE(exporter.stats().exported, 0);
        QVERIFY(exporter.stats().retries >= 1);
        QCOMPARE(exporter.stats().pending(), 0);
    }

    void badRequestFailsWithoutRetry()
    {
        Collector collector;
        QVERIFY(collector.listen());
        collector.setErrorBody("bad\r\nInjected: line " + QByteArray(1000, 'x'));
        collector.answer({400});
        LogLines log;
        BatchExporter exporter(optionsFor(collector.url()));
        exporter.setLogger(log.sink());
        exporter.enqueue(makeSpans(5));
        QTRY_COMPARE_WITH_TIMEOUT(exporter.stats().failed, 5, kWaitMs);
        QCOMPARE(exporter.stats().requests, 1);
        QCOMPARE(exporter.stats().retries, 0);
        QVERIFY(exporter.stats().lastError.contains(QStringLiteral("HTTP 400")));

        // The next batch is the next request: the failed one was not sent again.
        const QList<Span> next = makeSpans(3, 100);
        exporter.enqueue(next);
        QTRY_COMPARE_WITH_TIMEOUT(exporter.stats().exported, 3, kWaitMs);
        QCOMPARE(collector.arrivalCount(), 2);
        QCOMPARE(exporter.stats().retries, 0);
        const QString problem = checkDeliveredOnce(collector.delivered(), next);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));

        // Logged with the first 200 characters of the body (20 before the x's), on one line.
        const QString logged = log.joined();
        QVERIFY2(logged.contains(QStringLiteral("HTTP 400")), qPrintable(logged));
        QVERIFY2(logged.contains(QStringLiteral("bad??Injected: line ") + QString(180, u'x')),
                 qPrintable(logged));
        QVERIFY(!logged.contains(QString(181, u'x')));
        for (const QString &line : log.lines())
            QVERIFY(!line.contains(u'\n') && !line.contains(u'\r'));
    }

    void spansPastTheQueueBoundAreDroppedAndCounted()
    {
        Collector collector;
        QVERIFY(collector.listen());
        collector.answer({}, 200, Collector::Delay::Hang);
        ExporterOptions options = optionsFor(collector.url());
        options.maxQueueSpans = 100;
        options.maxBatchSpans = 10;
        LogLines log;
        BatchExporter exporter(options);
        exporter.setLogger(log.sink());
        const QList<Span> first = makeSpans(10);
        exporter.enqueue(first); // a full batch: sent, and held by the collector
        QTRY_COMPARE_WITH_TIMEOUT(collector.arrivalCount(), 1, kWaitMs);

        const QList<Span> more = makeSpans(150, 11);
        exporter.enqueue(more); // the queue is empty: 100 fit, 50 do not
        ExporterStats stats = exporter.stats();
        QCOMPARE(stats.enqueued, 160);
        QCOMPARE(stats.droppedQueueFull, 50);
        QTRY_VERIFY_WITH_TIMEOUT(log.joined().contains(QStringLiteral("dropped 50 spans")),
                                 kWaitMs);

        collector.answer({});
        collector.releaseHung();
        QTRY_COMPARE_WITH_TIMEOUT(exporter.stats().exported, 110, kWaitMs);
        stats = exporter.stats();
        QCOMPARE(stats.exported + stats.droppedQueueFull, stats.enqueued);
        QCOMPARE(stats.failed, 0);
        const QString problem = checkDeliveredOnce(collector.delivered(), first + more.first(100));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void enqueueNeverWaitsForTheNetwork()
    {
        // The collector takes every request and never answers: were enqueue() to wait for the
        // network, this loop would not end.
        Collector collector;
        QVERIFY(collector.listen());
        collector.answer({}, 200, Collector::Delay::Hang);
        ExporterOptions options = optionsFor(collector.url());
        options.config.timeoutMs = 600000;
        options.maxQueueSpans = 2048;
        options.maxBatchSpans = 512;
        BatchExporter exporter(options);
        for (int i = 0; i < 10000; ++i)
            exporter.enqueue(makeSpans(1, quint64(i + 1)));
        ExporterStats stats = exporter.stats();
        QCOMPARE(stats.enqueued, 10000);
        QCOMPARE(stats.exported, 0);
        QCOMPARE(stats.failed, 0);
        // At most a queue and one batch on its way are held; the rest was dropped and counted.
        QVERIFY2(stats.pending() <= 2048 + 512, qPrintable(QString::number(stats.pending())));
        QCOMPARE(stats.droppedQueueFull + stats.pending(), 10000);

        collector.answer({});
        collector.releaseHung();
        QTRY_COMPARE_WITH_TIMEOUT(exporter.stats().pending(), 0, kWaitMs);
        stats = exporter.stats();
        QCOMPARE(stats.exported + stats.droppedQueueFull, 10000);
        QCOMPARE(stats.failed, 0);
        const QList<QByteArray> delivered = collector.delivered();
        QCOMPARE(delivered.size(), stats.exported);
        QCOMPARE(QSet<QByteArray>(delivered.begin(), delivered.end()).size(), delivered.size());
    }

    void jsonProtocolSendsJson()
    {
        Collector collector;
        QVERIFY(collector.listen());
        ExporterOptions options = optionsFor(collector.url());
        options.config.protocol = OtlpConfig::Protocol::HttpJson;
        BatchExporter exporter(options);
        const QList<Span> spans = makeSpans(7, 0x0123456789abcdefull);
        exporter.enqueue(spans);
        QTRY_COMPARE_WITH_TIMEOUT(exporter.stats().exported, 7, kWaitMs);
        const QList<Collector::Arrival> arrivals = collector.arrivals();
        QCOMPARE(arrivals.size(), 1);
        QCOMPARE(arrivals[0].contentType, QByteArray("application/json"));
        QVERIFY(arrivals[0].decoded); // JSON, ids in lowercase hex
        const QString problem = checkDeliveredOnce(collector.delivered(), spans);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void protobufIsTheDefault()
    {
        Collector collector;
        QVERIFY(collector.listen());
        BatchExporter exporter(optionsFor(collector.url()));
        exporter.enqueue(makeSpans(2));
        QTRY_COMPARE_WITH_TIMEOUT(exporter.stats().exported, 2, kWaitMs);
        const QList<Collector::Arrival> arrivals = collector.arrivals();
        QCOMPARE(arrivals.size(), 1);
        QCOMPARE(arrivals[0].contentType, QByteArray("application/x-protobuf"));
        QVERIFY(arrivals[0].decoded);
        QVERIFY(arrivals[0].header("User-Agent").startsWith("AgUiInspector-OTLP-Exporter"));
    }

    void headersArriveAndTheirValuesAreNeverLogged()
    {
        const QByteArray token = "sk-test-9f8e7d6c5b4a3210";
        const QByteArray tenant = "tenant-secret-0451";
        Collector collector;
        QVERIFY(collector.listen());
        // A collector that echoes the request's credentials in its error answers.
        collector.setErrorBody("denied: Authorization: Bearer " + token
                               + " X-Tenant-Key: " + tenant);
        collector.answer({503, 400});
        ExporterOptions options = optionsFor(collector.url());
        options.config.headers = {{"Authorization", "Bearer " + token}, {"X-Tenant-Key", tenant}};
        LogLines log;
        BatchExporter exporter(options);
        exporter.setLogger(log.sink());
        exporter.enqueue(makeSpans(3)); // 503, retried, then 400
        QTRY_COMPARE_WITH_TIMEOUT(exporter.stats().failed, 3, kWaitMs);
        exporter.enqueue(makeSpans(2, 10));
        QTRY_COMPARE_WITH_TIMEOUT(exporter.stats().exported, 2, kWaitMs);

        const QList<Collector::Arrival> arrivals = collector.arrivals();
        QCOMPARE(arrivals.size(), 3);
        for (const Collector::Arrival &a : arrivals) {
            QCOMPARE(a.header("Authorization"), QByteArray("Bearer " + token));
            QCOMPARE(a.header("X-Tenant-Key"), tenant);
        }
        const QStringList lines = log.lines();
        QVERIFY(lines.size() >= 2); // the retry and the failure
        for (const QString &text : lines + QStringList {exporter.stats().lastError}) {
            QVERIFY2(!text.contains(QString::fromLatin1(token)), qPrintable(text));
            QVERIFY2(!text.contains(QString::fromLatin1(tenant)), qPrintable(text));
        }
    }

    void flushSendsAtOnceAndWaits()
    {
        Collector collector;
        QVERIFY(collector.listen());
        ExporterOptions options = optionsFor(collector.url());
        options.scheduleDelayMs = 600000; // only flush() can send these
        BatchExporter exporter(options);
        const QList<Span> spans = makeSpans(4);
        exporter.enqueue(spans);
        QVERIFY(exporter.flush(kWaitMs));
        QCOMPARE(exporter.stats().exported, 4);
        const QString problem = checkDeliveredOnce(collector.delivered(), spans);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY(exporter.flush(0)); // nothing left
    }

    void shutdownCountsWhatIsLeftAsFailed()
    {
        Collector collector;
        QVERIFY(collector.listen());
        collector.answer({}, 200, Collector::Delay::Hang);
        LogLines log;
        auto exporter = std::make_unique<BatchExporter>(optionsFor(collector.url()));
        exporter->setLogger(log.sink());
        exporter->enqueue(makeSpans(5));
        QTRY_COMPARE_WITH_TIMEOUT(collector.arrivalCount(), 1, kWaitMs);
        exporter->enqueue(makeSpans(3, 100));
        QVERIFY(!exporter->flush(50)); // the collector never answers
        exporter.reset();
        QVERIFY2(log.joined().contains(QStringLiteral("stopped with 8 spans not exported")),
                 qPrintable(log.joined()));
    }
};

QTEST_GUILESS_MAIN(TestOtelExporter)
#include "test_otel_exporter.moc"
