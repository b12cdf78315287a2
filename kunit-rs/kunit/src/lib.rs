//! **kunit** — KUnit for Rust: the Linux kernel's unit-test framework, in process.
//!
//! The same tests, the same assertion messages and the same KTAP output as KUnit, with
//! non-fatal expectations, parameterized cases, attributes and filters, per-case timeouts,
//! deferred actions, static stubs and a `cargo test` harness that `cargo nextest` also drives.
//! The user guide (`docs/` in the repository) covers the `kunit` runner, CI and porting
//! kernel suites; this page is the API.
//!
//! # A suite in a test target
//!
//! A test target with `harness = false` in `Cargo.toml` and `kunit::main!();` runs every suite
//! linked into it, prints KTAP and exits 101 when anything failed:
//!
//! ```
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
//! # #[cfg(any())] fn main() {} // (keeps rustdoc from wrapping this in a `main` of its own)
//! ```
//!
//! A failing expectation prints exactly what KUnit prints:
//! ```text
//!     # example_simple_test: EXPECTATION FAILED at tests/example.rs:4
//!     Expected 1 + 1 == 3, but
//!         1 + 1 == 2 (0x2)
//! ```
//!
//! The same suite in Rust-for-Linux style is a module of `#[test]` functions under
//! [`#[kunit_tests(name)]`](macro@kunit_tests), whose documentation lists its options
//! (`speed`, `timeout_secs`, `params`, ...).
//!
//! # Assertions
//!
//! Every KUnit assertion exists as `kunit_expect_*!` (record the failure, continue) and
//! `kunit_assert_*!` (record it, abort the case), each with a `_msg` form taking format
//! arguments: `eq`, `ne`, `lt`, `le`, `gt`, `ge`, `true`, `false`, `ptr_eq`, `ptr_ne`, `null`,
//! `not_null`, `not_err_or_null`, `streq`, `strneq`, `memeq`, `memneq`; plus
//! [`kunit_fail!`], [`kunit_skip!`], [`kunit_info!`] and friends. Integers print as KUnit
//! prints them (`%lld (0x%llx)`), other types with `{:?}`. Running a suite through
//! [`run`] shows what a failure logs:
//!
//! ```
//! use kunit::prelude::*;
//!
//! fn test_sum(test: &mut Kunit) {
//!     let sum = 1 + 1;
//!     kunit_expect_eq!(test, sum, 3);
//!     kunit_expect_streq!(test, "abc", "abc");
//!     kunit_assert_ne_msg!(test, sum, 2, "sum was {}", sum);
//!     unreachable!("an assertion failure aborts the case");
//! }
//! static CASES: &[Case] = &[kunit_case!(test_sum)];
//! static SUITE: Suite = Suite { name: "sums", test_cases: CASES, ..Suite::DEFAULT };
//!
//! let regs = [kunit::Registration::unregistered(&SUITE, "doc")];
//! let report = kunit::run(Some(&regs), &kunit::Config::default(), std::io::sink()).unwrap();
//! let case = &report.suites[0].cases[0];
//! assert_eq!(case.status, Status::Failure);
//! assert!(case.log.contains(": EXPECTATION FAILED at "));
//! assert!(case.log.contains("\n    Expected sum == 3, but\n        sum == 2 (0x2)\n"));
//! assert!(case.log.contains(": ASSERTION FAILED at "));
//! assert!(case.log.contains("\n    Expected sum != 2, but\n        sum == 2 (0x2)\n\nsum was 2"));
//! ```
//!
//! # Parameterized cases
//!
//! [`kunit_array_param!`] / [`kunit_array_param_desc!`] make a generator over a static
//! array ([`params`] has the general `generate_params` form); [`kunit_case_param!`] runs the
//! case once per element, each reported as a nested KTAP subtest:
//!
//! ```
//! use kunit::prelude::*;
//!
//! struct Vector { input: &'static str, len: usize, name: &'static str }
//! static VECTORS: [Vector; 2] = [
//!     Vector { input: "", len: 0, name: "empty" },
//!     Vector { input: "abc", len: 3, name: "three" },
//! ];
//! kunit_array_param_desc!(vectors_gen, VECTORS, name);
//!
//! fn test_len(test: &mut Kunit) {
//!     let v = test.param::<Vector>();
//!     kunit_expect_eq!(test, v.input.len(), v.len);
//! }
//! static CASES: &[Case] = &[kunit_case_param!(test_len, vectors_gen)];
//! static SUITE: Suite = Suite { name: "len", test_cases: CASES, ..Suite::DEFAULT };
//!
//! let regs = [kunit::Registration::unregistered(&SUITE, "doc")];
//! let report = kunit::run(Some(&regs), &kunit::Config::default(), std::io::sink()).unwrap();
//! let names: Vec<&str> = report.suites[0].cases[0].params.iter().map(|p| p.description.as_str()).collect();
//! assert_eq!(names, ["empty", "three"]);
//! assert!(report.success());
//! ```
//!
//! # Attributes, timeouts and filters
//!
//! [`Attributes`] on a case or a suite set its speed (slow cases are skipped unless asked
//! for) and its timeout; see its page for an example. `--filter_glob`, `--filter 'speed>slow'`
//! and libtest's name filters select cases; [`Config`] holds the same settings for [`run`].
//!
//! # Resources, deferred actions, stubs and warnings
//!
//! Cleanup registered on the test runs when the case ends, however it ends — after a failed
//! assertion, a panic or a timeout — in reverse order ([`resource`]). A function declared with
//! [`kunit_static_stub!`] can be redirected for the duration of one test ([`stub`]).
//! `WARN_ON!` and friends print the kernel's warning block and can be suppressed and counted
//! ([`warn`]).
//!
//! ```
//! use kunit::prelude::*;
//! use std::sync::atomic::{AtomicBool, Ordering};
//!
//! static CLOSED: AtomicBool = AtomicBool::new(false);
//!
//! kunit_static_stub! {
//!     fn read_sensor(channel: u32) -> i32 { channel as i32 * 10 }
//! }
//! fn fake_sensor(_channel: u32) -> i32 { -5 }
//!
//! fn test_cleanup_and_stub(test: &mut Kunit) {
//!     test.add_action(|| CLOSED.store(true, Ordering::Relaxed)); // runs when the case ends
//!     test.add_named_resource("budget", 3u32);
//!     *test.find_named_resource::<u32>("budget").unwrap() -= 1;
//!     kunit_expect_eq!(test, *test.find_named_resource::<u32>("budget").unwrap(), 2);
//!
//!     kunit_activate_static_stub!(test, read_sensor, fake_sensor);
//!     kunit_expect_eq!(test, read_sensor(1), -5);
//!     kunit_deactivate_static_stub!(test, read_sensor);
//!     kunit_expect_eq!(test, read_sensor(1), 10);
//!
//!     kunit_assert_true!(test, false); // aborts: the action still runs
//! }
//! static CASES: &[Case] = &[kunit_case!(test_cleanup_and_stub)];
//! static SUITE: Suite = Suite { name: "cleanup", test_cases: CASES, ..Suite::DEFAULT };
//!
//! let regs = [kunit::Registration::unregistered(&SUITE, "doc")];
//! let report = kunit::run(Some(&regs), &kunit::Config::default(), std::io::sink()).unwrap();
//! assert_eq!(report.failed(), 1); // only the deliberate assertion failed
//! assert_eq!(report.suites[0].cases[0].log.matches("FAILED").count(), 1);
//! assert!(CLOSED.load(Ordering::Relaxed));
//! assert_eq!(read_sensor(1), 10); // outside the test the real body runs
//! ```
//!
//! # Embedding and boot mode
//!
//! [`run`] runs registered (or explicitly listed) suites from any program and returns a
//! [`Report`]. With `KUNIT_BOOT=1` in the environment, any binary linking kunit runs its
//! registered suites before `main`, printing KTAP on stderr ([`boot`]).
//!
//! # Modules
//!
//! One concern each: [`registry`] (suites, cases, registration), [`test_handle`] (the test
//! handle), [`assert`](mod@assert) (the assertion family and KUnit's exact text), [`errptr`]
//! (NULL / `ERR_PTR` pointers), [`operands`] (what the pointer, string and memory assertions
//! accept), [`params`] (parameter generators and arrays), [`filter`],
//! [`executor`] (running, timeouts, parallel suites), [`ktap`], [`resource`] (resources and
//! deferred actions), [`suite_log`] (logging on a suite), [`stub`] (static stubs), [`warn`]
//! (`WARN()` and its suppression), [`boot`], [`harness`], [`libtest_json`] (the harness's
//! `--format json`).

