// Imports CopilotKit aimock AG-UI fixture files (@copilotkit/aimock 1.43.0), in the two shapes
// the package reads and writes:
//  - an aimock config file, what `aimock --config FILE` serves (dist/config-loader.js):
//    {"agui": {"path"?: "/agui", "fixtures": [...]}, ...sections about other protocols};
//  - what its AG-UI recorder writes (dist/agui-recorder.js): {"fixtures": [...]}.
// A fixture is {"match": {message?, toolCallId?, toolName?, stateKey?}, "events": [...] or
// "text": "...", "delayMs"?}. Each fixture becomes one run, in file order: its request a
// RunAgentInput the match accepts, with the match as written in an X-Aimock-Match header; its
// response what aimock answers (200, text/event-stream); its body the events framed as aimock
// frames them ("data: <event>\n\n", each event as written, on one line), event i arriving
// i × delayMs after the first. The file has no times: the first run starts at the epoch, each
// next one a second after the previous one ended.
// Nothing is dropped quietly: a field aimock does not read is a warning and kept as a note, a
// value of the wrong type an error naming the fixture and the field, an event that is not an
// object still a frame of the body (so the event list and the linter show it).

#include "core/capture/aimockmatch.h"
#include "core/capture/aimockshorthand.h"
#include "core/capture/captureparsers_p.h"
#include "core/capture/jsonoutline.h"

#include <QJsonDocument>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace agui::detail {

namespace {

using capturejson::JsonKind;
using capturejson::JsonOutline;

// Deep enough for an event of a config file: root, agui, fixtures, fixture, events, event.
constexpr int kOutlineDepth = 5;
constexpr qint64 kPauseBetweenRunsUs = 1000 * 1000;
// Runs start no later than this (2^53 µs, about 285 years), so times never overflow.
constexpr qint64 kLatestStartUs = qint64(1) << 53;
// Node's setTimeout waits 1 ms for a delay under 1 or over 2^31 - 1 ms (aimock waits only when
// delayMs > 0).
constexpr double kMaxTimerMs = 2147483647.0;

double nodeTimerMs(double ms)
{
    return ms > 0 && (ms < 1 || ms > kMaxTimerMs) ? 1 : ms;
}

// The members of AimockConfig (dist/config-loader.d.ts) other than "agui".
const QStringList kOtherConfigSections
    = {QStringLiteral("llm"), QStringLiteral("mcp"), QStringLiteral("a2a"),
       QStringLiteral("vector"), QStringLiteral("services")};
const QStringList kConfigSettings
    = {QStringLiteral("auth"), QStringLiteral("metrics"), QStringLiteral("strict"),
       QStringLiteral("port"), QStringLiteral("host")};

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

// One fixture as aimock will serve it.
struct Served
{
    AimockMatch match;
    QList<QByteArray> events; // each a data line's payload
    QList<qint64> eventOffsets; // file offset of each event (-1: made from the text shorthand)
    double delayMs = 0;
    QString skipped; // why aimock does not serve it at all ("" when it does)
};

class AimockParser : public CaptureParser
{
public:
    using CaptureParser::CaptureParser;

    void block(const QByteArray &block, qint64 offset) override
    {
        Q_UNUSED(offset);
        m_text.append(block); // one JSON document: read whole at the end
    }

