#!/usr/bin/env bash
# The command lines IDEs send to run one test (docs/src/writing-suites.md, "Running a case from
# the editor"), run literally against examples/lib-layout: each must run exactly the chosen
# `#[kunit_tests]` case (or module), in the library's libtest binary and in a harness target.
#   rust-analyzer (crates/rust-analyzer/src/target_spec.rs): `-- PATH --exact` for a test,
#     `-- PATH` for a module, then runnables.extraTestBinaryArgs (default `--show-output`),
#     then `--ignored` for an #[ignore] test.
#   RustRover / IntelliJ Rust (CargoTestRunConfigurationProducerBase.kt): `-- PATH --exact`,
#     `--ignored` for an #[ignore] test.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
# check "<cargo test arguments>" "<closing line counts>" "<KTAP result line>"
check() {
  local out
  # shellcheck disable=SC2086
  out=$(cargo test $1 2>&1 || true)
  if grep -qF "test result: ok. $2" <<<"$out" && grep -qF -- "$3" <<<"$out"; then
    echo "ok: cargo test $1"
  else
    echo "FAILED: cargo test $1 (wanted '$2' and '$3'); got:" >&2
    echo "$out" >&2
    status=1
  fi
}

lib="--package lib-layout --lib --"
harness="--package lib-layout --test kunit --"
# rust-analyzer
check "$lib tests::parses_kilobytes --exact --show-output" "1 passed; 0 failed; 0 ignored" "    ok 1 parses_kilobytes"
check "$lib tests::suffixes::megabytes --exact --show-output" "1 passed; 0 failed; 0 ignored" "    ok 1 suffixes.megabytes"
check "$lib tests::every_small_size --exact --show-output --ignored" "1 passed; 0 failed; 0 ignored" "    ok 1 every_small_size"
check "$lib tests --show-output" "3 passed; 0 failed; 1 ignored" "    ok 1 rejects_garbage"
check "$harness tests::plain_bytes --exact --show-output" "1 passed; 0 failed; 0 ignored; 0 measured; 1 filtered out" "    ok 1 plain_bytes"
check "$harness tests --show-output" "2 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out" "    ok 2 plain_bytes"
# RustRover / IntelliJ Rust
check "$lib tests::rejects_garbage --exact" "1 passed; 0 failed; 0 ignored" "test tests::rejects_garbage ... ok"
check "$lib tests::every_small_size --exact --ignored" "1 passed; 0 failed; 0 ignored" "test tests::every_small_size ... ok"
check "$harness tests::overflow_is_none --exact" "1 passed; 0 failed; 0 ignored; 0 measured; 1 filtered out" "    ok 1 overflow_is_none"

# Test explorers (rust-analyzer's test_runner.rs, RustRover's test window) run libtest's JSON
# mode: a `kunit_case!` case (hello-kunit) and a C case (c-suite), run literally; each must
# run exactly the chosen case, and the listing must name it.
# check_json "<cargo test arguments>" "<test name>"
check_json() {
  local out
  # shellcheck disable=SC2086
  out=$(cargo test $1 2>/dev/null || true)
  if grep -qF "{ \"type\": \"test\", \"name\": \"$2\", \"event\": \"ok\" }" <<<"$out" &&
    grep -qF '"type": "suite", "event": "ok", "passed": 1, "failed": 0' <<<"$out" &&
    [ "$(grep -c '"type": "test", "event": "started"' <<<"$out")" -eq 1 ]; then
    echo "ok: cargo test $1"
  else
    echo "FAILED: cargo test $1 (wanted exactly $2, passed); got:" >&2
    echo "$out" >&2
    status=1
  fi
}
check_list() {
  local out
  # shellcheck disable=SC2086
  out=$(cargo test $1 2>/dev/null || true)
  if grep -qF "\"event\": \"discovered\", \"name\": \"$2\"" <<<"$out"; then
    echo "ok: cargo test $1"
  else
    echo "FAILED: cargo test $1 (wanted $2 discovered); got:" >&2
    echo "$out" >&2
    status=1
  fi
}
json="-Z unstable-options --format=json"
check_json "--package hello-kunit --test hello --no-fail-fast -- ring_buffer.test_fifo_order --exact $json" ring_buffer.test_fifo_order
check_json "--package c-suite --test c_suite --no-fail-fast -- c_api.resources --exact $json" c_api.resources
check_list "--package hello-kunit --test hello -- --list $json" ring_buffer.test_fifo_order
check_list "--package c-suite --test c_suite -- --list $json" c_api.resources
check_list "--package lib-layout --test kunit -- --list $json" lib_layout_harness.plain_bytes
exit $status
