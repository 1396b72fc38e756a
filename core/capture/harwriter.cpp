#include "core/capture/harwriter.h"

#include "core/capture/jsontext.h"
#include "core/capture/redaction.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrlQuery>

#include <algorithm>

namespace agui {

namespace {

QJsonArray headerList(const HttpHeaders &headers)
{
    QJsonArray list;
    for (const auto &[name, value] : redactHeaders(headers))
        list.append(QJsonObject {{QLatin1String("name"), name}, {QLatin1String("value"), value}});
    return list;
}

QJsonArray queryList(const QString &url)
{
    QJsonArray list;
    const QUrlQuery query(QUrl(url).query());
    for (const auto &[name, value] : query.queryItems(QUrl::FullyDecoded))
        list.append(QJsonObject {{QLatin1String("name"), name}, {QLatin1String("value"), value}});
    return list;
}

double msBetween(qint64 fromUs, qint64 toUs)
{
    return fromUs >= 0 && toUs >= fromUs ? (toUs - fromUs) / 1000.0 : -1;
}

QJsonObject requestOf(const RunRecording &run)
{
    const QString url = redactUrl(run.request.url);
    QJsonObject request {
        {QLatin1String("method"),
         run.request.method.isEmpty() ? QStringLiteral("POST") : run.request.method},
        {QLatin1String("url"), url},
        {QLatin1String("httpVersion"), QStringLiteral("HTTP/1.1")},
        {QLatin1String("cookies"), QJsonArray()},
        {QLatin1String("headers"), headerList(run.request.headers)},
        {QLatin1String("queryString"), queryList(url)},
        {QLatin1String("headersSize"), -1},
        {QLatin1String("bodySize"), double(run.request.body.size())}};
    if (!run.request.body.isEmpty()) {
        const QString type = headerValue(run.request.headers, QLatin1StringView("content-type"));
        request.insert(QLatin1String("postData"),
                       QJsonObject {{QLatin1String("mimeType"),
                                     type.isEmpty() ? QStringLiteral("application/json") : type},
                                    {QLatin1String("text"), QString::fromUtf8(run.request.body)}});
    }
    return request;
}

QJsonObject responseOf(const RunRecording &run, const QByteArray &body)
{
    const QString type = headerValue(run.response.headers, QLatin1StringView("content-type"));
    QJsonObject content {{QLatin1String("size"), double(body.size())},
                         {QLatin1String("mimeType"), type}};
    if (capturejson::isExactUtf8(body)) {
        content.insert(QLatin1String("text"), QString::fromUtf8(body));
    } else {
        content.insert(QLatin1String("text"), QString::fromLatin1(body.toBase64()));
        content.insert(QLatin1String("encoding"), QStringLiteral("base64"));
    }
    QJsonObject response {{QLatin1String("status"), run.response.present ? run.response.status : 0},
                          {QLatin1String("statusText"), QString()},
                          {QLatin1String("httpVersion"), QStringLiteral("HTTP/1.1")},
                          {QLatin1String("cookies"), QJsonArray()},
                          {QLatin1String("headers"), headerList(run.response.headers)},
                          {QLatin1String("content"), content},
                          {QLatin1String("redirectURL"), QString()},
                          {QLatin1String("headersSize"), -1},
                          {QLatin1String("bodySize"), double(body.size())}};
    if (run.end == RunEnd::Error && !run.endError.isEmpty())
        response.insert(QLatin1String("_error"), run.endError);
    // Always named: a body whose framing its content type does not say (a DevTools export's JSON
    // lines) decodes the same when read back, and an exchange without a request or a response
    // head (events a DevTools export holds for a connection it never saw open) is still
    // recognised as one of ours.
    response.insert(QLatin1String("_aguiFraming"), captureFramingName(run.framing));
    return response;
}

QJsonObject entryOf(const RunRecording &run)
{
    QByteArray body;
    QJsonArray pieces;
    qint64 lastUs = -1;
    const qint64 sent = run.request.sentAtUs;
    for (const Chunk &c : run.chunks) {
        body += c.bytes;
        lastUs = std::max(lastUs, c.receivedAtUs);
        pieces.append(QJsonObject {{QLatin1String("time"), msBetween(sent, c.receivedAtUs)},
                                   {QLatin1String("size"), double(c.bytes.size())}});
    }
    const qint64 head = run.response.present ? run.response.receivedAtUs : -1;
    const qint64 end = std::max(lastUs, run.endedAtUs);
    const double wait = msBetween(sent, head);
    const double receive = msBetween(head, end);
    const QJsonObject timings {{QLatin1String("blocked"), -1},
                               {QLatin1String("dns"), -1},
                               {QLatin1String("connect"), -1},
                               {QLatin1String("send"), 0},
                               {QLatin1String("wait"), std::max(0.0, wait)},
                               {QLatin1String("receive"), std::max(0.0, receive)},
                               {QLatin1String("ssl"), -1}};
    const QDateTime started
        = QDateTime::fromMSecsSinceEpoch(std::max<qint64>(0, sent) / 1000, Qt::UTC);
    QJsonObject entry {{QLatin1String("startedDateTime"), started.toString(Qt::ISODateWithMs)},
                       {QLatin1String("time"), std::max(0.0, wait) + std::max(0.0, receive)},
                       {QLatin1String("request"), requestOf(run)},
                       {QLatin1String("response"), responseOf(run, body)},
                       {QLatin1String("cache"), QJsonObject()},
                       {QLatin1String("timings"), timings}};
    if (sent >= 0) {
        entry.insert(QLatin1String("_aguiSentAtUs"), double(sent));
        entry.insert(QLatin1String("_aguiChunks"), pieces);
    }
    return entry;
}

} // namespace

QByteArray captureToHar(const Capture &capture, const QString &creatorVersion)
{
    QJsonArray entries;
    for (const RunRecording &run : capture.runs)
        entries.append(entryOf(run));
    const QJsonObject log {{QLatin1String("version"), QStringLiteral("1.2")},
                           {QLatin1String("creator"),
                            QJsonObject {{QLatin1String("name"), QStringLiteral("agui-inspector")},
                                         {QLatin1String("version"), creatorVersion}}},
                           {QLatin1String("pages"), QJsonArray()},
                           {QLatin1String("entries"), entries}};
    return QJsonDocument(QJsonObject {{QLatin1String("log"), log}}).toJson(QJsonDocument::Indented);
}

} // namespace agui
