//! The failure path of the `assert!`, `assert_eq!` and `assert_ne!` that `#[kunit_tests]`
//! shadows. The passing path is the call site's own comparison, as in the standard macros;
//! only a failure comes here.
//!
//! Inside a case the failure text is KUnit's, but it is reported only if the failure ends
//! the case: it unwinds as a deferred failure, so a `catch_unwind` in the case (libtest code
//! testing that a helper panics) catches it with nothing recorded, as under libtest. Outside
//! any test the standard macro's panic is raised, with the standard message.

use crate::assert::failure::{binary_failed, log_pending, take_pending, unary_failed};
use crate::assert::AssertType;
use crate::test_handle::with_current;
use crate::try_catch;
use std::fmt::{self, Debug};

/// `assert!(cond)` / `assert!(cond, fmt..)` failed.
#[cold]
#[inline(never)]
#[track_caller]
pub fn shadow_unary_failed(text: &'static str, msg: Option<fmt::Arguments<'_>>) -> ! {
    if !crate::test_handle::in_kunit_test() {
        match msg {
            Some(msg) => panic!("{msg}"),
            None => panic!("assertion failed: {text}"),
        }
    }
    let message = match msg {
        Some(msg) => msg.to_string(),
        None => format!("assertion failed: {text}"),
    };
    unary_failed(AssertType::Assertion, text, true, msg);
    fail(message)
}

/// `assert_eq!` (`op` is `==`) or `assert_ne!` (`!=`) failed.
#[cold]
#[inline(never)]
#[track_caller]
pub fn shadow_binary_failed<L: Debug + ?Sized, R: Debug + ?Sized>(
    op: &'static str,
    left_text: &'static str,
    right_text: &'static str,
    left: &L,
    right: &R,
    msg: Option<fmt::Arguments<'_>>,
) -> ! {
    // The standard library's text (core::panicking::assert_failed_inner).
    let message = match msg {
        Some(msg) => {
            format!(
                "assertion `left {op} right` failed: {msg}\n  left: {left:?}\n right: {right:?}"
            )
        }
        None => format!("assertion `left {op} right` failed\n  left: {left:?}\n right: {right:?}"),
    };
    if !crate::test_handle::in_kunit_test() {
        panic!("{message}");
    }
    binary_failed(
        AssertType::Assertion,
        op,
        left_text,
        right_text,
        left,
        right,
        msg,
    );
    fail(message)
}

/// Ends the case with the staged failure: deferred inside a guarded piece, reported at once
/// elsewhere (a thread from `kunit::spawn`, where nothing would catch it).
fn fail(message: String) -> ! {
    let Some(pending) = take_pending() else {
        try_catch::abort()
    };
    if try_catch::in_guarded() {
        try_catch::raise_deferred(
            message,
            Box::new(move || {
                with_current(|t| log_pending(t, pending));
            }),
        )
    }
    with_current(|t| log_pending(t, pending));
    try_catch::abort()
}
