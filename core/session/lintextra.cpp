#include "core/session/lintextra.h"

#include "core/json/jsonrebuild.h"
#include "core/json/wtf8.h"
#include "core/protocol/catalogue.h"
#include "core/protocol/clientpatch.h"
#include "core/session/emptyhash.h"
#include "core/session/toolargs.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace agui {

using lint::stringMember;

namespace {

bool hasSchemaErrorUnder(const Diagnostics &diagnostics, const QString &pointer)
{
    for (const Diagnostic &d : diagnostics) {
        if (d.severity == Severity::Error
            && (d.path == pointer || d.path.startsWith(pointer + QLatin1Char('/'))))
            return true;
    }
    return false;
}

// Events that may carry an attribution tag (the SUBAGENT_* ones name their subject instead; RUN_*
// and MESSAGES_SNAPSHOT do not define one). The catalogue's entry says so, so that a new type is
// decided where its fields are, not by a default here.
bool isAttributable(EventType type)
{
    return eventSpec(type).attribution;
}

// Where a failed patch points: "/<op index as sent>", or "" when the patch as a whole is wrong.
QString failurePointer(const ClientPatchResult &r)
{
    return r.failedOp >= 0 ? QStringLiteral("/%1").arg(r.failedOp) : QString();
}

// A producer's RUN_STARTED.protocolVersion as a consumer speaking `ours` judges it. The grammar is
// the published MAJOR.MINOR, checked before any comparison; components compare numerically.
constexpr QLatin1StringView kInspectorProtocolVersion {"1.1"};
constexpr QLatin1StringView kPinnedClientProtocolVersion {"1.0"};

enum class ProducerVersion : quint8 { Understood, Newer, Uninterpretable };

ProducerVersion judgeProducerVersion(const QString &declared, QLatin1StringView ours)
{
    if (declared == ours)
        return ProducerVersion::Understood;
    static const QRegularExpression grammar(QStringLiteral("^\\d+\\.\\d+$"));
    if (!grammar.match(declared).hasMatch())
        return ProducerVersion::Uninterpretable;
    const auto parts = [](const QString &v) {
        return std::pair(v.section(QLatin1Char('.'), 0, 0).toULongLong(),
                         v.section(QLatin1Char('.'), 1, 1).toULongLong());
    };
    return parts(declared) <= parts(ours) ? ProducerVersion::Understood : ProducerVersion::Newer;
}

// Who judges a producer's version, and in which words: %1 = the declared version, %2 = ours.
struct VersionVoice
{
    QLatin1StringView ours;
    const char *newer;
    const char *uninterpretable;
};

// The inspector's own words, as an AG-UI 1.1 consumer.
constexpr VersionVoice kInspectorVoice {
    kInspectorProtocolVersion,
    "The producer speaks protocol %1; the inspector reads AG-UI %2: material the newer version "
    "added is shown as unknown.",
    "The producer declared protocol version '%1', which the inspector (AG-UI %2) cannot "
    "interpret."};
// The pinned @ag-ui/client 1.0.0's warning, byte for byte.
constexpr VersionVoice kPinnedClientVoice {
    kPinnedClientProtocolVersion,
    "The producer speaks protocol %1; this client speaks %2. Unrecognised material will be "
    "stripped with warnings.",
    "The producer declared protocol version '%1', which this client cannot interpret."};

// %2 first: one voice's text has no %2, and QString::arg warns about an unused argument.
QString fill(const char *text, const QString &declared, QLatin1StringView ours)
{
    return QString::fromLatin1(text).replace(QLatin1StringView("%2"), ours).arg(declared);
}

// The warning `voice` gives about a declared version, or "" when it says nothing.
QString versionWarning(const QString &declared, const VersionVoice &voice)
{
    switch (judgeProducerVersion(declared, voice.ours)) {
    case ProducerVersion::Understood:
        return {};
    case ProducerVersion::Newer:
        return fill(voice.newer, declared, voice.ours);
    case ProducerVersion::Uninterpretable:
        return fill(voice.uninterpretable, declared, voice.ours);
    }
    return {};
}

// encryptedValueType (AG-UI 1.1) on one object that may carry an encrypted value (an event, a
// message, a tool call), as the producer sent it; `at` is the object's JSON Pointer.
void checkEncryptedValueType(const QJsonObject &o, const QString &at, const QString &what,
                             qint64 index, LintSink &sink)
{
    const QJsonValue type = o.value(QLatin1StringView("encryptedValueType"));
    if (type.isUndefined())
        return;
    if (!o.contains(QLatin1StringView("encryptedValue")))
        sink.report(u"lint.encrypted-value-type-without-value", index,
                    at + QStringLiteral("/encryptedValueType"),
                    QStringLiteral("%1 carries encryptedValueType '%2' but no encryptedValue: a "
                                   "producer must not send the type alone")
                        .arg(what, type.toString()));
    else if (type.isString() && !type.toString().contains(QLatin1Char('.')))
        sink.report(u"lint.encrypted-value-type-not-namespaced", index,
                    at + QStringLiteral("/encryptedValueType"),
                    QStringLiteral("encryptedValueType '%1' of %2 has no provider prefix (e.g. "
                                   "'anthropic.redacted_thinking')")
                        .arg(type.toString(), what));
}

// The same for every message of a list and the tool calls they hold.
void checkEncryptedValueTypes(const QJsonArray &messages, const QString &path, qint64 index,
                              LintSink &sink)
{
    for (qsizetype i = 0; i < messages.size(); ++i) {
        const QJsonObject m = messages.at(i).toObject();
        const QString at = path + QLatin1Char('/') + QString::number(i);
        checkEncryptedValueType(
            m, at, QStringLiteral("message '%1'").arg(m.value(QLatin1StringView("id")).toString()),
            index, sink);
        const QJsonArray calls = m.value(QLatin1StringView("toolCalls")).toArray();
        for (qsizetype k = 0; k < calls.size(); ++k) {
            const QJsonObject call = calls.at(k).toObject();
            checkEncryptedValueType(call, at + QStringLiteral("/toolCalls/") + QString::number(k),
                                    QStringLiteral("tool call '%1'")
                                        .arg(call.value(QLatin1StringView("id")).toString()),
                                    index, sink);
        }
    }
}

} // namespace

