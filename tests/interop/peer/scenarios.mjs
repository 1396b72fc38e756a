// The peer agent's scenarios: for each, the runs a client makes (plan) and the events the peer
// answers each run with (events(input, runIndex)). Together they cover every AG-UI 1.0 event
// type. Events are deterministic (fixed ids and timestamps) so that our core and @ag-ui/client,
// making the same request, receive the same bytes.
//
// A scenario's fields:
//   runs       parameters of each runAgent() call, in order (runId, forwardedProps, resume)
//   initial    the agent's messages / state before the first run
//   events     (input, runIndex) => event list (or a Promise of one); an item {rawSse: "..."}
//              or {rawBytes: Buffer} is written to the body as is (for malformed streams)
//   bindings   which bindings the scenario is meaningful for (default both)
//   broken     the reference client must reject the stream (expectError: a part of its message)
//   schemaBroken  some events deliberately fail @ag-ui/core's schemas (sent anyway)
import { a2uiRun } from "./a2ui.mjs";

const T0 = 1767225600000; // 2026-01-01T00:00:00Z in ms: every event's timestamp is T0 + index

export function withTimestamps(events) {
  return events.map((e, i) => (e.rawSse || e.rawBytes || "timestamp" in e ? e : { ...e, timestamp: T0 + i }));
}

const started = (input, extra = {}) => ({ type: "RUN_STARTED", threadId: input.threadId, runId: input.runId, ...extra });
const finished = (input, extra = {}) => ({ type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId, ...extra });
const text = (messageId, deltas, extra = {}) => [
  { type: "TEXT_MESSAGE_START", messageId, role: "assistant", ...extra },
  ...deltas.map((delta) => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta })),
  { type: "TEXT_MESSAGE_END", messageId },
];
const toolCall = (toolCallId, toolCallName, argDeltas, parentMessageId) => [
  { type: "TOOL_CALL_START", toolCallId, toolCallName, ...(parentMessageId ? { parentMessageId } : {}) },
  ...argDeltas.map((delta) => ({ type: "TOOL_CALL_ARGS", toolCallId, delta })),
  { type: "TOOL_CALL_END", toolCallId },
];

