#include "core/session/lintrules.h"

#include <QHash>

namespace agui {

namespace {

using L = QLatin1StringView;

constexpr L kVerify {"verify"};
constexpr L kLint {"lint"};
constexpr L kCompat {"compat"};
constexpr RuleStatus kDraft = RuleStatus::Draft;

QList<LintRule> buildRules()
{
    const Severity E = Severity::Error;
    const Severity W = Severity::Warning;
    const Severity I = Severity::Info;
    return {
        // --- verify: run lifecycle ---
        {L("verify.L1"), E, kVerify, L("Event after RUN_ERROR"),
         L("Only RUN_STARTED may follow RUN_ERROR; the client rejects anything else."),
         L("@ag-ui/client 1.0.0 verifyEvents (L1); docs.ag-ui.com/spec/1.1/events/lifecycle")},
        {L("verify.L2"), E, kVerify, L("Event after RUN_FINISHED"),
         L("Only RUN_STARTED or RUN_ERROR may follow RUN_FINISHED."),
         L("@ag-ui/client 1.0.0 verifyEvents (L2); docs.ag-ui.com/spec/1.1/events/lifecycle")},
        {L("verify.L3"), E, kVerify, L("First event is not RUN_STARTED"),
         L("A stream must open with RUN_STARTED (or RUN_ERROR)."),
         L("@ag-ui/client 1.0.0 verifyEvents (L3); docs.ag-ui.com/spec/1.1/events/lifecycle")},
        {L("verify.L4"), E, kVerify, L("RUN_STARTED while a run is active"),
         L("A new run may start only after RUN_FINISHED or RUN_ERROR of the previous one."),
         L("@ag-ui/client 1.0.0 verifyEvents (L4); docs.ag-ui.com/spec/1.1/events/lifecycle")},
        {L("verify.L5"), E, kVerify, L("RUN_FINISHED with open steps"),
         L("Every STEP_STARTED must be finished before RUN_FINISHED."),
         L("@ag-ui/client 1.0.0 verifyEvents (L5); docs.ag-ui.com/spec/1.1/events/lifecycle")},
        {L("verify.L6"), E, kVerify, L("RUN_FINISHED with open text messages"),
         L("Every TEXT_MESSAGE_START must be ended before RUN_FINISHED."),
         L("@ag-ui/client 1.0.0 verifyEvents (L6); docs.ag-ui.com/spec/1.1/events/lifecycle")},
        {L("verify.L7"), E, kVerify, L("RUN_FINISHED with open reasoning messages"),
         L("Every REASONING_MESSAGE_START must be ended before RUN_FINISHED."),
         L("@ag-ui/client 1.0.0 verifyEvents (L7); docs.ag-ui.com/spec/1.1/events/lifecycle")},
        {L("verify.L8"), E, kVerify, L("RUN_FINISHED with open reasoning spans"),
         L("Every REASONING_START must be ended before RUN_FINISHED."),
         L("@ag-ui/client 1.0.0 verifyEvents (L8); docs.ag-ui.com/spec/1.1/events/lifecycle")},
        {L("verify.L9"), E, kVerify, L("RUN_FINISHED with open tool calls"),
         L("Every TOOL_CALL_START must be ended before RUN_FINISHED."),
         L("@ag-ui/client 1.0.0 verifyEvents (L9); docs.ag-ui.com/spec/1.1/events/lifecycle")},
        {L("verify.L10"), E, kVerify, L("RUN_FINISHED with active subagents"),
         L("Every SUBAGENT_STARTED must be finished or errored before RUN_FINISHED."),
         L("@ag-ui/client 1.0.0 verifyEvents (L10); docs.ag-ui.com/spec/1.1/events/lifecycle")},
        // --- verify: streams (text, tool calls, reasoning, steps) ---
        {L("verify.T1"), E, kVerify, L("Text message already open"),
         L("TEXT_MESSAGE_START for a message id that is still open."),
         L("@ag-ui/client 1.0.0 verifyEvents (T1); docs.ag-ui.com/spec/1.1/events/text-messages")},
        {L("verify.T2"), E, kVerify, L("Text content without open message"),
         L("TEXT_MESSAGE_CONTENT for a message id that is not open."),
         L("@ag-ui/client 1.0.0 verifyEvents (T2); docs.ag-ui.com/spec/1.1/events/text-messages")},
        {L("verify.T3"), E, kVerify, L("Text end without open message"),
         L("TEXT_MESSAGE_END for a message id that is not open."),
         L("@ag-ui/client 1.0.0 verifyEvents (T3); docs.ag-ui.com/spec/1.1/events/text-messages")},
        {L("verify.C1"), E, kVerify, L("Tool call already open"),
         L("TOOL_CALL_START for a tool call id that is still open."),
         L("@ag-ui/client 1.0.0 verifyEvents (C1); docs.ag-ui.com/spec/1.1/events/tool-calls")},
        {L("verify.C2"), E, kVerify, L("Tool call args without open call"),
         L("TOOL_CALL_ARGS for a tool call id that is not open."),
         L("@ag-ui/client 1.0.0 verifyEvents (C2); docs.ag-ui.com/spec/1.1/events/tool-calls")},
        {L("verify.C3"), E, kVerify, L("Tool call end without open call"),
         L("TOOL_CALL_END for a tool call id that is not open."),
         L("@ag-ui/client 1.0.0 verifyEvents (C3); docs.ag-ui.com/spec/1.1/events/tool-calls")},
        {L("verify.R1"), E, kVerify, L("Reasoning span already open"),
         L("REASONING_START for a span id that is still open."),
         L("@ag-ui/client 1.0.0 verifyEvents (R1); docs.ag-ui.com/spec/1.1/events/reasoning")},
        {L("verify.R2"), E, kVerify, L("Reasoning message already open"),
         L("REASONING_MESSAGE_START for a reasoning message id that is still open."),
         L("@ag-ui/client 1.0.0 verifyEvents (R2); docs.ag-ui.com/spec/1.1/events/reasoning")},
        {L("verify.R3"), E, kVerify, L("Reasoning content/end without open message"),
         L("REASONING_MESSAGE_CONTENT or _END for a reasoning message id that is not open."),
         L("@ag-ui/client 1.0.0 verifyEvents (R3); docs.ag-ui.com/spec/1.1/events/reasoning")},
        {L("verify.R4"), E, kVerify, L("Reasoning end without open span"),
         L("REASONING_END for a span id that is not open."),
         L("@ag-ui/client 1.0.0 verifyEvents (R4); docs.ag-ui.com/spec/1.1/events/reasoning")},
        {L("verify.S1"), E, kVerify, L("Step already active"),
         L("STEP_STARTED for a step name already open under the same owner."),
         L("@ag-ui/client 1.0.0 verifyEvents (S1); docs.ag-ui.com/spec/1.1/events/lifecycle")},
        {L("verify.S2"), E, kVerify, L("Step finished by another owner"),
         L("STEP_FINISHED attributed to a different agent than the one that started the step."),
         L("@ag-ui/client 1.0.0 verifyEvents (S2); docs.ag-ui.com/spec/1.1/events/lifecycle")},
        {L("verify.S3"), E, kVerify, L("Step finished but never started"),
         L("STEP_FINISHED for a step name that is not open."),
         L("@ag-ui/client 1.0.0 verifyEvents (S3); docs.ag-ui.com/spec/1.1/events/lifecycle")},
        // --- verify: subagents and attribution ---
        {L("verify.A1"), E, kVerify, L("subagentRunId: null on an event"),
         L("subagentRunId is optional: omit it, never send null."),
         L("@ag-ui/client 1.0.0 verifyEvents (A1); docs.ag-ui.com/spec/1.1/events/subagents")},
        {L("verify.A2"), E, kVerify, L("subagentRunId: null on a message"),
         L("A message in MESSAGES_SNAPSHOT or RUN_STARTED.input carries subagentRunId: null."),
         L("@ag-ui/client 1.0.0 verifyEvents (A2); docs.ag-ui.com/spec/1.1/events/subagents")},
        {L("verify.A3"), E, kVerify, L("subagentRunId: null on an interrupt"),
         L("An interrupt of RUN_FINISHED.outcome carries subagentRunId: null."),
         L("@ag-ui/client 1.0.0 verifyEvents (A3); docs.ag-ui.com/spec/1.1/events/subagents")},
        {L("verify.A4"), E, kVerify, L("null optional SUBAGENT_* field"),
         L("An optional SUBAGENT_* field (description, parent ids, outcome, code, interruptIds) "
           "is null."),
         L("@ag-ui/client 1.0.0 verifyEvents (A4); docs.ag-ui.com/spec/1.1/events/subagents")},
        {L("verify.A5"), E, kVerify, L("Bad SUBAGENT_FINISHED outcome"),
         L("outcome.type is not success/suspended, or an interrupt id is not a string."),
         L("@ag-ui/client 1.0.0 verifyEvents (A5); docs.ag-ui.com/spec/1.1/events/subagents")},
        {L("verify.A6"), E, kVerify, L("SUBAGENT_STARTED without id or name"),
         L("SUBAGENT_STARTED needs a string subagentRunId and name."),
         L("@ag-ui/client 1.0.0 verifyEvents (A6); docs.ag-ui.com/spec/1.1/events/subagents")},
        {L("verify.A7"), E, kVerify, L("Subagent already active"),
         L("SUBAGENT_STARTED for a subagent run that is still active."),
         L("@ag-ui/client 1.0.0 verifyEvents (A7); docs.ag-ui.com/spec/1.1/events/subagents")},
        {L("verify.A8"), E, kVerify, L("Subagent id reused"),
         L("SUBAGENT_STARTED for a subagent run id that already finished in this run."),
         L("@ag-ui/client 1.0.0 verifyEvents (A8); docs.ag-ui.com/spec/1.1/events/subagents")},
        {L("verify.A9"), E, kVerify, L("Unknown parent subagent"),
         L("SUBAGENT_STARTED names a parentSubagentRunId not started in this run."),
         L("@ag-ui/client 1.0.0 verifyEvents (A9); docs.ag-ui.com/spec/1.1/events/subagents")},
        {L("verify.A10"), E, kVerify, L("Subagent end without active subagent"),
         L("SUBAGENT_FINISHED/ERROR without id/message, or for a subagent that is not active."),
         L("@ag-ui/client 1.0.0 verifyEvents (A10); docs.ag-ui.com/spec/1.1/events/subagents")},
        {L("verify.A11"), E, kVerify, L("Attribution differs from opener"),
         L("An event tagged with a subagent that does not own the message, tool call, reasoning "
           "message or activity it continues."),
         L("@ag-ui/client 1.0.0 verifyEvents (A11); docs.ag-ui.com/spec/1.1/events/subagents")},
        {L("verify.A12"), E, kVerify, L("Tool call tag differs from parent message"),
         L("A tagged TOOL_CALL_START whose parent message belongs to another agent."),
         L("@ag-ui/client 1.0.0 verifyEvents (A12); docs.ag-ui.com/spec/1.1/events/subagents")},
        {L("verify.A13"), E, kVerify, L("Tool call owner differs from parent message"),
         L("An untagged TOOL_CALL_START reopening a call owned by another agent than its parent "
           "message."),
         L("@ag-ui/client 1.0.0 verifyEvents (A13); docs.ag-ui.com/spec/1.1/events/subagents")},
        // --- verify (0.x client, warnings): retired THINKING_* ---
        {L("verify.TH1"), W, kVerify, L("THINKING_START while thinking"),
         L("THINKING_START while a thinking step is already in progress."),
         L("@ag-ui/client 0.0.59 verifyEvents; "
           "docs.ag-ui.com/spec/1.1/basic/versioning#retired-shapes")},
        {L("verify.TH2"), W, kVerify, L("THINKING_END without thinking"),
         L("THINKING_END without an active thinking step."),
         L("@ag-ui/client 0.0.59 verifyEvents; "
           "docs.ag-ui.com/spec/1.1/basic/versioning#retired-shapes")},
        {L("verify.TH3"), W, kVerify, L("Thinking message outside a thinking step"),
         L("THINKING_TEXT_MESSAGE_START without an active THINKING_START."),
         L("@ag-ui/client 0.0.59 verifyEvents; "
           "docs.ag-ui.com/spec/1.1/basic/versioning#retired-shapes")},
        {L("verify.TH4"), W, kVerify, L("Thinking message already open"),
         L("THINKING_TEXT_MESSAGE_START while a thinking message is in progress."),
         L("@ag-ui/client 0.0.59 verifyEvents; "
           "docs.ag-ui.com/spec/1.1/basic/versioning#retired-shapes")},
        {L("verify.TH5"), W, kVerify, L("Thinking content without message"),
         L("THINKING_TEXT_MESSAGE_CONTENT without an active thinking message."),
         L("@ag-ui/client 0.0.59 verifyEvents; "
           "docs.ag-ui.com/spec/1.1/basic/versioning#retired-shapes")},
        {L("verify.TH6"), W, kVerify, L("Thinking end without message"),
         L("THINKING_TEXT_MESSAGE_END without an active thinking message."),
         L("@ag-ui/client 0.0.59 verifyEvents; "
           "docs.ag-ui.com/spec/1.1/basic/versioning#retired-shapes")},

        // --- lint: run lifecycle ---
        {L("lint.truncated-run"), E, kLint, L("Truncated run"),
         L("The stream ended inside a run (no RUN_FINISHED or RUN_ERROR); the client completes "
           "silently and the UI stays 'running'."),
         L("docs.ag-ui.com/spec/1.1/events/lifecycle (a run without a terminal event is "
           "truncated); @ag-ui/client 1.0.0 does not check; the draft specification fails the run "
           "(AG-UI conformance corpus, draft: truncated-stream-fails-the-run)")},
        {L("lint.terminal-after-terminal"), I, kLint, L("Late RUN_ERROR"),
         L("RUN_ERROR after RUN_FINISHED: admitted (a failure that surfaced after success was "
           "reported); the client delivers it and a UI should show the run failed after all."),
         L("docs.ag-ui.com/spec/1.1/events/lifecycle (a late RUN_ERROR is admitted); @ag-ui/client "
           "1.0.0 verifyEvents")},
        {L("lint.run-error"), I, kLint, L("Run failed"),
         L("The run ended with RUN_ERROR: the agent reports a failure. The stream is valid; the "
           "finding is there so that a failed run stands out in the findings and the event list."),
         L("docs.ag-ui.com/spec/1.1/events/lifecycle (RUN_ERROR ends a run with an error)")},
        {L("lint.run-id-mismatch"), W, kLint, L("RUN_FINISHED ids differ from RUN_STARTED"),
         L("RUN_FINISHED.threadId/runId differ from the RUN_STARTED that opened the run."),
         L("docs.ag-ui.com/spec/1.1/events/lifecycle; fatal in the draft specification "
           "(AG-UI conformance corpus, draft: run-finished-wrong-run-id-fatal, "
           "run-finished-wrong-thread-id-fatal)")},
        {L("lint.producer-protocol-version"), W, kLint, L("Producer speaks a newer version"),
         L("RUN_STARTED.protocolVersion is newer than 1.1 or not a MAJOR.MINOR identifier: a 1.1 "
           "consumer proceeds under its own processing model and warns; material of the newer "
           "version may be misread or dropped."),
         L("docs.ag-ui.com/spec/1.1/basic/versioning#version-negotiation")},
        {L("lint.thread-changed"), W, kLint, L("Run on another thread"),
         L("A RUN_STARTED names another threadId than the request (or the stream's first run): "
           "the runs of one stream belong to one conversation. Fatal in the draft "
           "specification; 1.1 does not say."),
         L("docs.ag-ui.com/spec/draft/basic/run-input; AG-UI conformance corpus (draft) "
           "second-run-on-another-thread-fatal"),
         kDraft},
        // --- lint: tool calls ---
        {L("lint.tool-result-unknown-call"), W, kLint, L("Result for unknown tool call"),
         L("TOOL_CALL_RESULT names a tool call never started in this stream; the tool message is "
           "appended at the end, not after its call."),
         L("docs.ag-ui.com/spec/1.1/events/tool-calls; @ag-ui/client 1.0.0 defaultApplyEvents")},
        {L("lint.tool-result-open-call"), W, kLint, L("Result for an open tool call"),
         L("TOOL_CALL_RESULT before the call's TOOL_CALL_END (arguments still streaming)."),
         L("docs.ag-ui.com/spec/1.1/events/tool-calls")},
        {L("lint.tool-args-invalid-json"), E, kLint, L("Tool call arguments are not JSON"),
         L("The concatenated TOOL_CALL_ARGS of a call do not parse as JSON at TOOL_CALL_END; the "
           "client hands {} to onNewToolCall."),
         L("docs.ag-ui.com/spec/1.1/events/tool-calls; @ag-ui/client 1.0.0 defaultApplyEvents "
           "(onNewToolCall)")},
        {L("lint.restart-closed-id"), I, kLint, L("START reopens a closed id"),
         L("TEXT_MESSAGE_START / TOOL_CALL_START / REASONING_MESSAGE_START for an id that already "
           "ended: legal, the client appends to the old message or call (shown because a "
           "producer may not mean it)."),
         L("docs.ag-ui.com/spec/1.1/basic/patterns/streaming; @ag-ui/client 1.0.0 "
           "defaultApplyEvents")},
        {L("lint.parent-message-unknown"), I, kLint, L("Unknown parentMessageId"),
         L("TOOL_CALL_START.parentMessageId names no message seen so far; the client creates an "
           "assistant message with that id."),
         L("docs.ag-ui.com/spec/1.1/events/tool-calls; @ag-ui/client 1.0.0 defaultApplyEvents")},
        {L("lint.parent-message-not-assistant"), W, kLint, L("parentMessageId is not an assistant"),
         L("TOOL_CALL_START.parentMessageId names a non-assistant message; the client puts the "
           "call on a new assistant message instead."),
         L("docs.ag-ui.com/spec/1.1/events/tool-calls; @ag-ui/client 1.0.0 defaultApplyEvents")},
        {L("lint.duplicate-interrupt-id"), W, kLint, L("Two interrupts share an id"),
         L("RUN_FINISHED's interrupt outcome lists two interrupts with one id: a resume entry "
           "answers an interrupt by id, so one answer would cover both. Fatal in the draft "
           "specification; 1.1 does not say."),
         L("docs.ag-ui.com/spec/draft/basic/patterns/interrupt-resume; AG-UI conformance corpus "
           "(draft) duplicate-interrupt-id-fatal"),
         kDraft},
        {L("lint.pending-tool-calls-mismatch"), W, kLint, L("pendingToolCallIds disagree"),
         L("RUN_FINISHED.outcome.pendingToolCallIds differs from the calls started and not "
           "answered in the run."),
         L("docs.ag-ui.com/spec/1.1/events/tool-calls#frontend-tools; @ag-ui/client 1.0.0 "
           "defaultApplyEvents")},
        // --- lint: state and activities ---
        {L("lint.state-delta-before-snapshot"), I, kLint, L("STATE_DELTA before any snapshot"),
         L("The run patches state it never showed (no STATE_SNAPSHOT, no input.state): the base is "
           "not in the stream."),
         L("docs.ag-ui.com/spec/1.1/basic/patterns/snapshots")},
        {L("lint.state-delta-failed"), E, kLint, L("STATE_DELTA does not apply"),
         L("A JSON Patch op fails against the state; the client skips the whole patch and state "
           "diverges from the agent's."),
         L("docs.ag-ui.com/spec/1.1/basic/patterns/snapshots; @ag-ui/client 1.0.0 "
           "defaultApplyEvents")},
        {L("lint.state-snapshot-discards-deltas"), I, kLint,
         L("Snapshot replaces delta-built state"),
         L("A STATE_SNAPSHOT replaces state built from STATE_DELTAs earlier in the same run."),
         L("ag-ui-validate catalog 0.2.0 AGUI304")},
        {L("lint.activity-delta-unknown"), W, kLint, L("ACTIVITY_DELTA for unknown activity"),
         L("ACTIVITY_DELTA names no known activity message; the client drops it silently."),
         L("docs.ag-ui.com/spec/1.1/events/activity; @ag-ui/client 1.0.0 defaultApplyEvents")},
        {L("lint.activity-delta-failed"), W, kLint, L("ACTIVITY_DELTA does not apply"),
         L("The JSON Patch of an ACTIVITY_DELTA fails against the activity's content; the client "
           "keeps the old content (console warning only)."),
         L("docs.ag-ui.com/spec/1.1/events/activity; @ag-ui/client 1.0.0 defaultApplyEvents")},
        // --- lint: reasoning, subagents ---
        {L("lint.encrypted-value-unknown-entity"), W, kLint,
         L("Encrypted value for unknown entity"),
         L("REASONING_ENCRYPTED_VALUE names a tool call or message not in the stream; the client "
           "drops the value."),
         L("docs.ag-ui.com/spec/1.1/events/reasoning#error-handling; @ag-ui/client 1.0.0 "
           "defaultApplyEvents")},
        {L("lint.encrypted-value-type-without-value"), W, kLint,
         L("encryptedValueType without encryptedValue"),
         L("A message or tool call carries encryptedValueType but no encryptedValue: a producer "
           "must not send the type alone (AG-UI 1.1)."),
         L("docs.ag-ui.com/spec/1.1/events/reasoning#encryptedvaluetype")},
        {L("lint.encrypted-value-type-not-namespaced"), I, kLint,
         L("encryptedValueType not namespaced"),
         L("encryptedValueType has no provider or framework prefix "
           "('anthropic.redacted_thinking'); "
           "values of different producers may collide (AG-UI 1.1)."),
         L("docs.ag-ui.com/spec/1.1/events/reasoning#encryptedvaluetype")},
        {L("lint.subagent-not-started"), I, kLint, L("Attribution to unstarted subagent"),
         L("Events tagged with a subagentRunId that never sent SUBAGENT_STARTED in the run "
           "(legal attribution-only producers; reported once per subagent and run)."),
         L("docs.ag-ui.com/spec/1.1/events/subagents")},
        // --- lint: hygiene ---
        {L("lint.empty-text-delta"), W, kLint, L("Empty text delta"),
         L("TEXT_MESSAGE_CONTENT with delta \"\": a wasted frame, often a producer bug."),
         L("ag-ui-validate catalog 0.2.0 AGUI105")},
        {L("lint.non-agui-error-frame"), I, kLint, L("Non-AG-UI error frame"),
         L("A frame like {\"type\":\"error\"} or {\"error\":{...}}: the client drops or "
           "rejects it; report failures with RUN_ERROR."),
         L("docs.ag-ui.com/spec/1.1/events/lifecycle#error-handling; pikkujs/pikku PR #1738")},
        {L("lint.custom-name-not-namespaced"), I, kLint, L("CUSTOM name not namespaced"),
         L("CUSTOM.name has no namespace ('vendor.event', 'vendor/event', 'vendor:event')."),
         L("ag-ui-validate catalog 0.2.0 AGUI903")},
        {L("lint.raw-wraps-typed-event"), I, kLint, L("RAW wraps a typed event"),
         L("RAW.event is itself an AG-UI event type that should be sent as such."),
         L("ag-ui-validate catalog 0.2.0 AGUI901")},
        {L("lint.no-timestamps"), I, kLint, L("No timestamps"),
         L("No event of the stream carries a timestamp; timings rely on arrival time only."),
         L("docs.ag-ui.com/spec/1.1/basic (timestamp); ag-ui-validate catalog 0.2.0 AGUI902")},

        // --- compat: what the pinned 1.0 client does with a 1.1 stream ---
        {L("compat.producer-protocol-version"), I, kCompat, L("A 1.0 client warns: newer producer"),
         L("RUN_STARTED declares a protocol newer than 1.0: @ag-ui/client 1.0.0 proceeds and warns "
           "(its words are quoted) and strips what it does not know."),
         L("@ag-ui/client 1.0.0; docs.ag-ui.com/spec/1.1/basic/versioning#version-negotiation")},
        {L("compat.newer-field"), I, kCompat, L("A 1.0 client strips a 1.1 member"),
         L("A member AG-UI 1.1 added (encryptedValueType) on a carrier of an encryptedValue: "
           "@ag-ui/client 1.0.0 removes it (its console text is quoted); a 1.1 consumer keeps it."),
         L("@ag-ui/client 1.0.0 (enforce stage); "
           "docs.ag-ui.com/spec/1.1/events/reasoning#encryptedvaluetype")},
    };
}

} // namespace

const QList<LintRule> &lintRules()
{
    static const QList<LintRule> rules = buildRules();
    return rules;
}

QLatin1StringView ruleStatusName(RuleStatus status)
{
    switch (status) {
    case RuleStatus::Published:
        return QLatin1StringView("published");
    case RuleStatus::Draft:
        return QLatin1StringView("draft");
    }
    return {};
}

const LintRule *findLintRule(QStringView id)
{
    static const QHash<QString, qsizetype> index = [] {
        QHash<QString, qsizetype> h;
        const QList<LintRule> &rules = lintRules();
        for (qsizetype i = 0; i < rules.size(); ++i)
            h.insert(QString(rules.at(i).id), i);
        return h;
    }();
    const auto it = index.constFind(id.toString());
    return it == index.cend() ? nullptr : &lintRules().at(*it);
}

} // namespace agui
