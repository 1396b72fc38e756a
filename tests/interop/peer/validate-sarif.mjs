// Validates SARIF logs against the official SARIF 2.1.0 JSON schema (OASIS,
// sarif-schema-2.1.0.json) with Ajv (draft-07 and formats). The schema is the copy that
// @datadog/datadog-ci-plugin-sarif 5.25.0 (pinned in ../package.json) bundles for its own upload
// validation: its bundle holds it as one object literal under
// "//#region src/json-schema/sarif-schema-2.1.0.json", taken out and evaluated here.
//
// usage: node validate-sarif.mjs FILE...
// prints one JSON line {"ok": bool, "schemaId": ..., "files": [{"file", "ok", "errors": [...]}]}
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const Ajv = require('ajv');
const addFormats = require('ajv-formats');

function officialSchema() {
  // The package exports no subpaths: read the file from the interop folder's node_modules.
  const bundle = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules',
    '@datadog', 'datadog-ci-plugin-sarif', 'dist', 'bundle.js'), 'utf8');
  const region = bundle.indexOf('//#region src/json-schema/sarif-schema-2.1.0.json');
  if (region < 0) throw new Error('no SARIF schema region in the pinned bundle');
  const start = bundle.indexOf('= {', region) + 2;
  // The object literal ends at the first line that closes it at column 0.
  const end = bundle.indexOf('\n};', start) + 2;
  const schema = new Function(`return (${bundle.slice(start, end)});`)();
  if (schema.title !== 'Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema')
    throw new Error(`unexpected schema: ${schema.title}`);
  return schema;
}

const schema = officialSchema();
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);
const files = process.argv.slice(2).map((file) => {
  const ok = validate(JSON.parse(readFileSync(file, 'utf8')));
  return { file, ok, errors: ok ? [] : validate.errors.slice(0, 20) };
});
console.log(JSON.stringify({ ok: files.every((f) => f.ok), schemaId: schema.$id, files }));