qint32 ExtraRules::idNumber(std::string_view wtf8)
{
    const qint32 number = wtf8.empty() ? 0 : m_ids.intern(wtf8) + 1;
    if (size_t(number) >= m_facts.size())
        m_facts.resize(size_t(number) + 1);
    return number;
}

qint32 ExtraRules::idNumber(const QString &id)
{
    const QByteArray wtf8 = json::toWtf8(id);
    return idNumber(std::string_view(wtf8.constData(), size_t(wtf8.size())));
}

std::optional<qint32> ExtraRules::idMember(const json::JsonView &member)
{
    return member.isString() ? std::optional(idNumber(member.utf8())) : std::nullopt;
}

QString ExtraRules::idText(qint32 number) const
{
    return json::fromWtf8(m_ids.utf8(number - 1)); // number 0: "", the pool's -1
}

QString ExtraRules::roleOf(qint32 number) const
{
    const qint32 role = m_facts[size_t(number)].role;
    return role < 0 ? QString() : m_roleNames.at(role);
}

void ExtraRules::setRole(qint32 number, const QString &role)
{
    auto known = m_roleNumbers.constFind(role);
    if (known == m_roleNumbers.cend()) {
        known = m_roleNumbers.insert(role, qint32(m_roleNames.size()));
        m_roleNames.append(role);
    }
    facts(number).role = *known;
}

void ExtraRules::setRoleIfNew(qint32 number, const QString &role)
{
    if (facts(number).role < 0)
        setRole(number, role);
}

QStringList ExtraRules::idTexts(const QSet<qint32> &numbers) const
{
    QStringList texts;
    for (const qint32 number : numbers)
        texts.append(idText(number));
    texts.sort();
    return texts;
}

void ExtraRules::observeFrame(const EventView &frame, qint64 index, LintSink &sink)
{
    if (frame.type != EventType::Invalid) {
        ++m_frames;
        if (!m_sawTimestamp && frame.has("timestamp"))
            m_sawTimestamp = true;
    }
    if (frame.type == EventType::Invalid) {
        // {"error": {...}} frames from proxies and gateways: no "type", so the decoder already
        // said wire.no-type; the hint says what the producer should send instead.
        if (frame.has("error"))
            sink.report(u"lint.non-agui-error-frame", index, QStringLiteral("/error"),
                        QStringLiteral("Frame with an 'error' member and no AG-UI event type is "
                                       "not an AG-UI event (the client rejects the stream); report "
                                       "a failed run with RUN_ERROR {message, code}"));
    }
    if (frame.type == EventType::Unknown
        && frame.str("type").contains(QLatin1StringView("error"), Qt::CaseInsensitive))
        sink.report(u"lint.non-agui-error-frame", index, QStringLiteral("/type"),
                    QStringLiteral("Frame of type '%1' is not an AG-UI event (the client drops "
                                   "unknown types, so the failure goes unseen); report a failed "
                                   "run with RUN_ERROR {message, code}")
                        .arg(frame.str("type")));
}

void ExtraRules::startRun(const EventView &e, qint64 index)
{
    Q_UNUSED(index);
    m_phase = RunPhase::Active;
    m_runId = stringMember(e, QLatin1StringView("runId"));
    m_threadId = stringMember(e, QLatin1StringView("threadId"));
    m_terminalIndex = -1;
    m_runToolCalls.clear();
    emptyKeepingBuckets(m_runToolCallSet);
    emptyKeepingBuckets(m_runAnswered);
    emptyKeepingBuckets(m_runSubagents);
    emptyKeepingBuckets(m_runUnstartedReported);
    m_runDeltas = 0;
    m_runDeltaBeforeSnapshotReported = false;

    // The base of this run's state and the messages the client already holds: RUN_STARTED.input
    // (the echo of what was POSTed) or else the input handed to Linter::setRunInput().
    const QJsonObject echo = e.value("input").toQJsonObject();
    const QJsonObject input = echo.isEmpty() ? m_pendingInput : echo;
    m_pendingInput = QJsonObject();
    if (input.contains(QLatin1StringView("state")))
        m_state = input.value(QLatin1StringView("state"));
    learnMessages(input.value(QLatin1StringView("messages")));
}

