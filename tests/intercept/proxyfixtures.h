#pragma once

// What the proxy's tests share: rules that must parse, an upstream's response head, an SSE
// event, and a front end that POSTs through the proxy and keeps what it got.

#include "core/capture/capture.h"
#include "core/intercept/rewriterules.h"
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
