// Runs every scenario of the peer agent with the reference client (@ag-ui/client HttpAgent) twice:
// directly against the peer and through a proxy in front of it (the scenario list is fetched
// through the proxy too). Prints one JSON object on stdout:
//   {results: [{name, direct, proxied}]}  with direct / proxied as client-dump.mjs prints them.
// One node process for the whole list: the comparison is made by the C++ test.
//
//   node proxy-compare.mjs --peer <base url> --proxy <proxy base url> [--binding sse|proto]
import { args, consoleToStderr, runPlan } from "./runner.mjs";

async function dump(base, plan, binding) {
  const { agent, ...rest } = await runPlan({ url: `${base}/scenario/${plan.name}`, binding, plan });
  return rest;
}

async function main() {
  const a = args();
  const binding = a.binding || "sse";
  const plans = await (await fetch(`${a.proxy}/scenarios`)).json();
  const results = [];
  for (const plan of plans) {
    results.push({
      name: plan.name,
      direct: await dump(a.peer, plan, binding),
      proxied: await dump(a.proxy, plan, binding),
    });
  }
  process.stdout.write(JSON.stringify({ results }) + "\n");
}

consoleToStderr();
main().catch((err) => {
  process.stderr.write(`proxy-compare: ${err && err.stack ? err.stack : err}\n`);
  process.exit(2);
});
