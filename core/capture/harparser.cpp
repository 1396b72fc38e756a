// Imports HAR 1.2 files (http://www.softwareishard.com/blog/har-12-spec/), as a browser's network
// panel or a recorder exports them: each entry that is an AG-UI exchange (its response is
// text/event-stream or application/vnd.ag-ui.event+proto, or its request POSTs a RunAgentInput)
// becomes a run with its request, response head and body; the other entries are counted in a
// note. Times come from startedDateTime and the entry's timings: the request is sent after
// blocked + dns + connect + send, the response head arrives after wait, the body ends after
// receive. A HAR keeps the body whole, not the pieces it arrived in, so the body is one chunk at
// its end time (a note says so) — unless the entry carries our own "_aguiChunks" list (written
// by agui-inspect's HAR export), which restores every piece with its time.

#include "core/capture/captureparsers_p.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace agui::detail {

namespace {

qint64 timingUs(const QJsonObject &timings, const char *name)
{
    const double ms = timings.value(QLatin1String(name)).toDouble(-1);
    return ms > 0 ? qint64(std::llround(ms * 1000.0)) : 0;
}

HttpHeaders headersOf(const QJsonObject &message)
{
    HttpHeaders headers;
    const QJsonArray list = message.value(QLatin1String("headers")).toArray();
    for (const auto &h : list)
        headers.append({h[QLatin1String("name")].toString(), h[QLatin1String("value")].toString()});
    return headers;
}

bool isAgUiExchange(const QJsonObject &entry)
{
    if (entry.contains(QLatin1String("_aguiChunks"))
        || entry.value(QLatin1String("response"))
               .toObject()
               .contains(QLatin1String("_aguiFraming")))
        return true; // written by our own HAR export
    const QJsonObject response = entry.value(QLatin1String("response")).toObject();
    const QString mime
        = response[QLatin1String("content")][QLatin1String("mimeType")].toString().toLower();
    if (mime.startsWith(QLatin1String("text/event-stream"))
        || mime.startsWith(QLatin1String("application/vnd.ag-ui.event+proto")))
        return true;
    const QJsonObject request = entry.value(QLatin1String("request")).toObject();
    const QJsonObject body
        = QJsonDocument::fromJson(
              request[QLatin1String("postData")][QLatin1String("text")].toString().toUtf8())
              .object();
    return request.value(QLatin1String("method")).toString() == QLatin1String("POST")
        && body.contains(QLatin1String("threadId")) && body.contains(QLatin1String("messages"));
}

class HarParser : public CaptureParser
{
public:
    using CaptureParser::CaptureParser;

    void block(const QByteArray &block, qint64 offset) override
    {
        Q_UNUSED(offset);
        m_text.append(block); // a HAR is one JSON document: parsed whole at the end
    }

