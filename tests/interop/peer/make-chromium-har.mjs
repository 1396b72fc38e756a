// Records tests/data/har/chromium-demo.har: headless Chromium (Debian's chromium package) opens
// our demo agent's endpoint and runs it twice with fetch(), once over SSE and once asking for the
// protobuf binding, while Playwright records the network as HAR (content embedded).
// Not run by the tests (they read the committed file); see tests/data/har/README.md.
//
// usage: node make-chromium-har.mjs AGUI_INSPECT_BINARY OUT.har
//   needs playwright-core (1.65.1 was used) resolvable from the working directory
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const [binary, out] = process.argv.slice(2);
const require = createRequire(join(process.cwd(), 'index.js'));
const { chromium } = require('playwright-core');

const server = spawn(binary, ['serve', '--demo', '--port', '0', '--pace', '15'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve, reject) => {
  server.stdout.once('data', (d) => resolve(String(d).split('\n')[0].trim()));
  server.once('exit', () => reject(new Error('server exited')));
});

const profile = mkdtempSync(join(tmpdir(), 'agui-har-profile-'));
try {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
    recordHar: { path: out, content: 'embed' },
  });
  const page = await context.newPage();
  await page.goto(url); // the endpoint answers GET with 405: the page is not an AG-UI exchange
  await page.evaluate(async (endpoint) => {
    const input = (runId) => JSON.stringify({
      threadId: 'thread-har', runId, state: {}, messages: [], tools: [], context: [],
      forwardedProps: {},
    });
    const sse = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: input('run-sse'),
    });
    await sse.text();
    const proto = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/vnd.ag-ui.event+proto' },
      body: input('run-proto'),
    });
    await proto.arrayBuffer();
  }, url);
  await context.close();
} finally {
  server.kill();
  rmSync(profile, { recursive: true, force: true });
}
