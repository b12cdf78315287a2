//! Runs the C suites of `tests/c-suite_kunit.c` under `cargo test`: no list of suites, the
//! C file's constructors register them, and `kunit::main!()` links kunit-c-runtime's C API (the
//! build script's `kunit_c::Build` asks it to).
mod golden;

kunit::main!();
