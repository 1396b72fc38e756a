#include "ui/live/liveruncontroller.h"

#include "core/capture/capturewriter.h"
#include "core/net/chunksink.h"
#include "core/net/runclient.h"
#include "core/otel/tracemapping.h"
#include "core/protocol/eventsummary.h"
#include "core/protocol/runagentinput.h"
#include "core/recording/runrecorder.h"
#include "core/session/session.h"
#include "ui/models/sessiondocument.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>

namespace agui::ui {

namespace {

LiveRunController::State stateFor(net::RunClient::Status status)
{
    using S = net::RunClient::Status;
    using L = LiveRunController::State;
    switch (status) {
    case S::Idle:
        return L::Idle;
    case S::Connecting:
        return L::Connecting;
    case S::Streaming:
        return L::Streaming;
    case S::Stalled:
        return L::Stalled;
    case S::Finished:
        return L::Finished;
    case S::Failed:
        return L::Failed;
    case S::Stopped:
        return L::Stopped;
    }
    return L::Idle;
}

} // namespace

LiveRunController::LiveRunController(SessionDocument *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_client(std::make_unique<net::RunClient>())
{
    // The session's Recording decodes the body from the recorded chunks (recordRun).
    m_client->setDecodeEvents(false);
    if (m_document)
        connect(m_document, &SessionDocument::eventsAppended, this,
                [this](qint64 first, qint64 last) {
                    m_events += last - first + 1;
                    if (isRunning())
                        Q_EMIT stateChanged(m_state); // the counts in the status text moved
                });
    connect(m_client.get(), &net::RunClient::statusChanged, this,
            &LiveRunController::onClientStatus);
    connect(m_client.get(), &net::RunClient::failed, this, &LiveRunController::failed);
}

LiveRunController::~LiveRunController()
{
    // The client must stop before the recorder it writes to goes away.
    m_client->stop();
    m_client.reset();
}

void LiveRunController::onClientStatus()
{
    const State next = stateFor(m_client->status());
    if (next == m_state)
        return;
    m_state = next;
    Q_EMIT stateChanged(next);
}

bool LiveRunController::isRunning() const
{
    return m_client->isActive();
}

int LiveRunController::httpStatus() const
{
    return m_client->httpStatus();
}

QByteArray LiveRunController::errorBody() const
{
    return m_client->errorBody();
}

QString LiveRunController::errorString() const
{
    return m_client->errorString();
}

qint64 LiveRunController::bytesReceived() const
{
    return m_client->bytesReceived();
}

qint64 LiveRunController::eventsReceived() const
{
    return m_events;
}

void LiveRunController::setStallTimeoutMs(int ms)
{
    m_client->setStallTimeout(ms);
}

QString LiveRunController::newCapturePath(const QString &prefix) const
{
    // The app's folder under the user's data folder (~/.local/share/agui-inspector/captures,
    // %LOCALAPPDATA%\agui-inspector\captures): AppLocalDataLocation would name the app twice,
    // organisation and application both being "agui-inspector".
    const QString dir = m_captureDirSet
        ? m_captureDir
        : QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
            + QStringLiteral("/agui-inspector/captures");
    if (dir.isEmpty())
        return {}; // memory only
    QDir().mkpath(dir);
    return dir + QLatin1Char('/') + prefix + QLatin1Char('-')
        + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"))
        + QStringLiteral(".aguicap");
}

bool LiveRunController::ensureCaptureFile()
{
    if (m_writer && m_writer->isOpen())
        return true;
    m_capturePath = newCapturePath(QStringLiteral("session"));
    if (m_capturePath.isEmpty())
        return false; // memory only
    m_writer = std::make_unique<CaptureWriter>();
    m_firstRecordedRun = int(m_document->capture().runs.size());
    if (!m_writer->open(m_capturePath)) {
        m_recordError = tr("Cannot record to %1: %2").arg(m_capturePath, m_writer->errorString());
        m_writer.reset();
        m_capturePath.clear();
        return false;
    }
    return true;
}

void LiveRunController::start(const RunRequest &request)
{
    if (isRunning() || !m_document)
        return;
    m_lastRequest = request;
    // A raw body that is not a JSON object carries no thread: keep the one we had.
    if (!request.input.isEmpty() || request.body.isEmpty())
        m_threadInput = request.input;
    m_recordError.clear();
    const bool recording = ensureCaptureFile();
    m_recorder = m_document->recordRun(recording ? m_writer.get() : nullptr);
    m_client->setSink(m_recorder.get());
    if (m_extraSinks) {
        if (std::unique_ptr<net::ChunkSink> extra = m_extraSinks()) {
            m_sinks = std::make_unique<net::FanOutSink>();
            m_sinks->add(static_cast<net::ChunkSink *>(m_recorder.get()));
            m_sinks->add(std::move(extra));
            m_client->setSink(m_sinks.get());
        }
    }
    m_document->setRunInput(request.input);
    m_events = 0;
    HttpHeaders headers = request.headers;
    addTraceContext(headers);
    if (request.acceptProtobuf) {
        // Only when asked: a wildcard would also select protobuf on reference servers.
        headers.append(
            {QStringLiteral("Accept"), QStringLiteral("application/vnd.ag-ui.event+proto")});
    }
    if (request.body.isEmpty())
        m_client->start(request.url, request.input, headers);
    else
        m_client->startWithBody(request.url, request.body, headers);
}

void LiveRunController::addTraceContext(HttpHeaders &headers)
{
    m_traceId.clear();
    const QString given = headerValue(headers, QLatin1StringView("traceparent"));
    if (!given.isEmpty()) {
        if (const auto parent = otel::TraceParent::parse(given.toLatin1(), nullptr))
            m_traceId = parent->traceId;
        return;
    }
    if (!m_sendTraceContext)
        return;
    const otel::TraceParent parent = otel::newClientTraceParent();
    m_traceId = parent.traceId;
    headers.append({QStringLiteral("traceparent"), QString::fromLatin1(parent.toHeader())});
}

void LiveRunController::stop()
{
    if (isRunning())
        m_client->stop();
}

QString LiveRunController::statusText() const
{
    const QString url = m_lastRequest.url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);
    const qint64 events = eventsReceived();
    const qint64 bytes = bytesReceived();
    switch (m_state) {
    case State::Idle:
        return tr("Not connected");
    case State::Connecting:
        return tr("Connecting to %1…").arg(url);
    case State::Streaming:
        return tr("Streaming from %1 · %2 events, %3 bytes").arg(url).arg(events).arg(bytes);
    case State::Stalled:
        return tr("Stalled: %1 has sent nothing for %2 s · %3 events")
            .arg(url)
            .arg(m_client->stallTimeout() / 1000.0)
            .arg(events);
    case State::Finished: {
        QString text = tr("Finished · HTTP %1 · %2 events, %3 bytes")
                           .arg(httpStatus())
                           .arg(events)
                           .arg(bytes);
        if (const QString note = m_client->bindingNote(); !note.isEmpty())
            text += QStringLiteral(" · ") + note;
        return text;
    }
    case State::Failed: {
        // What broke, in the client's words: an HTTP status with the start of its body, or the
        // transport's error (refused, TLS, a broken chunked body...); one line, plain text.
        const QString error = visibleText(errorString().simplified());
        QString text = httpStatus() > 0 ? tr("Error from %1: %2").arg(url, error)
                                        : tr("Error: %1").arg(error);
        if (text.size() > 400)
            text = text.left(400) + QStringLiteral("…");
        return text;
    }
    case State::Stopped:
        return tr("Stopped · %1 events, %2 bytes").arg(events).arg(bytes);
    }
    return {};
}

QString LiveRunController::statusDetail() const
{
    if (m_state == State::Idle)
        return statusText(); // nothing of an earlier session's run
    QString detail = statusText();
    if (m_state == State::Failed && !errorString().isEmpty())
        detail += QStringLiteral("\n") + errorString();
    const QByteArray body = errorBody();
    if (!body.isEmpty())
        detail += QStringLiteral("\n\n") + QString::fromUtf8(body.left(4000));
    if (!m_capturePath.isEmpty())
        detail += tr("\n\nRecording to %1").arg(m_capturePath);
    if (!m_recordError.isEmpty())
        detail += QStringLiteral("\n\n") + m_recordError;
    return detail;
}

bool LiveRunController::bodyOnlyOnDisk() const
{
    // The budget is the session's: a new session (a Recording of its own) starts with none used.
    return m_document && !m_capturePath.isEmpty() && m_document->bodySpilled();
}

bool LiveRunController::saveSpilledRecording(const QString &path, QString *error) const
{
    if (!bodyOnlyOnDisk())
        return false;
    if (m_firstRecordedRun != 0) {
        *error = tr("The live runs of this session are larger than the inspector keeps in "
                    "memory, and the session also holds runs from another capture. Every byte of "
                    "the live runs is recorded in %1.")
                     .arg(m_capturePath);
        return true;
    }
    // The document is exactly this recording: the file is the capture, byte for byte.
    QFile in(m_capturePath);
    QSaveFile out(path);
    if (!in.open(QIODevice::ReadOnly) || !out.open(QIODevice::WriteOnly)) {
        *error = in.isOpen() ? out.errorString() : in.errorString();
        return true;
    }
    while (!in.atEnd()) {
        const QByteArray block = in.read(1 << 20);
        if (block.isEmpty() || out.write(block) != block.size()) {
            *error = in.error() != QFileDevice::NoError ? in.errorString() : out.errorString();
            out.cancelWriting();
            return true;
        }
    }
    if (!out.commit())
        *error = out.errorString();
    return true;
}

QJsonObject LiveRunController::nextRunInput() const
{
    if (m_threadInput.isEmpty() || !m_document)
        return {};
    // What @ag-ui/client sends next: the thread's messages and state as the events left them.
    const SessionSnapshot &now = m_document->session().current();
    return agui::nextRunInput(m_threadInput, messagesAsAgUi(now), now.state());
}

void LiveRunController::resetThread()
{
    m_threadInput = {};
    if (!isRunning()) {
        // A new session (an opened capture) gets its own recording file on its next run, and the
        // last run's status ("Finished · HTTP 200", an old 404) is not the new session's.
        m_client->setSink(nullptr);
        m_sinks.reset();
        m_recorder.reset();
        m_writer.reset();
        m_capturePath.clear();
        m_firstRecordedRun = 0;
        if (m_state != State::Idle) {
            m_state = State::Idle;
            Q_EMIT stateChanged(m_state);
        }
    }
}

} // namespace agui::ui
