#include "core/net/aguiendpoint.h"

#include "core/wire/protoevent.h"
#include "core/wire/protoframes.h"
#include "core/wire/sseencoder.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QPointer>
#include <QTimer>

#include <algorithm>

namespace agui::net {

namespace {

// Writes the chunks of one run to a streaming responder, each after its delay; stops as soon
// as the client is gone. A child of the responder: it goes with the connection.
class PacedWriter : public QObject
{
public:
    PacedWriter(HttpResponder *responder, QList<AgentChunk> chunks, ResponseEncoding encoding,
                bool stamp, std::function<void(bool)> done)
        : QObject(responder)
        , m_stamp(stamp)
        , m_responder(responder)
        , m_chunks(std::move(chunks))
        , m_encoding(std::move(encoding))
        , m_done(std::move(done))
    {
        m_timer.setSingleShot(true);
        connect(&m_timer, &QTimer::timeout, this, [this] { step(); });
        connect(responder, &HttpResponder::clientGone, this, [this] { end(false); });
        schedule();
    }

private:
    void schedule()
    {
        if (m_next >= m_chunks.size()) {
            m_responder->finish();
            end(true);
            return;
        }
        m_timer.start(int(std::clamp<qint64>(m_chunks.at(m_next).delayMs, 0, 24 * 3600 * 1000)));
    }

    void step()
    {
        if (m_ended)
            return;
        // Everything due now goes out together (delay 0 means "right after the previous one").
        do {
            const AgentChunk &chunk = m_chunks.at(m_next++);
            QByteArray bytes = chunk.raw;
            if (bytes.isEmpty()) {
                QJsonObject event = chunk.event;
                if (m_stamp && !event.contains(QLatin1StringView {"timestamp"}))
                    event.insert(QStringLiteral("timestamp"), QDateTime::currentMSecsSinceEpoch());
                bytes = m_encoding.encode(event);
            }
            if (!m_responder->write(bytes)) {
                end(false);
                return;
            }
        } while (m_next < m_chunks.size() && m_chunks.at(m_next).delayMs <= 0);
        schedule();
    }

    void end(bool complete)
    {
        if (m_ended)
            return;
        m_ended = true;
        m_timer.stop();
        if (m_done)
            m_done(complete);
    }

