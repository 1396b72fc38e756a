// Reads our OTLP trace exports with OpenTelemetry's own JavaScript definitions, for the C++ tests
// of core/otel. Both encodings of an OTLP/HTTP ExportTraceServiceRequest come out in one
// normalised form, so a test can compare what the protobuf and the JSON encoder wrote; and the
// attribute names the semantic conventions define come out as a list, so a test can check each
// name we emit is one of theirs. Pinned in ../package.json:
//   @opentelemetry/otlp-transformer 0.216.0: the last release that still ships the pbjs-generated
//     static code for traces (build/src/generated/root.js, opentelemetry-proto v1.7.0, backed by
//     protobufjs 8.0.1). Later releases replaced it with hand-written serializers.
//   @opentelemetry/semantic-conventions 1.45.0: its "incubating" entry point has the GenAI names
//     (their text is semantic conventions v1.41, the last release that defined them before they
//     moved to their own repository; they are marked deprecated "moved" since 1.42).
//
//   node otlp-check.mjs decode FILE.pb [--typed]   protobuf body -> normalised JSON
//   node otlp-check.mjs json FILE.json [--typed]   OTLP JSON body -> the same normalised JSON
//   node otlp-check.mjs semconv                    the conventions' names, as JSON
//
// The normalised form (one JSON line on stdout):
//   {"resource": {key: value}, "scope": {"name", "version"},
//    "spans": [{"traceId", "spanId", "parentSpanId", "name", "kind", "startTimeUnixNano",
//               "endTimeUnixNano", "attributes": {key: value},
//               "events": [{"name", "timeUnixNano", "attributes"}],
//               "status": {"code", "message"}}]}
// ids are lowercase hex ("" for no parent), 64-bit integers decimal strings, kind and status code
// integers. A value is plain JSON: a string, a number (a double; NaN and the infinities as the
// strings "NaN", "Infinity", "-Infinity"), a bool, a decimal string for an int64, an array or an
// object (kvlist) of values, lowercase hex for bytes, null for an empty AnyValue. With --typed
// each value is instead {"string"|"int"|"double"|"bool"|"bytes"|"array"|"kvlist": ...}, so an int
// 5 and a string "5" differ. Only when set: a span's "traceState", "flags",
// "droppedAttributesCount", "droppedEventsCount", "links" ([{traceId, spanId, traceState, flags,
// attributes}]), "droppedLinksCount"; an event's "droppedAttributesCount"; a resource's or scope's
// "schemaUrl" (as "resourceSchemaUrl", "scopeSchemaUrl").
//
// The JSON path goes through the package's own conversion, ExportTraceServiceRequest.fromObject:
// that is protobufjs's JSON-like object reader, which takes lowerCamelCase keys, 64-bit integers as
// strings or numbers, enums as integers, and bytes as base64 text or as byte arrays. The one place
// OTLP's JSON encoding departs from that mapping, trace and span ids as (case-insensitive) hex, is
// handled before it: every traceId, spanId and parentSpanId of a span or a link is turned from hex
// into a Uint8Array, which fromObject keeps as it is. fromObject is lenient (it skips keys it does
// not know and coerces what it can), so the request it built is then walked against the input: a
// key the message has no field for, a value it dropped, or one that did not survive the reading
// unchanged (an enum by name, which OTLP forbids; "abc" as an int64; a fraction; a number past 2^53
// standing for an int64) is an error.
//
// The protobuf path decodes with the generated ExportTraceServiceRequest.decode through a protobufjs
// Reader, so a failure names the byte offset the reader had reached. Fields the generated code
// does not know (it skips them without a word) are errors too, with their number and offset.
//
// Errors in either path, and anything the normalised form cannot hold without losing it (more than
// one resource or scope, a repeated attribute key, an id of the wrong length, an AnyValue with two
// values), print "otlp-check: FILE: ..." on stderr and exit 1; a usage error exits 2.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const transformerRequire = createRequire(require.resolve("@opentelemetry/otlp-transformer/package.json"));
// The package has no "exports" map, so its build files can be loaded by path; protobufjs is
// loaded from the package's own location, so it is the instance the generated code registered in.
const root = transformerRequire("./build/src/generated/root.js");
const protobuf = transformerRequire("protobufjs/minimal");
const v1 = root.opentelemetry.proto;
const Request = v1.collector.trace.v1.ExportTraceServiceRequest;

