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

/// For `KUNIT_EXPECT_KASAN_FAIL` (kunit-c): the sanitizer report written since the last look,
/// put into the test's log as a case's report is, without failing the test (the caller
/// expected it); whether there was one. Always `false` without a sanitizer runtime.
pub fn take_sanitizer_report(test: &TestRef) -> bool {
    if !crate::sanitizer::runtime_present() {
        return false;
    }
    match crate::sanitizer::take_report() {
        Some(report) => {
            for line in crate::sanitizer::report_lines("", &report) {
                test.0.log_prefixed(format_args!("{line}"));
            }
            true
        }
        None => false,
    }
}