void ExtraRules::learnMessages(const QJsonValue &messages)
{
    const QJsonArray list = messages.toArray();
    for (const auto &value : list) {
        const QJsonObject m = value.toObject();
        const std::optional<QString> id = stringMember(m, QLatin1StringView("id"));
        if (!id)
            continue;
        const qint32 number = idNumber(*id);
        const QString role
            = stringMember(m, QLatin1StringView("role")).value_or(QStringLiteral("assistant"));
        setRole(number, role);
        if (role == QStringLiteral("activity"))
            m_activities.insert(number, m.value(QLatin1StringView("content")));
        const QJsonArray calls = m.value(QLatin1StringView("toolCalls")).toArray();
        for (const auto &call : calls) {
            if (const auto callId = stringMember(call.toObject(), QLatin1StringView("id")))
                facts(idNumber(*callId)).toolCallKnown = true;
        }
    }
}

// A stream carries the runs of one conversation: each RUN_STARTED names the request's thread
// (draft rule; 1.1 does not say).
void ExtraRules::checkThread(const EventView &e, const QJsonObject &input, qint64 index,
                             LintSink &sink)
{
    const std::optional<QString> thread = stringMember(e, QLatin1StringView("threadId"));
    if (!m_requestThreadId) {
        const QJsonValue requested = input.value(QLatin1StringView("threadId"));
        if (!requested.isString()) {
            m_requestThreadId = thread;
            return;
        }
        m_requestThreadId = requested.toString();
    }
    if (!thread || *thread == *m_requestThreadId)
        return;
    sink.report(u"lint.thread-changed", index, QStringLiteral("/threadId"),
                QStringLiteral("RUN_STARTED names thread '%1', but this stream's runs are on "
                               "thread '%2': the runs of one stream belong to one conversation "
                               "(draft: every run carries the input's threadId)")
                    .arg(*thread, *m_requestThreadId));
}

// An interrupt outcome whose interrupts share an id (draft rule): a resume entry answers one id.
void ExtraRules::checkInterruptIds(json::JsonView outcome, qint64 index, LintSink &sink)
{
    if (!outcome.value("type").equals("interrupt"))
        return;
    const QJsonArray interrupts = outcome.value("interrupts").toQJsonArray();
    QHash<QString, qsizetype> first;
    for (qsizetype i = 0; i < interrupts.size(); ++i) {
        const QJsonValue id = interrupts.at(i).toObject().value(QLatin1StringView("id"));
        if (!id.isString())
            continue; // schema.*
        const auto seen = first.constFind(id.toString());
        if (seen == first.cend()) {
            first.insert(id.toString(), i);
            continue;
        }
        sink.report(u"lint.duplicate-interrupt-id", index,
                    QStringLiteral("/outcome/interrupts/%1/id").arg(i),
                    QStringLiteral("RUN_FINISHED has two interrupts carrying the id '%1' (%2 and "
                                   "%3): a resume entry answers an interrupt by its id, so one "
                                   "answer would cover both")
                        .arg(id.toString())
                        .arg(*seen)
                        .arg(i));
    }
}

void ExtraRules::checkRunFinished(const EventView &e, qint64 index, LintSink &sink)
{
    const auto compare = [&](QLatin1StringView field, const std::optional<QString> &started) {
        const std::optional<QString> finished = stringMember(e, field);
        if (started && finished && *started != *finished)
            sink.report(u"lint.run-id-mismatch", index, QStringLiteral("/") + QString(field),
                        QStringLiteral("RUN_FINISHED %1 '%2' does not match RUN_STARTED %1 '%3'")
                            .arg(QString(field), *finished, *started));
    };
    compare(QLatin1StringView("threadId"), m_threadId);
    compare(QLatin1StringView("runId"), m_runId);

    // pendingToolCallIds: an explicit non-empty list replaces what the client would derive
    // (calls started in the run and not answered); absent or [] means "derive".
    const json::JsonView outcome = e.value("outcome").toObject();
    checkInterruptIds(outcome, index, sink);
    if (!outcome.value("type").equals("success"))
        return;
    const QJsonArray listed = outcome.value("pendingToolCallIds").toQJsonArray();
    if (listed.isEmpty())
        return;
    QSet<qint32> derived;
    for (const qint32 id : std::as_const(m_runToolCalls)) {
        if (!m_runAnswered.contains(id))
            derived.insert(id);
    }
    QSet<qint32> listedSet;
    for (qsizetype i = 0; i < listed.size(); ++i) {
        if (!listed.at(i).isString())
            continue; // schema.type
        const qint32 id = idNumber(listed.at(i).toString());
        listedSet.insert(id);
        if (derived.contains(id))
            continue;
        QString why;
        if (!facts(id).toolCallKnown)
            why = QStringLiteral("which was never started in this stream");
        else if (m_runAnswered.contains(id))
            why = QStringLiteral("which was answered by a TOOL_CALL_RESULT in this run");
        else
            why = QStringLiteral("which was not started in this run");
        sink.report(u"lint.pending-tool-calls-mismatch", index,
                    QStringLiteral("/outcome/pendingToolCallIds/%1").arg(i),
                    QStringLiteral("pendingToolCallIds lists '%1', %2").arg(idText(id), why));
    }
    for (const qint32 id : std::as_const(m_runToolCalls)) {
        if (derived.contains(id) && !listedSet.contains(id))
            sink.report(u"lint.pending-tool-calls-mismatch", index,
                        QStringLiteral("/outcome/pendingToolCallIds"),
                        QStringLiteral("Tool call '%1' was started in this run and has no "
                                       "TOOL_CALL_RESULT, but pendingToolCallIds does not list it")
                            .arg(idText(id)));
    }
}