class CheckError extends Error {}
const fail = (message) => {
  throw new CheckError(message);
};

// ---- values and ids --------------------------------------------------------------------------

const hex = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("hex");

const isLong = (v) =>
  v !== null && typeof v === "object" && typeof v.low === "number" && typeof v.high === "number"
  && typeof v.unsigned === "boolean";

// A Long or number as a decimal string, read as signed (int64) or unsigned (fixed64).
function decimal(value, unsigned) {
  const big = BigInt(isLong(value) ? value.toString() : value ?? 0);
  return (unsigned ? BigInt.asUintN(64, big) : BigInt.asIntN(64, big)).toString();
}

const ARMS = ["stringValue", "boolValue", "intValue", "doubleValue", "arrayValue", "kvlistValue", "bytesValue"];
const has = (m, k) => m !== null && m !== undefined && Object.prototype.hasOwnProperty.call(m, k) && m[k] !== null;

function doubleValue(d) {
  if (Number.isNaN(d)) return "NaN";
  if (d === Infinity) return "Infinity";
  if (d === -Infinity) return "-Infinity";
  return d;
}

function anyValue(value, typed, where) {
  const set = ARMS.filter((arm) => has(value, arm));
  if (set.length > 1) fail(`${where}: an AnyValue with ${set.length} values set (${set.join(", ")})`);
  if (set.length === 0) return null;
  const arm = set[0];
  const v = value[arm];
  let kind;
  let plain;
  switch (arm) {
    case "stringValue": kind = "string"; plain = v; break;
    case "boolValue": kind = "bool"; plain = v; break;
    case "intValue": kind = "int"; plain = decimal(v, false); break;
    case "doubleValue": kind = "double"; plain = doubleValue(v); break;
    case "bytesValue": kind = "bytes"; plain = hex(v); break;
    case "arrayValue":
      kind = "array";
      plain = (v.values ?? []).map((item, i) => anyValue(item, typed, `${where}[${i}]`));
      break;
    case "kvlistValue": kind = "kvlist"; plain = attributes(v.values, typed, where); break;
  }
  return typed ? { [kind]: plain } : plain;
}

function attributes(list, typed, where) {
  const out = {};
  for (const kv of list ?? []) {
    const key = kv.key ?? "";
    if (Object.prototype.hasOwnProperty.call(out, key)) fail(`${where}: attribute "${key}" appears twice`);
    out[key] = anyValue(kv.value, typed, `${where}.${key}`);
  }
  return out;
}

function id(bytes, lengths, where) {
  const b = bytes ?? new Uint8Array(0);
  if (!lengths.includes(b.length)) fail(`${where} has ${b.length} bytes, expected ${lengths.join(" or ")}`);
  if (b.length > 0 && b.every((x) => x === 0)) fail(`${where} is all zeroes (an invalid id)`);
  return hex(b);
}

function integer(value, where) {
  const n = value ?? 0;
  if (!Number.isInteger(n)) fail(`${where} is ${n}, not an integer`);
  return n;
}

// ---- the normalised form -----------------------------------------------------------------------

function normalise(request, typed) {
  const resourceSpans = request.resourceSpans ?? [];
  if (resourceSpans.length > 1) fail(`${resourceSpans.length} resourceSpans (one resource expected)`);
  const rs = resourceSpans[0];
  const scopeSpans = rs?.scopeSpans ?? [];
  if (scopeSpans.length > 1) fail(`${scopeSpans.length} scopeSpans (one scope expected)`);
  const ss = scopeSpans[0];
  const out = {
    resource: attributes(rs?.resource?.attributes, typed, "resource"),
    scope: { name: ss?.scope?.name ?? "", version: ss?.scope?.version ?? "" },
    spans: (ss?.spans ?? []).map((span, i) => normaliseSpan(span, typed, `span ${i}`)),
  };
  if (rs?.schemaUrl) out.resourceSchemaUrl = rs.schemaUrl;
  if (ss?.schemaUrl) out.scopeSchemaUrl = ss.schemaUrl;
  return out;
}

