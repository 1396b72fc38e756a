#include "core/session/lintverify.h"

#include "core/json/jsontext.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

// Messages below are the @ag-ui/client 1.0.0 verifyEvents texts (and, for THINKING_*, those of
// @ag-ui/client 0.0.59), reproduced exactly so a user can search for what the client printed. The
// state machine mirrors the client's bookkeeping (facts read from the reference and the client's
// behaviour); the code is ours.

namespace agui {

using lint::stringMember;

QStringList OpenIds::inOrder() const
{
    QList<std::pair<quint64, QString>> items;
    items.reserve(m_order.size());
    for (auto it = m_order.cbegin(); it != m_order.cend(); ++it)
        items.append({it.value(), it.key()});
    std::sort(items.begin(), items.end());
    QStringList out;
    out.reserve(items.size());
    for (const auto &item : items)
        out.append(item.second);
    return out;
}

namespace {

constexpr QLatin1StringView kSubagentRunId {"subagentRunId"};

// The attribution tag of an event: absent (or null, already reported as A1, or not a string,
// reported by the schema layer) means the parent agent.
std::optional<QString> tagOf(const EventView &e)
{
    return stringMember(e, EventKey::SubagentRunId);
}

QString ownerText(const std::optional<QString> &owner)
{
    return owner ? *owner : QStringLiteral("(the parent agent)");
}

QString stepOwnerKey(const std::optional<QString> &owner)
{
    return owner ? QStringLiteral("s") + *owner : QStringLiteral("p");
}

QString attributedText(const std::optional<QString> &owner)
{
    return owner ? QStringLiteral("subagent '%1'").arg(*owner) : QStringLiteral("the parent agent");
}

} // namespace

void VerifyRules::resetRun()
{
    m_openText.clear();
    m_openTools.clear();
    m_openReasoningSpans.clear();
    m_openReasoningMessages.clear();
    emptyKeepingBuckets(m_messageOwners);
    emptyKeepingBuckets(m_toolCallOwners);
    emptyKeepingBuckets(m_activityOwners);
    emptyKeepingBuckets(m_reasoningOwners);
    emptyKeepingBuckets(m_steps);
    m_stepOwnerOrder.clear();
    m_activeSubagents.clear();
    emptyKeepingBuckets(m_finishedSubagents);
    m_thinking = false;
    m_thinkingMessage = false;
    m_runFinished = false;
    m_runErrored = false;
    m_runStartedSeen = true;
}

void VerifyRules::checkLifecycle(const EventView &e, qint64 index, LintSink &sink)
{
    const QString t = eventTypeName(e.type);
    if (m_runErrored && e.type != EventType::RunStarted) {
        sink.report(u"verify.L1", index, QString(),
                    QStringLiteral("Cannot send event type '%1': The run has already errored with "
                                   "'RUN_ERROR'. No further events can be sent.")
                        .arg(t));
    } else if (m_runFinished && e.type != EventType::RunError && e.type != EventType::RunStarted) {
        sink.report(u"verify.L2", index, QString(),
                    QStringLiteral("Cannot send event type '%1': The run has already finished with "
                                   "'RUN_FINISHED'. Start a new run with 'RUN_STARTED'.")
                        .arg(t));
    }

    if (!m_seenFirst) {
        m_seenFirst = true;
        if (e.type != EventType::RunStarted && e.type != EventType::RunError)
            sink.report(u"verify.L3", index, QString(),
                        QStringLiteral("First event must be 'RUN_STARTED'"));
    } else if (e.type == EventType::RunStarted) {
        if (m_runStartedSeen && !m_runFinished && !m_runErrored) {
            sink.report(u"verify.L4", index, QString(),
                        QStringLiteral("Cannot send 'RUN_STARTED' while a run is still active. The "
                                       "previous run must be finished with 'RUN_FINISHED' before "
                                       "starting a new run."));
            // Applied: the inspector treats it as the start of a new run (what the producer meant).
            resetRun();
        } else if (m_runFinished || m_runErrored) {
            resetRun();
        }
    }
}

void VerifyRules::checkNulls(const EventView &e, qint64 index, LintSink &sink)
{
    const QString t = eventTypeName(e.type);
    if (e.value(EventKey::SubagentRunId).isNull())
        sink.report(u"verify.A1", index, QStringLiteral("/subagentRunId"),
                    QStringLiteral("Cannot send '%1' with 'subagentRunId: null'. The field is "
                                   "optional — omit it entirely.")
                        .arg(t));

    if (e.type == EventType::SubagentStarted || e.type == EventType::SubagentFinished
        || e.type == EventType::SubagentError) {
        QList<QLatin1StringView> optional;
        if (e.type == EventType::SubagentStarted)
            optional
                = {QLatin1StringView("description"), QLatin1StringView("parentSubagentRunId"),
                   QLatin1StringView("parentToolCallId"), QLatin1StringView("parentMessageId")};
        else if (e.type == EventType::SubagentFinished)
            optional = {QLatin1StringView("outcome")};
        else
            optional = {QLatin1StringView("code")};
        for (QLatin1StringView field : std::as_const(optional)) {
            if (lint::hasNullMember(e.json, field))
                sink.report(
                    u"verify.A4", index, QStringLiteral("/") + QString(field),
                    QStringLiteral("Cannot send '%1' with '%2: null'. The field is optional "
                                   "— omit it entirely.")
                        .arg(t, QString(field)));
        }
        const json::JsonView outcome = e.value("outcome");
        if (!outcome.isUndefined() && !outcome.isNull()) {
            const json::JsonView type = outcome.toObject().value("type");
            if (!type.equals("success") && !type.equals("suspended"))
                sink.report(
                    u"verify.A5", index, QStringLiteral("/outcome/type"),
                    QStringLiteral("Cannot send '%1' with outcome type '%2'. The outcome is "
                                   "either { type: \"success\" } or { type: \"suspended\" "
                                   "}.")
                        .arg(t, json::jsString(type)));
            const json::JsonView o = outcome.toObject();
            if (lint::hasNullMember(o, QLatin1StringView("interruptIds")))
                sink.report(
                    u"verify.A4", index, QStringLiteral("/outcome/interruptIds"),
                    QStringLiteral("Cannot send '%1' with 'outcome.interruptIds: null'. The "
                                   "field is optional — omit it entirely.")
                        .arg(t));
            qsizetype i = 0;
            for (const json::JsonView item : o.value("interruptIds").toArray()) {
                if (!item.isString()) {
                    sink.report(u"verify.A5", index,
                                QStringLiteral("/outcome/interruptIds/%1").arg(i),
                                QStringLiteral("Cannot send '%1' with a non-string entry in "
                                               "'outcome.interruptIds'. Interrupt ids are strings.")
                                    .arg(t));
                    break; // the client's message is about the list, once
                }
                ++i;
            }
        }
    }

    if (e.type == EventType::RunFinished) {
        const json::JsonView outcome = e.value("outcome").toObject();
        if (outcome.value("type").equals("interrupt")) {
            qsizetype i = -1;
            for (const json::JsonView item : outcome.value("interrupts").toArray()) {
                ++i;
                const json::JsonView interrupt = item.toObject();
                if (!lint::hasNullMember(interrupt, kSubagentRunId))
                    continue;
                sink.report(
                    u"verify.A3", index,
                    QStringLiteral("/outcome/interrupts/%1/subagentRunId").arg(i),
                    QStringLiteral("Cannot send 'RUN_FINISHED' with an interrupt (id '%1') "
                                   "carrying 'subagentRunId: null'. The field is optional — omit "
                                   "it entirely.")
                        .arg(json::jsString(interrupt.value("id"))));
            }
        }
    }
}

void VerifyRules::seedOwners(json::JsonView messages, bool authoritative, const QString &path,
                             qint64 index, LintSink &sink)
{
    qsizetype i = -1;
    for (const json::JsonView item : messages.toArray()) {
        ++i;
        const json::JsonView m = item.toObject();
        const std::optional<QString> id = stringMember(m, QLatin1StringView("id"));
        if (!id)
            continue;
        if (lint::hasNullMember(m, kSubagentRunId))
            // Reported; then seeded as the parent agent's (null read as "absent").
            sink.report(u"verify.A2", index, path + QStringLiteral("/%1/subagentRunId").arg(i),
                        QStringLiteral("Cannot send a message (id '%1') with 'subagentRunId: "
                                       "null'. The field is optional — omit it entirely.")
                            .arg(*id));
        const Owner owner = stringMember(m, kSubagentRunId);
        const std::optional<QString> role = stringMember(m, QLatin1StringView("role"));
        OwnerMap &owners = role == QStringLiteral("reasoning")
            ? m_reasoningOwners
            : (role == QStringLiteral("activity") ? m_activityOwners : m_messageOwners);
        if (authoritative || !owners.contains(*id))
            owners.insert(*id, owner);
        for (const json::JsonView call : m.value("toolCalls").toArray()) {
            const std::optional<QString> callId
                = stringMember(call.toObject(), QLatin1StringView("id"));
            if (callId && (authoritative || !m_toolCallOwners.contains(*callId)))
                m_toolCallOwners.insert(*callId, owner);
        }
    }
}

void VerifyRules::checkOwner(const EventView &e, const Owner &tag, const OwnerMap &owners,
                             const QString &id, QLatin1StringView kind, qint64 index,
                             LintSink &sink)
{
    if (!tag)
        return; // an absent tag never conflicts
    const auto it = owners.constFind(id);
    if (it == owners.cend() || *it == tag)
        return;
    sink.report(u"verify.A11", index, QStringLiteral("/subagentRunId"),
                QStringLiteral("Cannot send '%1': subagentRunId '%2' does not match the %3 '%4' "
                               "opener's subagent '%5'.")
                    .arg(eventTypeName(e.type), *tag, QString(kind), id, ownerText(*it)));
}

void VerifyRules::checkRunFinished(qint64 index, LintSink &sink)
{
    bool anySteps = false;
    QStringList steps;
    for (const QString &ownerKey : std::as_const(m_stepOwnerOrder)) {
        const QStringList names = m_steps.value(ownerKey).inOrder();
        for (const QString &name : names) {
            anySteps = true;
            if (ownerKey == QStringLiteral("p"))
                steps.append(name);
            else
                steps.append(QStringLiteral("%1 (subagent '%2')").arg(name, ownerKey.mid(1)));
        }
    }
    // The client stops at the first of these; the inspector lists every kind still open.
    if (anySteps)
        sink.report(u"verify.L5", index, QString(),
                    QStringLiteral("Cannot send 'RUN_FINISHED' while steps are still active: %1")
                        .arg(steps.join(QStringLiteral(", "))));
    const auto open = [&](QStringView rule, const OpenIds &ids, const char *what) {
        if (ids.isEmpty())
            return;
        sink.report(rule, index, QString(),
                    QStringLiteral("Cannot send 'RUN_FINISHED' while %1 are still active: %2")
                        .arg(QLatin1StringView(what), ids.inOrder().join(QStringLiteral(", "))));
    };
    open(u"verify.L6", m_openText, "text messages");
    open(u"verify.L7", m_openReasoningMessages, "reasoning messages");
    open(u"verify.L8", m_openReasoningSpans, "reasoning spans");
    open(u"verify.L9", m_openTools, "tool calls");
    open(u"verify.L10", m_activeSubagents, "subagents");
}

void VerifyRules::checkThinking(const EventView &frame, qint64 index, LintSink &sink)
{
    switch (frame.type) {
    case EventType::ThinkingStart:
        if (m_thinking)
            sink.report(u"verify.TH1", index, QString(),
                        QStringLiteral("Cannot send 'THINKING_START' event: A thinking step is "
                                       "already in progress. End it with 'THINKING_END' first."));
        m_thinking = true;
        break;
    case EventType::ThinkingEnd:
        if (!m_thinking)
            sink.report(u"verify.TH2", index, QString(),
                        QStringLiteral("Cannot send 'THINKING_END' event: No active thinking step "
                                       "found. A 'THINKING_START' event must be sent first."));
        m_thinking = false;
        break;
    case EventType::ThinkingTextMessageStart:
        if (!m_thinking)
            // Applied: the message is opened anyway, so its CONTENT/END are not reported again.
            sink.report(
                u"verify.TH3", index, QString(),
                QStringLiteral("Cannot send 'THINKING_TEXT_MESSAGE_START' event: A thinking "
                               "step is not in progress. Create one with 'THINKING_START' "
                               "first."));
        if (m_thinkingMessage)
            sink.report(
                u"verify.TH4", index, QString(),
                QStringLiteral("Cannot send 'THINKING_TEXT_MESSAGE_START' event: A thinking "
                               "message is already in progress. Complete it with "
                               "'THINKING_TEXT_MESSAGE_END' first."));
        m_thinkingMessage = true;
        break;
    case EventType::ThinkingTextMessageContent:
        if (!m_thinkingMessage)
            sink.report(u"verify.TH5", index, QString(),
                        QStringLiteral("Cannot send 'THINKING_TEXT_MESSAGE_CONTENT' event: No "
                                       "active thinking message found. Start a message with "
                                       "'THINKING_TEXT_MESSAGE_START' first."));
        break;
    case EventType::ThinkingTextMessageEnd:
        if (!m_thinkingMessage)
            sink.report(u"verify.TH6", index, QString(),
                        QStringLiteral("Cannot send 'THINKING_TEXT_MESSAGE_END' event: No active "
                                       "thinking message found. A 'THINKING_TEXT_MESSAGE_START' "
                                       "event must be sent first."));
        m_thinkingMessage = false;
        break;
    default:
        break;
    }
}

namespace {

EventKey deltaIdKey(EventType type)
{
    return type == EventType::ToolCallArgs ? EventKey::ToolCallId : EventKey::MessageId;
}

} // namespace

bool VerifyRules::isQuietDelta(const EventView &e)
{
    const OpenIds *open = nullptr;
    const DeltaCache *cache = nullptr;
    switch (e.type) {
    case EventType::TextMessageContent:
        open = &m_openText;
        cache = &m_textDelta;
        break;
    case EventType::ToolCallArgs:
        open = &m_openTools;
        cache = &m_toolDelta;
        break;
    case EventType::ReasoningMessageContent:
        open = &m_openReasoningMessages;
        cache = &m_reasoningDelta;
        break;
    default:
        return false;
    }
    if (!m_seenFirst || m_runFinished || m_runErrored || cache->generation != open->generation()
        || e.has(EventKey::SubagentRunId))
        return false;
    const json::JsonView id = e.value(deltaIdKey(e.type));
    return id.isString() && id.utf8() == cache->id;
}

void VerifyRules::rememberOpenDelta(const EventView &e)
{
    DeltaCache *cache = e.type == EventType::TextMessageContent ? &m_textDelta
        : e.type == EventType::ToolCallArgs                     ? &m_toolDelta
                                                                : &m_reasoningDelta;
    const OpenIds &open = e.type == EventType::TextMessageContent ? m_openText
        : e.type == EventType::ToolCallArgs                       ? m_openTools
                                                                  : m_openReasoningMessages;
    cache->id.assign(e.value(deltaIdKey(e.type)).utf8());
    cache->generation = open.generation();
}

void VerifyRules::check(const EventView &e, qint64 index, LintSink &sink)
{
    if (isQuietDelta(e))
        return;
    // The client's enforce stage drops unknown types and its transport rejects frames that are
    // not events, so verify never sees them (the schema layer reports both).
    if (e.type == EventType::Unknown || e.type == EventType::Invalid || isChunkType(e.type))
        return;

    const bool terminatedBefore = m_runFinished || m_runErrored;
    checkLifecycle(e, index, sink);
    checkNulls(e, index, sink);

    const Owner tag = tagOf(e);
    // Every type is listed, with no default: a new type does not compile (-Wswitch) until someone
    // has read what the client's verify stage orders about it.
    switch (e.type) {
    case EventType::TextMessageStart:
        checkTextStart(e, tag, index, sink);
        break;
    case EventType::TextMessageContent:
    case EventType::TextMessageEnd:
        checkTextContentOrEnd(e, tag, index, sink);
        break;
    case EventType::ToolCallStart:
        checkToolCallStart(e, tag, index, sink);
        break;
    case EventType::ToolCallArgs:
    case EventType::ToolCallEnd:
        checkToolCallArgsOrEnd(e, tag, index, sink);
        break;
    case EventType::ToolCallResult:
        recordToolCallResult(e, tag);
        break;
    case EventType::StepStarted:
    case EventType::StepFinished:
        checkStep(e, tag, index, sink);
        break;
    case EventType::ActivitySnapshot:
    case EventType::ActivityDelta:
        checkActivity(e, tag, index, sink);
        break;
    case EventType::ReasoningStart:
    case EventType::ReasoningMessageStart:
        checkReasoningStart(e, tag, index, sink);
        break;
    case EventType::ReasoningMessageContent:
    case EventType::ReasoningMessageEnd:
    case EventType::ReasoningEnd:
        checkReasoningContentOrEnd(e, tag, index, sink);
        break;
    case EventType::ReasoningEncryptedValue:
        checkEncryptedValueOwner(e, tag, index, sink);
        break;
    case EventType::SubagentStarted:
        checkSubagentStarted(e, index, sink);
        break;
    case EventType::SubagentFinished:
    case EventType::SubagentError:
        checkSubagentEnd(e, index, sink);
        break;
    case EventType::MessagesSnapshot:
        seedOwners(e.value("messages"), true, QStringLiteral("/messages"), index, sink);
        break;
    case EventType::RunStarted:
    case EventType::RunFinished:
    case EventType::RunError:
        checkRun(e, terminatedBefore, index, sink);
        break;
    // The client verifies nothing about these beyond what checkLifecycle() and checkNulls()
    // above check of every event.
    case EventType::StateSnapshot:
    case EventType::StateDelta:
    case EventType::Raw:
    case EventType::Custom:
    // Never delivered to verify: chunks are expanded and unknown types and invalid frames dropped
    // (returned above), THINKING_* translated to REASONING_* (ClientPipeline::compat).
    case EventType::TextMessageChunk:
    case EventType::ToolCallChunk:
    case EventType::ReasoningMessageChunk:
    case EventType::ThinkingStart:
    case EventType::ThinkingEnd:
    case EventType::ThinkingTextMessageStart:
    case EventType::ThinkingTextMessageContent:
    case EventType::ThinkingTextMessageEnd:
    case EventType::Unknown:
    case EventType::Invalid:
        break;
    }
}

// TEXT_MESSAGE_START: the client refuses a second START of a message still open (T1); an id it
// already knows keeps its owner (A11).
void VerifyRules::checkTextStart(const EventView &e, const Owner &tag, qint64 index, LintSink &sink)
{
    const std::optional<QString> id = stringMember(e, QLatin1StringView("messageId"));
    if (!id)
        return;
    if (m_openText.contains(*id)) {
        sink.report(u"verify.T1", index, QStringLiteral("/messageId"),
                    QStringLiteral("Cannot send 'TEXT_MESSAGE_START' event: A text message "
                                   "with ID '%1' is already in progress. Complete it with "
                                   "'TEXT_MESSAGE_END' first.")
                        .arg(*id));
        return;
    }
    const bool known = m_messageOwners.contains(*id);
    checkOwner(e, tag, m_messageOwners, *id, QLatin1StringView("message"), index, sink);
    m_openText.insert(*id);
    if (!known)
        m_messageOwners.insert(*id, tag);
}

// TEXT_MESSAGE_CONTENT / TEXT_MESSAGE_END: the client wants the message open (T2, T3).
void VerifyRules::checkTextContentOrEnd(const EventView &e, const Owner &tag, qint64 index,
                                        LintSink &sink)
{
    const std::optional<QString> id = stringMember(e, QLatin1StringView("messageId"));
    if (!id)
        return;
    const bool end = e.type == EventType::TextMessageEnd;
    if (!m_openText.contains(*id)) {
        sink.report(end ? u"verify.T3" : u"verify.T2", index, QStringLiteral("/messageId"),
                    end ? QStringLiteral("Cannot send 'TEXT_MESSAGE_END' event: No active text "
                                         "message found with ID '%1'. A 'TEXT_MESSAGE_START' "
                                         "event must be sent first.")
                              .arg(*id)
                        : QStringLiteral("Cannot send 'TEXT_MESSAGE_CONTENT' event: No active "
                                         "text message found with ID '%1'. Start a text "
                                         "message with 'TEXT_MESSAGE_START' first.")
                              .arg(*id));
        return;
    }
    checkOwner(e, tag, m_messageOwners, *id, QLatin1StringView("message"), index, sink);
    if (end)
        m_openText.remove(*id);
    else if (!tag)
        rememberOpenDelta(e);
}

// TOOL_CALL_START: C1 for a call still open; the call's owner must agree with its tag and with
// its parent message's owner (A11-A13).
void VerifyRules::checkToolCallStart(const EventView &e, const Owner &tag, qint64 index,
                                     LintSink &sink)
{
    const std::optional<QString> id = stringMember(e, QLatin1StringView("toolCallId"));
    if (!id)
        return;
    if (m_openTools.contains(*id)) {
        sink.report(u"verify.C1", index, QStringLiteral("/toolCallId"),
                    QStringLiteral("Cannot send 'TOOL_CALL_START' event: A tool call with ID "
                                   "'%1' is already in progress. Complete it with "
                                   "'TOOL_CALL_END' first.")
                        .arg(*id));
        return;
    }
    const std::optional<QString> parent = stringMember(e, QLatin1StringView("parentMessageId"));
    std::optional<Owner> parentOwner;
    if (parent) {
        const auto it = m_messageOwners.constFind(*parent);
        if (it != m_messageOwners.cend()) {
            if (tag && *tag != *it)
                sink.report(u"verify.A12", index, QStringLiteral("/subagentRunId"),
                            QStringLiteral("Cannot send 'TOOL_CALL_START': subagentRunId '%1' "
                                           "does not match its parent message '%2' owner "
                                           "'%3'. A tool call belongs to the message that "
                                           "carries it.")
                                .arg(*tag, *parent, ownerText(*it)));
            parentOwner = *it;
        }
    }
    const auto call = m_toolCallOwners.constFind(*id);
    const bool known = call != m_toolCallOwners.cend();
    if (known) {
        checkOwner(e, tag, m_toolCallOwners, *id, QLatin1StringView("tool call"), index, sink);
        if (!tag && parentOwner && *parentOwner != *call)
            sink.report(u"verify.A13", index, QStringLiteral("/parentMessageId"),
                        QStringLiteral("Cannot send 'TOOL_CALL_START': tool call '%1' is owned "
                                       "by '%2' but its parent message '%3' is owned by "
                                       "'%4'. A tool call belongs to the message that carries "
                                       "it.")
                            .arg(*id, ownerText(*call), *parent, ownerText(*parentOwner)));
    }
    m_openTools.insert(*id);
    if (!known)
        m_toolCallOwners.insert(*id, tag ? tag : parentOwner.value_or(Owner()));
}

// TOOL_CALL_ARGS / TOOL_CALL_END: the client wants the call open (C2, C3).
void VerifyRules::checkToolCallArgsOrEnd(const EventView &e, const Owner &tag, qint64 index,
                                         LintSink &sink)
{
    const std::optional<QString> id = stringMember(e, QLatin1StringView("toolCallId"));
    if (!id)
        return;
    const bool end = e.type == EventType::ToolCallEnd;
    if (!m_openTools.contains(*id)) {
        sink.report(end ? u"verify.C3" : u"verify.C2", index, QStringLiteral("/toolCallId"),
                    end ? QStringLiteral("Cannot send 'TOOL_CALL_END' event: No active tool call "
                                         "found with ID '%1'. A 'TOOL_CALL_START' event must be "
                                         "sent first.")
                              .arg(*id)
                        : QStringLiteral("Cannot send 'TOOL_CALL_ARGS' event: No active tool "
                                         "call found with ID '%1'. Start a tool call with "
                                         "'TOOL_CALL_START' first.")
                              .arg(*id));
        return;
    }
    checkOwner(e, tag, m_toolCallOwners, *id, QLatin1StringView("tool call"), index, sink);
    if (end)
        m_openTools.remove(*id);
    else if (!tag)
        rememberOpenDelta(e);
}

void VerifyRules::recordToolCallResult(const EventView &e, const Owner &tag)
{
    const std::optional<QString> id = stringMember(e, QLatin1StringView("messageId"));
    if (id)
        m_messageOwners.insert(*id, tag); // the result re-owns its tool message
}

// STEP_STARTED / STEP_FINISHED: steps are open per owner; a step cannot start twice (S1) and is
// finished by whoever started it (S2) or not at all when never started (S3).
void VerifyRules::checkStep(const EventView &e, const Owner &tag, qint64 index, LintSink &sink)
{
    const std::optional<QString> name = stringMember(e, QLatin1StringView("stepName"));
    if (!name)
        return;
    const QString key = stepOwnerKey(tag);
    if (!m_steps.contains(key)) {
        m_steps.insert(key, OpenIds());
        m_stepOwnerOrder.append(key);
    }
    OpenIds &steps = m_steps[key];
    if (e.type == EventType::StepStarted) {
        if (steps.contains(*name)) {
            sink.report(
                u"verify.S1", index, QStringLiteral("/stepName"),
                QStringLiteral("Step \"%1\" is already active for 'STEP_STARTED'%2")
                    .arg(*name, tag ? QStringLiteral(" in subagent '%1'").arg(*tag) : QString()));
            return;
        }
        steps.insert(*name);
        return;
    }
    if (steps.contains(*name)) {
        steps.remove(*name);
        return;
    }
    std::optional<Owner> openUnder;
    for (const QString &other : std::as_const(m_stepOwnerOrder)) {
        if (other != key && m_steps.value(other).contains(*name)) {
            openUnder = other == QStringLiteral("p") ? Owner() : Owner(other.mid(1));
            break;
        }
    }
    if (openUnder)
        sink.report(u"verify.S2", index, QStringLiteral("/stepName"),
                    QStringLiteral("Cannot send 'STEP_FINISHED' for step \"%1\" attributed to "
                                   "%2: that step is open under %3. A step must be finished by "
                                   "whoever started it.")
                        .arg(*name, attributedText(tag), attributedText(*openUnder)));
    else
        sink.report(u"verify.S3", index, QStringLiteral("/stepName"),
                    QStringLiteral("Cannot send 'STEP_FINISHED' for step \"%1\" that was not "
                                   "started")
                        .arg(*name));
}

// ACTIVITY_SNAPSHOT records the activity's owner (a replace:false snapshot of a known activity
// keeps it); ACTIVITY_DELTA must agree with it (A11).
void VerifyRules::checkActivity(const EventView &e, const Owner &tag, qint64 index, LintSink &sink)
{
    const std::optional<QString> id = stringMember(e, QLatin1StringView("messageId"));
    if (!id)
        return;
    if (e.type == EventType::ActivitySnapshot) {
        if (!m_activityOwners.contains(*id) || e.value("replace") != QJsonValue(false))
            m_activityOwners.insert(*id, tag);
        return;
    }
    checkOwner(e, tag, m_activityOwners, *id, QLatin1StringView("activity"), index, sink);
}

// REASONING_START / REASONING_MESSAGE_START: the client refuses a second START of a span or
// message still open (R1, R2); an id it already knows keeps its owner (A11).
void VerifyRules::checkReasoningStart(const EventView &e, const Owner &tag, qint64 index,
                                      LintSink &sink)
{
    const std::optional<QString> id = stringMember(e, QLatin1StringView("messageId"));
    if (!id)
        return;
    const bool span = e.type == EventType::ReasoningStart;
    OpenIds &open = span ? m_openReasoningSpans : m_openReasoningMessages;
    if (open.contains(*id)) {
        sink.report(span ? u"verify.R1" : u"verify.R2", index, QStringLiteral("/messageId"),
                    span ? QStringLiteral("Cannot send 'REASONING_START' event: A reasoning "
                                          "span with ID '%1' is already in progress. Complete "
                                          "it with 'REASONING_END' first.")
                               .arg(*id)
                         : QStringLiteral("Cannot send 'REASONING_MESSAGE_START' event: A "
                                          "reasoning message with ID '%1' is already in "
                                          "progress. Complete it with 'REASONING_MESSAGE_END' "
                                          "first.")
                               .arg(*id));
        return;
    }
    const bool known = m_reasoningOwners.contains(*id);
    checkOwner(e, tag, m_reasoningOwners, *id, QLatin1StringView("reasoning message"), index, sink);
    open.insert(*id);
    if (!known)
        m_reasoningOwners.insert(*id, tag);
}

// REASONING_MESSAGE_CONTENT / REASONING_MESSAGE_END / REASONING_END: the client wants the
// message or span open (R3, R4).
void VerifyRules::checkReasoningContentOrEnd(const EventView &e, const Owner &tag, qint64 index,
                                             LintSink &sink)
{
    const std::optional<QString> id = stringMember(e, QLatin1StringView("messageId"));
    if (!id)
        return;
    const bool span = e.type == EventType::ReasoningEnd;
    OpenIds &open = span ? m_openReasoningSpans : m_openReasoningMessages;
    if (!open.contains(*id)) {
        sink.report(span ? u"verify.R4" : u"verify.R3", index, QStringLiteral("/messageId"),
                    span ? QStringLiteral("Cannot send 'REASONING_END' event: No active "
                                          "reasoning span found with ID '%1'. A "
                                          "'REASONING_START' event must be sent first.")
                               .arg(*id)
                         : QStringLiteral("Cannot send '%1' event: No active reasoning message "
                                          "found with ID '%2'. Start a reasoning message with "
                                          "'REASONING_MESSAGE_START' first.")
                               .arg(eventTypeName(e.type), *id));
        return;
    }
    checkOwner(e, tag, m_reasoningOwners, *id, QLatin1StringView("reasoning message"), index, sink);
    if (e.type != EventType::ReasoningMessageContent)
        open.remove(*id);
    else if (!tag)
        rememberOpenDelta(e);
}

// REASONING_ENCRYPTED_VALUE: its tag must agree with the owner of the entity it names (A11).
void VerifyRules::checkEncryptedValueOwner(const EventView &e, const Owner &tag, qint64 index,
                                           LintSink &sink)
{
    const std::optional<QString> id = stringMember(e, QLatin1StringView("entityId"));
    if (!id)
        return;
    const std::optional<QString> subtype = stringMember(e, QLatin1StringView("subtype"));
    if (subtype == QStringLiteral("tool-call")) {
        checkOwner(e, tag, m_toolCallOwners, *id, QLatin1StringView("tool call"), index, sink);
    } else if (subtype == QStringLiteral("message")) {
        if (m_messageOwners.contains(*id))
            checkOwner(e, tag, m_messageOwners, *id, QLatin1StringView("message"), index, sink);
        else
            checkOwner(e, tag, m_reasoningOwners, *id, QLatin1StringView("message"), index, sink);
    } else {
        checkOwner(e, tag, m_reasoningOwners, *id, QLatin1StringView("reasoning message"), index,
                   sink);
    }
}

// SUBAGENT_STARTED: needs an id and a name (A6), an id not active (A7) nor reused in the run
// (A8), and a parent subagent that was started (A9).
void VerifyRules::checkSubagentStarted(const EventView &e, qint64 index, LintSink &sink)
{
    const std::optional<QString> id = stringMember(e, EventKey::SubagentRunId);
    if (!id) {
        sink.report(u"verify.A6", index, QStringLiteral("/subagentRunId"),
                    QStringLiteral("Cannot send 'SUBAGENT_STARTED' without a "
                                   "'subagentRunId'."));
        return;
    }
    if (!e.value(QLatin1StringView("name")).isString()) {
        // Applied: the subagent is tracked anyway so its end is not reported again.
        sink.report(u"verify.A6", index, QStringLiteral("/name"),
                    QStringLiteral("Cannot send 'SUBAGENT_STARTED' without a 'name'."));
    }
    if (m_activeSubagents.contains(*id)) {
        sink.report(u"verify.A7", index, QStringLiteral("/subagentRunId"),
                    QStringLiteral("Cannot send 'SUBAGENT_STARTED': subagent '%1' is already "
                                   "active. Finish it with 'SUBAGENT_FINISHED' first.")
                        .arg(*id));
        return;
    }
    if (m_finishedSubagents.contains(*id))
        sink.report(u"verify.A8", index, QStringLiteral("/subagentRunId"),
                    QStringLiteral("Cannot send 'SUBAGENT_STARTED': subagent '%1' has already "
                                   "finished in this run. Subagent IDs are per-invocation and "
                                   "cannot be reused.")
                        .arg(*id));
    const std::optional<QString> parent = stringMember(e, QLatin1StringView("parentSubagentRunId"));
    if (parent && !m_activeSubagents.contains(*parent) && !m_finishedSubagents.contains(*parent))
        sink.report(u"verify.A9", index, QStringLiteral("/parentSubagentRunId"),
                    QStringLiteral("Cannot send 'SUBAGENT_STARTED': parentSubagentRunId '%1' "
                                   "has not been started in this run.")
                        .arg(*parent));
    m_finishedSubagents.remove(*id);
    m_activeSubagents.insert(*id);
}

// SUBAGENT_FINISHED / SUBAGENT_ERROR: need an id (and, for an error, a message) naming an
// active subagent (A10).
void VerifyRules::checkSubagentEnd(const EventView &e, qint64 index, LintSink &sink)
{
    const QString t = eventTypeName(e.type);
    const std::optional<QString> id = stringMember(e, EventKey::SubagentRunId);
    if (!id) {
        sink.report(u"verify.A10", index, QStringLiteral("/subagentRunId"),
                    QStringLiteral("Cannot send '%1' without a 'subagentRunId'.").arg(t));
        return;
    }
    if (e.type == EventType::SubagentError && !e.value(QLatin1StringView("message")).isString())
        sink.report(u"verify.A10", index, QStringLiteral("/message"),
                    QStringLiteral("Cannot send 'SUBAGENT_ERROR' without a 'message'."));
    if (!m_activeSubagents.contains(*id)) {
        sink.report(u"verify.A10", index, QStringLiteral("/subagentRunId"),
                    QStringLiteral("Cannot send '%1': no active subagent found with ID '%2'. A "
                                   "'SUBAGENT_STARTED' event must be sent first.")
                        .arg(t, *id));
        return;
    }
    m_activeSubagents.remove(*id);
    m_finishedSubagents.insert(*id);
}

// RUN_STARTED seeds owners from its input's messages; RUN_FINISHED lists what is still open
// (L5-L10); checkLifecycle() already judged their order.
void VerifyRules::checkRun(const EventView &e, bool terminatedBefore, qint64 index, LintSink &sink)
{
    switch (e.type) {
    case EventType::RunStarted:
        m_runStartedSeen = true;
        seedOwners(e.value("input").toObject().value("messages"), false,
                   QStringLiteral("/input/messages"), index, sink);
        break;
    case EventType::RunFinished:
        // Open entities were already listed at the first terminal event of the run.
        if (!terminatedBefore)
            checkRunFinished(index, sink);
        m_runFinished = true;
        break;
    case EventType::RunError:
        m_runErrored = true;
        break;
    default:
        break;
    }
}

} // namespace agui
