#!/usr/bin/env bash
# Runs every cargo-fuzz target under fuzz/ for a short while (FUZZ_SECONDS, default 25) on a
# scratch copy of its seed corpus. Needs a nightly toolchain: without one it says so and skips.
# Installs cargo-fuzz when missing. Fails on any crash, panic, hang (> 1 s) or OOM.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! rustup run nightly rustc --version >/dev/null 2>&1; then
  echo "check-fuzz: no nightly toolchain; skipping the fuzz targets (rustup toolchain install nightly)"
  exit 0
fi
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked

seconds="${FUZZ_SECONDS:-25}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

cd fuzz
# The libFuzzer binaries are run directly, the scratch corpus first: libFuzzer writes what it
# finds into its first corpus directory (`cargo fuzz run` would put fuzz/corpus/<target> first).
# One build for all targets. No sanitizer: the code is safe Rust (ASan runs in
# check-asan.sh), and an uninstrumented build executes several times more inputs.
cargo +nightly fuzz build -s none
bin="${CARGO_TARGET_DIR:-target}/x86_64-unknown-linux-gnu/release"
status=0
for target in $(cargo +nightly fuzz list); do
  mkdir -p "$scratch/$target" "corpus/$target"
  log="$scratch/$target.log"
  if "$bin/$target" "$scratch/$target" "corpus/$target" -max_total_time="$seconds" \
      -timeout=1 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$scratch/$target-" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    echo "check-fuzz: $target: ${runs:-?} executions in ${seconds} s, no findings"
  else
    echo "check-fuzz: $target FAILED; the end of its log:"
    tail -n 40 "$log"
    # Keep the input that failed (the scratch directory goes away).
    mkdir -p "artifacts/$target"
    cp "$scratch/$target-"* "artifacts/$target/" 2>/dev/null &&
      echo "check-fuzz: failing input kept in fuzz/artifacts/$target/"
    status=1
  fi
done
exit $status