#![warn(missing_docs)]

pub mod assert;
pub mod boot;
#[doc(hidden)]
pub mod c_abi;
pub mod errptr;
pub mod executor;
pub mod filter;
pub mod harness;
mod internal;
pub mod ktap;
mod libtest;
pub mod libtest_json;
pub mod operands;
mod output;
pub mod params;
pub mod registry;
pub mod resource;
mod sanitizer;
pub mod stub;
pub mod suite_log;
pub mod test_handle;
mod try_catch;
pub mod valgrind;
pub mod warn;
mod watchdog;

pub use errptr::{ErrPtr, Errno, PtrValue, NULL};
pub use executor::{CaseReport, Config, Ignored, ParamReport, Plan, Report, SuiteReport};
pub use ktap::Format;
pub use kunit_macros::kunit_tests;
pub use operands::{CStrPtr, KMem, KPointer, KStr, PlainData};
pub use output::Capture;
pub use params::{Param, ParamGen};
pub use registry::{registered_suites, Attributes, Case, Registration, Speed, Suite};
pub use resource::ActionHandle;
pub use test_handle::{current_test, in_kunit_test, spawn, Kunit, Loc, Status, TestRef};

use std::io::Write;
use std::sync::Arc;

/// Everything a test file needs: `use kunit::prelude::*;`.
pub mod prelude {
    pub use crate::assert::families::prelude::*;
    pub use crate::params::kunit_array_gen_params;
    pub use crate::warn::{
        kunit_end_suppress_warning, kunit_has_active_suppress_warning, kunit_start_suppress_warning,
    };
    pub use crate::{
        kunit_activate_static_stub, kunit_array_param, kunit_array_param_desc,
        kunit_assert_suppressed_warning_count, kunit_case, kunit_case_param,
        kunit_case_param_with_init, kunit_case_slow, kunit_deactivate_static_stub, kunit_err,
        kunit_expect_suppressed_warning_count, kunit_fail, kunit_fail_and_abort,
        kunit_fail_current_test, kunit_info, kunit_mark_skipped, kunit_skip, kunit_static_stub,
        kunit_succeed, kunit_test_init_section_suites, kunit_test_suite, kunit_warn, WARN, WARN_ON,
        WARN_ON_ONCE,
    };
    pub use crate::{Attributes, Case, ErrPtr, Kunit, Param, Speed, Status, Suite, NULL};
}

