#include "core/analysis/redactedexport.h"

#include "core/protocol/streamdecoder.h"
#include "core/wire/protoevent.h"
#include "core/wire/protoframes.h"

#include <QJsonDocument>

#include <algorithm>

namespace agui::analysis {

namespace {

// One thing received in a body: an event, or a keep-alive (event.type Invalid, raw only).
struct Received
{
    qint64 streamOffset = -1;
    qint64 receivedAtUs = -1;
    bool keepAlive = false;
    Event event;
};

QList<Received> decodeRun(const RunRecording &run)
{
    StreamDecoder decoder(run.framing);
    QList<Received> items;
    const auto take = [&](QList<Event> events) {
        for (Event &e : events)
            items.append({e.streamOffset, e.receivedAtUs, false, std::move(e)});
        for (Heartbeat &h : decoder.takeHeartbeats()) {
            Received r {h.streamOffset, h.receivedAtUs, true, {}};
            r.event.raw = std::move(h.raw);
            items.append(std::move(r));
        }
    };
    for (const Chunk &chunk : run.chunks)
        take(decoder.feed(chunk.bytes, chunk.receivedAtUs));
    take(decoder.finish());
    std::stable_sort(items.begin(), items.end(), [](const Received &a, const Received &b) {
        return a.streamOffset < b.streamOffset;
    });
    return items;
}

bool isArgsDelta(EventType type)
{
    return type == EventType::ToolCallArgs || type == EventType::ToolCallChunk;
}

// The tool call each argument delta belongs to (a TOOL_CALL_CHUNK without an id continues the
// previous chunk's call), and each call's redacted argument text cut into its non-empty deltas.
class ToolArguments
{
public:
    ToolArguments(const QList<Received> &items, ContentRedactor &redactor)
    {
        QString chunkCall;
        QHash<QString, QString> text;
        QHash<QString, int> pieces;
        for (const Received &r : items) {
            const EventType type = r.event.type;
            QString call = r.event.stringField(QLatin1StringView("toolCallId"));
            if (type == EventType::ToolCallChunk) {
                call = call.isEmpty() ? chunkCall : call;
                chunkCall = call;
            }
            if (!isArgsDelta(type))
                continue;
            m_callOf.append(call);
            const QString delta = r.event.stringField(QLatin1StringView("delta"));
            text[call] += delta;
            pieces[call] += delta.isEmpty() ? 0 : 1;
        }
        for (auto it = text.cbegin(); it != text.cend(); ++it)
            m_parts.insert(it.key(),
                           ContentRedactor::splitText(redactor.toolArguments(it.value()),
                                                      std::max(1, pieces[it.key()])));
    }

    // The redacted delta of the next argument event (in stream order).
    QString next(const QString &originalDelta)
    {
        const QString call = m_callOf.value(m_index++);
        if (originalDelta.isEmpty())
            return originalDelta;
        QList<QString> &parts = m_parts[call];
        return parts.isEmpty() ? QString() : parts.takeFirst();
    }

private:
    QList<QString> m_callOf;
    qsizetype m_index = 0;
    QHash<QString, QList<QString>> m_parts;
};

QByteArray compact(const QJsonValue &v)
{
    return v.isObject() ? QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact)
                        : QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact);
}

// An SSE frame whose payload is spread over several data lines: the other fields (event:, id:,
// comments) stay where they were, the data lines become one, with the frame's own line ends.
QByteArray replaceDataLines(const QByteArray &raw, const QByteArray &payload)
{
    QByteArray out;
    bool written = false;
    qsizetype start = 0;
    while (start < raw.size()) {
        qsizetype end = raw.indexOf('\n', start);
        end = end < 0 ? raw.size() : end + 1;
        const QByteArray line = raw.mid(start, end - start);
        const QByteArray field = line.trimmed();
        const bool data = field == "data" || field.startsWith("data:");
        if (!data) {
            out += line;
        } else if (!written) {
            const QByteArray eol = line.endsWith("\r\n") ? QByteArray("\r\n")
                : line.endsWith('\n')                    ? QByteArray("\n")
                                                         : QByteArray();
            out += "data: " + payload + eol;
            written = true;
        }
        start = end;
    }
    return out;
}