export const scenarios = {
  "chat-unicode": {
    initial: { messages: [{ id: "u-1", role: "user", content: "Hallo ☃ — wie geht's? 👋" }] },
    events: (input) => [
      started(input),
      ...text("m-1", [
        "Grüße, ",
        "世界! ",
        "👩‍💻🚀 ",
        "مرحبا بالعالم ",
        "e\u0301 ",
        "line\u2028sep\u2029para ",
        '"quoted" \\ back\\slash ',
        "",
        "tab\there\nnewline\r\n",
        "nul\u0000char ",
        "𝄞 end",
      ]),
      { type: "TEXT_MESSAGE_START", messageId: "m-2", role: "user", name: "Zoë" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m-2", delta: "Ünïcödé from the user side" },
      { type: "TEXT_MESSAGE_END", messageId: "m-2" },
      ...text("m-3", ["system says hi"], { role: "system" }),
      finished(input, { result: { answer: "ok ✓" } }),
    ],
  },

  "tool-calls": {
    initial: { messages: [{ id: "u-1", role: "user", content: "weather in Zürich?" }] },
    events: (input) => [
      started(input),
      ...text("m-a", ["Let me look that up."]),
      ...toolCall("tc-1", "get_weather", ['{"city":"Z', "ürich", '","unit', '":"c"}'], "m-a"),
      { type: "TOOL_CALL_RESULT", messageId: "tool-1", toolCallId: "tc-1", content: '{"temp":21}', role: "tool" },
      ...toolCall("tc-2", "search", ['{"q":"caf\\u00e9 ', '☕"}']),
      ...toolCall("tc-3", "lookup", [], "m-unknown"),
      ...toolCall("tc-4", "second_on_a", ['{"n":', "2}"], "m-a"),
      { type: "TOOL_CALL_RESULT", messageId: "tool-4", toolCallId: "tc-4", content: "two" },
      { type: "TOOL_CALL_RESULT", messageId: "tool-2", toolCallId: "tc-2", content: [{ type: "text", text: "found ☕" }] },
      ...toolCall("tc-5", "not_json", ["{broken"]),
      finished(input, { outcome: { type: "success", pendingToolCallIds: ["tc-3", "tc-5"] } }),
    ],
  },

  "state-deltas": {
    initial: { state: { seeded: true } },
    events: (input) => {
      const ev = [
        started(input),
        {
          type: "STATE_SNAPSHOT",
          snapshot: {
            user: { name: "Ada", tags: ["a", "b", "c"] },
            "a/b": 1,
            "m~n": 2,
            "~1": "tilde-one key",
            matrix: [[1, [2, 3]], []],
            items: [{ id: 1, sub: [1, 2] }],
            counters: { n: 0 },
            ключ: "значение",
            nothing: null,
          },
        },
        { type: "STATE_DELTA", delta: [{ op: "replace", path: "/a~1b", value: 3 }] },
        { type: "STATE_DELTA", delta: [{ op: "remove", path: "/m~0n" }] },
        { type: "STATE_DELTA", delta: [{ op: "replace", path: "/~01", value: "still tilde-one" }] },
        { type: "STATE_DELTA", delta: [{ op: "add", path: "/matrix/0/1/-", value: 4 }] },
        { type: "STATE_DELTA", delta: [{ op: "add", path: "/matrix/1/0", value: { deep: [[]] } }] },
        { type: "STATE_DELTA", delta: [{ op: "add", path: "/matrix/1/0/deep/0/-", value: "x" }] },
        { type: "STATE_DELTA", delta: [{ op: "add", path: "/items/-", value: { id: 2, sub: [] } }] },
        { type: "STATE_DELTA", delta: [{ op: "add", path: "/items/0/sub/1", value: 1.5 }] },
        { type: "STATE_DELTA", delta: [{ op: "move", from: "/user/tags/0", path: "/user/tags/-" }] },
        { type: "STATE_DELTA", delta: [{ op: "copy", from: "/user/name", path: "/copied" }] },
        { type: "STATE_DELTA", delta: [{ op: "test", path: "/copied", value: "Ada" }, { op: "add", path: "/tested", value: true }] },
        { type: "STATE_DELTA", delta: [{ op: "add", path: "/counters/", value: "empty key" }] },
        { type: "STATE_DELTA", delta: [{ op: "add", path: "/ключ2", value: { "emoji 🚀": [true, false, null] } }] },
        // Fails at its second op: the client skips the whole patch (its first op too).
        { type: "STATE_DELTA", delta: [{ op: "add", path: "/partial", value: 1 }, { op: "remove", path: "/does/not/exist" }] },
        // A failing test op: skipped as a whole too.
        { type: "STATE_DELTA", delta: [{ op: "test", path: "/copied", value: "Bob" }, { op: "add", path: "/never", value: 1 }] },
        { type: "STATE_DELTA", delta: [{ op: "remove", path: "/user/tags/1" }, { op: "replace", path: "/nothing", value: { was: null } }] },
        { type: "STATE_DELTA", delta: [] },
      ];
      for (let i = 1; i <= 60; i++) ev.push({ type: "STATE_DELTA", delta: [{ op: "replace", path: "/counters/n", value: i }] });
      ev.push({ type: "STATE_DELTA", delta: [{ op: "add", path: "/big", value: 12345678901234 }, { op: "add", path: "/neg", value: -0.25 }] });
      ev.push(finished(input));
      return ev;
    },
  },

  "messages-snapshot": {
    initial: { messages: [{ id: "u-0", role: "user", content: "earlier question" }] },
    events: (input) => [
      started(input),
      ...text("m-before", ["this one is dropped by the snapshot"]),
      {
        type: "MESSAGES_SNAPSHOT",
        messages: [
          { id: "sys-1", role: "system", content: "You are helpful." },
          { id: "dev-1", role: "developer", content: "dev note" },
          { id: "u-0", role: "user", content: [{ type: "text", text: "earlier question (parts)" }] },
          {
            id: "a-1",
            role: "assistant",
            content: "calling",
            toolCalls: [{ id: "tc-s", type: "function", function: { name: "f", arguments: '{"x":1}' } }],
          },
          { id: "t-1", role: "tool", toolCallId: "tc-s", content: "result", error: "partial failure" },
          { id: "r-1", role: "reasoning", content: "because" },
          { id: "act-s", role: "activity", activityType: "PLAN", content: { steps: ["one"] } },
        ],
      },
      ...text("m-after", ["appended after the snapshot"]),
      finished(input),
    ],
  },

  reasoning: {
    events: (input) => [
      started(input),
      { type: "REASONING_START", messageId: "rs-1" },
      { type: "REASONING_MESSAGE_START", messageId: "rm-1", role: "reasoning" },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "rm-1", delta: "Thinking about " },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "rm-1", delta: "the question…" },
      { type: "REASONING_MESSAGE_END", messageId: "rm-1" },
      { type: "REASONING_ENCRYPTED_VALUE", subtype: "message", entityId: "rm-1", encryptedValue: "b3BhcXVl" },
      { type: "REASONING_MESSAGE_START", messageId: "rs-1", role: "reasoning" },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "rs-1", delta: "span id reused as message id" },
      { type: "REASONING_MESSAGE_END", messageId: "rs-1" },
      { type: "REASONING_END", messageId: "rs-1" },
      ...text("m-r", ["The answer."]),
      ...toolCall("tc-r", "calc", ['{"x":1}'], "m-r"),
      { type: "REASONING_ENCRYPTED_VALUE", subtype: "tool-call", entityId: "tc-r", encryptedValue: "dG9vbA==" },
      { type: "REASONING_ENCRYPTED_VALUE", subtype: "message", entityId: "m-r", encryptedValue: "bWVzc2FnZQ==" },
      finished(input),
    ],
  },

  steps: {
    events: (input) => [
      started(input),
      { type: "STEP_STARTED", stepName: "plan" },
      { type: "STEP_STARTED", stepName: "fetch" },
      ...text("m-s", ["working"]),
      { type: "STEP_FINISHED", stepName: "plan" },
      { type: "STEP_FINISHED", stepName: "fetch" },
      { type: "STEP_STARTED", stepName: "plan" },
      { type: "STEP_FINISHED", stepName: "plan" },
      finished(input),
    ],
  },

  "custom-raw": {
    events: (input) => [
      started(input),
      { type: "CUSTOM", name: "PredictState", value: [{ state_key: "doc", tool: "write" }] },
      { type: "CUSTOM", name: "nullValue", value: null },
      { type: "RAW", event: { id: "chatcmpl-1", choices: [{ delta: { content: "hi" } }] }, source: "openai" },
      { type: "RAW", event: null },
      { type: "RAW", event: "just a string", rawEvent: { wrapped: true } },
      ...text("m-c", ["with metadata"], { metadata: { trace: "abc", n: 1 } }),
      { type: "CUSTOM", name: "withMeta", value: 1, metadata: { "x-key": { nested: true } } },
      finished(input),
    ],
  },

  metadata: {
    events: (input) => [
      started(input),
      { type: "TEXT_MESSAGE_START", messageId: "m-md", role: "assistant", metadata: { a: 1, keep: "start" } },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m-md", delta: "meta", metadata: { b: 2 } },
      { type: "TEXT_MESSAGE_END", messageId: "m-md", metadata: { a: 3 } },
      { type: "TOOL_CALL_START", toolCallId: "tc-md", toolCallName: "f", parentMessageId: "m-md", metadata: { c: 1 } },
      { type: "TOOL_CALL_ARGS", toolCallId: "tc-md", delta: "{}", metadata: { d: 2 } },
      { type: "TOOL_CALL_END", toolCallId: "tc-md" },
      { type: "TOOL_CALL_RESULT", messageId: "tool-md", toolCallId: "tc-md", content: "ok", metadata: { e: 5 } },
      finished(input),
    ],
  },

  subagents: {
    events: (input) => [
      started(input),
      ...toolCall("tc-delegate", "delegate", ['{"task":"research"}']),
      { type: "SUBAGENT_STARTED", subagentRunId: "sa-1", name: "researcher", description: "looks things up", parentToolCallId: "tc-delegate" },
      { type: "STEP_STARTED", stepName: "search", subagentRunId: "sa-1" },
      { type: "TEXT_MESSAGE_START", messageId: "m-sa", role: "assistant", subagentRunId: "sa-1" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m-sa", delta: "sub-agent text", subagentRunId: "sa-1" },
      { type: "TEXT_MESSAGE_END", messageId: "m-sa", subagentRunId: "sa-1" },
      { type: "STEP_FINISHED", stepName: "search", subagentRunId: "sa-1" },
      { type: "SUBAGENT_STARTED", subagentRunId: "sa-2", name: "nested", parentSubagentRunId: "sa-1" },
      { type: "SUBAGENT_ERROR", subagentRunId: "sa-2", message: "nested failed", code: "E_NESTED" },
      { type: "SUBAGENT_FINISHED", subagentRunId: "sa-1", result: { found: 3 }, outcome: { type: "success" } },
      { type: "TOOL_CALL_RESULT", messageId: "tool-delegate", toolCallId: "tc-delegate", content: "3 found" },
      { type: "TEXT_MESSAGE_START", messageId: "m-attr", role: "assistant", subagentRunId: "attribution-only" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m-attr", delta: "never started, still legal" },
      { type: "TEXT_MESSAGE_END", messageId: "m-attr" },
      finished(input),
    ],
  },

  "interrupt-resume": {
    runs: [{ runId: "run-int-1" }, { runId: "run-int-2", resume: [{ interruptId: "int-1", status: "resolved", payload: { approved: true } }] }],
    events: (input, runIndex) => {
      if (runIndex === 0)
        return [
          started(input),
          ...text("m-i", ["I need your approval to delete the file."]),
          ...toolCall("tc-del", "delete_file", ['{"path":"/tmp/x"}'], "m-i"),
          finished(input, {
            outcome: {
              type: "interrupt",
              interrupts: [{ id: "int-1", reason: "tool_approval", toolCallId: "tc-del", message: "Approve deleting /tmp/x?", responseSchema: { type: "object" } }],
            },
          }),
        ];
      const resume = (input.resume || []).find((r) => r.interruptId === "int-1");
      if (!resume) return [started(input), { type: "RUN_ERROR", message: "run 2 came without resume for int-1", code: "peer.no-resume" }];
      return [
        started(input),
        { type: "TOOL_CALL_RESULT", messageId: "tool-del", toolCallId: "tc-del", content: resume.payload?.approved ? "deleted" : "kept" },
        ...text("m-i2", [`Resumed with status ${resume.status}.`]),
        finished(input),
      ];
    },
  },

  chunks: {
    events: (input) => [
      started(input),
      { type: "TEXT_MESSAGE_CHUNK", messageId: "c-1", delta: "Hel" },
      { type: "TEXT_MESSAGE_CHUNK", messageId: "c-1", delta: "lo" },
      { type: "TOOL_CALL_CHUNK", toolCallId: "tcc-1", toolCallName: "f", parentMessageId: "c-1", delta: '{"a"' },
      { type: "TOOL_CALL_CHUNK", toolCallId: "tcc-1", delta: ":1}" },
      { type: "REASONING_MESSAGE_CHUNK", messageId: "rc-1", delta: "thinking" },
      { type: "REASONING_MESSAGE_CHUNK", messageId: "rc-1", delta: " more" },
      { type: "TEXT_MESSAGE_CHUNK", messageId: "c-2", role: "assistant", delta: "next" },
      { type: "TEXT_MESSAGE_CHUNK", messageId: "c-3", subagentRunId: "lane-b", delta: "other lane" },
      { type: "TEXT_MESSAGE_CHUNK", messageId: "c-2", delta: " message" },
      { type: "STATE_SNAPSHOT", snapshot: { closedBy: "state" } },
      { type: "TEXT_MESSAGE_CHUNK", messageId: "c-4" },
      finished(input),
    ],
  },

  activities: {
    events: (input) => [
      started(input),
      { type: "ACTIVITY_SNAPSHOT", messageId: "act-1", activityType: "PLAN", content: { steps: [{ title: "one", done: false }] } },
      { type: "ACTIVITY_DELTA", messageId: "act-1", activityType: "PLAN", patch: [{ op: "replace", path: "/steps/0/done", value: true }] },
      { type: "ACTIVITY_DELTA", messageId: "act-1", activityType: "PLAN", patch: [{ op: "add", path: "/steps/-", value: { title: "two~/", done: false } }] },
      { type: "ACTIVITY_SNAPSHOT", messageId: "act-1", activityType: "PLAN", content: { ignored: true }, replace: false },
      { type: "ACTIVITY_DELTA", messageId: "act-unknown", activityType: "PLAN", patch: [{ op: "add", path: "/x", value: 1 }] },
      { type: "ACTIVITY_DELTA", messageId: "act-1", activityType: "PLAN", patch: [{ op: "remove", path: "/nope" }] },
      ...text("m-act", ["soon an activity"]),
      { type: "ACTIVITY_SNAPSHOT", messageId: "m-act", activityType: "SEARCH", content: { query: "replaced text" } },
      finished(input),
    ],
  },

  "run-error": {
    events: (input) => [
      started(input),
      { type: "TEXT_MESSAGE_START", messageId: "m-e", role: "assistant" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m-e", delta: "partial answer" },
      { type: "RUN_ERROR", message: "model overloaded", code: "overloaded" },
    ],
  },

  "several-runs": {
    events: (input) => [
      started(input),
      ...text("m-1", ["first run"]),
      { type: "RUN_ERROR", message: "first run failed", code: "E1" },
      started({ threadId: input.threadId, runId: `${input.runId}-b` }),
      ...text("m-2", ["second run in the same stream"]),
      { type: "STATE_SNAPSHOT", snapshot: { second: true } },
      finished({ threadId: input.threadId, runId: `${input.runId}-b` }),
      started({ threadId: input.threadId, runId: `${input.runId}-c` }, { parentRunId: `${input.runId}-b` }),
      finished({ threadId: input.threadId, runId: `${input.runId}-c` }, { outcome: { type: "cancelled" } }),
    ],
  },

  flood: {
    events: (input) => {
      const ev = [started(input), { type: "STATE_SNAPSHOT", snapshot: { n: 0, log: [] } }, { type: "TEXT_MESSAGE_START", messageId: "m-flood", role: "assistant" }];
      for (let i = 0; i < 20000; i++) {
        ev.push({ type: "TEXT_MESSAGE_CONTENT", messageId: "m-flood", delta: i % 97 === 0 ? `ß${i}🙂 ` : `w${i} ` });
        if (i % 10 === 0) ev.push({ type: "STATE_DELTA", delta: [{ op: "replace", path: "/n", value: i }, { op: "add", path: "/log/-", value: i }] });
      }
      ev.push({ type: "TEXT_MESSAGE_END", messageId: "m-flood" }, finished(input));
      return ev;
    },
  },

  a2ui: {
    runs: [
      { runId: "run-a2ui-1" },
      {
        runId: "run-a2ui-2",
        forwardedProps: {
          // Keys in code-point order: a Qt client re-serialises the input with sorted keys, and
          // the middleware echoes JSON.stringify(context) into the text (docs/interop.md).
          a2uiAction: { userAction: { name: "submit", surfaceId: "order-form", sourceComponentId: "submit-btn", context: { qty: 2, size: "L" } } },
        },
      },
    ],
    events: (input, runIndex) => a2uiRun(input, runIndex),
  },

  // ---- Edges where a client must do what the reference does (strip, drop, seed). ----
  "unknown-material": {
    schemaBroken: true, // an unknown event type fails the schemas; the client drops it
    bindings: ["sse"],
    events: (input) => [
      started(input),
      { type: "TEXT_MESSAGE_START", messageId: "m-u", role: "assistant", extraField: "stripped by the client" },
      { type: "TEXT_MESSAGE_CONTENT", messageId: "m-u", delta: "known" },
      { type: "TEXT_MESSAGE_END", messageId: "m-u" },
      { type: "SOMETHING_NEW", payload: 1 },
      {
        type: "MESSAGES_SNAPSHOT",
        messages: [
          { id: "m-u", role: "assistant", content: "known", vendorKey: { x: 1 } },
          { id: "a-x", role: "assistant", toolCalls: [{ id: "tc-x", type: "function", function: { name: "f", arguments: "{}", extra: true }, extra: 2 }] },
        ],
      },
      finished(input),
    ],
  },
  "run-started-input": {
    events: (input) => [
      started(input, {
        input: { ...input, messages: [...input.messages, { id: "echo-1", role: "user", content: "only in RUN_STARTED.input" }] },
      }),
      ...text("m-e", ["after the echo"]),
      finished(input),
    ],
  },
  "legacy-nulls": {
    // Optional fields sent as null (Python producers) fail the schemas; the client's compat
    // stage strips them before its own validation.
    schemaBroken: true,
    bindings: ["sse"],
    events: (input) => [
      started(input),
      ...text("m-n", ["with a null parent"]),
      { type: "TOOL_CALL_START", toolCallId: "tc-n", toolCallName: "f", parentMessageId: null },
      { type: "TOOL_CALL_END", toolCallId: "tc-n" },
      finished(input, { result: null, outcome: null }),
    ],
  },
  "snapshot-keeps-activities": {
    events: (input) => [
      started(input),
      { type: "ACTIVITY_SNAPSHOT", messageId: "act-k", activityType: "PLAN", content: { n: 1 } },
      { type: "ACTIVITY_SNAPSHOT", messageId: "act-s", activityType: "SEARCH", content: { q: "x" } },
      { type: "REASONING_MESSAGE_START", messageId: "r-k", role: "reasoning" },
      { type: "REASONING_MESSAGE_CONTENT", messageId: "r-k", delta: "kept unless the snapshot has reasoning" },
      { type: "REASONING_MESSAGE_END", messageId: "r-k" },
      ...text("m-gone", ["dropped by the first snapshot"]),
      // No activity and no reasoning in it: activities and reasoning messages stay.
      { type: "MESSAGES_SNAPSHOT", messages: [{ id: "m-1", role: "assistant", content: "one" }] },
      // Authoritative for PLAN only: act-k goes, act-s stays.
      {
        type: "MESSAGES_SNAPSHOT",
        messages: [{ id: "m-1", role: "assistant", content: "one, edited" }],
        metadata: { "@ag-ui/client": { authoritativeActivityTypes: ["PLAN"] } },
      },
      finished(input),
    ],
  },
  "duplicate-keys": {
    bindings: ["sse"],
    events: (input) => [
      started(input),
      { type: "TEXT_MESSAGE_START", messageId: "m-dup", role: "assistant" },
      { rawSse: 'data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"m-dup","delta":"first","delta":"second"}\n\n' },
      { type: "TEXT_MESSAGE_END", messageId: "m-dup" },
      finished(input),
    ],
  },
  "proto-unknown-arm": {
    // An ag_ui.Event whose only field is oneof arm 99 (a newer protocol's event): dropped.
    bindings: ["proto"],
    events: (input) => [started(input), { rawBytes: Buffer.from([0, 0, 0, 3, 0x9a, 0x06, 0x00]) }, ...text("m-p", ["after it"]), finished(input)],
  },
  "lone-surrogate": {
    bindings: ["sse"],
    events: (input) => [started(input), ...text("m-s", ["half \ud83d of an emoji"]), finished(input)],
  },

  // ---- Streams the reference client rejects: our linter must report an error for each. ----
  "broken-content-without-start": {
    broken: true,
    expectError: "No active text message found with ID 'ghost'",
    events: (input) => [started(input), { type: "TEXT_MESSAGE_CONTENT", messageId: "ghost", delta: "boo" }, finished(input)],
  },
  "broken-finished-with-open-tool-call": {
    broken: true,
    expectError: "while tool calls are still active: tc-open",
    events: (input) => [started(input), { type: "TOOL_CALL_START", toolCallId: "tc-open", toolCallName: "f" }, finished(input)],
  },
  "broken-first-event-not-run-started": {
    broken: true,
    expectError: "First event must be 'RUN_STARTED'",
    events: (input) => [...text("m-0", ["too early"]), started(input), finished(input)],
  },
  "broken-event-after-run-error": {
    broken: true,
    expectError: "The run has already errored",
    events: (input) => [started(input), { type: "RUN_ERROR", message: "failed" }, ...text("m-late", ["late"])],
  },
  "broken-run-started-twice": {
    broken: true,
    expectError: "while a run is still active",
    events: (input) => [started(input), started(input), finished(input)],
  },
  "broken-step-not-started": {
    broken: true,
    expectError: 'for step "ghost" that was not started',
    events: (input) => [started(input), { type: "STEP_FINISHED", stepName: "ghost" }, finished(input)],
  },
  "broken-subagent-unknown": {
    broken: true,
    expectError: "no active subagent found with ID 'sa-x'",
    events: (input) => [started(input), { type: "SUBAGENT_FINISHED", subagentRunId: "sa-x" }, finished(input)],
  },
  "broken-float-timestamp": {
    broken: true,
    schemaBroken: true,
    bindings: ["sse"],
    expectError: "",
    events: (input) => [started(input), { type: "TEXT_MESSAGE_START", messageId: "m-f", timestamp: 1.5 }, { type: "TEXT_MESSAGE_END", messageId: "m-f" }, finished(input)],
  },
  "broken-missing-delta": {
    broken: true,
    schemaBroken: true,
    bindings: ["sse"],
    expectError: "",
    events: (input) => [started(input), ...text("m-d", []).slice(0, 1), { type: "TEXT_MESSAGE_CONTENT", messageId: "m-d" }, { type: "TEXT_MESSAGE_END", messageId: "m-d" }, finished(input)],
  },
  "broken-tool-role-text": {
    broken: true,
    schemaBroken: true,
    bindings: ["sse"],
    expectError: "",
    events: (input) => [started(input), { type: "TEXT_MESSAGE_START", messageId: "m-t", role: "tool" }, { type: "TEXT_MESSAGE_END", messageId: "m-t" }, finished(input)],
  },
  "broken-chunk-without-id": {
    broken: true,
    bindings: ["sse"],
    expectError: "First TEXT_MESSAGE_CHUNK must have a messageId",
    events: (input) => [started(input), { type: "TEXT_MESSAGE_CHUNK", delta: "anonymous" }, finished(input)],
  },
  "broken-not-json": {
    broken: true,
    bindings: ["sse"],
    expectError: "",
    events: (input) => [started(input), { rawSse: 'data: {"type":"TEXT_MESSAGE_START",oops}\n\n' }, finished(input)],
  },
  "broken-crlf-framing": {
    broken: true,
    bindings: ["sse"],
    expectError: "",
    events: (input) => [
      { rawSse: `data: ${JSON.stringify(started(input))}\r\n\r\n` },
      { rawSse: `data: ${JSON.stringify(finished(input))}\r\n\r\n` },
    ],
  },
  "broken-proto-garbage": {
    broken: true,
    bindings: ["proto"],
    expectError: "Failed to decode protocol buffer message",
    events: (input) => [started(input), { rawBytes: Buffer.from([0, 0, 0, 4, 0x0a, 0x7f, 0xff, 0xff]) }, finished(input)],
  },
  "broken-proto-truncated": {
    broken: true,
    bindings: ["proto"],
    expectError: "ended mid-frame",
    events: (input) => [started(input), { rawBytes: Buffer.from([0, 0, 0, 9, 0x0a, 0x02]) }],
  },
};

// The run list of a scenario (at least one run).
export function runsOf(scenario) {
  return scenario.runs && scenario.runs.length > 0 ? scenario.runs : [{}];
}