    void finish() override
    {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(m_text, &error);
        if (error.error != QJsonParseError::NoError) {
            m_capture.truncated = error.error == QJsonParseError::UnterminatedObject
                || error.error == QJsonParseError::UnterminatedArray
                || error.error == QJsonParseError::UnterminatedString;
            // Qt points one past the end of a file cut inside a string.
            const qint64 at = std::min<qint64>(error.offset, m_text.size());
            report("bad-record", Severity::Error, at,
                   QStringLiteral("not a valid aimock fixture file: %1 at byte %2")
                       .arg(error.errorString())
                       .arg(at));
            return;
        }
        m_outline.emplace(m_text, kOutlineDepth);
        const int root = JsonOutline::kRoot;
        if (m_outline->isEmpty() || m_outline->node(root).kind != JsonKind::Object) {
            report("bad-record", Severity::Error, 0,
                   QStringLiteral("not an aimock fixture file: the document is not an object"));
            return;
        }
        m_capture.tool = QStringLiteral("aimock fixture file");
        const int agui = m_outline->member(root, u"agui");
        if (agui >= 0)
            readConfig(root, agui);
        else if (m_outline->member(root, u"fixtures") >= 0)
            readRecorderFile(root);
        else
            report("bad-record", Severity::Error, 0, noFixturesMessage(root));
    }

private:
    // {"agui": {"path", "fixtures"}, ...}: the other sections are about other protocols.
    void readConfig(int root, int agui)
    {
        QStringList others;
        for (const auto &[key, node] : m_outline->node(root).members) {
            if (key == QLatin1String("agui"))
                continue;
            if (kOtherConfigSections.contains(key) || kConfigSettings.contains(key))
                others.append(key);
            else
                unknownField(key, node, -1, QStringLiteral("aimock's config"));
        }
        if (!others.isEmpty())
            m_capture.notes.append(
                {-1, -1,
                 QStringLiteral("aimock config: only its \"agui\" section is imported (not: %1)")
                     .arg(others.join(QStringLiteral(", ")))});
        if (!expect(agui, JsonKind::Object, QStringLiteral("agui"), -1))
            return;
        for (const auto &[key, node] : m_outline->node(agui).members) {
            if (key != QLatin1String("path") && key != QLatin1String("fixtures"))
                unknownField(QStringLiteral("agui.") + key, node, -1,
                             QStringLiteral("aimock's \"agui\" section"));
        }
        const int path = m_outline->member(agui, u"path");
        if (path >= 0 && expect(path, JsonKind::String, QStringLiteral("agui.path"), -1))
            m_path = m_outline->string(path);
        m_capture.header
            = QJsonObject {{QLatin1String("aimock"),
                            QJsonObject {{QLatin1String("shape"), QStringLiteral("config")},
                                         {QLatin1String("path"), m_path}}}};
        const int fixtures = m_outline->member(agui, u"fixtures");
        if (fixtures < 0) {
            report("aimock-ignored", Severity::Warning, m_outline->node(agui).start,
                   QStringLiteral("agui: no \"fixtures\": aimock serves no AG-UI fixture from "
                                  "this file"));
            return;
        }
        readFixtures(fixtures, QStringLiteral("agui.fixtures"));
    }

    // {"fixtures": [...]}: what aimock's AG-UI recorder writes.
    void readRecorderFile(int root)
    {
        for (const auto &[key, node] : m_outline->node(root).members) {
            if (key != QLatin1String("fixtures"))
                unknownField(key, node, -1, QStringLiteral("an aimock fixture file"));
        }
        m_capture.header
            = QJsonObject {{QLatin1String("aimock"),
                            QJsonObject {{QLatin1String("shape"), QStringLiteral("recorded")},
                                         {QLatin1String("path"), m_path}}}};
        readFixtures(m_outline->member(root, u"fixtures"), QStringLiteral("fixtures"));
    }

    QString noFixturesMessage(int root) const
    {
        QStringList sections;
        for (const auto &[key, node] : m_outline->node(root).members) {
            if (kOtherConfigSections.contains(key))
                sections.append(key);
        }
        if (!sections.isEmpty())
            return QStringLiteral("an aimock config file without an \"agui\" section: it holds "
                                  "no AG-UI fixtures (sections: %1)")
                .arg(sections.join(QStringLiteral(", ")));
        return QStringLiteral("not an aimock fixture file: neither an \"agui\" section nor a "
                              "\"fixtures\" list");
    }

    void readFixtures(int list, const QString &path)
    {
        if (!expect(list, JsonKind::Array, path, -1))
            return;
        const QList<int> elements = m_outline->node(list).elements;
        QList<std::optional<AimockMatch>> matches; // of the fixtures aimock serves
        for (qsizetype i = 0; i < elements.size(); ++i) {
            const int index = int(i);
            const Served served
                = fixture(index, elements[i], QStringLiteral("%1[%2]").arg(path).arg(i));
            addRun(index, elements[i], served);
            matches.append(served.skipped.isEmpty() ? std::optional(served.match) : std::nullopt);
        }
        reportShadowed(elements, matches);
    }

