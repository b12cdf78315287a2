//! **kunit** — KUnit for Rust: the Linux kernel's unit-test framework, in process.
//!
//! The same tests, the same assertion messages and the same KTAP output as KUnit, with
//! non-fatal expectations, parameterized cases, attributes and filters, per-case timeouts,
//! deferred actions, static stubs and a `cargo test` harness that `cargo nextest` also drives.
//!
//! ```no_run
//! use kunit::prelude::*;
//!
//! fn example_simple_test(test: &mut Kunit) {
//!     kunit_expect_eq!(test, 1 + 1, 2);            // records a failure and continues
//!     kunit_assert_true!(test, "abc".len() == 3);  // records a failure and aborts the case
//! }
//!
//! static EXAMPLE_CASES: &[Case] = &[kunit_case!(example_simple_test)];
//! kunit_test_suite!(Suite { name: "example", test_cases: EXAMPLE_CASES, ..Suite::DEFAULT });
//!
//! kunit::main!(); // in a `harness = false` test target: prints KTAP, exits 101 on failure
//! ```
//!
//! A failing expectation prints exactly what KUnit prints:
//! ```text
//!     # example_simple_test: EXPECTATION FAILED at tests/example.rs:4
//!     Expected 1 + 1 == 3, but
//!         1 + 1 == 2 (0x2)
//! ```
//!
//! Modules, one concern each: [`registry`] (suites, cases, registration), [`test`] (the test
//! handle), [`assert`] (the assertion family and KUnit's exact text), [`errptr`] (NULL /
//! `ERR_PTR` pointers), [`params`], [`filter`], [`executor`] (running, timeouts, parallel
//! suites), [`ktap`], [`resource`] (deferred actions), [`stub`] (static stubs), [`harness`].

pub mod assert;
pub mod boot;
pub mod errptr;
pub mod executor;
pub mod filter;
pub mod harness;
pub mod ktap;
mod output;
pub mod params;
pub mod registry;
pub mod resource;
pub mod stub;
pub mod test;
mod try_catch;
pub mod warn;
mod watchdog;

pub use errptr::{CStrPtr, ErrPtr, Errno, KMem, KPointer, KStr, PlainData, PtrValue, NULL};
pub use executor::{CaseReport, Config, Ignored, ParamReport, Plan, Report, SuiteReport};
pub use ktap::Format;
pub use kunit_macros::kunit_tests;
pub use params::{Param, ParamGen};
pub use registry::{registered_suites, Attributes, Case, Registration, Speed, Suite};
pub use resource::ActionHandle;
pub use test::{current_test, in_kunit_test, spawn, Kunit, Loc, Status, TestRef};

use std::io::Write;
use std::sync::Arc;

