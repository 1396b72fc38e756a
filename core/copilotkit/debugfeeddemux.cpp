#include "core/copilotkit/debugfeeddemux.h"

#include "core/copilotkit/runtimenotes.h"
#include "core/net/chunksink.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

namespace agui::copilotkit {

namespace {

// The envelope members @copilotkit/runtime 1.75.0 writes (DebugEventBus.broadcast).
bool isEnvelopeMember(const QString &key)
{
    static const QSet<QString> known {QStringLiteral("timestamp"), QStringLiteral("agentId"),
                                      QStringLiteral("threadId"), QStringLiteral("runId"),
                                      QStringLiteral("event")};
    return known.contains(key);
}

} // namespace

QString FeedStream::label() const
{
    return QStringLiteral("%1 · %2").arg(agentId.isEmpty() ? QStringLiteral("(no agent)") : agentId,
                                         threadId.isEmpty() ? QStringLiteral("(before RUN_STARTED)")
                                                            : threadId);
}

DebugFeedDemux::DebugFeedDemux(net::ChunkSink *feedRun, OpenStream openStream)
    : m_feedRun(feedRun)
    , m_openStream(std::move(openStream))
{ }

DebugFeedDemux::~DebugFeedDemux() = default;

void DebugFeedDemux::opened(const RecordedRequest &request, const RecordedResponse &response)
{
    m_request = request;
    m_feedRun->requestSent(request);
    m_feedRun->responseStarted(response);
    m_feedRun->runDescribed(Framing::CopilotKitDebug, QStringLiteral("debug feed"));
}

void DebugFeedDemux::feed(const QByteArray &bytes, qint64 receivedAtUs)
{
    m_receivedAtUs = receivedAtUs;
    m_pending.append(bytes);
    m_bytesSeen += bytes.size();
    m_parser.feed(bytes, *this);
}

void DebugFeedDemux::finish(RunEnd end, const QString &error, qint64 atUs)
{
    m_finishEnd = end;
    m_receivedAtUs = atUs;
    m_parser.finish(*this);
    // Bytes no block took (a lone BOM): still the feed's.
    toFeedRun(take(m_pending.size()));
    QString feedError = error;
    RunEnd feedEnd = end;
    if (m_endedInsideFrame && end == RunEnd::Finished) {
        feedEnd = RunEnd::Error;
        feedError = QStringLiteral("the feed ended inside a frame");
    }
    m_feedRun->runEnded(feedEnd, feedError, atUs);
    const QString streamError = feedEnd == RunEnd::Error
        ? QStringLiteral("the debug feed broke off: %1").arg(feedError)
        : QString();
    for (net::ChunkSink *sink : std::as_const(m_sinks))
        sink->runEnded(feedEnd, streamError, atUs);
}

QByteArray DebugFeedDemux::takeBlock(const SseBlock &b)
{
    // Blocks come in stream order and partition it, but for what no block holds (a BOM): the
    // feed run's, then the block's own bytes.
    if (b.offset > m_pendingStart)
        toFeedRun(take(b.offset - m_pendingStart));
    return take(b.raw.size());
}

QByteArray DebugFeedDemux::take(qint64 length)
{
    const QByteArray bytes = m_pending.first(qMin<qint64>(length, m_pending.size()));
    m_pending.remove(0, bytes.size());
    m_pendingStart += bytes.size();
    return bytes;
}

void DebugFeedDemux::toFeedRun(const QByteArray &bytes)
{
    if (!bytes.isEmpty())
        m_feedRun->chunkReceived(bytes, m_receivedAtUs);
}

void DebugFeedDemux::block(const SseBlock &b)
{
    if (!b.terminated) {
        // Stopped by the user mid-frame is not the runtime's doing; a feed that broke off is.
        m_endedInsideFrame = m_finishEnd != RunEnd::Aborted;
        note(QStringLiteral("copilotkit.feed-cut"),
             m_endedInsideFrame ? Severity::Error : Severity::Info,
             QStringLiteral("the feed %1 inside a frame: %2 bytes from byte %3 of the feed "
                            "never got their closing blank line; they are kept in the feed's "
                            "own run (\"debug feed\")")
                 .arg(m_endedInsideFrame ? QStringLiteral("ended") : QStringLiteral("was stopped"))
                 .arg(b.raw.size())
                 .arg(b.offset),
             b.offset);
        toFeedRun(takeBlock(b));
        return;
    }
    if (!b.isEvent()) {
        toFeedRun(takeBlock(b));
        return;
    }
    routeEvent(b);
}

void DebugFeedDemux::routeEvent(const SseBlock &b)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(b.data.toByteArray(), &parseError);
    const QJsonObject envelope = doc.object();
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()
        || !envelope.value(QLatin1String("event")).isObject()) {
        note(QStringLiteral("copilotkit.not-an-envelope"), Severity::Error,
             parseError.error != QJsonParseError::NoError
                 ? QStringLiteral("the frame at byte %1 of the feed is not JSON (%2 at byte %3 of "
                                  "its data); kept in the feed's own run")
                       .arg(b.offset)
                       .arg(parseError.errorString())
                       .arg(parseError.offset)
                 : QStringLiteral("the frame at byte %1 of the feed is not a debug-feed envelope "
                                  "(an object with an \"event\" object); kept in the feed's own "
                                  "run")
                       .arg(b.offset),
             b.offset);
        toFeedRun(takeBlock(b));
        return;
    }
    for (const QString &key : envelope.keys()) {
        if (!isEnvelopeMember(key))
            noteOnce(QStringLiteral("member:") + key, QStringLiteral("copilotkit.envelope-member"),
                     Severity::Info,
                     QStringLiteral("the envelope at byte %1 of the feed carries \"%2\", which "
                                    "@copilotkit/runtime 1.75.0 does not write (a newer "
                                    "runtime?); kept in the frame, not read")
                         .arg(b.offset)
                         .arg(key),
                     b.offset);
    }
    qint64 atUs = m_receivedAtUs;
    const QJsonValue timestamp = envelope.value(QLatin1String("timestamp"));
    if (timestamp.isDouble() && timestamp.toDouble() > 0)
        atUs = qint64(timestamp.toDouble() * 1000.0);
    else
        noteOnce(QStringLiteral("timestamp"), QStringLiteral("copilotkit.envelope-member"),
                 Severity::Warning,
                 QStringLiteral("the envelope at byte %1 of the feed has no numeric "
                                "\"timestamp\"; its events carry the time they were received")
                     .arg(b.offset),
                 b.offset);
    const QString agentId = envelope.value(QLatin1String("agentId")).toString();
    const QString threadId = envelope.value(QLatin1String("threadId")).toString();
    const int index = streamFor(agentId, threadId, atUs);

    const QJsonObject event = envelope.value(QLatin1String("event")).toObject();
    if (event.value(QLatin1String("type")).toString() == QLatin1String("RUN_STARTED")) {
        const QString runId = event.value(QLatin1String("runId")).toString();
        if (m_runsSeen[index].contains(runId))
            m_notes.append(replayedRunNote(runId, b.offset));
        else
            m_streams[index].runIds.append(runId);
        m_runsSeen[index].insert(runId);
    } else if (isBareRunFinished(event)) {
        m_notes.append(stoppedRunNote(b.offset));
    }

    FeedStream &s = m_streams[index];
    ++s.frames;
    s.lastAtUs = atUs;
    ++m_framesRouted;
    m_sinks[index]->chunkReceived(takeBlock(b), atUs);
    if (onFrame)
        onFrame(index);
}

