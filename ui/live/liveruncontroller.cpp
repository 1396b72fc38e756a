#include "ui/live/liveruncontroller.h"

#include "core/capture/capturewriter.h"
#include "core/capture/redaction.h"
#include "core/protocol/runagentinput.h"
#include "core/protocol/streamdecoder.h"
#include "core/session/session.h"
#include "ui/models/sessiondocument.h"

#include <QDateTime>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QStandardPaths>

namespace agui::ui {

namespace {

constexpr int kErrorBodyLimit = 1 << 20; // what the error view keeps; the capture keeps all

HttpHeaders replyHeaders(const QNetworkReply *reply)
{
    HttpHeaders headers;
    for (const auto &pair : reply->rawHeaderPairs())
        headers.append({QString::fromLatin1(pair.first), QString::fromLatin1(pair.second)});
    return headers;
}

} // namespace

LiveRunController::LiveRunController(SessionDocument *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_network(new QNetworkAccessManager(this))
{
    m_stallTimer.setInterval(500);
    connect(&m_stallTimer, &QTimer::timeout, this, &LiveRunController::checkStall);
}

LiveRunController::~LiveRunController()
{
    if (m_reply) {
        m_stopRequested = true;
        m_reply->abort();
    }
}

bool LiveRunController::isRunning() const
{
    return m_state == State::Connecting || m_state == State::Streaming || m_state == State::Stalled;
}

void LiveRunController::setState(State state)
{
    if (state == m_state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

bool LiveRunController::ensureCaptureFile()
{
    if (m_writer && m_writer->isOpen())
        return true;
    QString dir = m_captureDir;
    if (!m_captureDirSet) {
        dir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation)
            + QStringLiteral("/captures");
    }
    if (dir.isEmpty())
        return false; // memory only
    QDir().mkpath(dir);
    m_capturePath = dir + QStringLiteral("/session-")
        + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"))
        + QStringLiteral(".aguicap");
    m_writer = std::make_unique<CaptureWriter>();
    if (!m_writer->open(m_capturePath)) {
        m_error = tr("Cannot record to %1: %2").arg(m_capturePath, m_writer->errorString());
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
    m_stopRequested = false;
    m_httpError = false;
    m_httpStatus = 0;
    m_errorBody.clear();
    m_error.clear();
    m_bytes = 0;
    m_events = 0;
    m_runStartSeq = m_document->size();
    m_threadInput = request.input;
    m_document->setRunInput(request.input);

    const QByteArray body = QJsonDocument(request.input).toJson(QJsonDocument::Compact);
    QNetworkRequest req(request.url);
    req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    HttpHeaders sent;
    for (const auto &h : request.headers) {
        req.setRawHeader(h.first.toLatin1(), h.second.toLatin1());
        sent.append(h);
    }
    // The reference client's binding (AG-UI §3.1); identity encoding so the recorded bytes are
    // the bytes the server sent, and no cache in between.
    const QByteArray accept = request.acceptProtobuf
        ? QByteArrayLiteral("application/vnd.ag-ui.event+proto")
        : QByteArrayLiteral("text/event-stream");
    req.setRawHeader("Accept", accept);
    req.setRawHeader("Cache-Control", "no-cache");
    req.setRawHeader("Accept-Encoding", "identity");
    sent.append({QStringLiteral("Content-Type"), QStringLiteral("application/json")});
    sent.append({QStringLiteral("Accept"), QString::fromLatin1(accept)});
    // A redirect of a POST is shown, not silently followed.
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::ManualRedirectPolicy);

    RecordedRequest recorded;
    recorded.present = true;
    recorded.sentAtUs = nowUs();
    recorded.method = QStringLiteral("POST");
    recorded.url = request.url.toString();
    recorded.headers = sent;
    recorded.body = body;
    m_runId = -1;
    if (ensureCaptureFile())
        m_runId = m_writer->beginRun(recorded);
    // The in-memory copy (Save As) holds the redacted form only.
    RunRecording recording;
    recording.id = m_runId >= 0 ? m_runId : int(m_document->capture().runs.size());
    recording.request = recorded;
    recording.request.headers = redactHeaders(recorded.headers);
    recording.request.url = redactUrl(recorded.url);
    m_document->mutableCapture().runs.append(recording);
    m_captureRunIndex = int(m_document->capture().runs.size()) - 1;

    m_decoder = std::make_unique<StreamDecoder>(Framing::Sse);
    setState(State::Connecting);
    m_reply = m_network->post(req, body);
    connect(m_reply, &QNetworkReply::metaDataChanged, this, &LiveRunController::onMetaData);
    connect(m_reply, &QNetworkReply::readyRead, this, &LiveRunController::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &LiveRunController::onFinished);
    m_sinceLastByte.start();
    m_stallTimer.start();
}

void LiveRunController::onMetaData()
{
    if (!m_reply)
        return;
    m_httpStatus = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    RecordedResponse response;
    response.present = true;
    response.receivedAtUs = nowUs();
    response.status = m_httpStatus;
    response.headers = replyHeaders(m_reply);
    if (m_writer && m_runId >= 0)
        m_writer->writeResponse(m_runId, response);
    RunRecording &rec = m_document->mutableCapture().runs[m_captureRunIndex];
    rec.response = response;
    rec.response.headers = redactHeaders(response.headers);
    const QString contentType = m_reply->header(QNetworkRequest::ContentTypeHeader).toString();
    rec.framing = framingForContentType(contentType);
    m_httpError = m_httpStatus < 200 || m_httpStatus >= 300;
    if (!m_httpError) {
        if (rec.framing != Framing::Sse) {
            // Bytes are still recorded; decoding waits for the wire layer's proto support.
            m_error = tr("The server answered with %1, which this build cannot decode yet; the "
                         "bytes are recorded in the capture.")
                          .arg(contentType);
        }
        m_decoder = std::make_unique<StreamDecoder>(rec.framing == Framing::Proto ? Framing::Sse
                                                                                  : rec.framing);
        setState(State::Streaming);
    }
}

void LiveRunController::onReadyRead()
{
    if (!m_reply)
        return;
    const QByteArray bytes = m_reply->readAll();
    if (bytes.isEmpty())
        return;
    const qint64 at = nowUs();
    m_sinceLastByte.restart();
    m_bytes += bytes.size();
    // 1. disk, 2. memory, 3. decode: nothing received can be lost to a later failure.
    if (m_writer && m_runId >= 0)
        m_writer->writeChunk(m_runId, bytes, at);
    RunRecording &rec = m_document->mutableCapture().runs[m_captureRunIndex];
    rec.chunks.append(Chunk {at, bytes, -1, false});
    if (m_httpError) {
        if (m_errorBody.size() < kErrorBodyLimit)
            m_errorBody += bytes.left(kErrorBodyLimit - m_errorBody.size());
        return;
    }
    if (m_state == State::Stalled || m_state == State::Connecting)
        setState(State::Streaming);
    if (rec.framing == Framing::Proto)
        return;
    const QList<Event> events = m_decoder->feed(bytes, at);
    m_events += events.size();
    m_document->appendEvents(events);
    Q_EMIT stateChanged(m_state); // counts in the status text
}

void LiveRunController::finishDecoder()
{
    if (!m_decoder || m_httpError)
        return;
    const QList<Event> tail = m_decoder->finish();
    m_events += tail.size();
    m_document->appendEvents(tail);
    m_decoder.reset();
}

void LiveRunController::onFinished()
{
    QNetworkReply *reply = m_reply;
    if (!reply)
        return;
    m_stallTimer.stop();
    onReadyRead(); // whatever is left
    const QNetworkReply::NetworkError error = reply->error();
    if (m_httpStatus == 0)
        m_httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    finishDecoder();
    RunEnd end = RunEnd::Finished;
    QString endError;
    State next = State::Finished;
    if (m_stopRequested) {
        end = RunEnd::Aborted;
        next = State::Stopped;
    } else if (m_httpError && m_httpStatus > 0) {
        end = RunEnd::Error;
        next = State::Failed;
        const QString reason
            = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
        m_error = tr("HTTP %1 %2").arg(m_httpStatus).arg(reason);
        endError = m_error;
    } else if (error != QNetworkReply::NoError) {
        end = RunEnd::Error;
        next = State::Failed;
        m_error = reply->errorString();
        endError = m_error;
    }
    if (m_writer && m_runId >= 0)
        m_writer->endRun(m_runId, end, endError);
    RunRecording &rec = m_document->mutableCapture().runs[m_captureRunIndex];
    rec.end = end;
    rec.endError = endError;
    rec.endedAtUs = nowUs();
    reply->deleteLater();
    m_reply = nullptr;
    setState(next);
    if (next == State::Failed)
        Q_EMIT failed(m_error, m_httpStatus, m_errorBody);
}

void LiveRunController::stop()
{
    if (!m_reply || !isRunning())
        return;
    m_stopRequested = true;
    m_reply->abort(); // finished() follows synchronously, with OperationCanceledError
}

void LiveRunController::checkStall()
{
    if (!isRunning())
        return;
    if (m_sinceLastByte.elapsed() >= m_stallTimeoutMs && m_state != State::Stalled)
        setState(State::Stalled);
}

QString LiveRunController::statusText() const
{
    const QString url = m_lastRequest.url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);
    switch (m_state) {
    case State::Idle:
        return tr("Not connected");
    case State::Connecting:
        return tr("Connecting to %1…").arg(url);
    case State::Streaming:
        return tr("Streaming from %1 · %2 events, %3 bytes").arg(url).arg(m_events).arg(m_bytes);
    case State::Stalled:
        return tr("Stalled: no data from %1 for %2 s")
            .arg(url)
            .arg(m_sinceLastByte.elapsed() / 1000);
    case State::Finished:
        return tr("Finished · HTTP %1 · %2 events, %3 bytes")
            .arg(m_httpStatus)
            .arg(m_events)
            .arg(m_bytes);
    case State::Failed: {
        QString text = tr("Error: %1").arg(m_error);
        if (!m_errorBody.isEmpty()) {
            // The server's own words, on one line, as plain text.
            QString body = QString::fromUtf8(m_errorBody.left(300)).simplified();
            text += QStringLiteral(" · ") + body;
        }
        return text;
    }
    case State::Stopped:
        return tr("Stopped · %1 events, %2 bytes").arg(m_events).arg(m_bytes);
    }
    return {};
}

QString LiveRunController::statusDetail() const
{
    QString detail = statusText();
    if (!m_errorBody.isEmpty())
        detail += QStringLiteral("\n\n") + QString::fromUtf8(m_errorBody.left(4000));
    if (!m_capturePath.isEmpty())
        detail += tr("\n\nRecording to %1").arg(m_capturePath);
    return detail;
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
}

} // namespace agui::ui