    void finish() override
    {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(m_text, &error);
        m_text.clear();
        if (error.error != QJsonParseError::NoError) {
            m_capture.truncated = error.error == QJsonParseError::UnterminatedObject
                || error.error == QJsonParseError::UnterminatedArray;
            problem("bad-record", Severity::Error, error.offset, -1,
                    QStringLiteral("not a valid HAR: %1 at byte %2")
                        .arg(error.errorString())
                        .arg(error.offset));
            return;
        }
        const QJsonObject log = doc.object().value(QLatin1String("log")).toObject();
        m_capture.header
            = QJsonObject {{QLatin1String("har"), log.value(QLatin1String("version"))},
                           {QLatin1String("creator"), log.value(QLatin1String("creator"))}};
        const QJsonObject creator = log.value(QLatin1String("creator")).toObject();
        m_capture.tool = QString(creator.value(QLatin1String("name")).toString() + QLatin1Char(' ')
                                 + creator.value(QLatin1String("version")).toString())
                             .trimmed();
        const QJsonArray entries = log.value(QLatin1String("entries")).toArray();
        int skipped = 0;
        int wholeBodies = 0;
        for (qsizetype i = 0; i < entries.size(); ++i) {
            const QJsonObject entry = entries[i].toObject();
            if (!isAgUiExchange(entry)) {
                ++skipped;
                continue;
            }
            wholeBodies += entryRun(entry, int(i)) ? 0 : 1;
        }
        if (skipped > 0)
            m_capture.notes.append({-1, -1,
                                    QStringLiteral("HAR: %1 of %2 entries are not AG-UI exchanges "
                                                   "(not imported)")
                                        .arg(skipped)
                                        .arg(entries.size())});
        if (wholeBodies > 0)
            m_capture.notes.append(
                {-1, -1,
                 QStringLiteral("HAR: a HAR keeps each response body whole, without the times its "
                                "pieces arrived; every event of a response carries the time its "
                                "body ended")});
    }

private:
    // One run from one entry; false when its body is one piece (no per-chunk times).
    bool entryRun(const QJsonObject &entry, int entryIndex)
    {
        const int index
            = runIndex(int(m_capture.runs.size()), QStringLiteral("entry %1").arg(entryIndex));
        RunRecording &run = m_capture.runs[index];
        const QJsonObject request = entry.value(QLatin1String("request")).toObject();
        const QJsonObject response = entry.value(QLatin1String("response")).toObject();
        const QJsonObject timings = entry.value(QLatin1String("timings")).toObject();
        const QDateTime started = QDateTime::fromString(
            entry.value(QLatin1String("startedDateTime")).toString(), Qt::ISODateWithMs);
        const QJsonValue exact = entry.value(QLatin1String("_aguiSentAtUs"));
        const qint64 sent = exact.isDouble() ? qint64(exact.toDouble())
            : started.isValid() ? started.toMSecsSinceEpoch() * 1000 + timingUs(timings, "blocked")
                + timingUs(timings, "dns") + timingUs(timings, "connect")
                + timingUs(timings, "send")
                                : -1;
        run.request.present = true;
        run.request.sentAtUs = sent;
        run.request.method = request.value(QLatin1String("method")).toString();
        run.request.url = request.value(QLatin1String("url")).toString();
        run.request.headers = headersOf(request);
        run.request.body
            = request[QLatin1String("postData")][QLatin1String("text")].toString().toUtf8();
        const int status = response.value(QLatin1String("status")).toInt();
        run.response.present = status > 0;
        run.response.status = status;
        run.response.headers = headersOf(response);
        run.response.receivedAtUs = sent >= 0 ? sent + timingUs(timings, "wait") : -1;
        const QJsonValue framing = response.value(QLatin1String("_aguiFraming"));
        run.framing = framing.isString()
            ? captureFramingFromName(framing.toString())
            : framingForContentType(
                headerValue(run.response.headers, QLatin1StringView("content-type")));
        const qint64 endUs = run.response.receivedAtUs >= 0
            ? run.response.receivedAtUs + timingUs(timings, "receive")
            : -1;
        run.end = status > 0 ? RunEnd::Finished : RunEnd::Error;
        run.endedAtUs = endUs;
        if (status == 0)
            run.endError = response.value(QLatin1String("_error"))
                               .toString(QStringLiteral("no response in the HAR"));
        const bool timed = body(entry, index, endUs, sent);
        endRun(index); // an entry holds its whole exchange
        return timed;
    }

    bool body(const QJsonObject &entry, int index, qint64 endUs, qint64 sentUs)
    {
        const QJsonObject content
            = entry[QLatin1String("response")][QLatin1String("content")].toObject();
        if (!content.contains(QLatin1String("text"))) {
            if (content.value(QLatin1String("size")).toDouble() > 0)
                problem("har-no-body", Severity::Warning, -1, -1,
                        QStringLiteral("%1: the response body was not saved in the HAR (export "
                                       "it with content)")
                            .arg(m_capture.runs[index].label));
            return true;
        }
        const QString text = content.value(QLatin1String("text")).toString();
        const QByteArray bytes
            = content.value(QLatin1String("encoding")).toString() == QLatin1String("base64")
            ? QByteArray::fromBase64(text.toLatin1())
            : text.toUtf8();
        const QJsonArray pieces = entry.value(QLatin1String("_aguiChunks")).toArray();
        qint64 total = 0;
        for (const auto &p : pieces)
            total += qint64(p[QLatin1String("size")].toDouble());
        if (pieces.isEmpty() || total != bytes.size() || sentUs < 0) {
            emitChunk(index, {endUs, bytes, -1, false});
            return false;
        }
        qint64 at = 0;
        for (const auto &p : pieces) {
            const qint64 size = qint64(p[QLatin1String("size")].toDouble());
            const qint64 t
                = sentUs + qint64(std::llround(p[QLatin1String("time")].toDouble() * 1000));
            emitChunk(index, {t, bytes.mid(at, size), -1, false});
            at += size;
        }
        return true;
    }

    QByteArray m_text;
};

} // namespace

std::unique_ptr<CaptureParser> makeHarParser(Capture &capture, const CaptureReadOptions &options)
{
    return std::make_unique<HarParser>(capture, options);
}

} // namespace agui::detail
