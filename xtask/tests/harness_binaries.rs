//! Cross-checks of the workspace's kunit harness binaries and of the command lines that run
//! them, one suite a file under `harness_binaries/`. They build much of the workspace and take
//! minutes, so their cases are `#[ignore]`d (`cargo test --workspace` does not run them);
//! `scripts/test.sh` runs each file as a step of its own,
//! `cargo test -p xtask --test harness_binaries -- --ignored <module>::`, and
//! `-- --ignored` runs them all. What they share (the harness binaries, the `kunit` runner) is
//! built once per process (`common`). A case whose tool is missing is skipped, naming it.
//!
//! * `jobs_identical` — `--jobs 1` and `--jobs 2` print the same KTAP.
//! * `tap_prove` — Perl's prove accepts `--format tap` (skipped without prove).
//! * `tap14_oracle` — tap_parser agrees with every harness's `--format tap14`.
//! * `libtest_json` — every harness's libtest JSON passes `libtest_schema` (a strict check of
//!   libtest's events, with its own self-test, not ignored) and cargo2junit reads it.
//! * `kunit_shards` — `kunit exec --partition K/N` runs every suite once; `kunit parse`
//!   merges the shards.
//! * `ide_runnables` — the command lines rust-analyzer and RustRover send run exactly the
//!   chosen case.
//! * `doc_outputs` — outputs quoted in the docs are what the code prints.
//! * `nextest_shards` — cargo nextest's `--partition` and archives (skipped without
//!   cargo-nextest).
//! * `libtest_parity` — `#[kunit_tests]` counts what libtest counts; the strict
//!   `kunit::main!()` refuses what it cannot see.

#[path = "harness_binaries/common.rs"]
mod common;
#[path = "harness_binaries/doc_outputs.rs"]
mod doc_outputs;
#[path = "harness_binaries/ide_runnables.rs"]
mod ide_runnables;
#[path = "harness_binaries/jobs_identical.rs"]
mod jobs_identical;
#[path = "harness_binaries/kunit_shards.rs"]
mod kunit_shards;
#[path = "harness_binaries/libtest_json.rs"]
mod libtest_json;
#[path = "harness_binaries/libtest_parity.rs"]
mod libtest_parity;
#[path = "harness_binaries/libtest_schema.rs"]
mod libtest_schema;
#[path = "harness_binaries/nextest_shards.rs"]
mod nextest_shards;
#[path = "harness_binaries/tap14_oracle.rs"]
mod tap14_oracle;
#[path = "harness_binaries/tap_prove.rs"]
mod tap_prove;

kunit::main!();
