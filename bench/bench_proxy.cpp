// What `agui-inspect proxy` costs (issue "proxy": <= 1 ms p99 per chunk on loopback, >= 100 MB/s),
// measured against a direct connection to the same upstream:
//   - latency: the upstream sends one SSE event every 2 ms carrying its send time (CLOCK_MONOTONIC,
//     shared by the processes of one machine); the client notes when each event arrives;
//   - throughput: the upstream streams a large body in 64 KiB pieces as fast as it drains.
// The upstream runs on a thread of its own (so the client's reading never delays its writes), the
// client on the main thread, the proxy as its own process (the real command, recording into a
// capture file as a user would run it). With --rules, a second proxy applies that rewrite rules
// file (every event parsed and matched; docs/proxy.md) and is measured the same way. With --otlp,
// a third proxy exports every exchange as OpenTelemetry spans (docs/otel.md) to a collector the
// upstream's thread plays (it answers 200 and counts the requests), measured the same way.
//
//   bench_proxy AGUI_INSPECT [--events N] [--mib M] [--rules FILE] [--otlp]

#include "benchutil.h"
#include "core/net/httpexchange.h"
#include "core/net/httpserver.h"
#include "core/platform/heap.h"

#include <QCoreApplication>
#include <QPointer>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <atomic>
#include <cstdio>

using namespace agui;
using namespace agui::net;
using namespace agui::platform;
using agui::bench::clockNs;

namespace {

// The upstream agent: /latency and /throughput, on its own thread.
class Upstream : public QObject
{
public:
    int events = 2000;
    qint64 bodyBytes = 512LL << 20;
    QUrl url;
    std::atomic<int> otlpRequests {0};
    std::atomic<qint64> otlpBytes {0};

    void start()
    {
        m_server = new HttpServer(this);
        m_server->route("POST", QStringLiteral("/latency"),
                        [this](const HttpRequest &, HttpResponder *r) { latency(r); });
        m_server->route("POST", QStringLiteral("/throughput"),
                        [this](const HttpRequest &, HttpResponder *r) { throughput(r); });
        m_server->route("POST", QStringLiteral("/v1/traces"),
                        [this](const HttpRequest &request, HttpResponder *r) {
                            otlpRequests += 1;
                            otlpBytes += request.body.size();
                            r->respond(200, "application/x-protobuf", {});
                        });
        m_server->listen();
        url = m_server->url();
    }

private:
    void latency(HttpResponder *responder)
    {
        responder->beginStream(200, "text/event-stream");
        QPointer<HttpResponder> r(responder);
        auto *timer = new QTimer(responder);
        timer->setTimerType(Qt::PreciseTimer);
        connect(timer, &QTimer::timeout, responder, [this, r, timer, sent = 0]() mutable {
            if (!r || sent == events) {
                timer->stop();
                if (r)
                    r->finish();
                return;
            }
            ++sent;
            r->write("data: {\"t\":" + QByteArray::number(clockNs(CLOCK_MONOTONIC)) + "}\n\n");
        });
        timer->start(2);
    }

    void throughput(HttpResponder *responder)
    {
        responder->beginStream(200, "text/event-stream");
        const QByteArray piece = "data: " + QByteArray(64 * 1024 - 8, 'x') + "\n\n";
        QPointer<HttpResponder> r(responder);
        auto pump = [this, r, piece, sent = qint64(0)]() mutable {
            while (r && sent < bodyBytes && r->bytesQueued() < 4 * piece.size()) {
                r->write(piece);
                sent += piece.size();
            }
            if (r && sent >= bodyBytes && r->bytesQueued() == 0)
                r->finish();
        };
        connect(responder, &HttpResponder::drained, responder, pump);
        pump();
    }

    HttpServer *m_server = nullptr;
};

struct Figures
{
    std::vector<double> latencyMs;
    double mbPerS = 0;
};

// POSTs to url and calls onBytes for every piece received; returns when the body ended.
void exchange(const QUrl &url, const std::function<void(const QByteArray &)> &onBytes)
{
    HttpExchange e;
    bool done = false;
    QObject::connect(&e, &HttpExchange::received, onBytes);
    QObject::connect(&e, &HttpExchange::finished, [&](const QString &error) {
        if (!error.isEmpty())
            std::fprintf(stderr, "bench_proxy: %s: %s\n", qPrintable(url.toString()),
                         qPrintable(error));
        done = true;
    });
    e.start(url, "POST", {{QStringLiteral("Content-Type"), QStringLiteral("application/json")}},
            "{}");
    while (!done)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
}

Figures measure(const QUrl &base)
{
    Figures f;
    QByteArray pending;
    QUrl latency = base;
    latency.setPath(QStringLiteral("/latency"));
    exchange(latency, [&](const QByteArray &bytes) {
        const qint64 now = clockNs(CLOCK_MONOTONIC);
        pending += bytes;
        qsizetype end;
        while ((end = pending.indexOf("\n\n")) >= 0) {
            const qsizetype t = pending.indexOf("\"t\":");
            if (t >= 0 && t < end)
                f.latencyMs.push_back(double(now - pending.mid(t + 4, end - t - 5).toLongLong())
                                      / 1e6);
            pending.remove(0, end + 2);
        }
    });
    QUrl throughput = base;
    throughput.setPath(QStringLiteral("/throughput"));
    qint64 bytes = 0;
    const qint64 start = clockNs(CLOCK_MONOTONIC);
    exchange(throughput, [&](const QByteArray &b) { bytes += b.size(); });
    f.mbPerS = double(bytes) / 1e6 / (double(clockNs(CLOCK_MONOTONIC) - start) / 1e9);
    return f;
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(p * double(v.size())))];
}

