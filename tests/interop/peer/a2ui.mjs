// The A2UI scenario: the ACTIVITY_SNAPSHOTs are made by the real @ag-ui/a2ui-middleware, run over a
// small scripted inner agent, not written by us.
//   run 0: the inner agent streams a render_a2ui tool call (an order form); the middleware turns
//          the streamed arguments into a2ui-surface activity snapshots.
//   run 1: the client sends forwardedProps.a2uiAction.userAction; the middleware turns it into a
//          log_a2ui_event tool call + result at the end of the inner agent's input messages. The
//          inner agent answers from that result with text and a tool result carrying
//          {"a2ui_operations": [...]}, which the middleware renders as another activity snapshot.
import { AbstractAgent, EventType } from "@ag-ui/client";
import { A2UIMiddleware } from "@ag-ui/a2ui-middleware";
import { Observable, lastValueFrom, toArray } from "rxjs";

const CATALOG = "https://a2ui.org/specification/v0_9/basic_catalog.json";

const formArgs = JSON.stringify({
  surfaceId: "order-form",
  components: [
    { id: "root", component: "Column", children: ["title", "size", "submit-btn"] },
    { id: "title", component: "Text", text: "Order a T-shirt 👕", variant: "h2" },
    { id: "size", component: "TextField", label: "Size", text: { path: "/order/size" } },
    { id: "submit-btn", component: "Button", child: "submit-text", action: { event: { name: "submit", context: { size: { path: "/order/size" } } } } },
    { id: "submit-text", component: "Text", text: "Submit" },
  ],
  data: { order: { size: "M" } },
});

// Splits a string into pieces of n characters (streamed tool-call arguments).
function pieces(s, n) {
  const out = [];
  for (let i = 0; i < s.length; i += n) out.push(s.slice(i, i + n));
  return out;
}

// What the inner agent sends for run `runIndex` of the scenario, given the input the middleware
// passes it (with the synthetic log_a2ui_event messages on an action run).
function innerEvents(input, runIndex) {
  const base = { threadId: input.threadId, runId: input.runId };
  if (runIndex === 0) {
    return [
      { type: EventType.RUN_STARTED, ...base },
      { type: EventType.TEXT_MESSAGE_START, messageId: "m-a2ui-1", role: "assistant" },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m-a2ui-1", delta: "Here is the order form." },
      { type: EventType.TEXT_MESSAGE_END, messageId: "m-a2ui-1" },
      { type: EventType.TOOL_CALL_START, toolCallId: "tc-render-1", toolCallName: "render_a2ui", parentMessageId: "m-a2ui-1" },
      ...pieces(formArgs, 23).map((delta) => ({ type: EventType.TOOL_CALL_ARGS, toolCallId: "tc-render-1", delta })),
      { type: EventType.TOOL_CALL_END, toolCallId: "tc-render-1" },
      { type: EventType.TOOL_CALL_RESULT, messageId: "tool-render-1", toolCallId: "tc-render-1", content: '{"status":"rendered"}' },
      { type: EventType.RUN_FINISHED, ...base },
    ];
  }
  // The action arrives as the last tool message (the middleware's log_a2ui_event result).
  const last = [...(input.messages || [])].reverse().find((m) => m.role === "tool");
  const sawAction = typeof last?.content === "string" && last.content.startsWith('User performed action "submit"');
  const reply = sawAction ? `Got it: ${last.content}` : "No action reached the agent.";
  const ops = {
    a2ui_operations: [
      { version: "v0.9", createSurface: { surfaceId: "order-done", catalogId: CATALOG } },
      { version: "v0.9", updateComponents: { surfaceId: "order-done", components: [{ id: "root", component: "Text", text: sawAction ? "Thanks, order placed ✓" : "?" }] } },
    ],
  };
  return [
    { type: EventType.RUN_STARTED, ...base },
    { type: EventType.TEXT_MESSAGE_START, messageId: "m-a2ui-2", role: "assistant" },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m-a2ui-2", delta: reply },
    { type: EventType.TEXT_MESSAGE_END, messageId: "m-a2ui-2" },
    { type: EventType.TOOL_CALL_START, toolCallId: "tc-confirm", toolCallName: "confirm_order", parentMessageId: "m-a2ui-2" },
    { type: EventType.TOOL_CALL_ARGS, toolCallId: "tc-confirm", delta: "{}" },
    { type: EventType.TOOL_CALL_END, toolCallId: "tc-confirm" },
    { type: EventType.TOOL_CALL_RESULT, messageId: "tool-confirm", toolCallId: "tc-confirm", content: JSON.stringify(ops) },
    { type: EventType.RUN_FINISHED, ...base },
  ];
}

class ScriptedInnerAgent extends AbstractAgent {
  constructor(runIndex) {
    super({});
    this.runIndex = runIndex;
  }
  run(input) {
    const events = innerEvents(input, this.runIndex);
    return new Observable((sub) => {
      for (const e of events) sub.next(e);
      sub.complete();
    });
  }
}

// The events the peer sends for run `runIndex`: the middleware's output over the inner agent.
export async function a2uiRun(input, runIndex) {
  const middleware = new A2UIMiddleware({ defaultCatalogId: CATALOG });
  const inner = new ScriptedInnerAgent(runIndex);
  return lastValueFrom(middleware.run(input, inner).pipe(toArray()));
}
