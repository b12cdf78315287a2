//! The assertion macros outside the families (`families.rs`, generated): `KUNIT_FAIL`,
//! `KUNIT_SUCCEED`, the log macros and skipping.

/// `KUNIT_FAIL(test, fmt, ...)`: fails the case and continues.
#[macro_export]
macro_rules! kunit_fail {
    ($test:expr, $($fmt:tt)+) => {{
        $crate::__private::save_loc();
        $crate::__private::fail_failed($crate::__private::Expectation, ::core::format_args!($($fmt)+));
        $crate::__private::report(&$test);
    }};
}

/// `KUNIT_FAIL_AND_ABORT(test, fmt, ...)`: fails the case and aborts it.
#[macro_export]
macro_rules! kunit_fail_and_abort {
    ($test:expr, $($fmt:tt)+) => {{
        $crate::__private::save_loc();
        $crate::__private::fail_failed($crate::__private::Assertion, ::core::format_args!($($fmt)+));
        $crate::__private::report_and_abort(&$test)
    }};
}

/// `KUNIT_SUCCEED(test)`: records the location only.
#[macro_export]
macro_rules! kunit_succeed {
    ($test:expr $(,)?) => {{
        let _ = &$test;
        $crate::__private::save_loc();
    }};
}

/// `kunit_info(test, fmt, ...)`: `    # <case>: <message>`.
#[macro_export]
macro_rules! kunit_info {
    ($test:expr, $($fmt:tt)+) => {
        $crate::__private::log(&$test, ::core::format_args!($($fmt)+))
    };
}

/// `kunit_warn(test, fmt, ...)`.
#[macro_export]
macro_rules! kunit_warn {
    ($test:expr, $($fmt:tt)+) => {
        $crate::__private::log(&$test, ::core::format_args!($($fmt)+))
    };
}

/// `kunit_err(test, fmt, ...)`.
#[macro_export]
macro_rules! kunit_err {
    ($test:expr, $($fmt:tt)+) => {
        $crate::__private::log(&$test, ::core::format_args!($($fmt)+))
    };
}

/// `kunit_skip(test, fmt, ...)`: marks the case skipped and aborts it. A statement, as in
/// the kernel (code may follow it without an "unreachable" warning); `test.skip(reason)`
/// is the diverging (`-> !`) form.
#[macro_export]
macro_rules! kunit_skip {
    ($test:expr, $($fmt:tt)+) => {
        $crate::__private::skip_statement($crate::__private::shared(&$test), ::core::format_args!($($fmt)+))
    };
}

/// `kunit_mark_skipped(test, fmt, ...)`: marks the case skipped; it keeps running.
#[macro_export]
macro_rules! kunit_mark_skipped {
    ($test:expr, $($fmt:tt)+) => {
        $crate::__private::mark_skipped(&$test, ::core::format_args!($($fmt)+))
    };
}

/// `kunit_fail_current_test(fmt, ...)`: from code without a test handle; a no-op outside tests.
/// Prints `    # <case>: <file>:<line>: <message>`.
#[macro_export]
macro_rules! kunit_fail_current_test {
    ($($fmt:tt)+) => {
        $crate::__private::fail_current_test(::core::file!(), ::core::line!(), ::core::format_args!($($fmt)+))
    };
}
