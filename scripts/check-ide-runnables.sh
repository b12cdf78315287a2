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
exit $status
