// The reference client (@ag-ui/client HttpAgent) against our `agui-inspect serve --demo`, with the
// A2UI round trip done the way a real front end does it:
//   run 1: plain request; the agent shows an A2UI surface (an "a2ui-surface" activity message);
//   run 2: the client "clicks" the surface's first Button: forwardedProps.a2uiAction.userAction
//          {name, surfaceId, sourceComponentId, context, timestamp}, with the button's context
//          bindings resolved against the surface's data model and empty strings filled in as a
//          user would (with FILLED_IN below).
// Prints the runner's JSON (see runner.mjs) plus {action, surface}.
//   node demo-roundtrip.mjs --url <endpoint> [--binding sse|proto]
import { args, consoleToStderr, printResult, runPlan } from "./runner.mjs";

export const FILLED_IN = "Ada Lovelace";

function pointerGet(doc, pointer) {
  if (pointer === "" || pointer === "/") return doc;
  let cur = doc;
  for (const raw of pointer.replace(/^\//, "").split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (cur === null || typeof cur !== "object") return undefined;
    cur = cur[key];
  }
  return cur;
}

function pointerSet(doc, pointer, value) {
  const keys = pointer.replace(/^\//, "").split("/").filter((k) => k !== "").map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (keys.length === 0) return value;
  let cur = doc;
  for (const k of keys.slice(0, -1)) cur = cur[k] ??= {};
  cur[keys[keys.length - 1]] = value;
  return doc;
}

// The surface an a2ui-surface activity message shows: components by id and the data model.
function surfaceOf(message) {
  const ops = message.content?.a2ui_operations || [];
  const surface = { surfaceId: null, components: new Map(), data: {} };
  for (const op of ops) {
    if (op.createSurface) surface.surfaceId = op.createSurface.surfaceId;
    if (op.updateComponents) for (const c of op.updateComponents.components) surface.components.set(c.id, c);
    if (op.updateDataModel) surface.data = pointerSet(surface.data, op.updateDataModel.path || "/", structuredClone(op.updateDataModel.value));
  }
  return surface;
}

function clickFirstButton(surface) {
  const button = [...surface.components.values()].find((c) => c.component === "Button" && c.action?.event);
  if (!button) throw new Error("the demo surface has no Button with an action event");
  const context = {};
  for (const [k, v] of Object.entries(button.action.event.context || {})) {
    let value = v && typeof v === "object" && "path" in v ? pointerGet(surface.data, v.path) : v;
    if (value === "" || value === undefined) value = FILLED_IN;
    context[k] = value;
  }
  return { name: button.action.event.name, surfaceId: surface.surfaceId, sourceComponentId: button.id, context, timestamp: "2026-01-01T00:00:00Z" };
}

async function main() {
  const a = args();
  let action = null;
  let surfaceId = null;
  const result = await runPlan({
    url: a.url,
    binding: a.binding || "sse",
    plan: { threadId: "thread-demo-roundtrip" },
    runCount: 2,
    nextParams: (agent, i) => {
      if (i === 0) return { runId: "run-demo-1" };
      const activity = agent.messages.find((m) => m.role === "activity" && m.activityType === "a2ui-surface");
      if (!activity) throw new Error("run 1 left no a2ui-surface activity message in agent.messages");
      const surface = surfaceOf(activity);
      surfaceId = surface.surfaceId;
      action = clickFirstButton(surface);
      return { runId: "run-demo-2", forwardedProps: { a2uiAction: { userAction: action } } };
    },
  });
  printResult(result, { action, surfaceId });
}

consoleToStderr();
main().catch((err) => {
  process.stderr.write(`demo-roundtrip: ${err && err.stack ? err.stack : err}\n`);
  process.exit(2);
});