    bool m_stamp;
    QPointer<HttpResponder> m_responder;
    QList<AgentChunk> m_chunks;
    ResponseEncoding m_encoding;
    std::function<void(bool)> m_done;
    QTimer m_timer;
    qsizetype m_next = 0;
    bool m_ended = false;
};

// Does an Accept header admit the media type with q>0? ("type/sub", "type/*", "*/*")
bool admits(const QByteArray &accept, const QByteArray &type)
{
    if (accept.trimmed().isEmpty())
        return true;
    const QByteArray major = type.left(type.indexOf('/'));
    for (const QByteArray &rangeText : accept.split(',')) {
        const QList<QByteArray> params = rangeText.split(';');
        const QByteArray range = params.first().trimmed().toLower();
        double q = 1.0;
        for (qsizetype i = 1; i < params.size(); ++i) {
            const QByteArray p = params.at(i).trimmed();
            if (p.startsWith("q=") || p.startsWith("Q="))
                q = p.mid(2).toDouble();
        }
        if (q <= 0)
            continue;
        if (range == "*/*" || range == type || range == major + "/*")
            return true;
    }
    return false;
}

// Does an Accept header name exactly this media type with q>0 (no wildcard)?
bool namesExplicitly(const QByteArray &accept, const QByteArray &type)
{
    for (const QByteArray &rangeText : accept.split(',')) {
        const QList<QByteArray> params = rangeText.split(';');
        if (params.first().trimmed().toLower() != type)
            continue;
        double q = 1.0;
        for (qsizetype i = 1; i < params.size(); ++i) {
            const QByteArray p = params.at(i).trimmed();
            if (p.startsWith("q=") || p.startsWith("Q="))
                q = p.mid(2).toDouble();
        }
        if (q > 0)
            return true;
    }
    return false;
}

} // namespace

QByteArray mediaType(const QByteArray &contentType)
{
    return contentType.split(';').first().trimmed().toLower();
}

QList<ResponseEncoding> defaultEncodings()
{
    ResponseEncoding proto {QByteArrayLiteral("application/vnd.ag-ui.event+proto"),
                            [](const QJsonObject &e) {
                                const ProtoEncodeResult r = encodeProtoEvent(e);
                                if (!r.error.isEmpty()) {
                                    // Nothing half-encoded goes out; the log says what was left
                                    // out.
                                    qWarning("agui serve: event not sent over protobuf: %s",
                                             qPrintable(r.error));
                                    return QByteArray();
                                }
                                return encodeProtoFrame(r.message);
                            },
                            true};
    ResponseEncoding sse {QByteArrayLiteral("text/event-stream"),
                          [](const QJsonObject &e) { return encodeSse(e); }};
    return {proto, sse};
}

const ResponseEncoding *negotiate(const QList<ResponseEncoding> &offered, const QByteArray &accept)
{
    // 1. a binding the client names itself; 2. one a wildcard admits, text first (curl's */*);
    // 3. an explicit-only binding a wildcard admits (application/* can only mean protobuf).
    for (const ResponseEncoding &e : offered)
        if (e.explicitOnly && namesExplicitly(accept, e.contentType))
            return &e;
    for (const ResponseEncoding &e : offered)
        if (!e.explicitOnly && admits(accept, e.contentType))
            return &e;
    for (const ResponseEncoding &e : offered)
        if (e.explicitOnly && admits(accept, e.contentType))
            return &e;
    return nullptr;
}

AgUiEndpoint::AgUiEndpoint(HttpServer *server, const QString &path, RunProducer producer,
                           QObject *parent)
    : QObject(parent ? parent : server)
    , m_producer(std::move(producer))
    , m_encodings(defaultEncodings())
{
    server->route(QByteArrayLiteral("POST"), path,
                  [this](const HttpRequest &request, HttpResponder *responder) {
                      handle(request, responder);
                  });
}

void AgUiEndpoint::handle(const HttpRequest &request, HttpResponder *responder)
{
    Q_EMIT requestReceived(request);
    const QByteArray type = mediaType(request.header("Content-Type"));
    if (type != "application/json") {
        responder->respondError(415,
                                QStringLiteral("Content-Type must be application/json (got \"%1\")")
                                    .arg(QString::fromLatin1(request.header("Content-Type"))));
        return;
    }
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(request.body, &error);
    if (error.error != QJsonParseError::NoError) {
        responder->respondError(400,
                                QStringLiteral("request body is not JSON: %1 at byte %2")
                                    .arg(error.errorString())
                                    .arg(error.offset));
        return;
    }
    if (!doc.isObject()) {
        responder->respondError(400,
                                QStringLiteral("request body must be a JSON object "
                                               "(a RunAgentInput)"));
        return;
    }
    const ResponseEncoding *encoding = negotiate(m_encodings, request.header("Accept"));
    if (!encoding) {
        QList<QByteArray> types;
        for (const ResponseEncoding &e : std::as_const(m_encodings))
            types.append(e.contentType);
        responder->respondError(
            406,
            QStringLiteral("Accept admits none of: %1").arg(QString::fromLatin1(types.join(", "))));
        return;
    }
    const QJsonObject input = doc.object();
    RunReply reply = m_producer(input);
    if (reply.errorStatus != 0) {
        responder->respondError(reply.errorStatus, reply.error);
        return;
    }
    ++m_runsStarted;
    Q_EMIT runStarted(input);
    responder->beginStream(reply.status,
                           reply.contentType.isEmpty() ? encoding->contentType : reply.contentType,
                           {{QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-cache")}});
    new PacedWriter(responder, std::move(reply.chunks), *encoding, m_stamp, [this](bool complete) {
        if (!complete)
            ++m_runsAbandoned;
        Q_EMIT runEnded(complete);
    });
}

} // namespace agui::net
