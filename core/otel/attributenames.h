#pragma once

// The attribute and span names the mapping writes. The gen_ai.*, error.*, server.*, url.* and
// http.* ones are the OpenTelemetry semantic conventions' (GenAI agent and tool spans; the
// version is in docs/otel.md), checked against the pinned @opentelemetry/semantic-conventions by
// test_interop_otel; the ag_ui.* ones are ours, for what the conventions have no name for.

#include <QLatin1StringView>

#include <array>

namespace agui::otel::names {

using namespace Qt::StringLiterals;

// Semantic conventions.
inline constexpr QLatin1StringView kOperationName = "gen_ai.operation.name"_L1;
inline constexpr QLatin1StringView kInvokeAgent = "invoke_agent"_L1; // an operation name value
inline constexpr QLatin1StringView kExecuteTool = "execute_tool"_L1; // an operation name value
inline constexpr QLatin1StringView kConversationId = "gen_ai.conversation.id"_L1;
inline constexpr QLatin1StringView kAgentName = "gen_ai.agent.name"_L1;
inline constexpr QLatin1StringView kAgentId = "gen_ai.agent.id"_L1;
inline constexpr QLatin1StringView kAgentDescription = "gen_ai.agent.description"_L1;
inline constexpr QLatin1StringView kToolName = "gen_ai.tool.name"_L1;
inline constexpr QLatin1StringView kToolCallId = "gen_ai.tool.call.id"_L1;
inline constexpr QLatin1StringView kToolType = "gen_ai.tool.type"_L1;
inline constexpr QLatin1StringView kToolCallArguments = "gen_ai.tool.call.arguments"_L1;
inline constexpr QLatin1StringView kToolCallResult = "gen_ai.tool.call.result"_L1;
inline constexpr QLatin1StringView kInputTokens = "gen_ai.usage.input_tokens"_L1;
inline constexpr QLatin1StringView kOutputTokens = "gen_ai.usage.output_tokens"_L1;
inline constexpr QLatin1StringView kProviderName = "gen_ai.provider.name"_L1;
inline constexpr QLatin1StringView kResponseModel = "gen_ai.response.model"_L1;
inline constexpr QLatin1StringView kOutputMessages = "gen_ai.output.messages"_L1;
// Seconds from the request to the first streamed chunk (here: the first text token).
inline constexpr QLatin1StringView kTimeToFirstChunk = "gen_ai.response.time_to_first_chunk"_L1;
inline constexpr QLatin1StringView kErrorType = "error.type"_L1;
inline constexpr QLatin1StringView kServerAddress = "server.address"_L1;
inline constexpr QLatin1StringView kServerPort = "server.port"_L1;
inline constexpr QLatin1StringView kUrlFull = "url.full"_L1;
inline constexpr QLatin1StringView kHttpStatus = "http.response.status_code"_L1;
inline constexpr QLatin1StringView kServiceName = "service.name"_L1;

// Every semantic-convention name above, for the test that checks them against the package.
inline constexpr std::array kConventionNames {
    kOperationName,    kConversationId, kAgentName,     kAgentId,           kAgentDescription,
    kToolName,         kToolCallId,     kToolType,      kToolCallArguments, kToolCallResult,
    kInputTokens,      kOutputTokens,   kProviderName,  kResponseModel,     kOutputMessages,
    kTimeToFirstChunk, kErrorType,      kServerAddress, kServerPort,        kUrlFull,
    kHttpStatus,       kServiceName,
};

// Ours.
inline constexpr QLatin1StringView kThreadId = "ag_ui.thread_id"_L1;
inline constexpr QLatin1StringView kRunId = "ag_ui.run_id"_L1;
inline constexpr QLatin1StringView kParentRunId = "ag_ui.parent_run_id"_L1;
inline constexpr QLatin1StringView kRunStatus = "ag_ui.run.status"_L1;
inline constexpr QLatin1StringView kRunOutcome = "ag_ui.run.outcome"_L1;
inline constexpr QLatin1StringView kProtocolVersion = "ag_ui.protocol_version"_L1;
inline constexpr QLatin1StringView kEventCount = "ag_ui.event_count"_L1;
inline constexpr QLatin1StringView kFirstEventIndex = "ag_ui.event.first_index"_L1;
inline constexpr QLatin1StringView kLastEventIndex = "ag_ui.event.last_index"_L1;
inline constexpr QLatin1StringView kEventIndex = "ag_ui.event.index"_L1;
inline constexpr QLatin1StringView kTimeSource = "ag_ui.time_source"_L1;
// A message's first text token, from its start (the conventions' first chunk is the request's).
inline constexpr QLatin1StringView kTimeToFirstTokenMs = "ag_ui.message.time_to_first_token_ms"_L1;
inline constexpr QLatin1StringView kExchange = "ag_ui.exchange"_L1;
inline constexpr QLatin1StringView kFindingCount = "ag_ui.finding_count"_L1;
inline constexpr QLatin1StringView kToolStatus = "ag_ui.tool_call.status"_L1;
inline constexpr QLatin1StringView kToolArgumentsBytes = "ag_ui.tool_call.arguments_bytes"_L1;
inline constexpr QLatin1StringView kToolResultBytes = "ag_ui.tool_call.result_bytes"_L1;
inline constexpr QLatin1StringView kSubagentRunId = "ag_ui.subagent_run_id"_L1;
inline constexpr QLatin1StringView kStepName = "ag_ui.step.name"_L1;
inline constexpr QLatin1StringView kMessageId = "ag_ui.message.id"_L1;
inline constexpr QLatin1StringView kMessageRole = "ag_ui.message.role"_L1;
inline constexpr QLatin1StringView kMessageChars = "ag_ui.message.chars"_L1;
inline constexpr QLatin1StringView kMessageText = "ag_ui.message.text"_L1;
inline constexpr QLatin1StringView kReasoningId = "ag_ui.reasoning.id"_L1;
inline constexpr QLatin1StringView kRuleId = "ag_ui.finding.rule_id"_L1;
inline constexpr QLatin1StringView kSeverity = "ag_ui.finding.severity"_L1;
inline constexpr QLatin1StringView kLayer = "ag_ui.finding.layer"_L1;
inline constexpr QLatin1StringView kPath = "ag_ui.finding.path"_L1;
inline constexpr QLatin1StringView kFindingMessage = "ag_ui.finding.message"_L1;
inline constexpr QLatin1StringView kStallMs = "ag_ui.stall.duration_ms"_L1;
inline constexpr QLatin1StringView kStallOpen = "ag_ui.stall.open"_L1;
inline constexpr QLatin1StringView kErrorMessage = "ag_ui.error.message"_L1;

// Span event names.
inline constexpr QLatin1StringView kFindingEvent = "ag_ui.finding"_L1;
inline constexpr QLatin1StringView kStallEvent = "ag_ui.stall"_L1;
inline constexpr QLatin1StringView kFirstTokenEvent = "ag_ui.first_token"_L1;
inline constexpr QLatin1StringView kArgumentsEndEvent = "ag_ui.tool_call.arguments_end"_L1;

} // namespace agui::otel::names