/// Runs `suites` (or, with `None`, every registered suite) with `config`, writing KTAP to `out`,
/// and returns the results as data.
///
/// The output is what the harness prints, without libtest's closing line; nothing is printed
/// elsewhere. A filter in `config` that does not parse is returned as the error, before
/// anything runs.
///
/// ```
/// use kunit::prelude::*;
///
/// fn test_ok(test: &mut Kunit) {
///     kunit_expect_lt!(test, 1, 2);
/// }
/// fn test_skipped(test: &mut Kunit) {
///     kunit_skip!(test, "no hardware");
/// }
/// static CASES: &[Case] = &[kunit_case!(test_ok), kunit_case!(test_skipped)];
/// static SUITE: Suite = Suite { name: "embedded", test_cases: CASES, ..Suite::DEFAULT };
///
/// // Collects the KTAP text.
/// let out = kunit::Capture::new();
/// let regs = [kunit::Registration::unregistered(&SUITE, "doc")];
/// let report = kunit::run(Some(&regs), &kunit::Config::default(), out.clone()).unwrap();
/// assert!(report.success());
/// assert_eq!((report.passed(), report.skipped()), (1, 1));
/// assert_eq!(
///     out.text(),
///     "KTAP version 1
/// 1..1
///     KTAP version 1
///     ## Subtest: embedded
///     ## module: doc
///     1..2
///     ok 1 test_ok
///     ok 2 test_skipped # SKIP no hardware
/// ## embedded: pass:1 fail:0 skip:1 total:2
/// ## Totals: pass:1 fail:0 skip:1 total:2
/// ok 1 embedded
/// "
/// );
///
/// // Bad filters are an error, not a silent empty run.
/// let bad = kunit::Config { filter: Some("colour=red".into()), ..Default::default() };
/// assert!(kunit::run(Some(&regs), &bad, std::io::sink()).is_err());
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
///
/// It also makes kunit's `#[test]` attribute the crate's (`#[macro_use(test)]`), so that a
/// `#[test]` that would resolve to libtest's, which this target compiles away without a word,
/// is a build error instead (`` `test` is ambiguous ``): one in a module that a macro of
/// another crate writes inside a `#[kunit_tests]` module, or one outside every such module.
/// A macro call in a `#[kunit_tests]` module that kunit cannot see into (one defined outside
/// the module) makes the harness of `kunit::main!()` refuse to start (exit 2, naming the call
/// and the fix): an async test attribute in what it writes (`#[tokio::test]`, ..) expands to
/// libtest's `#[::core::prelude::v1::test]`, which no import can turn into kunit's.
///
/// `kunit::main!(macro_use)` is the mode for such code: the crate root starts with
/// ```text
/// #[macro_use(test)]
/// extern crate kunit;
/// extern crate self as core;
/// ```
/// kunit's `#[test]` is then the crate's without ambiguity, and `::core` is the crate itself,
/// which `main!(macro_use)` fills with all of `core` except `core::prelude::v1::test`, which is
/// kunit's: the tests that other crates' macros write, async ones included, join the suite
/// around them. (Both `extern crate` lines must be written by hand: rustc refuses a
/// macro-written one that shadows a crate name.)
#[macro_export]
macro_rules! main {
    () => {
        #[macro_use(test)]
        extern crate kunit as __kunit_test_attribute;
        $crate::__main_fn!($crate::harness::main());
    };
    (macro_use) => {
        // `extern crate self as core;` at the crate root makes `::core` this crate: it
        // re-exports the real `core`, with kunit's `test` as `core::prelude::v1::test`.
        #[doc(hidden)]
        #[allow(unused_imports)]
        pub use $crate::__core::*;
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub const kunit_main_macro_use_needs__extern_crate_self_as_core__at_the_crate_root: () = ();
        // Without that line `::core` is the real one, whose libtest `#[test]` would lose tests.
        const _: () =
            ::core::kunit_main_macro_use_needs__extern_crate_self_as_core__at_the_crate_root;
        $crate::__main_fn!($crate::harness::main_macro_use());
    };
}