void ExtraRules::checkToolCallStart(const EventView &e, qint64 index, LintSink &sink)
{
    const std::optional<qint32> id = idMember(e.value(EventKey::ToolCallId));
    if (!id)
        return;
    const bool open = m_openArgs.contains(*id);
    if (facts(*id).toolCallKnown && !open) {
        const qint64 ended = m_toolCallEnds.value(*id, -1);
        sink.report(
            u"lint.restart-closed-id", index, QStringLiteral("/toolCallId"),
            QStringLiteral("TOOL_CALL_START reuses tool call id '%1', which already %2; the "
                           "client keeps the existing call (only renaming it) and appends "
                           "the new arguments to the old ones")
                .arg(idText(*id),
                     ended >= 0 ? QStringLiteral("ended at event %1").arg(ended)
                                : QStringLiteral("exists in the run input or a messages "
                                                 "snapshot")));
    }
    if (!open) {
        facts(*id).toolCallKnown = true;
        m_toolCallEnds.remove(*id);
        m_openArgs.insert(*id, QString());
        m_lastArgs = nullptr; // the hash may have moved its values
    }
    if (!m_runToolCallSet.contains(*id)) {
        m_runToolCallSet.insert(*id);
        m_runToolCalls.append(*id);
    }

    // Which message the client attaches the call to (@ag-ui/client 1.0.0 defaultApplyEvents,
    // TOOL_CALL_START).
    const std::optional<qint32> parent = idMember(e.value(QLatin1StringView("parentMessageId")));
    if (!parent) {
        setRoleIfNew(*id, QStringLiteral("assistant"));
        return;
    }
    const QString role = roleOf(*parent);
    if (role.isNull()) {
        sink.report(u"lint.parent-message-unknown", index, QStringLiteral("/parentMessageId"),
                    QStringLiteral("TOOL_CALL_START parentMessageId '%1' names no message seen so "
                                   "far; the client creates an assistant message with that id")
                        .arg(idText(*parent)));
        setRole(*parent, QStringLiteral("assistant"));
    } else if (role != QStringLiteral("assistant")) {
        sink.report(u"lint.parent-message-not-assistant", index, QStringLiteral("/parentMessageId"),
                    QStringLiteral("TOOL_CALL_START parentMessageId '%1' names a '%2' message, not "
                                   "an assistant message; the client puts the call on a new "
                                   "assistant message '%3' instead")
                        .arg(idText(*parent), role, idText(*id)));
        setRoleIfNew(*id, QStringLiteral("assistant"));
    }
}

void ExtraRules::checkToolCallEnd(qint32 id, qint64 index, LintSink &sink)
{
    const auto open = m_openArgs.constFind(id);
    if (open == m_openArgs.cend())
        return; // verify.C3
    const QString args = *open;
    m_openArgs.erase(open);
    m_lastArgs = nullptr;
    m_toolCallEnds.insert(id, index);
    if (args.trimmed().isEmpty())
        return; // no arguments at all: the client's JSON.parse fails and it uses {}, which is
                // what a tool without parameters means
    const ToolArgsReading reading = readToolArgs(args.toUtf8(), /*wantValue=*/false);
    if (reading.ok)
        return;
    const QString problem = reading.parseError.isEmpty()
        ? QStringLiteral("%1 JSON values one after the other").arg(reading.valueCount)
        : QStringLiteral("%1 at byte %2").arg(reading.parseError).arg(reading.offset);
    sink.report(u"lint.tool-args-invalid-json", index, QStringLiteral("/toolCallId"),
                QStringLiteral("Concatenated TOOL_CALL_ARGS for tool call '%1' do not parse as "
                               "JSON: %2; the client hands {} to onNewToolCall")
                    .arg(idText(id), problem));
}

void ExtraRules::checkStateDelta(qint64 index, LintSink &sink)
{
    const QString deltaPointer = QStringLiteral("/delta");
    if (hasSchemaErrorUnder(*m_frameDiagnostics, deltaPointer))
        return; // not a valid patch document: the schema layer said where; nothing to apply
    if (!m_state) {
        if (!m_runDeltaBeforeSnapshotReported) {
            m_runDeltaBeforeSnapshotReported = true;
            sink.report(u"lint.state-delta-before-snapshot", index, deltaPointer,
                        QStringLiteral("STATE_DELTA before any STATE_SNAPSHOT (and no input "
                                       "state): the state it patches is not visible in this "
                                       "stream, so its deltas cannot be checked"));
        }
        return;
    }
    // In a Session the reducer has just applied the patch the client's way: its result is this
    // rule's too (one application per event). A Linter on its own applies it to its copy.
    ClientPatchResult applied;
    if (m_reduced && m_reduced->statePatch) {
        applied = *m_reduced->statePatch;
    } else {
        applied = applyPatchLikeClient(*m_state, m_sent.value("delta"));
        if (applied.ok)
            m_state = applied.document;
    }
    if (applied.ok) {
        ++m_runDeltas;
        // Qt's JSON containers keep dead bytes until rebuilt (core/json/jsonrebuild.h), and every
        // copy-on-write detach copies them: without this, the cost of a delta
        // grows with the number of deltas applied before it. Rebuilding once the edits since the
        // last rebuild outnumber an eighth of the state's nodes keeps that garbage proportional to
        // the state and the rebuild cost O(1) amortised per delta.
        if (!m_reduced && ++m_deltasSinceCompaction >= m_compactionThreshold) {
            qsizetype nodes = 0;
            m_state = json::rebuiltDeep(*m_state, &nodes);
            m_deltasSinceCompaction = 0;
            m_compactionThreshold = std::max<qsizetype>(64, nodes / 8);
        }
        return;
    }
    // Atomic, like the client (fast-json-patch, validating): the state stays as it was.
    sink.report(u"lint.state-delta-failed", index, deltaPointer + failurePointer(applied),
                QStringLiteral("STATE_DELTA %1; the client skips the whole patch (Failed to "
                               "apply state patch)")
                    .arg(applied.failureText()));
}