void print(const char *what, const Figures &f)
{
    std::printf("%-8s latency per event p50 %.3f ms, p99 %.3f ms, max %.3f ms (%zu events); "
                "throughput %.0f MB/s\n",
                what, percentile(f.latencyMs, 0.5), percentile(f.latencyMs, 0.99),
                percentile(f.latencyMs, 1.0), f.latencyMs.size(), f.mbPerS);
}

} // namespace

// Starts `agui-inspect proxy` in front of upstream (recording into dir) and returns its URL.
QUrl startProxy(QProcess &proxy, const QString &inspect, const QUrl &upstream,
                const QTemporaryDir &dir, const QString &rules, bool otlp = false)
{
    QStringList args {QStringLiteral("proxy"),
                      QStringLiteral("--upstream"),
                      upstream.toString(),
                      QStringLiteral("--listen"),
                      QStringLiteral("127.0.0.1:0"),
                      QStringLiteral("--record"),
                      dir.filePath(rules.isEmpty() ? QStringLiteral("proxy.aguicap")
                                                   : QStringLiteral("rules.aguicap"))};
    if (!rules.isEmpty())
        args << QStringLiteral("--rules") << rules;
    if (otlp)
        args << QStringLiteral("--otlp-endpoint") << upstream.toString();
    proxy.start(inspect, args);
    if (!proxy.waitForStarted() || !proxy.waitForReadyRead(30000))
        return {};
    return QUrl(QString::fromUtf8(proxy.readLine().trimmed()));
}

int main(int argc, char **argv)
{
    // The bench's own client and upstream tuned as the proxy is, so the figure is the proxy's
    // cost and not this process's page faults (core/platform/heap.h).
    keepHeapSlackForStreaming();
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(
            stderr,
            "usage: bench_proxy AGUI_INSPECT [--events N] [--mib M] [--rules FILE] [--otlp]\n");
        return 2;
    }
    QThread thread;
    Upstream upstream;
    QString rules;
    const bool otlp = args.contains(QStringLiteral("--otlp"));
    for (int i = 2; i + 1 < args.size(); ++i) {
        if (args[i] == QStringLiteral("--events"))
            upstream.events = args[++i].toInt();
        else if (args[i] == QStringLiteral("--mib"))
            upstream.bodyBytes = args[++i].toLongLong() << 20;
        else if (args[i] == QStringLiteral("--rules"))
            rules = args[++i];
    }
    upstream.moveToThread(&thread);
    thread.start();
    QMetaObject::invokeMethod(&upstream, &Upstream::start, Qt::BlockingQueuedConnection);

    QTemporaryDir dir;
    QProcess proxy;
    const QUrl proxied = startProxy(proxy, args[1], upstream.url, dir, {});
    QProcess rulesProxy;
    const QUrl withRules
        = rules.isEmpty() ? QUrl() : startProxy(rulesProxy, args[1], upstream.url, dir, rules);
    QProcess otlpProxy;
    const QUrl withOtlp
        = otlp ? startProxy(otlpProxy, args[1], upstream.url, dir, {}, true) : QUrl();
    if (proxied.isEmpty() || (!rules.isEmpty() && withRules.isEmpty())
        || (otlp && withOtlp.isEmpty())) {
        std::fprintf(stderr, "bench_proxy: the proxy did not start\n");
        return 2;
    }

    const Figures direct = measure(upstream.url);
    const Figures through = measure(proxied);
    print("direct", direct);
    print("proxied", through);
    std::printf("proxy adds p99 %.3f ms per event; passes %.0f MB/s (recording every byte)\n",
                percentile(through.latencyMs, 0.99) - percentile(direct.latencyMs, 0.99),
                through.mbPerS);
    if (!rules.isEmpty()) {
        const Figures ruled = measure(withRules);
        print("rules", ruled);
        std::printf("proxy with rules adds p99 %.3f ms per event; passes %.0f MB/s\n",
                    percentile(ruled.latencyMs, 0.99) - percentile(direct.latencyMs, 0.99),
                    ruled.mbPerS);
        rulesProxy.terminate();
        rulesProxy.waitForFinished();
    }
    if (otlp) {
        const Figures exported = measure(withOtlp);
        print("otlp", exported);
        std::printf("proxy with OTLP export adds p99 %.3f ms per event over the proxy without "
                    "(%.3f ms over direct); passes %.0f MB/s, %.0f%% of the proxy without\n",
                    percentile(exported.latencyMs, 0.99) - percentile(through.latencyMs, 0.99),
                    percentile(exported.latencyMs, 0.99) - percentile(direct.latencyMs, 0.99),
                    exported.mbPerS, 100.0 * exported.mbPerS / through.mbPerS);
        otlpProxy.terminate();
        otlpProxy.waitForFinished();
        std::printf("the collector got %d requests, %lld bytes\n", upstream.otlpRequests.load(),
                    static_cast<long long>(upstream.otlpBytes.load()));
    }
    proxy.terminate();
    proxy.waitForFinished();
    thread.quit();
    thread.wait();
    return 0;
}
