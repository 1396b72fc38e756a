// Differential oracle for tests/protocol/test_chunk_expander_vs_client: each input line is a JSON
// array of events; it runs them through @ag-ui/client 1.0 transformChunks and prints one JSON line
// {"events": [what came out before any error], "error": message or null, "at": index of the input
// event that raised it or -1}.
'use strict';
const fs = require('fs');
const client = require('@ag-ui/client');
const { Observable, lastValueFrom, toArray, catchError, of } = require('rxjs');

async function run(events) {
  const out = [];
  let at = -1;
  const source = new Observable((sub) => {
    for (let i = 0; i < events.length; ++i) {
      at = i;
      sub.next(events[i]);
      if (sub.closed) return;
    }
    at = -1;
    sub.complete();
  });
  let error = null;
  await lastValueFrom(client.transformChunks(undefined)(source).pipe(
    catchError((e) => { error = e.message; return of(null); }), toArray()))
    .then((list) => { for (const e of list) if (e !== null) out.push(e); });
  return { events: out, error, at: error === null ? -1 : at };
}

(async () => {
  const lines = fs.readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean);
  const results = [];
  for (const line of lines) results.push(JSON.stringify(await run(JSON.parse(line))));
  process.stdout.write(results.join('\n') + '\n');
})().catch((e) => { console.error(e); process.exit(3); });
