//! kunit-c's self-tests, run with kunit (the C side is exercised by `examples/c-suite`).

#[path = "../src/internal/registry_kunit.rs"]
mod registry_kunit;

kunit::main!();
