//! Runs hello-kunit's suites under `cargo test` (and `cargo nextest run`).
use hello_kunit as _; // link the library: its suites register themselves
kunit::main!();
