// The peer AG-UI agent for the interop tests: a plain node:http server whose responses are made
// by the real @ag-ui/encoder (SSE or protobuf, chosen by the request's Accept header exactly as
// the reference negotiates it) after every event has passed @ag-ui/core's zod schemas.
//
//   node server.mjs [port]          (port 0 or absent: a free one) listens on 127.0.0.1 and prints
//                                   "LISTENING <port>" on stdout once it accepts connections.
//   GET  /scenarios                 the scenario list with each one's plan (runs, initial, flags)
//   POST /scenario/<name>           body: RunAgentInput; the answer is that scenario's events for the
//                                   run whose runId matches the plan (else run 0)
// An event of a scenario not marked schemaBroken that fails the schemas is a bug of this peer:
// the request is answered 500 with the zod issues, never with the event.
import http from "node:http";
import { EventEncoder } from "@ag-ui/encoder";
import { EventSchemas, RunAgentInputSchema } from "@ag-ui/core/schemas";
import { scenarios, runsOf, withTimestamps } from "./scenarios.mjs";

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const parts = [];
    req.on("data", (c) => parts.push(c));
    req.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    req.on("error", reject);
  });
}

function planOf(name, s) {
  return {
    name,
    runs: runsOf(s),
    initial: s.initial || {},
    bindings: s.bindings || ["sse", "proto"],
    broken: !!s.broken,
    schemaBroken: !!s.schemaBroken,
    expectError: s.expectError ?? null,
  };
}

// Which run of the plan this request is (the plan names runIds for multi-run scenarios).
function runIndexOf(s, input) {
  const i = runsOf(s).findIndex((r) => r.runId !== undefined && r.runId === input.runId);
  return i < 0 ? 0 : i;
}

async function answerScenario(req, res, name) {
  const s = scenarios[name];
  if (!s) return sendJson(res, 404, { error: `no scenario '${name}'` });
  let input;
  try {
    input = JSON.parse(await readBody(req));
  } catch (err) {
    return sendJson(res, 400, { error: `body is not JSON: ${err.message}` });
  }
  const parsedInput = RunAgentInputSchema.safeParse(input);
  if (!parsedInput.success) return sendJson(res, 400, { error: "invalid RunAgentInput", issues: parsedInput.error.issues });

  const events = withTimestamps(await s.events(input, runIndexOf(s, input)));
  const invalid = [];
  events.forEach((e, index) => {
    if (e.rawSse !== undefined || e.rawBytes !== undefined) return;
    const r = EventSchemas.safeParse(e);
    if (!r.success) invalid.push({ index, type: e.type, issues: r.error.issues });
  });
  if (invalid.length > 0 && !s.schemaBroken) return sendJson(res, 500, { error: "peer bug: events fail @ag-ui/core schemas", invalid });

  const encoder = new EventEncoder({ accept: req.headers.accept });
  const proto = encoder.getContentType() !== "text/event-stream";
  let chunks;
  try {
    chunks = events.map((e) => {
      if (e.rawSse !== undefined) return Buffer.from(e.rawSse, "utf8");
      if (e.rawBytes !== undefined) return e.rawBytes;
      return Buffer.from(encoder.encodeBinary(e));
    });
  } catch (err) {
    return sendJson(res, 500, { error: `encoder failed: ${err.message}` });
  }
  if (events.some((e) => (proto ? e.rawSse !== undefined : e.rawBytes !== undefined)))
    return sendJson(res, 406, { error: `scenario '${name}' has no ${proto ? "protobuf" : "SSE"} form` });
  res.writeHead(200, { "Content-Type": encoder.getContentType(), "Cache-Control": "no-cache" });
  for (const c of chunks) res.write(c);
  res.end();
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, "http://peer");
  if (req.method === "GET" && url.pathname === "/scenarios")
    return sendJson(res, 200, Object.entries(scenarios).map(([n, s]) => planOf(n, s)));
  const m = /^\/scenario\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
  if (m && req.method === "POST")
    return answerScenario(req, res, m[1]).catch((err) => {
      if (!res.headersSent) sendJson(res, 500, { error: String(err && err.stack ? err.stack : err) });
      else res.destroy(err);
    });
  sendJson(res, 404, { error: `no route ${req.method} ${url.pathname}` });
});

server.listen(Number(process.argv[2] || 0), "127.0.0.1", () => {
  process.stdout.write(`LISTENING ${server.address().port}\n`);
});
// The test that started us closes our stdin when it is done: then we go too.
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
process.on("SIGTERM", () => process.exit(0));
