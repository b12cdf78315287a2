//! Entry points for foreign-language front ends (`kunit-c`): the few things a C test file
//! needs that the Rust macros reach through crate-private paths. Not a stable API.

use crate::registry::Registration;
use crate::test_handle::TestRef;

/// Registers a suite built at run time (a C suite found by a constructor) with the registry
/// `kunit_test_suite!`'s suites are read from, so it is planned, filtered and run with the
/// Rust suites.
///
/// Call it before the suites are collected (`main`, `kunit::run`): from a constructor.
pub fn register_suite(reg: Registration) {
    crate::registry::register_at_run_time(reg);
}

/// `kunit_log()` without the `    # <name>: ` prefix: each line to the output and the log.
pub fn log_raw(test: &TestRef, text: &str) {
    test.0.log_raw(text);
}

/// The skip reason set by `kunit_mark_skipped()` (`test->status_comment`).
pub fn status_comment(test: &TestRef) -> String {
    test.0.status_comment()
}

/// The test's current status (`test->status`).
pub fn status(test: &TestRef) -> crate::Status {
    test.0.status()
}
