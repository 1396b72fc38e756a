// A real CopilotKit runtime (@copilotkit/runtime 1.75.0, pinned in package.json) for
// test_interop_copilotkit: two agents of ours built on @ag-ui/client's AbstractAgent (no LLM,
// scripted events), the debug feed on, on a free loopback port.
//   /api/copilotkit         the REST transport (createCopilotRuntimeHandler's default mode)
//   /api/copilotkit-single  the same runtime on the single-endpoint transport
//   /api/copilotkit-nodebug another runtime with the same agents and debug off (NODE_ENV unset):
//                           its feed answers 404
//   anything else           an HTML page, as the app around a runtime would answer
// Prints "runtime listening on http://127.0.0.1:PORT" once it accepts connections.
//
// Agents:
//   echo  "Says hello in three pieces": RUN_STARTED, a text message in three deltas 40 ms apart,
//         RUN_FINISHED.
//   slow  "Streams one word every 150 ms for a minute, until stopped": for stop, connect and
//         the second run on a busy thread.

// Telemetry off before the runtime is loaded: nothing leaves the machine. NODE_ENV unset: the
// feed is on only where `debug` says so.
process.env.COPILOTKIT_TELEMETRY_DISABLED = "true";
process.env.DO_NOT_TRACK = "1";
delete process.env.NODE_ENV;

import http from "node:http";

const { AbstractAgent } = await import("@ag-ui/client");
const { Observable } = await import("rxjs");
const { CopilotRuntime, createCopilotRuntimeHandler } = await import("@copilotkit/runtime/v2");
const { createCopilotNodeHandler } = await import("@copilotkit/runtime/v2/node");

class ScriptedAgent extends AbstractAgent {
  constructor({ description, words, gapMs }) {
    super({ description });
    this.words = words;
    this.gapMs = gapMs;
  }

  clone() {
    const copy = super.clone();
    copy.words = this.words;
    copy.gapMs = this.gapMs;
    return copy;
  }

  // The runtime's stop (POST .../stop/THREAD) calls this on the running agent: the stream ends
  // where it is, and the runtime closes what is open and appends its bare RUN_FINISHED.
  abortRun() {
    if (this.stopStream) this.stopStream();
  }

  run(input) {
    return new Observable((subscriber) => {
      const timers = [];
      let done = false;
      const stop = () => {
        if (done) return;
        done = true;
        for (const t of timers) clearTimeout(t);
        subscriber.complete();
      };
      this.stopStream = stop;
      const messageId = `m-${input.runId}`;
      const script = [
        { type: "RUN_STARTED", threadId: input.threadId, runId: input.runId },
        { type: "TEXT_MESSAGE_START", messageId, role: "assistant" },
        ...this.words.map((w) => ({ type: "TEXT_MESSAGE_CONTENT", messageId, delta: w })),
        { type: "TEXT_MESSAGE_END", messageId },
        { type: "RUN_FINISHED", threadId: input.threadId, runId: input.runId },
      ];
      script.forEach((event, i) => {
        timers.push(
          setTimeout(() => {
            if (done) return;
            subscriber.next(event);
            if (i === script.length - 1) stop();
          }, i * this.gapMs),
        );
      });
      return () => {
        done = true;
        for (const t of timers) clearTimeout(t);
      };
    });
  }
}

const agents = {
  echo: new ScriptedAgent({
    description: "Says hello in three pieces",
    words: ["Hel", "lo", "!"],
    gapMs: 40,
  }),
  slow: new ScriptedAgent({
    description: "Streams one word every 150 ms for a minute, until stopped",
    words: Array.from({ length: 400 }, (_, i) => `w${i} `),
    gapMs: 150,
  }),
};

// debug: true turns the debug feed on (and the runtime's own debug log, to stdout).
const runtime = new CopilotRuntime({ agents, debug: true });
const rest = createCopilotNodeHandler(
  createCopilotRuntimeHandler({ runtime, basePath: "/api/copilotkit" }),
);
const quiet = createCopilotNodeHandler(
  createCopilotRuntimeHandler({
    runtime: new CopilotRuntime({ agents }),
    basePath: "/api/copilotkit-nodebug",
  }),
);
const single = createCopilotNodeHandler(
  createCopilotRuntimeHandler({ runtime, basePath: "/api/copilotkit-single", mode: "single-route" }),
);

const server = http.createServer((req, res) => {
  const path = new URL(req.url, "http://127.0.0.1").pathname;
  if (path === "/api/copilotkit-single" || path.startsWith("/api/copilotkit-single/"))
    return single(req, res);
  if (path === "/api/copilotkit-nodebug" || path.startsWith("/api/copilotkit-nodebug/"))
    return quiet(req, res);
  if (path === "/api/copilotkit" || path.startsWith("/api/copilotkit/")) return rest(req, res);
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  res.end("<!DOCTYPE html>\n<html><head><title>My CopilotKit app</title></head><body></body></html>\n");
});

server.listen(0, "127.0.0.1", () => {
  console.log(`runtime listening on http://127.0.0.1:${server.address().port}`);
});

for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => process.exit(0));
