// Runs the reference AG-UI client (@ag-ui/client HttpAgent, which verifies and applies every
// event) against an AG-UI endpoint: run 1, then a click on the A2UI form's button as run 2.
// Usage: node reference_client.cjs URL NODE_MODULES_DIR ; prints one JSON summary line.
const { HttpAgent } = require(process.argv[3] + '/@ag-ui/client');

(async () => {
  const agent = new HttpAgent({ url: process.argv[2], threadId: 'thread-interop' });
  const count = { n: 0 };
  const subscriber = { onEvent: () => { count.n += 1; } };
  await agent.runAgent({ runId: 'run-1' }, subscriber);
  const run1Events = count.n;
  const surface = agent.messages.find((m) => m.role === 'activity');
  const ops = surface.content.a2ui_operations;
  let button;
  for (const op of ops)
    for (const c of (op.updateComponents || {}).components || [])
      if (c.component === 'Button') button = c;
  const declared = button.action.event;
  const model = { form: { name: 'Grace', size: ['small'] } };
  const context = {};
  for (const [key, value] of Object.entries(declared.context))
    context[key] = value.path ? value.path.split('/').slice(1).reduce((o, k) => o[k], model) : value;
  const userAction = {
    name: declared.name, surfaceId: 'order', sourceComponentId: button.id,
    timestamp: '2026-06-01T10:00:00Z', context,
  };
  count.n = 0;
  await agent.runAgent({ runId: 'run-2', forwardedProps: { a2uiAction: { userAction } } }, subscriber);
  const texts = agent.messages.filter((m) => m.role === 'assistant' && m.content).map((m) => m.content);
  const activities = agent.messages.filter((m) => m.role === 'activity');
  console.log(JSON.stringify({
    run1Events, run2Events: count.n, lastText: texts[texts.length - 1],
    activities: activities.length, operations: activities[0].content.a2ui_operations.length,
    state: agent.state,
  }));
})().catch((e) => { console.error(String(e && e.stack || e)); process.exit(1); });
