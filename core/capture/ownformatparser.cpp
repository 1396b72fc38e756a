// Reads our own capture format (docs/capture-format.md) line by line.

#include "core/capture/captureparsers_p.h"
#include "core/capture/rewriteorder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <cmath>

namespace agui::detail {

namespace {

HttpHeaders headersFrom(const QJsonValue &value)
{
    HttpHeaders headers;
    const QJsonArray array = value.toArray();
    for (const auto &pair : array) {
        const QJsonArray p = pair.toArray();
        headers.append({p.at(0).toString(), p.at(1).toString()});
    }
    return headers;
}

class OwnFormatParser : public LineParser
{
public:
    using LineParser::LineParser;

protected:
    void line(QByteArrayView text, qint64 offset, qint64 lineNumber, bool atEnd) override
    {
        if (const auto o
            = recordOf(text, offset, lineNumber, atEnd, QStringLiteral("a capture record")))
            record(*o, offset, lineNumber);
    }

    void end() override
    {
        if (!m_sawHeader && m_capture.problems.isEmpty())
            problem("no-header", Severity::Error, 0, 1,
                    QStringLiteral("the capture has no header record"));
    }

private:
    void record(const QJsonObject &o, qint64 offset, qint64 lineNumber)
    {
        if (!m_sawHeader) {
            m_sawHeader = true;
            if (!o.contains(QLatin1String("agui-capture"))) {
                problem("no-header", Severity::Error, offset, lineNumber,
                        QStringLiteral("line %1: expected the header record").arg(lineNumber));
            } else {
                m_capture.header = o;
                m_capture.tool = o.value(QLatin1String("tool")).toString();
                m_capture.createdAt = o.value(QLatin1String("createdAt")).toString();
                const int version = o.value(QLatin1String("agui-capture")).toInt();
                if (version != 1)
                    problem("version", Severity::Warning, offset, lineNumber,
                            QStringLiteral("capture format version %1; this build reads version "
                                           "1 and may miss newer fields")
                                .arg(version));
                return;
            }
        }
        const QString kind = o.value(QLatin1String("k")).toString();
        // A time outside qint64 (a damaged or hostile file) reads as absent: casting it would be
        // undefined behaviour.
        const double time = o.value(QLatin1String("t")).toDouble(-1);
        const qint64 t = std::isfinite(time) && std::fabs(time) < 9.2e18 ? qint64(time) : -1;
        const QJsonValue runValue = o.value(QLatin1String("run"));
        const bool hasRun = runValue.isDouble();
        const int run = hasRun ? runValue.toInt() : -1;
        if (kind == QLatin1String("note")) {
            m_capture.notes.append(
                {hasRun ? runIndex(run) : -1, t, o.value(QLatin1String("text")).toString()});
            return;
        }
        if (kind == QLatin1String("bookmark"))
            return bookmark(o, t, offset, lineNumber);
        const bool known = kind == QLatin1String("run") || kind == QLatin1String("request")
            || kind == QLatin1String("response") || kind == QLatin1String("chunk")
            || kind == QLatin1String("end") || kind == QLatin1String("rewrite");
        if (!known) {
            // Kept as a note so nothing in the file disappears from view.
            problem("unknown-record", Severity::Warning, offset, lineNumber,
                    QStringLiteral("line %1: unknown record kind \"%2\" kept as a note")
                        .arg(lineNumber)
                        .arg(kind));
            m_capture.notes.append(
                {hasRun ? runIndex(run) : -1, t,
                 QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact))});
            return;
        }
        if (!hasRun || run < 0) {
            problem("bad-record", Severity::Error, offset, lineNumber,
                    QStringLiteral("line %1: \"%2\" record without a run number; skipped")
                        .arg(lineNumber)
                        .arg(kind));
            return;
        }
        const int index = runIndex(run);
        RunRecording &r = m_capture.runs[index];
        if (kind == QLatin1String("run")) {
            r.framing = captureFramingFromName(o.value(QLatin1String("framing")).toString());
            r.label = o.value(QLatin1String("label")).toString();
            m_explicitFraming.insert(index);
        } else if (kind == QLatin1String("request")) {
            r.request.present = true;
            r.request.sentAtUs = t;
            r.request.method = o.value(QLatin1String("method")).toString();
            r.request.url = o.value(QLatin1String("url")).toString();
            r.request.headers = headersFrom(o.value(QLatin1String("headers")));
            bool ok = true;
            r.request.body
                = bytesFrom(o, QLatin1StringView("bodyText"), QLatin1StringView("bodyB64"), &ok);
            if (o.contains(QLatin1String("frontEndBodyText"))
                || o.contains(QLatin1String("frontEndBodyB64")))
                r.request.frontEndBody = bytesFrom(o, QLatin1StringView("frontEndBodyText"),
                                                   QLatin1StringView("frontEndBodyB64"), &ok);
            if (!ok)
                problem("bad-record", Severity::Error, offset, lineNumber,
                        QStringLiteral("line %1: the request body is not valid base64")
                            .arg(lineNumber));
        } else if (kind == QLatin1String("response")) {
            r.response.present = true;
            r.response.receivedAtUs = t;
            r.response.status = o.value(QLatin1String("status")).toInt();
            r.response.headers = headersFrom(o.value(QLatin1String("headers")));
            if (!m_explicitFraming.contains(index))
                r.framing = framingForContentType(
                    headerValue(r.response.headers, QLatin1StringView("content-type")));
        } else if (kind == QLatin1String("chunk")) {
            bool ok = true;
            Chunk chunk;
            chunk.receivedAtUs = t;
            chunk.sourceOffset = offset;
            chunk.bytes = bytesFrom(o, QLatin1StringView("text"), QLatin1StringView("b64"), &ok);
            if (!ok) {
                problem("bad-record", Severity::Error, offset, lineNumber,
                        QStringLiteral("line %1: chunk bytes are not valid base64; the chunk is "
                                       "missing from run %2")
                            .arg(lineNumber)
                            .arg(run));
                return;
            }
            emitChunk(index, std::move(chunk));
        } else if (kind == QLatin1String("rewrite")) {
            rewrite(r, o, t, offset, lineNumber);
        } else { // end
            r.end = runEndFromName(o.value(QLatin1String("reason")).toString());
            r.endError = o.value(QLatin1String("error")).toString();
            r.endedAtUs = t;
            endRun(index);
        }
    }

