#pragma once

// What the proxy's tests share: rules that must parse, an upstream's response head, an SSE
// event, and a front end that POSTs through the proxy and keeps what it got.

#include "core/capture/capture.h"
#include "core/capture/capturewriter.h"
#include "core/intercept/rewriterules.h"
#include "core/intercept/rulerewriter.h"
#include "core/net/agentproxy.h"
#include "core/net/chunksink.h"
#include "core/net/httpexchange.h"

#include <QtTest>

namespace proxytest {

using namespace agui;
using namespace agui::intercept;

inline RewriteRules rules(const QByteArray &json)
{
    QString error;
    RewriteRules parsed = RewriteRules::fromJson(json, &error);
    if (!error.isEmpty())
        qFatal("rules do not parse: %s", qPrintable(error));
    return parsed;
}

inline RecordedResponse response(const QString &contentType, const QString &encoding = {})
{
    RecordedResponse r;
    r.present = true;
    r.status = 200;
    r.headers.append({QStringLiteral("Content-Type"), contentType});
    if (!encoding.isEmpty())
        r.headers.append({QStringLiteral("Content-Encoding"), encoding});
    return r;
}

inline QByteArray sse(const QByteArray &json)
{
    return "data: " + json + "\n\n";
}

// The proxy forwards to upstream and applies `rules` to every exchange (kept by reference: they
// must outlive the proxy); with a writer (open, not owned) it records every exchange there.
inline void setUpProxy(net::AgentProxy &proxy, const QUrl &upstream, const RewriteRules &rules,
                       CaptureWriter *writer = nullptr)
{
    proxy.setUpstream(upstream);
    if (writer)
        proxy.setSinkFactory([writer](int) -> std::unique_ptr<net::ChunkSink> {
            return std::make_unique<net::CaptureWriterSink>(writer);
        });
    proxy.setRewriterFactory([&rules](int exchange, const RecordedResponse &head) {
        QString whyNot;
        return makeRuleRewriter(rules, exchange, head, &whyNot);
    });
}

// A front end: one POST through the proxy, the body it got and how it ended.
struct FrontEnd
{
    net::HttpExchange exchange;
    QByteArray body;
    QString error;
    bool done = false;

    explicit FrontEnd(const QUrl &url)
    {
        QObject::connect(&exchange, &net::HttpExchange::received,
                         [this](const QByteArray &bytes) { body += bytes; });
        QObject::connect(&exchange, &net::HttpExchange::finished, [this](const QString &e) {
            error = e;
            done = true;
        });
        exchange.start(url, QByteArrayLiteral("POST"), {}, QByteArrayLiteral("{}"));
    }
};

} // namespace proxytest