void ExtraRules::checkEncryptedValue(const EventView &e, qint64 index, LintSink &sink)
{
    const std::optional<qint32> id = idMember(e.value(QLatin1StringView("entityId")));
    const std::optional<QString> subtype = stringMember(e, QLatin1StringView("subtype"));
    if (!id || !subtype)
        return;
    const QString path = QStringLiteral("/entityId");
    if (*subtype == QStringLiteral("tool-call")) {
        if (!facts(*id).toolCallKnown)
            sink.report(u"lint.encrypted-value-unknown-entity", index, path,
                        QStringLiteral("REASONING_ENCRYPTED_VALUE names tool call '%1', which is "
                                       "not in this stream; the client drops the value")
                            .arg(idText(*id)));
    } else if (*subtype == QStringLiteral("message")) {
        const QString role = roleOf(*id);
        if (role.isNull())
            sink.report(u"lint.encrypted-value-unknown-entity", index, path,
                        QStringLiteral("REASONING_ENCRYPTED_VALUE names message '%1', which is not "
                                       "in this stream; the client drops the value")
                            .arg(idText(*id)));
        else if (role == QStringLiteral("activity"))
            sink.report(u"lint.encrypted-value-unknown-entity", index, path,
                        QStringLiteral("REASONING_ENCRYPTED_VALUE names activity message '%1'; the "
                                       "client does not attach encrypted values to activities")
                            .arg(idText(*id)));
    }
}

void ExtraRules::checkAttribution(const EventView &e, qint64 index, LintSink &sink)
{
    if (e.type == EventType::SubagentStarted) {
        if (const std::optional<qint32> id = idMember(e.value(EventKey::SubagentRunId)))
            m_runSubagents.insert(*id);
        return;
    }
    if (!isAttributable(e.type))
        return;
    const std::optional<qint32> tag = idMember(e.value(EventKey::SubagentRunId));
    if (!tag || m_runSubagents.contains(*tag) || m_runUnstartedReported.contains(*tag))
        return;
    m_runUnstartedReported.insert(*tag); // once per subagent and run: the rest is the same story
    sink.report(u"lint.subagent-not-started", index, QStringLiteral("/subagentRunId"),
                QStringLiteral("%1 is attributed to subagent '%2', which has not sent "
                               "SUBAGENT_STARTED in this run (attribution-only producer)")
                    .arg(eventTypeName(e.type), idText(*tag)));
}

void ExtraRules::check(const EventView &e, const EventView &frame,
                       const Diagnostics &frameDiagnostics, const EventChange *reduced,
                       qint64 index, LintSink &sink)
{
    m_reduced = reduced;
    if (e.type == EventType::Unknown || e.type == EventType::Invalid || isChunkType(e.type))
        return;
    static const Diagnostics kNone;
    // A delivered event of the frame's own type is the frame (perhaps stripped): its findings and
    // its members as sent apply; for events made of a chunk they do not.
    const bool isFrame = e.type == frame.type;
    m_frameDiagnostics = isFrame ? &frameDiagnostics : &kNone;
    m_sent = isFrame ? frame.json : e.json;

    // What the producer sent, for the rules about members the client strips (the delivered
    // event no longer has them).
    const bool asSent = e.type == frame.type && !isChunkType(frame.type);
    if (e.type == EventType::RunStarted)
        checkRunStarted(e, frame, asSent, index, sink);
    else if (m_phase == RunPhase::None && e.type != EventType::RunError)
        startRun(EventView(), index); // events before any RUN_STARTED form an implicit run
    checkAttribution(e, index, sink);

    switch (e.type) {
    case EventType::RunFinished:
    case EventType::RunError:
        checkRunEnd(e, index, sink);
        break;
    case EventType::TextMessageStart:
    case EventType::TextMessageContent:
    case EventType::TextMessageEnd:
        checkText(e, frame, index, sink);
        break;
    case EventType::ToolCallStart:
        checkToolCallStart(e, index, sink);
        break;
    case EventType::ToolCallArgs:
        collectToolCallArgs(e);
        break;
    case EventType::ToolCallEnd:
        if (const std::optional<qint32> id = idMember(e.value(EventKey::ToolCallId)))
            checkToolCallEnd(*id, index, sink);
        break;
    case EventType::ToolCallResult:
        checkToolCallResult(e, index, sink);
        break;
    case EventType::StateSnapshot:
        checkStateSnapshot(e, index, sink);
        break;
    case EventType::StateDelta:
        checkStateDelta(index, sink);
        break;
    case EventType::MessagesSnapshot:
        checkMessagesSnapshot(e, frame, asSent, index, sink);
        break;
    case EventType::ActivitySnapshot:
        recordActivitySnapshot(e);
        break;
    case EventType::ActivityDelta:
        checkActivityDelta(e, index, sink);
        break;
    case EventType::ReasoningMessageStart:
    case EventType::ReasoningMessageEnd:
        checkReasoningMessage(e, index, sink);
        break;
    case EventType::ReasoningEncryptedValue:
        checkEncryptedValue(e, index, sink);
        if (asSent)
            checkEncryptedValueType(frame.json.toQJsonObject(), QString(),
                                    QStringLiteral("REASONING_ENCRYPTED_VALUE"), index, sink);
        break;
    case EventType::Custom:
        checkCustomName(e, index, sink);
        break;
    case EventType::Raw:
        checkRawWrapped(e, index, sink);
        break;
    default:
        break;
    }
}

