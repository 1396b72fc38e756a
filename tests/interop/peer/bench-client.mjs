// The reference client's pipeline fed a recorded SSE body, for the benchmarks (bench/): the
// pinned @ag-ui/client HttpAgent.runAgent, with fetch answered from the file in 64 KiB chunks
// (no network), so the whole transport -> compat -> enforce -> chunks -> verify -> apply chain
// runs over exactly the bytes our CLI reads.
//
//   node bench-client.mjs FILE      prints {events, messages, stateKeys, ms} on stdout
import { readFileSync } from "node:fs";
import { HttpAgent } from "@ag-ui/client";

const file = process.argv[2];
if (!file) {
  process.stderr.write("usage: node bench-client.mjs FILE\n");
  process.exit(2);
}

const started = process.hrtime.bigint();
const bytes = readFileSync(file);
const kChunk = 64 * 1024;
globalThis.fetch = async () => {
  let at = 0;
  const body = new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset + at, Math.min(kChunk, bytes.length - at)));
      at += kChunk;
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
};

let events = 0;
const agent = new HttpAgent({ url: "http://127.0.0.1:9/agent" });
await agent.runAgent({}, { onEvent: () => { events += 1; } });
const ms = Number(process.hrtime.bigint() - started) / 1e6;
process.stdout.write(
  JSON.stringify({ events, messages: agent.messages.length, stateKeys: Object.keys(agent.state ?? {}).length, ms }) + "\n",
);