    Served fixture(int index, int node, const QString &path)
    {
        Served served;
        if (!expect(node, JsonKind::Object, path, index)) {
            served.skipped = QStringLiteral("not a fixture object");
            return served;
        }
        static const QStringList known = {QStringLiteral("match"), QStringLiteral("events"),
                                          QStringLiteral("text"), QStringLiteral("delayMs")};
        for (const auto &[key, value] : m_outline->node(node).members) {
            if (known.contains(key))
                continue;
            if (key == QLatin1String("response"))
                report("bad-record", Severity::Error, m_outline->node(value).start,
                       QStringLiteral("fixture %1: %2.response: a \"response\" is what aimock's "
                                      "LLM fixtures hold, not its AG-UI fixtures (\"events\" or "
                                      "\"text\"); kept as a note")
                           .arg(index)
                           .arg(path));
            else
                unknownField(path + QLatin1Char('.') + key, value, index,
                             QStringLiteral("an aimock AG-UI fixture"));
            if (key == QLatin1String("response"))
                keepAsNote(index, path + QStringLiteral(".response"), value);
        }
        served.match = readMatch(index, node, path);
        const int delay = m_outline->member(node, u"delayMs");
        if (delay >= 0
            && expect(delay, JsonKind::Number, path + QStringLiteral(".delayMs"), index)) {
            const double ms = m_outline->number(delay);
            if (ms >= 0 && std::isfinite(ms))
                served.delayMs = nodeTimerMs(ms);
            if (ms > kMaxTimerMs && std::isfinite(ms))
                report("aimock-ignored", Severity::Warning, m_outline->node(delay).start,
                       QStringLiteral("fixture %1: %2.delayMs is over %3 ms: Node's setTimeout, "
                                      "which aimock waits with, waits 1 ms instead")
                           .arg(index)
                           .arg(path)
                           .arg(kMaxTimerMs, 0, 'f', 0));
            if (!(ms >= 0 && std::isfinite(ms)))
                report("bad-record", Severity::Error, m_outline->node(delay).start,
                       QStringLiteral("fixture %1: %2.delayMs must be a number ≥ 0, not %3; read "
                                      "as 0 (aimock then does not wait)")
                           .arg(index)
                           .arg(path)
                           .arg(QString::fromUtf8(m_outline->text(delay).toByteArray())));
        }
        readEvents(index, node, path, &served);
        return served;
    }

    AimockMatch readMatch(int index, int fixture, const QString &path)
    {
        const int match = m_outline->member(fixture, u"match");
        if (match < 0) {
            report("bad-record", Severity::Error, m_outline->node(fixture).start,
                   QStringLiteral("fixture %1: %2 has no \"match\" (aimock's config loader fails "
                                  "on it); read as matching every request")
                       .arg(index)
                       .arg(path));
            return {};
        }
        if (!expect(match, JsonKind::Object, path + QStringLiteral(".match"), index))
            return {};
        AimockMatch out;
        for (const auto &[key, value] : m_outline->node(match).members) {
            const QString field = path + QStringLiteral(".match.") + key;
            std::optional<QString> *condition = key == QLatin1String("message") ? &out.message
                : key == QLatin1String("toolCallId")                            ? &out.toolCallId
                : key == QLatin1String("toolName")                              ? &out.toolName
                : key == QLatin1String("stateKey")                              ? &out.stateKey
                                                                                : nullptr;
            if (!condition) {
                report("aimock-unknown-field", Severity::Warning, m_outline->node(value).start,
                       QStringLiteral("fixture %1: %2 is not a condition aimock reads (message, "
                                      "toolCallId, toolName, stateKey): the fixture matches "
                                      "without it; kept as a note")
                           .arg(index)
                           .arg(field));
                keepAsNote(index, field, value);
                continue;
            }
            if (expect(value, JsonKind::String, field, index))
                *condition = m_outline->string(value);
        }
        return out;
    }

    void readEvents(int index, int fixture, const QString &path, Served *served)
    {
        const int events = m_outline->member(fixture, u"events");
        const int text = m_outline->member(fixture, u"text");
        QString shorthand;
        if (text >= 0 && expect(text, JsonKind::String, path + QStringLiteral(".text"), index))
            shorthand = m_outline->string(text);
        const bool eventList = events >= 0
            && expect(events, JsonKind::Array, path + QStringLiteral(".events"), index);
        if (!shorthand.isEmpty()) {
            // The config loader's rule: a non-empty text wins, and with a message condition the
            // other conditions are dropped (onMessage).
            served->events = aimockTextResponse(shorthand, index);
            served->eventOffsets = QList<qint64>(served->events.size(), -1);
            if (eventList) {
                report("aimock-ignored", Severity::Warning, m_outline->node(events).start,
                       QStringLiteral("fixture %1: %2 has both \"text\" and \"events\": aimock "
                                      "serves the text and ignores the %3 events; kept as a note")
                           .arg(index)
                           .arg(path)
                           .arg(m_outline->node(events).elements.size()));
                keepAsNote(index, path + QStringLiteral(".events"), events);
            }
            dropTextConditions(index, path, &served->match);
            return;
        }
        if (!eventList) {
            served->skipped = QStringLiteral("it has neither \"text\" nor \"events\"");
            report("aimock-ignored", Severity::Warning, m_outline->node(fixture).start,
                   QStringLiteral("fixture %1: %2 has neither a non-empty \"text\" nor an "
                                  "\"events\" list: aimock skips it")
                       .arg(index)
                       .arg(path));
            return;
        }
        const QList<int> elements = m_outline->node(events).elements;
        for (qsizetype j = 0; j < elements.size(); ++j) {
            // Not an object: still a frame of the body, so the event list and the linter show
            // it as what it is.
            expect(elements[j], JsonKind::Object, QStringLiteral("%1.events[%2]").arg(path).arg(j),
                   index);
            served->events.append(capturejson::oneLineJson(m_outline->text(elements[j])));
            served->eventOffsets.append(m_outline->node(elements[j]).start);
        }
    }

