//! Macro calls in a `#[kunit_tests]` module that kunit cannot see into (a macro defined
//! outside the module). An async test attribute in what such a macro writes
//! (`#[tokio::test]`, ..) expands to libtest's `#[::core::prelude::v1::test]`, which no
//! `#[test]` import reaches and which a harness target compiles away without a word. Under
//! `kunit::main!(macro_use)` with `extern crate self as core;`, that path is kunit's `#[test]`
//! and those tests run; under plain `kunit::main!()` the harness refuses to start, naming each
//! call and the fix.

use std::sync::atomic::{AtomicBool, Ordering};

/// One such call, registered by `#[kunit_tests]` at the call.
pub struct UnseenMacro {
    /// `path!` as written.
    pub call: &'static str,
    /// Where the call is.
    pub file: &'static str,
    /// Its line.
    pub line: u32,
}

inventory::collect!(UnseenMacro);

/// Set by `kunit::main!(macro_use)`: `::core::prelude::v1::test` is kunit's in this binary.
static CORE_IS_KUNITS: AtomicBool = AtomicBool::new(false);

/// Records that `::core::prelude::v1::test` is kunit's (`kunit::main!(macro_use)`).
pub fn core_is_kunits() {
    CORE_IS_KUNITS.store(true, Ordering::Relaxed);
}

/// Why the harness must not start: the calls whose async tests would be lost, or `None`.
pub fn refusal() -> Option<String> {
    if CORE_IS_KUNITS.load(Ordering::Relaxed) {
        return None;
    }
    let mut calls: Vec<String> = inventory::iter::<UnseenMacro>
        .into_iter()
        .map(|u| format!("`{}` at {}:{}", u.call, u.file, u.line))
        .collect();
    if calls.is_empty() {
        return None;
    }
    calls.sort();
    Some(format!(
        "kunit cannot see into {} (a macro defined outside its #[kunit_tests] module): an async \
         test attribute (#[tokio::test], #[futures_test::test], #[async_std::test]) in what it \
         writes would be libtest's #[test], which this target compiles away. Start the file with \
         `#[macro_use(test)] extern crate kunit; extern crate self as core;` and end it with \
         `kunit::main!(macro_use);` so that every test it writes runs",
        calls.join(", ")
    ))
}
