// Replays fixtures of the official AG-UI conformance corpus (tests/data/conformance/ag-ui-spec)
// into the pinned reference client, the way the corpus's TypeScript lane does: each event as its own
// SSE frame of one HTTP response, a `timestamp` filled in where the event has none or null (the
// lane's replay server does that), the agent's threadId taken from the stream's first RUN_STARTED,
// `input.messages` as the agent's messages and `input.tools/context/forwardedProps` as the run's
// parameters, `client.maxProtocolVersion` as the peer ceiling. Prints one JSON line,
//   {results: [{file, outcome: "completed"|"failed", error, runError, warnings, events, messages,
//               state, request}]}
// where events are the events delivered to application code (onEvent), warnings every
// console.warn line, and request the RunAgentInput the client POSTed.
//
//   node corpus-dump.mjs <fixture.json>...
import { readFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { HttpAgent } from "@ag-ui/client";

// Deterministic stand-ins for the wall-clock timestamps the lane's server adds.
export const kFillTimestampBase = 1767225600000;

export function sseBody(stream) {
  return stream
    .map((event, i) => {
      const e = { ...event };
      if (e.timestamp === undefined || e.timestamp === null) e.timestamp = kFillTimestampBase + i;
      return `data: ${JSON.stringify(e)}\n\n`;
    })
    .join("");
}

async function replay(fixture) {
  let request;
  const fetchFixture = async (_url, init) => {
    request = JSON.parse(init.body);
    return new Response(sseBody(fixture.stream), {
      status: 200,
      headers: { "content-type": "text/event-stream" },
    });
  };
  const pinned = fixture.client?.maxProtocolVersion;
  class FixtureAgent extends HttpAgent {
    get maxProtocolVersion() {
      return pinned ?? super.maxProtocolVersion;
    }
  }
  const threadId = fixture.stream.find((e) => e.type === "RUN_STARTED" && typeof e.threadId === "string")?.threadId;
  const agent = new FixtureAgent({ url: "http://fixture.invalid/", fetch: fetchFixture, ...(threadId !== undefined && { threadId }) });
  if (fixture.input?.messages !== undefined) agent.messages = fixture.input.messages;

  const events = [];
  let runError = null;
  agent.subscribe({
    onEvent: ({ event }) => {
      events.push(structuredClone(event));
    },
    onRunErrorEvent: ({ event }) => {
      runError = event.message ?? "";
    },
  });
  const warnings = [];
  const savedWarn = console.warn;
  console.warn = (...args) => warnings.push(args.map((a) => String(a)).join(" "));
  let outcome = "completed";
  let error = null;
  try {
    await agent.runAgent({
      ...(fixture.input?.tools !== undefined && { tools: fixture.input.tools }),
      ...(fixture.input?.context !== undefined && { context: fixture.input.context }),
      ...(fixture.input?.forwardedProps !== undefined && { forwardedProps: fixture.input.forwardedProps }),
    });
  } catch (err) {
    outcome = "failed";
    error = err instanceof Error ? err.message : String(err);
  } finally {
    console.warn = savedWarn;
  }
  return { outcome, error, runError, warnings, events, messages: agent.messages, state: agent.state, request };
}

async function main() {
  // Other console output of the client (debug, errors) must not mix with the JSON lines.
  console.log = console.info = console.debug = console.error = (...m) => process.stderr.write(m.map(String).join(" ") + "\n");
  const results = [];
  for (const path of process.argv.slice(2)) {
    const fixture = JSON.parse(readFileSync(path, "utf8"));
    const file = `${basename(dirname(dirname(path)))}/${basename(path, ".json")}`;
    results.push({ file, ...(await replay(fixture)) });
  }
  process.stdout.write(JSON.stringify({ results }) + "\n");
}

main().catch((err) => {
  process.stderr.write(`corpus-dump: ${err && err.stack ? err.stack : err}\n`);
  process.exit(2);
});