    void rewrite(RunRecording &r, const QJsonObject &o, qint64 t, qint64 offset, qint64 lineNumber)
    {
        BodyRewrite w;
        w.atUs = t;
        const double at = o.value(QLatin1String("offset")).toDouble(-1);
        const double length = o.value(QLatin1String("length")).toDouble(-1);
        bool ok = at >= 0 && at < 9.0e15 && std::floor(at) == at && length >= 0 && length < 9.0e15
            && std::floor(length) == length;
        w.offset = ok ? qint64(at) : 0;
        w.length = ok ? qint64(length) : 0;
        w.rule = o.value(QLatin1String("rule")).toString();
        w.action = o.value(QLatin1String("action")).toString();
        w.delayMs = o.value(QLatin1String("delayMs")).toInt();
        w.error = o.value(QLatin1String("error")).toString();
        bool bytesOk = true;
        w.delivered = bytesFrom(o, QLatin1StringView("text"), QLatin1StringView("b64"), &bytesOk);
        if (!ok || !bytesOk) {
            problem("bad-record", Severity::Error, offset, lineNumber,
                    QStringLiteral("line %1: rewrite record without a valid \"offset\" and "
                                   "\"length\" (whole numbers, 0 or more) or with bytes that "
                                   "are not valid base64; skipped")
                        .arg(lineNumber));
            return;
        }
        insertInBodyOrder(r.rewrites, w); // a breakpoint's change may follow later ones
    }

    void bookmark(const QJsonObject &o, qint64 t, qint64 offset, qint64 lineNumber)
    {
        // Only a whole, non-negative event index that fits in qint64 names an event; anything
        // else (a string, -1, 2.5, 1e300) would bookmark the wrong event or none.
        const QJsonValue seqValue = o.value(QLatin1String("seq"));
        const double seq = seqValue.toDouble(-1);
        if (!seqValue.isDouble() || !(seq >= 0 && seq < 9.0e15) || std::floor(seq) != seq) {
            problem("bad-record", Severity::Error, offset, lineNumber,
                    QStringLiteral("line %1: bookmark without a valid event number (\"seq\" must "
                                   "be a whole number, 0 or more); skipped")
                        .arg(lineNumber));
            return;
        }
        m_capture.bookmarks.append({qint64(seq), o.value(QLatin1String("note")).toString(), t});
    }

    static QByteArray bytesFrom(const QJsonObject &o, QLatin1StringView textKey,
                                QLatin1StringView b64Key, bool *ok)
    {
        if (o.contains(textKey))
            return o.value(textKey).toString().toUtf8();
        const auto decoded = QByteArray::fromBase64Encoding(
            o.value(b64Key).toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        *ok = bool(decoded);
        return decoded.decoded;
    }

    bool m_sawHeader = false;
    QSet<int> m_explicitFraming;
};

} // namespace

std::unique_ptr<CaptureParser> makeOwnFormatParser(Capture &capture,
                                                   const CaptureReadOptions &options)
{
    return std::make_unique<OwnFormatParser>(capture, options);
}

} // namespace agui::detail
