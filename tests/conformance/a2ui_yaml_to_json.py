#!/usr/bin/env python3
"""Converts the A2UI conformance suites (YAML) into the JSON the C++ harness reads.

test_a2ui_conformance.cpp reads tests/data/conformance/a2ui-spec-json/<suite>.json, one JSON array
per tests/data/conformance/a2ui-spec/core/<suite>.yaml with the cases in the same order, so the
build needs no YAML library and the test needs no Python. GENERATED.md records how the JSON was
made and the sha256 of every YAML; the test recomputes those hashes and fails when a YAML was
refreshed without running this script again.

Usage, from the repository root (no network; needs PyYAML):

    python3 tests/conformance/a2ui_yaml_to_json.py

It refuses duplicate mapping keys (YAML keeps the last one silently, which would drop part of a
case) and any value JSON cannot hold (a timestamp or a binary scalar), rather than guessing.
"""

import hashlib
import json
import pathlib
import sys

import yaml

REPO = pathlib.Path(__file__).resolve().parents[2]
SPEC = REPO / "tests" / "data" / "conformance" / "a2ui-spec"
OUT = REPO / "tests" / "data" / "conformance" / "a2ui-spec-json"
COMMAND = "python3 tests/conformance/a2ui_yaml_to_json.py"


class StrictLoader(yaml.SafeLoader):
    """SafeLoader that rejects a mapping with the same key twice."""


def _construct_mapping(loader, node, deep=False):
    seen = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


StrictLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping
)


def convert(path):
    raw = path.read_bytes()
    cases = yaml.load(raw.decode("utf-8"), Loader=StrictLoader)
    if not isinstance(cases, list):
        sys.exit(f"{path.name}: a suite must be a list of cases, got {type(cases).__name__}")
    # indent=1 keeps the files diffable; ensure_ascii=False keeps non-ASCII test strings readable.
    text = json.dumps(cases, ensure_ascii=False, indent=1, allow_nan=False) + "\n"
    (OUT / (path.stem + ".json")).write_text(text, encoding="utf-8")
    return hashlib.sha256(raw).hexdigest(), len(cases)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    rows = []
    for path in sorted((SPEC / "core").glob("*.yaml")):
        digest, count = convert(path)
        rows.append(f"| core/{path.name} | {path.stem}.json | {count} | {digest} |")
    manifest = [
        "# Generated from the A2UI conformance suites",
        "",
        "Every `<suite>.json` here is `../a2ui-spec/core/<suite>.yaml` converted to JSON: one array",
        "per suite, the cases in the same order. Do not edit these files; regenerate them with",
        "",
        f"    {COMMAND}",
        "",
        f"run from the repository root (PyYAML {yaml.__version__}, `yaml.safe_load` semantics with",
        "duplicate keys refused; JSON written with `indent=1`, `ensure_ascii=False`).",
        "",
        "tests/conformance/test_a2ui_conformance.cpp recomputes the sha256 of every YAML below and",
        "fails when one differs, so a suite refreshed without regenerating is caught.",
        "",
        "| yaml | json | cases | sha256 of the yaml |",
        "| --- | --- | ---: | --- |",
        *rows,
        "",
    ]
    (OUT / "GENERATED.md").write_text("\n".join(manifest), encoding="utf-8")
    print(f"wrote {len(rows)} suites to {OUT.relative_to(REPO)}")


if __name__ == "__main__":
    main()
