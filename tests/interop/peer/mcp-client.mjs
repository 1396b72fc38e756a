// The real MCP client (@modelcontextprotocol/sdk, pinned in ../package.json) against
// `agui-inspect mcp`: lists the tools, calls each on the given captures and compares the answers
// with the CLI's for the same question (lint --format json, state --at, messages --at, cat,
// stats --format json, diff --format json); pages must hold every item exactly once; bad
// arguments must come back as MCP errors with a clear message. The SDK validates each
// structuredContent against the tool's outputSchema.
//
// With --http the same client talks to `agui-inspect mcp --http 0` through the SDK's
// StreamableHTTPClientTransport instead (the transport the GUI's "Share with Coding Agents" uses),
// with a bearer token, and first checks that a client without the token is turned away.
//
// usage: node mcp-client.mjs [--http] AGUI_INSPECT CAPTURE...
// prints one JSON line {"ok": bool, "checks": n, "failures": ["what: why", ...], "server": serverInfo}
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';

const argv = process.argv.slice(2);
const http = argv[0] === '--http';
const [bin, ...captures] = http ? argv.slice(1) : argv;
const failures = [];
let checks = 0;

async function check(what, fn) {
  try {
    await fn();
    checks += 1;
  } catch (e) {
    failures.push(`${what}: ${e && e.message ? e.message : e}`);
  }
}

// The CLI's answer (stdout) to the same question; exit 1 (findings, differences) is an answer.
function cli(...args) {
  const r = spawnSync(bin, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`agui-inspect ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}
const cliJson = (...args) => JSON.parse(cli(...args));
const cliLines = (...args) => cli(...args).split('\n').filter((l) => l.length > 0).map((l) => JSON.parse(l));

// `agui-inspect mcp --http 0` with a token; resolves to the URL it prints on its first line.
function startHttpServer(token) {
  const child = spawn(bin, ['mcp', '--http', '0', ...captures], {
    env: { ...process.env, AGUI_INSPECT_MCP_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(new URL(out.slice(0, nl).trim()));
    });
    child.on('exit', (code) => reject(new Error(`agui-inspect mcp --http exited with ${code}`)));
  });
  return { child, url };
}

const client = new Client({ name: 'agui-inspector-interop', version: '1.0.0' });
let httpServer;
if (http) {
  const token = randomBytes(18).toString('base64url');
  httpServer = startHttpServer(token);
  const url = await httpServer.url;
  await check('http: no token, no entry', async () => {
    const outsider = new Client({ name: 'outsider', version: '1.0.0' });
    await assert.rejects(outsider.connect(new StreamableHTTPClientTransport(url)), /401/);
  });
  await client.connect(new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  }));
  await check('http: a session id', async () => assert.ok(client.transport.sessionId));
} else {
  await client.connect(new StdioClientTransport({ command: bin, args: ['mcp', ...captures], stderr: 'pipe' }));
}

async function call(name, args = {}) {
  const r = await client.callTool({ name, arguments: args });
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content)}`);
  assert.deepEqual(JSON.parse(r.content[0].text), r.structuredContent, `${name}: text copy`);
  return r.structuredContent;
}

// Every item of a paged list, and the number of pages it took.
async function allPages(name, args, key) {
  const items = [];
  let pages = 0;
  let cursor;
  do {
    const r = await call(name, cursor ? { ...args, cursor } : args);
    items.push(...r[key]);
    pages += 1;
    cursor = r.nextCursor;
  } while (cursor && pages < 100000);
  return { items, pages };
}

async function expectInvalidParams(what, name, args, mentions) {
  await check(what, async () => {
    let error;
    try {
      await client.callTool({ name, arguments: args });
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof McpError, `expected an McpError, got ${error}`);
    assert.equal(error.code, -32602);
    assert.ok(error.message.includes(mentions), `"${error.message}" should mention ${mentions}`);
  });
}

const expectedTools = ['diff', 'get_event', 'lint', 'list_captures', 'list_events', 'list_exchanges', 'list_runs',
  'messages_at', 'open_capture', 'state_at', 'state_patch', 'surfaces_at', 'timing', 'tool_calls'];
await check('tools/list', async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), expectedTools);
  for (const t of tools) assert.equal(t.outputSchema.type, 'object', t.name);
});

const open = (await call('list_captures')).captures;
await check('list_captures', async () => assert.deepEqual(open.map((c) => c.path), captures));

