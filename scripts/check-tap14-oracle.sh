#!/usr/bin/env bash
# tap_parser (crates.io, written by others) is an independent oracle for --format tap14: every
# kunit harness binary of the workspace runs with --format tap14, tap_parser reads the output,
# and the tree, counts and SKIP directives must agree with the harness's --list, --list
# --ignored and libtest closing line (kunit-rs/tap14-oracle).
set -euo pipefail
cd "$(dirname "$0")/.."
marker="KUNIT-RS-HARNESS""-V1"
mapfile -t bins < <(cargo test --workspace --no-run --message-format=json 2>/dev/null |
  python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["kind"] == ["test"]:
        print(m["executable"])')
harnesses=()
for bin in "${bins[@]}"; do
  grep -q "$marker" "$bin" && harnesses+=("$bin")
done
[ "${#harnesses[@]}" -gt 0 ] || { echo "FAIL: no kunit harness binaries found"; exit 1; }
cargo run -q -p tap14-oracle -- "${harnesses[@]}"
echo "tap14-oracle: ${#harnesses[@]} harness binaries agree with tap_parser"
