// Imports the .agui.jsonl export of the AG-UI DevTools browser extension
// (github blove/ag-ui-chrome-extension, MIT). One JSON object per line with "kind":
//   header    {schemaVersion, tool, capturedAt, url, framework, transport, redacted, ...}
//   request   {connId, tMs, method, url, input (the RunAgentInput)}
//   event     {connId, seq, tMs, event (the AG-UI event object)}
//   keepalive {connId, seq, tMs, comment}
// Each connId becomes one run. Events and keep-alives become the SSE body the extension saw
// ("data: <event as written>\n\n", ": <comment>\n\n"), so they go through the same decoder as
// a live stream and keep-alives stay visible as non-events. tMs are milliseconds after
// capturedAt.

#include "core/capture/captureparsers_p.h"

#include "core/capture/jsontext.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace agui::detail {

namespace {

class DevToolsParser : public LineParser
{
public:
    using LineParser::LineParser;

protected:
    void line(QByteArrayView text, qint64 offset, qint64 lineNumber, bool atEnd) override
    {
        const auto record
            = recordOf(text, offset, lineNumber, atEnd, QStringLiteral("a DevTools export record"));
        if (!record)
            return;
        const QJsonObject &o = *record;
        const QString kind = o.value(QLatin1String("kind")).toString();
        if (kind == QLatin1String("header")) {
            header(o, offset, lineNumber);
            return;
        }
        const QString connId = o.value(QLatin1String("connId")).toString();
        const qint64 at = timeOf(o);
        if (kind != QLatin1String("request") && kind != QLatin1String("event")
            && kind != QLatin1String("keepalive")) {
            problem("unknown-record", Severity::Warning, offset, lineNumber,
                    QStringLiteral("line %1: unknown DevTools line kind \"%2\" kept as a note")
                        .arg(lineNumber)
                        .arg(kind));
            m_capture.notes.append(
                {connId.isEmpty() ? -1 : run(connId), at, QString::fromUtf8(text.toByteArray())});
            return;
        }
        const int index = run(connId);
        RunRecording &r = m_capture.runs[index];
        if (kind == QLatin1String("request")) {
            r.request.present = true;
            r.request.sentAtUs = at;
            r.request.method = o.value(QLatin1String("method")).toString();
            r.request.url = o.value(QLatin1String("url")).toString();
            const QJsonObject headers = o.value(QLatin1String("headers")).toObject();
            for (auto it = headers.begin(); it != headers.end(); ++it)
                r.request.headers.append({it.key(), it.value().toString()});
            r.request.body = capturejson::memberText(text, "input");
            return;
        }
        Chunk chunk;
        chunk.receivedAtUs = at;
        chunk.sourceOffset = offset;
        if (kind == QLatin1String("event")) {
            // The event exactly as written in the file (QJsonObject would reorder its keys).
            const QByteArray event = capturejson::memberText(text, "event");
            if (event.isNull()) {
                problem("bad-record", Severity::Error, offset, lineNumber,
                        QStringLiteral("line %1: event line without an \"event\" member; skipped")
                            .arg(lineNumber));
                return;
            }
            chunk.bytes = "data: " + event + "\n\n";
        } else {
            // An SSE comment per line of the keep-alive's text: a comment cannot span lines.
            const QString comment = o.value(QLatin1String("comment")).toString();
            const QStringList lines = comment.split(QLatin1Char('\n'));
            for (const QString &l : lines)
                chunk.bytes += ": " + l.toUtf8() + "\n";
            chunk.bytes += "\n";
        }
        emitChunk(index, std::move(chunk));
    }

    void end() override
    {
        // A DevTools export records no end of connection: a run ends with its last line.
        for (RunRecording &r : m_capture.runs) {
            if (r.end == RunEnd::Open)
                r.end = RunEnd::Finished;
        }
    }

private:
    void header(const QJsonObject &o, qint64 offset, qint64 lineNumber)
    {
        m_capture.header = o;
        m_capture.tool = o.value(QLatin1String("tool")).toString();
        m_capture.createdAt = o.value(QLatin1String("capturedAt")).toString();
        const QDateTime at = QDateTime::fromString(m_capture.createdAt, Qt::ISODateWithMs);
        m_baseUs = at.isValid() ? at.toMSecsSinceEpoch() * 1000 : 0;
        // The extension can blank out deltas, arguments, results or state on export; findings
        // about those values would then be about placeholders, so say so up front.
        QStringList redacted;
        const QJsonArray fields = o.value(QLatin1String("redacted")).toArray();
        for (const auto &v : fields)
            redacted.append(v.isString()
                                ? v.toString()
                                : QString::fromUtf8(
                                    QJsonDocument(QJsonArray {v}).toJson(QJsonDocument::Compact)));
        if (!redacted.isEmpty())
            problem("devtools-redacted", Severity::Info, offset, lineNumber,
                    QStringLiteral("the DevTools export redacted %1: those values in the events "
                                   "are placeholders, not what was received")
                        .arg(redacted.join(QStringLiteral(", "))));
    }

    qint64 timeOf(const QJsonObject &o) const
    {
        const QJsonValue t = o.value(QLatin1String("tMs"));
        return t.isDouble() ? m_baseUs + qint64(std::llround(t.toDouble() * 1000.0)) : -1;
    }

    int run(const QString &connId)
    {
        const auto it = m_idByConn.constFind(connId);
        if (it != m_idByConn.cend())
            return runIndex(it.value());
        const int id = int(m_idByConn.size());
        m_idByConn.insert(connId, id);
        const int index = runIndex(id, connId);
        m_capture.runs[index].framing = Framing::Sse;
        return index;
    }

    qint64 m_baseUs = 0;
    QHash<QString, int> m_idByConn;
};

} // namespace

std::unique_ptr<CaptureParser> makeDevToolsParser(Capture &capture,
                                                  const CaptureReadOptions &options)
{
    return std::make_unique<DevToolsParser>(capture, options);
}

} // namespace agui::detail
