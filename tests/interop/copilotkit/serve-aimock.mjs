// Serves an aimock config file with the pinned @copilotkit/aimock (1.43.0, package.json) the way
// `aimock --config FILE` does: the same two calls its command line makes (loadConfig and
// startFromConfig, dist/aimock-cli.js), on a free loopback port. For test_interop_aimock.
//   node serve-aimock.mjs FILE
// Prints "aimock serving AG-UI on http://127.0.0.1:PORT/agui" (the config's agui.path) once it
// accepts connections; stops on SIGTERM or when its standard input closes.

import { loadConfig, startFromConfig } from "@copilotkit/aimock";

const file = process.argv[2];
if (!file) {
  console.error("usage: node serve-aimock.mjs FILE");
  process.exit(2);
}

const config = loadConfig(file);
const { llmock, url } = await startFromConfig(config, { port: 0, host: "127.0.0.1" });
const path = config.agui?.path ?? "/agui";
console.log(`aimock serving AG-UI on ${url}${path}`);

const stop = () => llmock.stop().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.stdin.on("end", stop);
process.stdin.resume();
