//! Runs the C suites of `tests/c-suite_kunit.c` under `cargo test`: no list of suites, the
//! C file's constructors register them.
use kunit_c as _; // the C API the objects call into
mod golden;

kunit::main!();
