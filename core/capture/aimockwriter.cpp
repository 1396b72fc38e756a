#include "core/capture/aimockwriter.h"

#include "core/capture/jsonoutline.h"
#include "core/capture/jsontext.h"
#include "core/protocol/streamdecoder.h"

#include <QJsonDocument>

namespace agui {

namespace {

using capturejson::quoted;

// What a run gives the fixture file: its events as JSON text and when each arrived.
struct RunEvents
{
    QList<QByteArray> texts;
    QList<qint64> timesUs;
    int unstamped = 0;
};

// The event's JSON text for a fixture, on one line; nothing when it is not a JSON object (a
// frame that did not parse, a keep-alive's stray data).
std::optional<QByteArray> fixtureEventText(const Event &event)
{
    if (event.framing == Framing::Proto) {
        if (event.json.isEmpty())
            return std::nullopt;
        return QJsonDocument(event.json).toJson(QJsonDocument::Compact);
    }
    const QByteArray payload = event.payload.trimmed();
    if (event.json.isEmpty() && !QJsonDocument::fromJson(payload).isObject())
        return std::nullopt;
    if (!capturejson::isExactUtf8(payload)) // the decoder read it with U+FFFD replacements
        return QJsonDocument(event.json).toJson(QJsonDocument::Compact);
    return capturejson::oneLineJson(payload);
}

RunEvents runEvents(const RunRecording &run, int runIndex, QStringList *warnings)
{
    StreamDecoder decoder(run.framing);
    QList<Event> events;
    for (const Chunk &chunk : run.chunks)
        events += decoder.feed(chunk.bytes, chunk.receivedAtUs);
    events += decoder.finish();
    RunEvents out;
    int notObjects = 0;
    int protobuf = 0;
    for (const Event &event : std::as_const(events)) {
        const std::optional<QByteArray> text = fixtureEventText(event);
        if (!text) {
            ++notObjects;
            continue;
        }
        protobuf += event.framing == Framing::Proto ? 1 : 0;
        out.unstamped += event.json.contains(QLatin1String("timestamp")) ? 0 : 1;
        out.texts.append(*text);
        out.timesUs.append(event.receivedAtUs);
    }
    if (notObjects > 0)
        warnings->append(QStringLiteral("run %1: %2 frame%3 that %4 not a JSON object left out "
                                        "(a fixture holds event objects)")
                             .arg(runIndex)
                             .arg(notObjects)
                             .arg(notObjects == 1 ? QString() : QStringLiteral("s"),
                                  notObjects == 1 ? QStringLiteral("is") : QStringLiteral("are")));
    if (decoder.heartbeatCount() > 0)
        warnings->append(QStringLiteral("run %1: %2 keep-alive or comment frame%3 left out (aimock "
                                        "serves events only)")
                             .arg(runIndex)
                             .arg(decoder.heartbeatCount())
                             .arg(decoder.heartbeatCount() == 1 ? QString() : QStringLiteral("s")));
    if (protobuf > 0)
        warnings->append(QStringLiteral("run %1: protobuf events written as their decoded JSON "
                                        "(aimock serves SSE)")
                             .arg(runIndex));
    return out;
}

// Why a run makes no fixture ("" when it does).
QString unservable(const RunRecording &run)
{
    if (run.response.present && (run.response.status < 200 || run.response.status > 299))
        return QStringLiteral("it answered HTTP %1, and a fixture serves an event stream")
            .arg(run.response.status);
    if (!run.response.present && run.chunks.isEmpty())
        return run.endError.isEmpty() ? QStringLiteral("it got no response")
                                      : QStringLiteral("it got no response (%1)").arg(run.endError);
    return {};
}

// The run's match: kept from an import, or made from the request it sent.
AimockMatch matchOf(const RunRecording &run, bool *fromImport)
{
    const QString kept = headerValue(run.request.headers, QLatin1StringView(kAimockMatchHeader));
    const QJsonDocument header = QJsonDocument::fromJson(kept.toUtf8());
    *fromImport = header.isObject();
    if (header.isObject())
        return AimockMatch::fromJson(header.object());
    return aimockMatchForRequest(QJsonDocument::fromJson(run.request.body).object());
}

QByteArray matchText(const AimockMatch &match)
{
    QByteArrayList members;
    const auto add = [&](const char *name, const std::optional<QString> &value) {
        if (value)
            members.append(quoted(QString::fromLatin1(name)) + ": " + quoted(*value));
    };
    add("message", match.message);
    add("toolCallId", match.toolCallId);
    add("toolName", match.toolName);
    add("stateKey", match.stateKey);
    return '{' + members.join(", ") + '}';
}

QByteArray fixtureText(const AimockExportedFixture &fixture, const QList<QByteArray> &events)
{
    QByteArray out = "      {\n        \"match\": " + matchText(fixture.match)
        + ",\n        \"delayMs\": " + QByteArray::number(fixture.delay.delayMs)
        + ",\n        \"events\": [";
    for (qsizetype i = 0; i < events.size(); ++i)
        out += (i == 0 ? "\n          " : ",\n          ") + events[i];
    out += events.isEmpty() ? "]\n      }" : "\n        ]\n      }";
    return out;
}

// Warns about a fixture that an earlier one answers in its place: aimock serves the first
// fixture whose match the request meets.
void warnShadowed(const Capture &capture, const QList<AimockExportedFixture> &fixtures,
                  QStringList *warnings)
{
    for (qsizetype i = 0; i < fixtures.size(); ++i) {
        const QJsonObject input
            = QJsonDocument::fromJson(capture.runs[fixtures[i].run].request.body).object();
        for (qsizetype j = 0; j < i; ++j) {
            if (!aimockMatches(input, fixtures[j].match))
                continue;
            warnings->append(QStringLiteral("run %1: its request would be served fixture %2 "
                                            "(run %3, match %4), which comes first: fixture %5 "
                                            "is not served to it")
                                 .arg(fixtures[i].run)
                                 .arg(j)
                                 .arg(fixtures[j].run)
                                 .arg(QString::fromUtf8(matchText(fixtures[j].match)))
                                 .arg(i));
            break;
        }
    }
}

QString mountPath(const Capture &capture)
{
    const QString path = capture.header.value(QLatin1String("aimock"))
                             .toObject()
                             .value(QLatin1String("path"))
                             .toString();
    return path.isEmpty() || path == QLatin1String("/agui") ? QString() : path;
}

} // namespace

AimockExport captureToAimock(const Capture &capture)
{
    AimockExport out;
    QByteArrayList fixtureTexts;
    for (qsizetype r = 0; r < capture.runs.size(); ++r) {
        const RunRecording &run = capture.runs[r];
        const int runIndex = int(r);
        const QString why = unservable(run);
        if (!why.isEmpty()) {
            out.warnings.append(QStringLiteral("run %1: no fixture: %2").arg(runIndex).arg(why));
            continue;
        }
        if (run.end == RunEnd::Error || run.end == RunEnd::Aborted)
            out.warnings.append(
                QStringLiteral("run %1 ended early (%2): its fixture serves the "
                               "events received until then, then ends the stream")
                    .arg(runIndex)
                    .arg(run.endError.isEmpty() ? runEndName(run.end) : run.endError));
        if (!run.rewrites.isEmpty())
            out.warnings.append(QStringLiteral("run %1 went through a rewriting proxy: its fixture "
                                               "serves the events as the agent sent them")
                                    .arg(runIndex));
        const RunEvents events = runEvents(run, runIndex, &out.warnings);
        AimockExportedFixture fixture;
        fixture.run = runIndex;
        fixture.events = int(events.texts.size());
        fixture.match = matchOf(run, &fixture.matchFromImport);
        fixture.delay = chooseAimockDelay(events.timesUs);
        fixture.unstamped = events.unstamped;
        if (fixture.match.isEmpty() && !fixture.matchFromImport)
            out.warnings.append(QStringLiteral("run %1: its request has no user message or tool "
                                               "result to match on: its fixture matches every "
                                               "request")
                                    .arg(runIndex));
        fixtureTexts.append(fixtureText(fixture, events.texts));
        out.fixtures.append(fixture);
    }
    warnShadowed(capture, out.fixtures, &out.warnings);
    const QString path = mountPath(capture);
    out.text = "{\n  \"agui\": {\n"
        + (path.isEmpty() ? QByteArray() : "    \"path\": " + quoted(path) + ",\n")
        + "    \"fixtures\": ["
        + (fixtureTexts.isEmpty() ? QByteArray("]") : "\n" + fixtureTexts.join(",\n") + "\n    ]")
        + "\n  }\n}\n";
    return out;
}

} // namespace agui