function normaliseSpan(span, typed, where) {
  const out = {
    traceId: id(span.traceId, [16], `${where}: traceId`),
    spanId: id(span.spanId, [8], `${where}: spanId`),
    parentSpanId: id(span.parentSpanId, [0, 8], `${where}: parentSpanId`),
    name: span.name ?? "",
    kind: integer(span.kind, `${where}: kind`),
    startTimeUnixNano: decimal(span.startTimeUnixNano, true),
    endTimeUnixNano: decimal(span.endTimeUnixNano, true),
    attributes: attributes(span.attributes, typed, `${where} attributes`),
    events: (span.events ?? []).map((event, j) => {
      const e = {
        name: event.name ?? "",
        timeUnixNano: decimal(event.timeUnixNano, true),
        attributes: attributes(event.attributes, typed, `${where} event ${j}`),
      };
      if (event.droppedAttributesCount) e.droppedAttributesCount = event.droppedAttributesCount;
      return e;
    }),
    status: {
      code: integer(span.status?.code, `${where}: status code`),
      message: span.status?.message ?? "",
    },
  };
  if (span.traceState) out.traceState = span.traceState;
  if (span.flags) out.flags = span.flags;
  if (span.droppedAttributesCount) out.droppedAttributesCount = span.droppedAttributesCount;
  if (span.droppedEventsCount) out.droppedEventsCount = span.droppedEventsCount;
  if (span.links?.length) {
    out.links = span.links.map((link, j) => {
      const l = {
        traceId: id(link.traceId, [16], `${where} link ${j}: traceId`),
        spanId: id(link.spanId, [8], `${where} link ${j}: spanId`),
        attributes: attributes(link.attributes, typed, `${where} link ${j}`),
      };
      if (link.traceState) l.traceState = link.traceState;
      if (link.flags) l.flags = link.flags;
      if (link.droppedAttributesCount) l.droppedAttributesCount = link.droppedAttributesCount;
      return l;
    });
  }
  if (span.droppedLinksCount) out.droppedLinksCount = span.droppedLinksCount;
  return out;
}

// ---- protobuf ----------------------------------------------------------------------------------

function decodeProtobuf(bytes) {
  const reader = protobuf.Reader.create(bytes);
  // The generated decoders read a field's tag with uint32() and hand a field they do not know to
  // skipType(): remember the last tag read, so a skipped field can be named.
  let lastTag = 0;
  let tagAt = 0;
  const uint32 = reader.uint32;
  reader.uint32 = function () {
    const at = this.pos;
    const value = uint32.call(this);
    lastTag = value;
    tagAt = at;
    return value;
  };
  const skipType = reader.skipType;
  reader.skipType = function (wireType) {
    fail(`unknown field ${lastTag >>> 3} (wire type ${wireType}) at byte offset ${tagAt}`);
    return skipType.call(this, wireType);
  };
  try {
    return Request.decode(reader);
  } catch (err) {
    if (err instanceof CheckError) throw err;
    fail(`not a valid ExportTraceServiceRequest: ${err.message} (reader at byte offset ${reader.pos} of ${bytes.length})`);
  }
}

// ---- JSON --------------------------------------------------------------------------------------

const ID_KEYS = new Set(["traceId", "spanId", "parentSpanId"]);
const HEX = /^(?:[0-9a-fA-F]{2})*$/;

// The hex ids of every span and link, as bytes; everything else as it is.
function idsToBytes(input) {
  const copy = structuredClone(input);
  const convert = (obj, where) => {
    if (obj === null || typeof obj !== "object") return;
    for (const key of ID_KEYS) {
      if (!(key in obj) || obj[key] === null) continue;
      if (typeof obj[key] !== "string" || !HEX.test(obj[key]))
        fail(`${where}.${key} is ${JSON.stringify(obj[key])}, not hex (OTLP JSON writes ids as hex)`);
      obj[key] = new Uint8Array(Buffer.from(obj[key], "hex"));
    }
  };
  const each = (list, f) => (Array.isArray(list) ? list.forEach(f) : undefined);
  each(copy?.resourceSpans, (rs, i) =>
    each(rs?.scopeSpans, (ss, j) =>
      each(ss?.spans, (span, k) => {
        const where = `resourceSpans[${i}].scopeSpans[${j}].spans[${k}]`;
        convert(span, where);
        each(span?.links, (link, l) => convert(link, `${where}.links[${l}]`));
      })));
  return copy;
}

