// Runs the reference client (@ag-ui/client HttpAgent) against an AG-UI endpoint and prints, as one
// JSON object on stdout, what it built and what it received:
//   {ok, error, runs: [{input, status, contentType, events, schemaErrors}], messages, state,
//    pendingInterrupts}
// - runs[i].input is the exact RunAgentInput the client POSTed (so another client can replay it);
// - runs[i].events are the events decoded from the response body as received (before the client's
//   own processing), and schemaErrors lists those failing @ag-ui/core's zod schemas;
// - messages / state are agent.messages / agent.state after the last run (or after the failure);
// - error is the message of the error the client threw (ok false), the run loop stops there.
//
//   node client-dump.mjs --url <endpoint> [--binding sse|proto] [--plan <plan.json>]
//   node client-dump.mjs --peer <base url> --scenario <name> [--binding sse|proto]
// A plan is {initial: {messages, state}, runs: [{runId?, forwardedProps?, resume?, tools?}]}; with
// --scenario it comes from the peer's scenario list. With --binding proto the client asks for
// application/vnd.ag-ui.event+proto (HttpAgent itself only ever asks for SSE).
import { readFileSync } from "node:fs";
import { HttpAgent } from "@ag-ui/client";
import { decodeBody } from "./body.mjs";

const PROTO = "application/vnd.ag-ui.event+proto";

function args() {
  const a = {};
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) a[argv[i].replace(/^--/, "")] = argv[i + 1];
  return a;
}

class ProtoHttpAgent extends HttpAgent {
  requestInit(input) {
    const init = super.requestInit(input);
    return { ...init, headers: { ...init.headers, Accept: PROTO } };
  }
}

async function main() {
  const a = args();
  let url = a.url;
  let plan = a.plan ? JSON.parse(readFileSync(a.plan, "utf8")) : { runs: [{}] };
  if (a.scenario) {
    const list = await (await fetch(`${a.peer}/scenarios`)).json();
    plan = list.find((s) => s.name === a.scenario);
    if (!plan) throw new Error(`the peer has no scenario '${a.scenario}'`);
    url = `${a.peer}/scenario/${a.scenario}`;
  }
  const binding = a.binding || "sse";

  const runs = [];
  const recordingFetch = async (u, init) => {
    const res = await fetch(u, init);
    const run = { input: JSON.parse(init.body), status: res.status, contentType: res.headers.get("content-type") };
    run.body = res.clone().arrayBuffer();
    runs.push(run);
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

  let error = null;
  for (const params of plan.runs || [{}]) {
    try {
      await agent.runAgent(params);
    } catch (err) {
      error = err && err.message ? err.message : String(err);
      break;
    }
  }

  const outRuns = [];
  for (const r of runs) {
    const bytes = Buffer.from(await r.body);
    const { events, schemaErrors, wireError } = decodeBody(bytes, r.contentType);
    outRuns.push({ input: r.input, status: r.status, contentType: r.contentType, events, schemaErrors, wireError });
  }
  const out = {
    ok: error === null,
    error,
    runs: outRuns,
    messages: agent.messages,
    state: agent.state,
    pendingInterrupts: agent.pendingInterrupts ?? [],
  };
  process.stdout.write(JSON.stringify(out) + "\n");
}

// The client logs warnings (skipped patches, enforce) on the console: keep stdout for the JSON.
console.log = console.warn = console.info = console.debug = (...m) => process.stderr.write(m.join(" ") + "\n");
console.error = (...m) => process.stderr.write(m.map(String).join(" ") + "\n");
main().catch((err) => {
  process.stderr.write(`client-dump: ${err && err.stack ? err.stack : err}\n`);
  process.exit(2);
});
