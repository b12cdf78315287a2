//! kunit-c-runtime's self-tests, run with kunit (the C side is exercised by `examples/c-suite`
//! and the header tests in `kunit-rs/kunit-c/tests/headers`).

#[path = "../src/abi/registry_kunit.rs"]
mod registry_kunit;

kunit::main!();
