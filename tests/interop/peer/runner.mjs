// Drives the reference client (@ag-ui/client HttpAgent) through the runs of a plan and reports
// what it built and what it received. Shared by client-dump.mjs (peer scenarios) and
// demo-roundtrip.mjs (our `agui-inspect serve --demo`).
import { HttpAgent } from "@ag-ui/client";
import { decodeBody } from "./body.mjs";

export const PROTO = "application/vnd.ag-ui.event+proto";

// HttpAgent only ever asks for SSE; the protobuf binding needs the Accept header changed.
class ProtoHttpAgent extends HttpAgent {
  requestInit(input) {
    const init = super.requestInit(input);
    return { ...init, headers: { ...init.headers, Accept: PROTO } };
  }
}

// plan: {threadId?, initial: {messages, state}, runs: [RunAgentParameters]}; nextParams(agent, i)
// may compute run i's parameters from what the agent holds (default: plan.runs[i]).
// Returns {ok, error, runs: [{input, status, contentType, events, schemaErrors, wireError}],
// delivered (the events the client handed to the application, all runs), messages, state,
// pendingInterrupts, agent}.
export async function runPlan({ url, binding = "sse", plan, runCount, nextParams }) {
  const recorded = [];
  const recordingFetch = async (u, init) => {
    const res = await fetch(u, init);
    recorded.push({ input: JSON.parse(init.body), status: res.status, contentType: res.headers.get("content-type"), body: res.clone().arrayBuffer() });
    return res;
  };
  const Agent = binding === "proto" ? ProtoHttpAgent : HttpAgent;
  const agent = new Agent({
    url,
    threadId: plan.threadId || "thread-interop",
    initialMessages: plan.initial?.messages || [],
    initialState: plan.initial?.state ?? {},
    fetch: recordingFetch,
  });

  // What the client delivers to the application: every event its pipeline passes on (onEvent).
  const delivered = [];
  agent.subscribe({ onEvent: ({ event }) => { delivered.push(structuredClone(event)); } });
  let error = null;
  const count = runCount ?? (plan.runs || [{}]).length;
  for (let i = 0; i < count; i++) {
    try {
      const params = nextParams ? nextParams(agent, i) : (plan.runs || [{}])[i];
      await agent.runAgent(params);
    } catch (err) {
      error = err && err.message ? err.message : String(err);
      break;
    }
  }

  const runs = [];
  for (const r of recorded) {
    const { events, schemaErrors, wireError } = decodeBody(Buffer.from(await r.body), r.contentType);
    runs.push({ input: r.input, status: r.status, contentType: r.contentType, events, schemaErrors, wireError });
  }
  return { ok: error === null, error, runs, delivered, messages: agent.messages, state: agent.state, pendingInterrupts: agent.pendingInterrupts ?? [], agent };
}

// The client logs warnings (skipped patches, enforce) on the console: keep stdout for the JSON.
export function consoleToStderr() {
  const toErr = (...m) => process.stderr.write(m.map(String).join(" ") + "\n");
  console.log = console.warn = console.info = console.debug = console.error = toErr;
}

export function args() {
  const a = {};
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) a[argv[i].replace(/^--/, "")] = argv[i + 1];
  return a;
}

export function printResult(result, extra = {}) {
  const { agent, ...rest } = result;
  process.stdout.write(JSON.stringify({ ...rest, ...extra }) + "\n");
}
