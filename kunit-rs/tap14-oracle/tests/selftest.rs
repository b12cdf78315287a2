//! The oracle tests itself with kunit (the self-tests sit beside the module, in `src/`).

#[path = "../src/check_kunit.rs"]
mod check_kunit;

kunit::main!();
