// Runs the reference AG-UI protobuf codec (@ag-ui/proto, pinned in tests/interop/package.json)
// for the C++ interop test (tests/wire/test_proto_interop.cpp).
//   node codec.mjs encode <events.json>  -> one line per event: hex of encode(event), or "ERROR <msg>"
//   node codec.mjs decode <hex-lines.txt> -> one line per input line: JSON of decode(bytes), or "ERROR <msg>"
import { readFileSync } from "node:fs";
import { encode, decode } from "@ag-ui/proto";

const [mode, file] = process.argv.slice(2);
const input = readFileSync(file, "utf8");
const out = [];
if (mode === "encode") {
  for (const event of JSON.parse(input)) {
    try {
      out.push(Buffer.from(encode(event)).toString("hex"));
    } catch (err) {
      out.push(`ERROR ${err.message}`);
    }
  }
} else if (mode === "decode") {
  for (const line of input.split("\n").filter((l) => l.length > 0)) {
    try {
      out.push(JSON.stringify(decode(Buffer.from(line, "hex"))));
    } catch (err) {
      out.push(`ERROR ${err.message}`);
    }
  }
} else {
  console.error("usage: node codec.mjs encode|decode <file>");
  process.exit(2);
}
process.stdout.write(out.join("\n") + "\n");