for (const { name, path, events } of open) {
  const at = [...new Set([-1, 0, Math.floor(events / 2), events - 1])];
  await check(`${name}: lint = lint --format json`, async () => {
    const { items, pages } = await allPages('lint', { capture: name, limit: 3 }, 'findings');
    assert.deepEqual(items, cliLines('lint', '--format', 'json', path));
    assert.equal(pages, Math.max(1, Math.ceil(items.length / 3)));
  });
  for (const n of at) {
    await check(`${name}: state_at ${n} = state --at ${n}`, async () => {
      assert.deepEqual((await call('state_at', { capture: name, index: n })).state,
        cliJson('state', '--at', String(n), path));
    });
    await check(`${name}: messages_at ${n} = messages --at ${n}`, async () => {
      const { items } = await allPages('messages_at', { capture: name, index: n, limit: 2 }, 'messages');
      assert.deepEqual(items, cliJson('messages', '--at', String(n), path));
    });
  }
  await check(`${name}: list_events pages every event once`, async () => {
    const { items, pages } = await allPages('list_events', { capture: name, limit: 4 }, 'events');
    assert.deepEqual(items.map((e) => e.index), [...Array(events).keys()]);
    assert.equal(pages, Math.max(1, Math.ceil(events / 4)));
  });
  await check(`${name}: list_events --filter = cat --filter`, async () => {
    const filter = 'family:tool,lifecycle -type:RUN_STARTED';
    const { items } = await allPages('list_events', { capture: name, filter, limit: 1 }, 'events');
    assert.deepEqual(items.map((e) => e.type), cliLines('cat', '--filter', filter, path).map((e) => e.type));
  });
  await check(`${name}: get_event json = cat`, async () => {
    const lines = cliLines('cat', path);
    for (const n of at.filter((i) => i >= 0))
      assert.deepEqual((await call('get_event', { capture: name, index: n })).json, lines[n]);
  });
  await check(`${name}: timing = stats --format json`, async () => {
    assert.deepEqual((await call('timing', { capture: name })).timing,
      cliJson('stats', '--format', 'json', path).timing);
  });
  await check(`${name}: list_runs, tool_calls, surfaces_at, state_patch`, async () => {
    const runs = (await allPages('list_runs', { capture: name }, 'runs')).items;
    assert.equal(runs.length, (await call('list_captures')).captures.find((c) => c.name === name).runs);
    const calls = (await allPages('tool_calls', { capture: name, limit: 1 }, 'toolCalls')).items;
    assert.equal(new Set(calls.map((c) => c.id)).size, calls.length);
    assert.ok(Array.isArray((await call('surfaces_at', { capture: name })).surfaces));
    assert.ok(Array.isArray((await call('state_patch', { capture: name, from: -1 })).patch));
    const exchanges = (await allPages('list_exchanges', { capture: name, limit: 1 }, 'exchanges')).items;
    assert.deepEqual(exchanges.map((e) => e.exchange), [...exchanges.keys()]);
  });
  await check(`${name}: resources`, async () => {
    const r = await client.readResource({ uri: `agui://capture/${name}/events` });
    assert.equal(JSON.parse(r.contents[0].text).events.length, Math.min(events, 500));
  });
}

if (open.length >= 2) {
  const [a, b] = open;
  await check('diff = diff --format json', async () => {
    const mine = await call('diff', { a: a.name, b: b.name, limit: 2 });
    const { items } = await allPages('diff', { a: a.name, b: b.name, limit: 2 }, 'differences');
    const theirs = cliJson('diff', '--format', 'json', a.path, b.path);
    assert.deepEqual(items, theirs.differences);
    for (const key of ['same', 'sides', 'options', 'counts', 'events'])
      assert.deepEqual(mine[key], theirs[key], key);
  });
}

await check('prompt diagnose_run', async () => {
  const { prompts } = await client.listPrompts();
  assert.deepEqual(prompts.map((p) => p.name), ['diagnose_run']);
  const r = await client.getPrompt({ name: 'diagnose_run', arguments: { capture: open[0].name, run: '1' } });
  assert.equal(r.messages[0].role, 'user');
  assert.ok(r.messages[0].content.text.includes('## The run'));
});

const first = open[0].name;
await expectInvalidParams('unknown tool', 'no_such_tool', {}, 'no_such_tool');
await expectInvalidParams('index out of range', 'get_event', { capture: first, index: 1e9 }, '"index"');
await expectInvalidParams('index of the wrong type', 'state_at', { capture: first, index: 'x' }, '"index"');
await expectInvalidParams('unknown argument', 'list_events', { capture: first, fliter: 'x' }, '"fliter"');
await expectInvalidParams('invalid filter', 'list_events', { capture: first, filter: 'colour:red' }, 'at character 1');
await expectInvalidParams('foreign cursor', 'lint', { capture: first, cursor: 'AAAA' }, '"cursor"');
await expectInvalidParams('unknown capture', 'list_runs', { capture: 'nope' }, '"capture"');
await check('unknown method', async () => {
  const { z } = await import('zod');
  await assert.rejects(client.request({ method: 'tools/destroy', params: {} }, z.object({}).passthrough()),
    (e) => e instanceof McpError && e.code === -32601);
});
await check('open_capture of a missing file is a tool error', async () => {
  const r = await client.callTool({ name: 'open_capture', arguments: { path: `${captures[0]}.missing` } });
  assert.equal(r.isError, true);
  assert.ok(r.content[0].text.includes('no such file'));
});
await check('still serving after the errors', async () => {
  assert.equal((await call('list_captures')).captures.length, captures.length);
});

const server = client.getServerVersion();
if (http) {
  await check('http: DELETE ends the session', async () => {
    await client.transport.terminateSession();
    assert.equal(client.transport.sessionId, undefined);
  });
}
await client.close();
if (httpServer) httpServer.child.kill();
console.log(JSON.stringify({ ok: failures.length === 0, checks, failures, server,
  captures: captures.map((c) => basename(c)) }));
