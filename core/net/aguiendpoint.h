#pragma once

// The AG-UI HTTP binding on HttpServer: POST a RunAgentInput (Content-Type application/json),
// get the run's events as a text/event-stream body, paced over time.
//   415 unless the request's media type is application/json
//   400 unless the body is a JSON object (the message names the byte offset of a parse error)
//   406 when the Accept header admits no binding we can send (text/event-stream; */* allowed)
// Response encoding is chosen by negotiate(): the protobuf binding
// (application/vnd.ag-ui.event+proto) when the Accept header names it with q>0, whatever its
// preference order (as the reference encoder does), else text/event-stream when admitted. Unlike
// the reference encoder, */* or a missing Accept gets SSE: curl and browsers send */* and expect
// text, and a conforming AG-UI client names the binding it reads anyway. application/* gets
// protobuf (the only application type we send).

#include "core/net/httpserver.h"
#include "core/protocol/agentchunk.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>

namespace agui::net {

// Produces the run for one request. errorStatus 0 means "stream these chunks" with status and
// contentType (empty: the negotiated encoding's type); otherwise the request is answered with
// errorStatus and the message as a JSON error.
struct RunReply
{
    QList<AgentChunk> chunks;
    int errorStatus = 0;
    QString error;
    int status = 200; // a replayed recording may carry another status (e.g. 500 with HTML)
    QByteArray contentType;
};
using RunProducer = std::function<RunReply(const QJsonObject &runAgentInput)>;

struct ResponseEncoding
{
    QByteArray contentType; // e.g. "text/event-stream"
    std::function<QByteArray(const QJsonObject &event)> encode;
    bool explicitOnly = false; // admitted only when Accept names contentType itself
};

// The encodings a server offers, most preferred first; negotiate() picks the first the Accept
// header admits with q>0 (an absent Accept admits anything).
QList<ResponseEncoding> defaultEncodings(); // protobuf (explicit only), then SSE
const ResponseEncoding *negotiate(const QList<ResponseEncoding> &offered, const QByteArray &accept);

// Media type of a Content-Type header without parameters, lower-cased ("application/json").
QByteArray mediaType(const QByteArray &contentType);

class AgUiEndpoint : public QObject
{
    Q_OBJECT

public:
    AgUiEndpoint(HttpServer *server, const QString &path, RunProducer producer,
                 QObject *parent = nullptr);

    void setEncodings(QList<ResponseEncoding> encodings) { m_encodings = std::move(encodings); }
    // Give each event without one a "timestamp" (ms since the epoch) when it is sent, as a live
    // agent would; events keep their other fields. Off by default (byte-stable output).
    void setStampTimestamps(bool stamp) { m_stamp = stamp; }

    int runsStarted() const { return m_runsStarted; }
    int runsAbandoned() const { return m_runsAbandoned; } // client left mid-stream

Q_SIGNALS:
    // Every request routed here, before it is checked (so refused ones are seen too).
    void requestReceived(const agui::net::HttpRequest &request);
    void runStarted(const QJsonObject &runAgentInput);
    void runEnded(bool complete); // false: the client went away first

private:
    void handle(const HttpRequest &request, HttpResponder *responder);

    RunProducer m_producer;
    QList<ResponseEncoding> m_encodings;
    bool m_stamp = false;
    int m_runsStarted = 0;
    int m_runsAbandoned = 0;
};

} // namespace agui::net