// The frame with its payload replaced, keeping its framing bytes (SSE field lines, line ends).
QByteArray reframe(const Event &e, const QByteArray &payload, const QJsonObject &json)
{
    if (e.framing == Framing::Proto) {
        const ProtoEncodeResult encoded = encodeProtoEvent(json);
        return encodeProtoFrame(encoded.error.isEmpty()
                                    ? QByteArrayView(encoded.message)
                                    : QByteArrayView(QByteArray(e.payload.size(), '\0')));
    }
    const qsizetype at = e.payload.isEmpty() ? -1 : e.raw.indexOf(e.payload);
    if (at >= 0)
        return e.raw.left(at) + payload + e.raw.mid(at + e.payload.size());
    if (e.framing == Framing::JsonLine)
        return payload + (e.raw.endsWith("\r\n") ? "\r\n" : "\n");
    return replaceDataLines(e.raw, payload);
}

QByteArray redactedFrame(const Event &e, ContentRedactor &redactor, ToolArguments &args)
{
    if (e.type == EventType::Invalid) {
        // Not an event: keep what kind of not-event it is (JSON of another shape, or no JSON).
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(e.payload, &error);
        if (error.error == QJsonParseError::NoError && !doc.isNull()) {
            const QJsonValue v = redactor.value(doc.isObject() ? QJsonValue(doc.object())
                                                               : QJsonValue(doc.array()));
            return reframe(e, compact(v), v.toObject());
        }
        const QByteArray marker = redactor.text(QString::fromUtf8(e.payload)).toUtf8();
        return reframe(e, marker, {});
    }
    QJsonObject json = redactor.event(e.type, e.json);
    if (isArgsDelta(e.type) && json.value(QLatin1String("delta")).isString())
        json.insert(QLatin1String("delta"),
                    args.next(e.json.value(QLatin1String("delta")).toString()));
    return reframe(e, QJsonDocument(json).toJson(QJsonDocument::Compact), json);
}

void redactBody(RunRecording &run, const RunRecording &original, ContentRedactor &redactor,
                RedactionSummary &summary)
{
    const QList<Received> items = decodeRun(original);
    ToolArguments args(items, redactor);
    for (const Received &r : items) {
        Chunk chunk;
        chunk.receivedAtUs = r.receivedAtUs;
        if (r.keepAlive) {
            chunk.bytes = r.event.raw;
            ++summary.keepAlives;
        } else {
            chunk.bytes = redactedFrame(r.event, redactor, args);
            ++summary.events;
        }
        run.chunks.append(chunk);
    }
}

QString redactError(const QString &error, ContentRedactor &redactor)
{
    // "HTTP 500: <body>" keeps its status; the body the server sent is content.
    const qsizetype colon = error.indexOf(QLatin1String(": "));
    if (error.startsWith(QLatin1String("HTTP ")) && colon > 0)
        return error.left(colon + 2) + redactor.text(error.mid(colon + 2));
    return error;
}

// A RunAgentInput's content redacted as one; any other body as text.
QByteArray redactRequestBody(const QByteArray &body, ContentRedactor &redactor)
{
    const QJsonDocument json = QJsonDocument::fromJson(body);
    if (json.isObject())
        return QJsonDocument(redactor.runInput(json.object())).toJson(QJsonDocument::Compact);
    return body.isEmpty() ? body : redactor.text(QString::fromUtf8(body)).toUtf8();
}

} // namespace

Capture redactCapture(const Capture &capture, ContentRedactor &redactor, RedactionSummary *summary)
{
    RedactionSummary s;
    Capture out = capture;
    out.problems
        .clear(); // they quote the original (an error body's start); reading finds them again
    for (qsizetype i = 0; i < out.runs.size(); ++i) {
        RunRecording &run = out.runs[i];
        const RunRecording &original = capture.runs[i];
        run.chunks.clear();
        run.request.body = redactRequestBody(original.request.body, redactor);
        if (original.request.frontEndBody)
            run.request.frontEndBody = redactRequestBody(*original.request.frontEndBody, redactor);
        run.endError = redactError(original.endError, redactor);
        const int status = original.response.status;
        if (original.response.present && (status < 200 || status > 299)) {
            for (const Chunk &c : original.chunks) // an error body: content, not events
                run.chunks.append({c.receivedAtUs,
                                   redactor.text(QString::fromUtf8(c.bytes)).toUtf8(), -1, false,
                                   c.order});
            continue;
        }
        redactBody(run, original, redactor, s);
    }
    // A bookmark's note is the user's own words about the content (often quoting it); which
    // events are bookmarked is structure and stays.
    for (Bookmark &b : out.bookmarks)
        b.note = redactor.text(b.note);
    s.values = redactor.redactedCount();
    if (summary)
        *summary = s;
    return out;
}

} // namespace agui::analysis
