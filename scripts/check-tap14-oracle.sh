#!/usr/bin/env bash
# tap_parser (crates.io, written by others) is an independent oracle for --format tap14: every
# kunit harness binary of the workspace runs with --format tap14, tap_parser reads the output,
# and the tree, counts and SKIP directives must agree with the harness's --list, --list
# --ignored and libtest closing line (kunit-rs/tap14-oracle).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t harnesses < <(scripts/list-harnesses.sh)
[ "${#harnesses[@]}" -gt 0 ] || { echo "FAIL: no kunit harness binaries found"; exit 1; }
cargo run -q -p tap14-oracle -- "${harnesses[@]}"
echo "tap14-oracle: ${#harnesses[@]} harness binaries agree with tap_parser"