/// Everything a test file needs: `use kunit::prelude::*;`.
pub mod prelude {
    pub use crate::warn::{
        kunit_end_suppress_warning, kunit_has_active_suppress_warning, kunit_start_suppress_warning,
    };
    pub use crate::{
        kunit_activate_static_stub, kunit_array_param, kunit_array_param_desc, kunit_assert_eq,
        kunit_assert_eq_msg, kunit_assert_false, kunit_assert_false_msg, kunit_assert_ge,
        kunit_assert_ge_msg, kunit_assert_gt, kunit_assert_gt_msg, kunit_assert_le,
        kunit_assert_le_msg, kunit_assert_lt, kunit_assert_lt_msg, kunit_assert_memeq,
        kunit_assert_memeq_msg, kunit_assert_memneq, kunit_assert_memneq_msg, kunit_assert_ne,
        kunit_assert_ne_msg, kunit_assert_not_err_or_null, kunit_assert_not_err_or_null_msg,
        kunit_assert_not_null, kunit_assert_not_null_msg, kunit_assert_null, kunit_assert_null_msg,
        kunit_assert_ptr_eq, kunit_assert_ptr_eq_msg, kunit_assert_ptr_ne, kunit_assert_ptr_ne_msg,
        kunit_assert_streq, kunit_assert_streq_msg, kunit_assert_strneq, kunit_assert_strneq_msg,
        kunit_assert_suppressed_warning_count, kunit_assert_true, kunit_assert_true_msg,
        kunit_case, kunit_case_param, kunit_case_param_with_init, kunit_case_slow,
        kunit_deactivate_static_stub, kunit_err, kunit_expect_eq, kunit_expect_eq_msg,
        kunit_expect_false, kunit_expect_false_msg, kunit_expect_ge, kunit_expect_ge_msg,
        kunit_expect_gt, kunit_expect_gt_msg, kunit_expect_le, kunit_expect_le_msg,
        kunit_expect_lt, kunit_expect_lt_msg, kunit_expect_memeq, kunit_expect_memeq_msg,
        kunit_expect_memneq, kunit_expect_memneq_msg, kunit_expect_ne, kunit_expect_ne_msg,
        kunit_expect_not_err_or_null, kunit_expect_not_err_or_null_msg, kunit_expect_not_null,
        kunit_expect_not_null_msg, kunit_expect_null, kunit_expect_null_msg, kunit_expect_ptr_eq,
        kunit_expect_ptr_eq_msg, kunit_expect_ptr_ne, kunit_expect_ptr_ne_msg, kunit_expect_streq,
        kunit_expect_streq_msg, kunit_expect_strneq, kunit_expect_strneq_msg,
        kunit_expect_suppressed_warning_count, kunit_expect_true, kunit_expect_true_msg,
        kunit_fail, kunit_fail_and_abort, kunit_fail_current_test, kunit_info, kunit_mark_skipped,
        kunit_skip, kunit_static_stub, kunit_succeed, kunit_test_suite, kunit_warn, WARN, WARN_ON,
        WARN_ON_ONCE,
    };
    pub use crate::{Attributes, Case, ErrPtr, Kunit, Param, Speed, Status, Suite, NULL};
}

/// Runs `suites` (or, with `None`, every registered suite) with `config`, writing KTAP to `out`,
/// and returns the results as data.
///
/// ```
/// let report = kunit::run(None, &kunit::Config::default(), std::io::sink()).unwrap();
/// assert!(report.success());
/// ```
pub fn run(
    suites: Option<&[Registration]>,
    config: &Config,
    out: impl Write + Send + 'static,
) -> Result<Report, filter::FilterError> {
    let all;
    let regs = match suites {
        Some(s) => s,
        None => {
            all = registered_suites();
            &all
        }
    };
    let plan = Plan::new(regs, config)?;
    Ok(executor::run_plan(
        plan,
        config,
        Arc::new(output::Sink::writer(Box::new(out))),
    ))
}

/// Defines `main` for a `harness = false` test target: runs every registered suite.
#[macro_export]
macro_rules! main {
    () => {
        fn main() {
            $crate::harness::main()
        }
    };
}

#[doc(hidden)]
pub mod __private {
    pub use crate::assert::failure::{
        binary_failed, fail_failed, mem_failed, not_err_or_null_failed, ptr_failed, report,
        report_and_abort, str_failed, unary_failed, Evaluating,
    };
    pub use crate::assert::{
        __save_loc as save_loc, __skip as skip, mem_holds, not_err_or_null_holds, ptr_holds,
        str_holds, AssertType, Site, TestHandle,
    };
    pub use crate::registry::last_segment;
    pub use crate::test::__fail_current_test as fail_current_test;
    pub use crate::test::TestShared;
    pub use inventory;

    pub fn shared<H: TestHandle + ?Sized>(h: &H) -> &TestShared {
        h.__shared()
    }

    pub fn log<H: TestHandle + ?Sized>(h: &H, args: std::fmt::Arguments<'_>) {
        h.__shared().log_prefixed(args);
    }

    pub fn mark_skipped<H: TestHandle + ?Sized>(h: &H, args: std::fmt::Arguments<'_>) {
        h.__shared().mark_skipped(args);
    }
}