int DebugFeedDemux::streamFor(const QString &agentId, const QString &threadId, qint64 atUs)
{
    const QString key = agentId + QChar(0) + threadId;
    const auto found = m_streamByKey.constFind(key);
    if (found != m_streamByKey.cend())
        return *found;
    FeedStream s;
    s.agentId = agentId;
    s.threadId = threadId;
    s.firstAtUs = atUs;
    const int index = int(m_streams.size());
    m_streams.append(s);
    m_runsSeen.append(QSet<QString>());
    m_streamByKey.insert(key, index);
    net::ChunkSink *sink = m_openStream(s);
    m_sinks.append(sink);
    // The stream's run: no request of its own, so it names the feed it came from, at the time
    // the runtime sent its first event.
    RecordedRequest request;
    request.present = true;
    request.sentAtUs = atUs;
    request.method = m_request.method.isEmpty() ? QStringLiteral("GET") : m_request.method;
    request.url = m_request.url;
    sink->requestSent(request);
    sink->runDescribed(Framing::CopilotKitDebug, s.label());
    return index;
}

void DebugFeedDemux::note(const QString &rule, Severity severity, const QString &message,
                          qint64 offset)
{
    m_notes.append(Diagnostic {rule, severity, QString(), message, offset});
}

void DebugFeedDemux::noteOnce(const QString &key, const QString &rule, Severity severity,
                              const QString &message, qint64 offset)
{
    if (m_noted.contains(key))
        return;
    m_noted.insert(key);
    note(rule, severity, message, offset);
}

} // namespace agui::copilotkit