// RUN_STARTED opens a run; the client warns about a protocol version it cannot speak.
void ExtraRules::checkRunStarted(const EventView &e, const EventView &frame, bool asSent,
                                 qint64 index, LintSink &sink)
{
    const QJsonObject echo = e.value("input").toQJsonObject();
    checkThread(e, echo.isEmpty() ? m_pendingInput : echo, index, sink);
    startRun(e, index);
    const json::JsonView declared = e.value("protocolVersion");
    if (declared.isString()) {
        const QString version = declared.toString();
        const QString ours = versionWarning(version, kInspectorVoice);
        if (!ours.isEmpty())
            sink.report(u"lint.producer-protocol-version", index,
                        QStringLiteral("/protocolVersion"), ours);
        const QString pinned = versionWarning(version, kPinnedClientVoice);
        if (!pinned.isEmpty())
            sink.report(u"compat.producer-protocol-version", index,
                        QStringLiteral("/protocolVersion"),
                        QStringLiteral("@ag-ui/client 1.0.0 warns: ") + pinned);
    }
    if (asSent)
        checkEncryptedValueTypes(frame.value("input").value("messages").toQJsonArray(),
                                 QStringLiteral("/input/messages"), index, sink);
}

// RUN_FINISHED / RUN_ERROR end the run; a RUN_ERROR after RUN_FINISHED is a late failure report.
void ExtraRules::checkRunEnd(const EventView &e, qint64 index, LintSink &sink)
{
    if (e.type == EventType::RunFinished) {
        if (m_phase == RunPhase::Active)
            checkRunFinished(e, index, sink);
        if (m_phase != RunPhase::Finished && m_phase != RunPhase::Errored) {
            m_phase = RunPhase::Finished;
            m_terminalIndex = index;
        }
        return;
    }
    const QString message = stringMember(e, QLatin1StringView("message")).value_or(QString());
    const QString code = stringMember(e, QLatin1StringView("code")).value_or(QString());
    sink.report(u"lint.run-error", index, QStringLiteral("/message"),
                QStringLiteral("Run %1 failed: %2%3")
                    .arg(m_runId ? QStringLiteral("'%1'").arg(*m_runId) : QStringLiteral("(no id)"),
                         message.isEmpty() ? QStringLiteral("(no message)") : message,
                         code.isEmpty() ? QString() : QStringLiteral(" (code %1)").arg(code)));
    if (m_phase == RunPhase::Finished)
        sink.report(u"lint.terminal-after-terminal", index, QString(),
                    QStringLiteral("RUN_ERROR after the run already finished with RUN_FINISHED "
                                   "(event %1): a late failure report, admitted; the run "
                                   "reported success first")
                        .arg(m_terminalIndex));
    if (m_phase != RunPhase::Errored) {
        m_phase = RunPhase::Errored;
        m_terminalIndex = index;
    }
}

// TEXT_MESSAGE_*: a START reusing an ended message's id (the client appends to that message),
// empty deltas as sent, and the role the client gives a new message.
void ExtraRules::checkText(const EventView &e, const EventView &frame, qint64 index, LintSink &sink)
{
    if (e.type == EventType::TextMessageContent) {
        // Judged on what the producer sent: a chunk without delta yields a synthesised "".
        const json::JsonView sent = frame.value(EventKey::Delta);
        if (sent.isString() && sent.utf8().empty())
            sink.report(
                u"lint.empty-text-delta", index, QStringLiteral("/delta"),
                QStringLiteral("TEXT_MESSAGE_CONTENT for message '%1' has an empty delta")
                    .arg(stringMember(e, QLatin1StringView("messageId")).value_or(QString())));
        return;
    }
    const std::optional<qint32> id = idMember(e.value(EventKey::MessageId));
    if (e.type == EventType::TextMessageEnd) {
        if (id && m_openText.remove(*id))
            m_closedText.insert(*id, index);
        return;
    }
    if (!id || m_openText.contains(*id))
        return; // verify.T1
    const auto closed = m_closedText.constFind(*id);
    if (closed != m_closedText.cend())
        sink.report(u"lint.restart-closed-id", index, QStringLiteral("/messageId"),
                    QStringLiteral("TEXT_MESSAGE_START reuses message id '%1', whose message "
                                   "already ended at event %2; the client appends the new text "
                                   "to that message")
                        .arg(idText(*id))
                        .arg(*closed));
    m_openText.insert(*id);
    if (facts(*id).role < 0)
        setRole(*id,
                stringMember(e, QLatin1StringView("role")).value_or(QStringLiteral("assistant")));
}