    // onMessage(message, text) keeps only the message condition (dist/config-loader.js).
    void dropTextConditions(int index, const QString &path, AimockMatch *match)
    {
        if (!match->message)
            return;
        QStringList dropped;
        if (match->toolCallId)
            dropped.append(QStringLiteral("toolCallId"));
        if (match->toolName)
            dropped.append(QStringLiteral("toolName"));
        if (match->stateKey)
            dropped.append(QStringLiteral("stateKey"));
        if (dropped.isEmpty())
            return;
        report("aimock-ignored", Severity::Warning, -1,
               QStringLiteral("fixture %1: %2 uses \"text\" with a message condition: aimock "
                              "matches on the message only and ignores %3")
                   .arg(index)
                   .arg(path, dropped.join(QStringLiteral(", "))));
        match->toolCallId.reset();
        match->toolName.reset();
        match->stateKey.reset();
    }

    void addRun(int index, int node, const Served &served)
    {
        const int run = runIndex(index, QStringLiteral("fixture %1").arg(index));
        flushNotes(); // the notes about this fixture, now that it has a run
        RunRecording &r = m_capture.runs[run];
        const qint64 start = m_nextStartUs;
        const qint64 delayUs = qint64(std::llround(served.delayMs * 1000.0));
        QString threadId = QStringLiteral("aimock-thread-%1").arg(index);
        QString runId = QStringLiteral("aimock-run-%1").arg(index);
        runIds(served.events, &threadId, &runId);
        r.framing = Framing::Sse;
        r.request.present = true;
        r.request.sentAtUs = start;
        r.request.method = QStringLiteral("POST");
        r.request.url = m_path;
        r.request.headers = {{QStringLiteral("Content-Type"), QStringLiteral("application/json")},
                             {QLatin1String(kAimockMatchHeader), compact(served.match.toJson())}};
        r.request.body = aimockRequestFor(served.match, threadId, runId, index);
        if (!served.skipped.isEmpty()) {
            r.end = RunEnd::Error;
            r.endError = QStringLiteral("aimock does not serve fixture %1: %2")
                             .arg(index)
                             .arg(served.skipped);
            r.endedAtUs = start;
            keepAsNote(index, QStringLiteral("fixture %1").arg(index), node);
            endRun(run);
            m_nextStartUs = std::min(start + kPauseBetweenRunsUs, kLatestStartUs);
            return;
        }
        r.response.present = true;
        r.response.receivedAtUs = start;
        r.response.status = 200;
        r.response.headers = {{QStringLiteral("Content-Type"), QStringLiteral("text/event-stream")},
                              {QStringLiteral("Cache-Control"), QStringLiteral("no-cache")},
                              {QStringLiteral("Connection"), QStringLiteral("keep-alive")}};
        for (qsizetype j = 0; j < served.events.size(); ++j) {
            Chunk chunk;
            chunk.receivedAtUs = start + j * delayUs;
            chunk.bytes = "data: " + served.events[j] + "\n\n";
            chunk.sourceOffset = served.eventOffsets[j];
            emitChunk(run, std::move(chunk));
        }
        r.end = RunEnd::Finished;
        r.endedAtUs = start + served.events.size() * delayUs; // aimock waits after the last too
        m_capture.notes.append({run, start,
                                QStringLiteral("aimock fixture %1: match %2, delayMs %3")
                                    .arg(index)
                                    .arg(compact(served.match.toJson()))
                                    .arg(served.delayMs)});
        endRun(run);
        m_nextStartUs = std::min(r.endedAtUs + kPauseBetweenRunsUs, kLatestStartUs);
    }