const INT = /^-?[0-9]+$/;
const NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

// Walks the JSON input beside the message fromObject made of it: every key must be a field of the
// message, and every value must have come through as it was written.
function checkRead(input, message, where) {
  const show = (v) => (typeof v === "string" ? JSON.stringify(v) : String(v));
  const mismatch = (got) => fail(`${where}: ${JSON.stringify(input)} was read as ${got}`);
  if (Array.isArray(message)) {
    if (!Array.isArray(input)) fail(`${where}: an array expected`);
    if (input.length !== message.length) fail(`${where}: ${input.length} items read as ${message.length}`);
    input.forEach((item, i) => checkRead(item, message[i], `${where}[${i}]`));
  } else if (message instanceof Uint8Array) {
    const key = where.slice(where.lastIndexOf(".") + 1);
    if (ID_KEYS.has(key)) {
      if (typeof input !== "string" || input.toLowerCase() !== hex(message)) mismatch(`hex ${hex(message)}`);
    } else {
      if (typeof input !== "string" || !BASE64.test(input)) fail(`${where}: base64 text expected for bytes`);
      if (!Buffer.from(input, "base64").equals(Buffer.from(message))) mismatch(`bytes ${hex(message)}`);
    }
  } else if (isLong(message)) {
    const ok = (typeof input === "string" && INT.test(input)) || Number.isSafeInteger(input);
    if (!ok) {
      fail(typeof input === "number" && Number.isInteger(input)
        ? `${where}: ${input} is past 2^53, where a JSON number is no longer exact (write 64-bit integers as strings)`
        : `${where}: ${show(input)} is not a 64-bit integer`);
    }
    const big = BigInt(input);
    if (big < -(1n << 63n) || big >= 1n << 64n) fail(`${where}: ${input} is out of 64-bit range`);
    if (BigInt.asUintN(64, big) !== BigInt.asUintN(64, BigInt(message.toString()))) mismatch(message.toString());
  } else if (message !== null && typeof message === "object") {
    if (input === null || typeof input !== "object" || Array.isArray(input)) fail(`${where}: an object expected`);
    const proto = Object.getPrototypeOf(message);
    const fields = new Set(Object.keys(proto).filter((k) => typeof proto[k] !== "function"));
    const type = proto.constructor?.name ?? "message";
    for (const [key, value] of Object.entries(input)) {
      if (!fields.has(key)) {
        const camel = key.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
        fail(`${where}: ${type} has no field "${key}"`
          + (camel !== key && fields.has(camel) ? ` (OTLP JSON keys are lowerCamelCase: "${camel}")` : ""));
      }
      if (value === null) continue; // proto3 JSON: null is the field's default
      if (!Object.prototype.hasOwnProperty.call(message, key) || message[key] === null)
        fail(`${where}.${key}: ${JSON.stringify(value)} was not read (a value of the wrong JSON type?)`);
      checkRead(value, message[key], `${where}.${key}`);
    }
  } else if (typeof message === "number") {
    let n;
    if (typeof input === "number") n = input;
    else if (typeof input === "string" && (NUMBER.test(input) || ["NaN", "Infinity", "-Infinity"].includes(input))) n = Number(input);
    else fail(`${where}: ${show(input)} is not a number${typeof input === "string" ? " (OTLP JSON writes enums as integers)" : ""}`);
    if (!Object.is(n, message) && !(n === 0 && message === 0)) mismatch(show(message));
  } else if (typeof message === "string") {
    if (typeof input !== "string") fail(`${where}: ${show(input)} is not a string`);
    if (input !== message) mismatch(show(message));
  } else if (typeof message === "boolean") {
    if (typeof input !== "boolean") fail(`${where}: ${show(input)} is not a bool`);
    if (input !== message) mismatch(show(message));
  } else {
    mismatch(show(message));
  }
}