// TOOL_CALL_ARGS: the arguments the client concatenates while the call is open.
void ExtraRules::collectToolCallArgs(const EventView &e)
{
    // Consecutive ARGS of one call skip the look-up (m_lastArgs, reset when the hash changes).
    const std::string_view idUtf8 = e.value(EventKey::ToolCallId).utf8();
    if (!m_lastArgs || m_lastArgsId != idUtf8) {
        const std::optional<qint32> id = idMember(e.value(EventKey::ToolCallId));
        auto it = id ? m_openArgs.find(*id) : m_openArgs.end();
        if (it == m_openArgs.end())
            return; // no open call of that id: the client drops the arguments
        m_lastArgs = &it.value();
        m_lastArgsId.assign(idUtf8);
    }
    json::appendWtf8(*m_lastArgs, e.value(EventKey::Delta).utf8());
}

// TOOL_CALL_RESULT: where the client puts the tool message depends on the call being known.
void ExtraRules::checkToolCallResult(const EventView &e, qint64 index, LintSink &sink)
{
    const std::optional<qint32> id = idMember(e.value(EventKey::ToolCallId));
    if (id) {
        if (!facts(*id).toolCallKnown)
            sink.report(u"lint.tool-result-unknown-call", index, QStringLiteral("/toolCallId"),
                        QStringLiteral("TOOL_CALL_RESULT for tool call '%1', which was never "
                                       "started in this stream; the client appends the tool "
                                       "message at the end instead of after its call")
                            .arg(idText(*id)));
        else if (m_openArgs.contains(*id))
            sink.report(u"lint.tool-result-open-call", index, QStringLiteral("/toolCallId"),
                        QStringLiteral("TOOL_CALL_RESULT for tool call '%1' arrived before its "
                                       "TOOL_CALL_END (arguments still streaming)")
                            .arg(idText(*id)));
        m_runAnswered.insert(*id);
    }
    if (const std::optional<qint32> messageId = idMember(e.value(EventKey::MessageId)))
        setRole(*messageId, QStringLiteral("tool"));
}

// STATE_SNAPSHOT: the client replaces the state, whatever deltas built it.
void ExtraRules::checkStateSnapshot(const EventView &e, qint64 index, LintSink &sink)
{
    if (m_runDeltas > 0)
        sink.report(u"lint.state-snapshot-discards-deltas", index, QStringLiteral("/snapshot"),
                    QStringLiteral("STATE_SNAPSHOT replaces state built from %1 STATE_DELTA(s) "
                                   "earlier in this run")
                        .arg(m_runDeltas));
    // In a Session the reducer holds the state and hands this rule each delta's result
    // (checkStateDelta): the rule only needs to know that there is a state.
    m_state = m_reduced ? QJsonValue() : e.value("snapshot").toQJsonValue();
    m_runDeltas = 0;
}

void ExtraRules::checkMessagesSnapshot(const EventView &e, const EventView &frame, bool asSent,
                                       qint64 index, LintSink &sink)
{
    learnMessages(e.value("messages").toQJsonValue());
    if (asSent)
        checkEncryptedValueTypes(frame.value("messages").toQJsonArray(),
                                 QStringLiteral("/messages"), index, sink);
}

// ACTIVITY_SNAPSHOT: the client creates or replaces the activity (replace:false keeps a known
// message as it is).
void ExtraRules::recordActivitySnapshot(const EventView &e)
{
    const std::optional<qint32> id = idMember(e.value(EventKey::MessageId));
    if (id && (facts(*id).role < 0 || e.value("replace") != QJsonValue(false))) {
        setRole(*id, QStringLiteral("activity"));
        m_activities.insert(*id, e.value("content").toQJsonValue());
    }
}

// ACTIVITY_DELTA: the client patches a known activity's content, and drops or ignores a delta
// for anything else.
void ExtraRules::checkActivityDelta(const EventView &e, qint64 index, LintSink &sink)
{
    const std::optional<qint32> id = idMember(e.value(EventKey::MessageId));
    if (!id)
        return;
    const auto activity = m_activities.find(*id);
    if (activity != m_activities.end()) {
        if (hasSchemaErrorUnder(*m_frameDiagnostics, QStringLiteral("/patch")))
            return; // the schema layer said what is wrong with the patch
        // The client patches a copy of the content ({} when absent) and keeps the old one on
        // failure (console warning only).
        const QJsonValue content = activity->isUndefined() ? QJsonValue(QJsonObject()) : *activity;
        const QJsonValue patch = m_sent.value("patch").toQJsonValue();
        const ClientPatchResult applied
            = applyPatchLikeClient(content, patch.isUndefined() ? QJsonValue(QJsonArray()) : patch);
        if (!applied.ok)
            sink.report(u"lint.activity-delta-failed", index,
                        QStringLiteral("/patch") + failurePointer(applied),
                        QStringLiteral("ACTIVITY_DELTA for activity '%1': %2; the client keeps "
                                       "the activity's content unchanged")
                            .arg(idText(*id), applied.failureText()));
        else
            *activity = applied.document;
        return;
    }
    const QString role = roleOf(*id);
    if (role.isNull())
        sink.report(u"lint.activity-delta-unknown", index, QStringLiteral("/messageId"),
                    QStringLiteral("ACTIVITY_DELTA for message '%1', which is no known "
                                   "activity (no ACTIVITY_SNAPSHOT before it); the client "
                                   "drops it silently")
                        .arg(idText(*id)));
    else
        sink.report(u"lint.activity-delta-unknown", index, QStringLiteral("/messageId"),
                    QStringLiteral("ACTIVITY_DELTA for message '%1', which is a '%2' message, "
                                   "not an activity; the client ignores the delta")
                        .arg(idText(*id), role));
}

