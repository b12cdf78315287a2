#!/usr/bin/env bash
# Prints the path of every kunit harness binary in the workspace, one a line: see
# `cargo xtask harnesses` (xtask/src/harnesses.rs), which builds them and looks for the marker
# (kunit-protocol). Used by the checks that run every harness (check-tap14-oracle, ...).
set -euo pipefail
cd "$(dirname "$0")/.."
exec cargo xtask harnesses
