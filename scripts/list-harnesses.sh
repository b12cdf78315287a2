#!/usr/bin/env bash
# Prints the path of every kunit harness binary in the workspace, one a line: the test
# executables cargo builds (`cargo test --workspace --no-run`: test targets and the libraries'
# own test targets, e.g. kunit-tool's `[lib] harness = false`) that carry the harness marker.
# Used by the checks that run every harness (check-jobs-identical, check-tap14-oracle).
set -euo pipefail
cd "$(dirname "$0")/.."
marker="KUNIT-RS-HARNESS""-V1"
cargo test --workspace --no-run --message-format=json 2>/dev/null |
  python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]:
        print(m["executable"])' |
  while read -r bin; do
    if grep -q "$marker" "$bin"; then echo "$bin"; fi
  done