    // The thread and run of the fixture's RUN_STARTED, for the request that matches it.
    static void runIds(const QList<QByteArray> &events, QString *threadId, QString *runId)
    {
        for (const QByteArray &text : events) {
            const QJsonObject event = QJsonDocument::fromJson(text).object();
            if (event.value(QLatin1String("type")).toString() != QLatin1String("RUN_STARTED"))
                continue;
            if (event.value(QLatin1String("threadId")).isString())
                *threadId = event.value(QLatin1String("threadId")).toString();
            if (event.value(QLatin1String("runId")).isString())
                *runId = event.value(QLatin1String("runId")).toString();
            return;
        }
    }

    // A fixture that an earlier one always wins against (aimock serves the first that matches):
    // the request its run carries is the least its match asks for, so if an earlier fixture
    // takes that request it takes every request this one would match.
    void reportShadowed(const QList<int> &elements,
                        const QList<std::optional<AimockMatch>> &matches)
    {
        for (qsizetype i = 0; i < matches.size(); ++i) {
            if (!matches[i])
                continue;
            const QJsonObject input
                = QJsonDocument::fromJson(m_capture.runs[int(i)].request.body).object();
            for (qsizetype j = 0; j < i; ++j) {
                if (!matches[j] || !aimockMatches(input, *matches[j]))
                    continue;
                report("aimock-shadowed", Severity::Warning, m_outline->node(elements[i]).start,
                       QStringLiteral("fixture %1 is never served: fixture %2, earlier in the "
                                      "file, matches every request fixture %1 matches (match %3 "
                                      "against %4), and aimock serves the first that matches")
                           .arg(i)
                           .arg(j)
                           .arg(compact(matches[j]->toJson()), compact(matches[i]->toJson())));
                break;
            }
        }
    }

    bool expect(int node, JsonKind kind, const QString &field, int fixture)
    {
        const JsonKind actual = m_outline->node(node).kind;
        if (actual == kind)
            return true;
        const QString where
            = fixture >= 0 ? QStringLiteral("fixture %1: ").arg(fixture) : QString();
        report("bad-record", Severity::Error, m_outline->node(node).start,
               QStringLiteral("%1%2 must be %3, not %4")
                   .arg(where, field, capturejson::jsonKindName(kind),
                        capturejson::jsonKindName(actual)));
        return false;
    }

    void unknownField(const QString &field, int node, int fixture, const QString &what)
    {
        const QString where
            = fixture >= 0 ? QStringLiteral("fixture %1: ").arg(fixture) : QString();
        report("aimock-unknown-field", Severity::Warning, m_outline->node(node).start,
               QStringLiteral("%1%2 is not a field of %3 (aimock ignores it); kept as a note")
                   .arg(where, field, what));
        keepAsNote(fixture, field, node);
    }

    // The value as written, so nothing in the file is lost from view.
    void keepAsNote(int fixture, const QString &field, int node)
    {
        m_pendingNotes.append({fixture,
                               field + QStringLiteral(": ")
                                   + QString::fromUtf8(m_outline->text(node).toByteArray())});
        flushNotes();
    }

    // Notes about a fixture wait for its run (added once the fixture is read).
    void flushNotes()
    {
        QList<QPair<int, QString>> waiting;
        for (const auto &[fixture, text] : std::as_const(m_pendingNotes)) {
            if (fixture >= 0 && !m_runIndexById.contains(fixture)) {
                waiting.append({fixture, text});
                continue;
            }
            m_capture.notes.append({fixture >= 0 ? m_runIndexById.value(fixture) : -1, -1, text});
        }
        m_pendingNotes = waiting;
    }

    void report(const char *ruleId, Severity severity, qint64 offset, const QString &message)
    {
        problem(ruleId, severity, offset, offset >= 0 ? capturejson::lineAt(m_text, offset) : -1,
                message);
    }

    QByteArray m_text;
    std::optional<JsonOutline> m_outline;
    QString m_path = QStringLiteral("/agui"); // where aimock mounts the AG-UI mock
    qint64 m_nextStartUs = 0;
    QList<QPair<int, QString>> m_pendingNotes;
};

} // namespace

std::unique_ptr<CaptureParser> makeAimockParser(Capture &capture, const CaptureReadOptions &options)
{
    return std::make_unique<AimockParser>(capture, options);
}

} // namespace agui::detail
