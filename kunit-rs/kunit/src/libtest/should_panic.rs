//! libtest's `#[should_panic]` and `#[should_panic(expected = "..")]` on a `#[kunit_tests]`
//! case: the case passes when its body panics (a failed shadowed `assert!` included) with a
//! message containing `expected`, and fails with libtest's words otherwise.

use crate::try_catch;
use std::panic::{self, AssertUnwindSafe};

/// Runs `body`; returns the failure message, or `None` when it panicked as expected. A
/// `kunit_assert_*!` failure or a `kunit_skip!` (already reported) goes on unwinding.
pub fn should_panic(expected: Option<&str>, body: &mut dyn FnMut()) -> Option<String> {
    let payload = match panic::catch_unwind(AssertUnwindSafe(body)) {
        Ok(()) => return Some("test did not panic as expected".to_owned()),
        Err(payload) if try_catch::is_abort(&*payload) => panic::resume_unwind(payload),
        Err(payload) => payload,
    };
    let expected = expected?;
    // libtest's messages (library/test/src/test_result.rs).
    match try_catch::payload_message(&*payload) {
        Some(message) if message.contains(expected) => None,
        Some(message) => Some(format!(
            "panic did not contain expected string\n      panic message: {message:?}\n expected substring: {expected:?}"
        )),
        None => Some(format!(
            "expected panic with string value,\n found non-string value: `{:?}`\n     expected substring: {expected:?}",
            (*payload).type_id()
        )),
    }
}