/// The `main` of [`main!`].
#[doc(hidden)]
#[macro_export]
macro_rules! __main_fn {
    ($main:expr) => {
        // `kunit_c::Build` sets this cfg and writes `kunit_c_link.rs`: the C objects (its
        // archives, whole) and the runtime crate whose C API they call. Included, not named
        // here, so kunit names no crate downstream of it.
        #[allow(unexpected_cfgs)]
        mod __kunit_c_objects {
            #[cfg(kunit_c_linked)]
            include!(concat!(env!("OUT_DIR"), "/kunit_c_link.rs"));
        }
        #[allow(unexpected_cfgs)]
        fn main() {
            // A binary with C test objects and no C suite fails instead of passing empty.
            #[cfg(kunit_c_linked)]
            __kunit_c_objects::require_c_suites();
            $main
        }
    };
}

/// kunit's `#[test]` for `#[macro_use(test)]` (see [`main!`]); `#[kunit_tests]` modules import
/// it as `kunit::__private::test`.
#[doc(hidden)]
pub use kunit_macros::kunit_test_case as test;

/// `core`, except that `core::prelude::v1::test` is kunit's `#[test]`: what
/// `kunit::main!(macro_use)` re-exports at a crate root that says `extern crate self as core;`,
/// so that the `#[::core::prelude::v1::test]` that async test attributes write is kunit's.
/// (Written here, not in `main!`: a macro-written import may not shadow a glob's name.)
#[doc(hidden)]
pub mod __core {
    #[allow(unused_imports)]
    pub use core::*;
    /// `core::prelude`, with kunit's `test` in `v1`.
    pub mod prelude {
        #[allow(unused_imports)]
        pub use core::prelude::*;
        /// `core::prelude::v1` with kunit's `test`.
        pub mod v1 {
            pub use crate::test;
            #[allow(unused_imports)]
            pub use core::prelude::v1::*;
        }
    }
}

#[doc(hidden)]
pub mod __private {
    pub use crate::assert::failure::{
        at_location, binary_failed, fail_failed, mem_failed, not_err_or_null_failed, ptr_failed,
        report, report_and_abort, str_failed, unary_failed,
    };
    pub use crate::assert::pass::{ByRef, Pass};
    pub use crate::assert::AssertType::{Assertion, Expectation};
    pub use crate::assert::{
        __save_loc as save_loc, __skip as skip, mem_holds, not_err_or_null_holds, ptr_holds,
        str_holds, AssertType, Site, TestHandle,
    };
    pub use crate::internal::call_stack;
    pub use crate::libtest::case_return::CaseReturn;
    pub use crate::libtest::module_cases::{Home, ModuleCase};
    pub use crate::libtest::shadow::{shadow_binary_failed, shadow_unary_failed};
    pub use crate::libtest::shim::libtest_case;
    pub use crate::libtest::should_panic::should_panic;
    pub use crate::libtest::table::{compact_cases, present_cases};
    pub use crate::libtest::unseen_macro::UnseenMacro;
    pub use crate::registry::last_segment;
    pub use crate::test_handle::__fail_current_test as fail_current_test;
    pub use crate::test_handle::TestShared;
    pub use inventory;
    pub use kunit_macros::kunit_test_case as test;

    pub fn shared<H: TestHandle + ?Sized>(h: &H) -> &TestShared {
        h.__shared()
    }

    pub fn log<H: crate::suite_log::LogTarget + ?Sized>(h: &H, args: std::fmt::Arguments<'_>) {
        h.__log(args);
    }

    /// `kunit_skip!` as a statement: typed `()` so that code after it (the kernel's shape)
    /// draws no "unreachable statement" warning; it never returns.
    pub fn skip_statement(test: &TestShared, args: std::fmt::Arguments<'_>) {
        skip(test, args)
    }

    pub fn mark_skipped<H: TestHandle + ?Sized>(h: &H, args: std::fmt::Arguments<'_>) {
        h.__shared().mark_skipped(args);
    }
}
