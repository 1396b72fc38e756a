// Differential oracle for tests/protocol/test_schema_vs_client: runs each JSON line (one event)
// through the reference client's compat boundary and enforce stage (@ag-ui/client 1.0) and prints
// one JSON line per event: {"err": bool, "compat": bool, "removed": [json pointers]}.
// "removed" lists what the enforce stage took out: the paths of its "Removed unrecognised
// material" warnings plus any member that silently disappeared.
'use strict';
const fs = require('fs');
const client = require('@ag-ui/client');
const { of, lastValueFrom, toArray } = require('rxjs');

const canon = (v) => JSON.stringify(v, (k, x) => (x && typeof x === 'object' && !Array.isArray(x)
    ? Object.fromEntries(Object.keys(x).sort().map((q) => [q, x[q]])) : x));

// Pointers present in `before` but missing from `after` (members only; added defaults ignored).
function lost(before, after, path, out) {
  if (before === null || typeof before !== 'object') return;
  if (after === null || typeof after !== 'object') return;
  // Elements removed from an array shift the rest: rely on the enforce warnings there.
  if (Array.isArray(before) && (!Array.isArray(after) || after.length !== before.length)) return;
  for (const k of Object.keys(before)) {
    const p = path + '/' + String(k).replace(/~/g, '~0').replace(/\//g, '~1');
    if (after[k] === undefined && before[k] !== undefined) out.push(p);
    else lost(before[k], after[k], p, out);
  }
}

async function main() {
  const lines = fs.readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean);
  const warnings = [];
  console.warn = (m) => warnings.push(String(m));
  const results = [];
  for (const line of lines) {
    warnings.length = 0;
    const original = JSON.parse(line);
    const result = { err: false, compat: false, removed: [] };
    try {
      const converted = new client.CompatibilityBoundary().transformEvent(JSON.parse(line));
      result.compat = canon(converted) !== canon(original);
      const out = await lastValueFrom(client.enforceEvents()(of(converted)).pipe(toArray()));
      const removed = new Set();
      for (const w of warnings) {
        const m = /Removed unrecognised material at '([^']*)'/.exec(w);
        if (m) removed.add(m[1]);
      }
      const silent = [];
      lost(converted, out[0], '', silent);
      for (const p of silent) if (![...removed].some((r) => p === r || p.startsWith(r + '/'))) removed.add(p);
      result.removed = [...removed];
    } catch (e) {
      result.err = true;
    }
    results.push(JSON.stringify(result));
  }
  process.stdout.write(results.join('\n') + '\n');
}
main().catch((e) => { console.error(e); process.exit(3); });
