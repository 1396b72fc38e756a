// Runs each tests/data/lint/<rule>/{fail,pass}.jsonl through the pinned @ag-ui/client's own
// transformChunks + verifyEvents and prints one JSON object per stream:
//   {"rule": "...", "kind": "fail"|"pass", "error": "<first verify error message>" | null,
//    "index": <index of the event being verified when it threw> | -1}
// Used by tests/session/test_lint_client_parity.cpp. Usage: node client-parity.js <node_modules> <lint data dir>
'use strict';
const path = require('path');
const fs = require('fs');
const [nodeModules, dataDir] = process.argv.slice(2);
const client = require(path.join(nodeModules, '@ag-ui/client'));
const { from, lastValueFrom } = require(path.join(nodeModules, 'rxjs'));
const { toArray, tap, map } = require(path.join(nodeModules, 'rxjs/operators'));

async function verify(events) {
  let index = -1;
  // Each source event is tagged with its line index so the failing one can be named.
  const source = from(events.map((e, i) => ({ ...e, __line: i })));
  const tracked = source.pipe(tap(e => { index = e.__line; }));
  const untagged = tracked.pipe(map(e => {
    const copy = { ...e };
    delete copy.__line;
    return copy;
  }));
  try {
    await lastValueFrom(client.verifyEvents(false)(client.transformChunks(false)(untagged)).pipe(toArray()));
    return { error: null, index: -1 };
  } catch (err) {
    return { error: err.message, index };
  }
}

(async () => {
  const rules = fs.readdirSync(dataDir).filter(d => fs.existsSync(path.join(dataDir, d, 'fail.jsonl'))).sort();
  for (const rule of rules) {
    for (const kind of ['fail', 'pass']) {
      const text = fs.readFileSync(path.join(dataDir, rule, kind + '.jsonl'), 'utf8');
      const events = [];
      for (const line of text.split('\n')) {
        if (!line.trim()) continue;
        try { events.push(JSON.parse(line)); } catch { events.push(null); }
      }
      // Frames that are not JSON objects with a type never reach verify in the client.
      const usable = events.map((e, i) => [e, i]).filter(([e]) => e && typeof e.type === 'string');
      const result = await verify(usable.map(([e]) => e));
      const index = result.index >= 0 ? usable[result.index][1] : -1;
      process.stdout.write(JSON.stringify({ rule, kind, error: result.error, index }) + '\n');
    }
  }
})().catch(err => { process.stderr.write(String(err && err.stack || err) + '\n'); process.exit(2); });