function readJson(text) {
  let input;
  try {
    input = JSON.parse(text);
  } catch (err) {
    fail(`not JSON: ${err.message}`);
  }
  if (input === null || typeof input !== "object" || Array.isArray(input)) fail("not a JSON object");
  let message;
  try {
    message = Request.fromObject(idsToBytes(input));
  } catch (err) {
    if (err instanceof CheckError) throw err;
    fail(`ExportTraceServiceRequest.fromObject refused it: ${err.message}`);
  }
  checkRead(input, message, "request");
  return message;
}

// ---- semantic conventions ----------------------------------------------------------------------

// Every string the package exports as an attribute name (ATTR_*), an enum value (*_VALUE_*, under
// its attribute), a metric (METRIC_*) or an event (EVENT_*), from the incubating entry point (which
// re-exports the stable one), with the JSDoc @deprecated text where the declaration has one.
function semconv() {
  const incubating = require("@opentelemetry/semantic-conventions/incubating");
  const stable = require("@opentelemetry/semantic-conventions");
  const dist = dirname(require.resolve("@opentelemetry/semantic-conventions/incubating"));
  const pkg = JSON.parse(readFileSync(join(dist, "..", "package.json"), "utf8"));
  const deprecated = new Map();
  for (const file of ["stable_attributes", "experimental_attributes", "stable_metrics",
    "experimental_metrics", "stable_events", "experimental_events"]) {
    const text = readFileSync(join(dist, `${file}.d.cts`), "utf8");
    for (const m of text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*declare const (\w+)\b/g)) {
      const d = m[1].match(/@deprecated([\s\S]*?)(?=\n\s*\*\s*@|$)/);
      if (d) deprecated.set(m[2], d[1].replace(/\n\s*\*\s?/g, " ").replace(/\s+/g, " ").trim());
    }
  }
  const entry = (name, value) => {
    const e = { export: name, stable: stable[name] === value };
    if (deprecated.has(name)) e.deprecated = deprecated.get(name);
    return e;
  };
  const names = Object.keys(incubating).sort();
  const attributes = {};
  const metrics = {};
  const events = {};
  for (const name of names) {
    const value = incubating[name];
    if (typeof value !== "string") continue;
    if (name.startsWith("ATTR_")) attributes[value] = entry(name, value);
    else if (name.startsWith("METRIC_")) metrics[value] = entry(name, value);
    else if (name.startsWith("EVENT_")) events[value] = entry(name, value);
  }
  const values = {};
  for (const name of names) {
    const at = name.indexOf("_VALUE_");
    if (at < 0 || typeof incubating[name] !== "string") continue;
    const attribute = incubating[`ATTR_${name.slice(0, at)}`];
    if (typeof attribute !== "string") continue;
    (values[attribute] ??= {})[incubating[name]] = entry(name, incubating[name]);
  }
  const genAi = [...new Set([...Object.keys(attributes), ...Object.keys(metrics), ...Object.keys(events)])]
    .filter((n) => n.startsWith("gen_ai.")).sort();
  return { package: pkg.name, version: pkg.version, genAi, attributes, values, metrics, events };
}

// ---- main --------------------------------------------------------------------------------------

const [mode, file, ...flags] = process.argv.slice(2);
const usage = () => {
  console.error("usage: node otlp-check.mjs decode FILE.pb [--typed] | json FILE.json [--typed] | semconv");
  process.exit(2);
};
if (mode === "semconv") {
  if (file !== undefined) usage();
  console.log(JSON.stringify(semconv()));
} else if ((mode === "decode" || mode === "json") && file !== undefined
  && flags.every((f) => f === "--typed")) {
  const typed = flags.includes("--typed");
  try {
    let bytes;
    try {
      bytes = readFileSync(file);
    } catch (err) {
      fail(`cannot read: ${err.message}`);
    }
    const message = mode === "decode" ? decodeProtobuf(bytes) : readJson(bytes.toString("utf8"));
    console.log(JSON.stringify(normalise(message, typed)));
  } catch (err) {
    if (!(err instanceof CheckError)) throw err;
    console.error(`otlp-check: ${file}: ${err.message}`);
    process.exit(1);
  }
} else {
  usage();
}