// REASONING_MESSAGE_START / REASONING_MESSAGE_END: a START reusing an ended message's id (the
// client appends to that message).
void ExtraRules::checkReasoningMessage(const EventView &e, qint64 index, LintSink &sink)
{
    const std::optional<qint32> id = idMember(e.value(EventKey::MessageId));
    if (e.type == EventType::ReasoningMessageEnd) {
        if (id && m_openReasoning.remove(*id))
            m_closedReasoning.insert(*id, index);
        return;
    }
    if (!id || m_openReasoning.contains(*id))
        return; // verify.R2
    const auto closed = m_closedReasoning.constFind(*id);
    if (closed != m_closedReasoning.cend())
        sink.report(u"lint.restart-closed-id", index, QStringLiteral("/messageId"),
                    QStringLiteral("REASONING_MESSAGE_START reuses reasoning message id '%1', "
                                   "whose message already ended at event %2; the client "
                                   "appends to that message")
                        .arg(idText(*id))
                        .arg(*closed));
    m_openReasoning.insert(*id);
    setRoleIfNew(*id, QStringLiteral("reasoning"));
}

void ExtraRules::checkCustomName(const EventView &e, qint64 index, LintSink &sink)
{
    const std::optional<QString> name = stringMember(e, QLatin1StringView("name"));
    if (name && !name->contains(QLatin1Char('.')) && !name->contains(QLatin1Char('/'))
        && !name->contains(QLatin1Char(':')))
        sink.report(u"lint.custom-name-not-namespaced", index, QStringLiteral("/name"),
                    QStringLiteral("CUSTOM event name '%1' has no namespace prefix (e.g. "
                                   "'vendor.event')")
                        .arg(*name));
}

void ExtraRules::checkRawWrapped(const EventView &e, qint64 index, LintSink &sink)
{
    const std::optional<QString> wrapped
        = stringMember(e.value("event").toObject(), QLatin1StringView("type"));
    if (wrapped && eventTypeFromName(*wrapped) != EventType::Unknown)
        sink.report(u"lint.raw-wraps-typed-event", index, QStringLiteral("/event/type"),
                    QStringLiteral("RAW event wraps an event of type '%1', which has a typed "
                                   "AG-UI equivalent")
                        .arg(*wrapped));
}

// The request's body ended: a run it left open is truncated. What the cut left open belongs to a
// stream that is gone, so the next request starts with nothing open (the client's verifier and
// pipeline start afresh too).
void ExtraRules::endRequest(qint64 lastIndex, LintSink &sink)
{
    reportTruncatedRun(lastIndex, sink);
    m_requestThreadId.reset();
    m_openText.clear();
    m_openReasoning.clear();
    m_openArgs.clear();
    m_lastArgs = nullptr;
    m_lastArgsId.clear();
}

void ExtraRules::reportTruncatedRun(qint64 index, LintSink &sink)
{
    if (m_phase != RunPhase::Active)
        return;
    m_phase = RunPhase::None;
    QString message = m_runId ? QStringLiteral("Run '%1' ended without RUN_FINISHED or "
                                               "RUN_ERROR: the stream stopped mid-run "
                                               "(truncated run)")
                                    .arg(*m_runId)
                              : QStringLiteral("The stream ended inside a run without "
                                               "RUN_FINISHED or RUN_ERROR (truncated run)");
    // What the cut left open, so the user sees where the producer stopped (sorted: the sets keep
    // no order).
    QSet<qint32> openTools;
    for (auto it = m_openArgs.cbegin(); it != m_openArgs.cend(); ++it)
        openTools.insert(it.key());
    QStringList parts;
    const auto add = [this, &parts](const QSet<qint32> &numbers, const char *what) {
        if (numbers.isEmpty())
            return;
        const QStringList ids = idTexts(numbers);
        parts.append(
            QStringLiteral("%1 %2").arg(QLatin1StringView(what), ids.join(QStringLiteral(", "))));
    };
    add(m_openText, "text messages");
    add(m_openReasoning, "reasoning messages");
    add(openTools, "tool calls");
    if (!parts.isEmpty())
        message += QStringLiteral("; still open: ") + parts.join(QStringLiteral("; "));
    sink.report(u"lint.truncated-run", index, QString(), message);
}

void ExtraRules::finish(LintSink &sink)
{
    if (m_finished)
        return;
    m_finished = true;
    reportTruncatedRun(-1, sink);
    if (m_frames > 0 && !m_sawTimestamp)
        sink.report(u"lint.no-timestamps", -1, QString(),
                    QStringLiteral("None of the %1 events carries the optional timestamp; timings "
                                   "shown are arrival times only")
                        .arg(m_frames));
}

} // namespace agui
