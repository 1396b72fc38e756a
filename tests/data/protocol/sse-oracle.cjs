// Differential oracle for tests/protocol/test_sse_vs_client: each input line is a JSON array of
// base64 chunks (one response body as it arrived); it runs them through @ag-ui/client 1.0
// parseSSEStream and prints one JSON line {"events": [parsed objects], "error": message or null}.
'use strict';
const fs = require('fs');
const client = require('@ag-ui/client');
const { from, lastValueFrom, toArray, catchError, of, observeOn, asyncScheduler } = require('rxjs');

async function run(chunks) {
  const source = from([{ type: 'headers', status: 200, headers: new Map() },
    ...chunks.map((c) => ({ type: 'data', data: new Uint8Array(Buffer.from(c, 'base64')) }))])
    // parseSSEStream subscribes to its input at once: deliver the chunks asynchronously, as a
    // real response body does, so nothing is emitted before we listen.
    .pipe(observeOn(asyncScheduler));
  let error = null;
  const list = await lastValueFrom(client.parseSSEStream(source).pipe(
    catchError((e) => { error = e.message; return of(undefined); }), toArray()));
  return { events: list.filter((e) => e !== undefined), error };
}

(async () => {
  const lines = fs.readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean);
  const results = [];
  for (const line of lines) results.push(JSON.stringify(await run(JSON.parse(line))));
  process.stdout.write(results.join('\n') + '\n');
})().catch((e) => { console.error(e); process.exit(3); });
