// Runs the reference client (@ag-ui/client HttpAgent) against an AG-UI endpoint and prints, as one
// JSON object on stdout, what it built and what it received:
//   {ok, error, runs: [{input, status, contentType, events, schemaErrors, wireError}], delivered,
//    messages, state, pendingInterrupts}
// - runs[i].input is the exact RunAgentInput the client POSTed (so another client can replay it);
// - runs[i].events are the events decoded from the response body as received (before the client's
//   own processing, see body.mjs), schemaErrors those failing @ag-ui/core's zod schemas;
// - delivered are the events the client handed to the application (onEvent), after its pipeline;
// - messages / state are agent.messages / agent.state after the last run (or after the failure);
// - error is the message of the error the client threw (ok false); the run loop stops there.
//
//   node client-dump.mjs --url <endpoint> [--binding sse|proto] [--plan <plan.json>]
//   node client-dump.mjs --peer <base url> --scenario <name> [--binding sse|proto]
// A plan is {initial: {messages, state}, runs: [{runId?, forwardedProps?, resume?, tools?}]}; with
// --scenario it comes from the peer's scenario list. With --binding proto the client asks for
// application/vnd.ag-ui.event+proto.
import { readFileSync } from "node:fs";
import { args, consoleToStderr, printResult, runPlan } from "./runner.mjs";

async function main() {
  const a = args();
  let url = a.url;
  let plan = a.plan ? JSON.parse(readFileSync(a.plan, "utf8")) : { runs: [{}] };
  if (a.scenario) {
    const list = await (await fetch(`${a.peer}/scenarios`)).json();
    plan = list.find((s) => s.name === a.scenario);
    if (!plan) throw new Error(`the peer has no scenario '${a.scenario}'`);
    url = `${a.peer}/scenario/${a.scenario}`;
  }
  printResult(await runPlan({ url, binding: a.binding || "sse", plan }));
}

consoleToStderr();
main().catch((err) => {
  process.stderr.write(`client-dump: ${err && err.stack ? err.stack : err}\n`);
  process.exit(2);
});
