//! Kernel-style warnings (`WARN`, `WARN_ON`, `WARN_ON_ONCE`) and their suppression
//! (lib/kunit/bug.c).
//!
//! An unsuppressed warning prints the kernel's `cut here` block with a backtrace (the
//! framework's own frames trimmed) into the current test's log — or to stderr outside tests —
//! and, as in the kernel, does not fail the test unless `--warnings_fail` (or
//! [`set_warnings_fail`]) asks for it. Then the block is followed by the reason, e.g.
//! `    # my_case: failed: WARNING at src/lib.rs:12 with --warnings_fail`.
//! Inside a suppression scope the warning is only counted.
//!
//! ```
//! use kunit::prelude::*;
//!
//! fn frob(len: usize) -> usize {
//!     if WARN_ON!(len > 4096) {
//!         return 4096;
//!     }
//!     len
//! }
//!
//! fn test_frob_clamps(test: &mut Kunit) {
//!     // The warning is expected here: count it instead of printing its backtrace.
//!     let w = kunit_start_suppress_warning(test);
//!     kunit_expect_eq!(test, frob(10_000), 4096);
//!     kunit_expect_eq!(test, frob(1), 1);
//!     kunit_expect_suppressed_warning_count!(test, w, 1);
//!     kunit_end_suppress_warning(test, w);
//! }
//!
//! static CASES: &[Case] = &[kunit_case!(test_frob_clamps)];
//! static SUITE: Suite = Suite { name: "frob", test_cases: CASES, ..Suite::DEFAULT };
//!
//! let report = kunit::run(
//!     Some(&[kunit::Registration::unregistered(&SUITE, "doc")]),
//!     &kunit::Config::default(),
//!     std::io::sink(),
//! )
//! .unwrap();
//! assert!(report.success());
//! assert!(!report.suites[0].cases[0].log.contains("cut here"));
//! ```

use crate::internal::call_stack;
use crate::test_handle::{with_current, TestShared};
use crate::Kunit;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

static WARNINGS_FAIL: AtomicBool = AtomicBool::new(false);

/// Makes every unsuppressed warning fail the test that raised it.
pub fn set_warnings_fail(on: bool) {
    WARNINGS_FAIL.store(on, Ordering::Relaxed);
}

/// An active suppression scope (`struct __suppressed_warning`); counts what it swallowed.
#[derive(Debug)]
pub struct SuppressedWarning {
    count: Arc<AtomicUsize>,
}

impl SuppressedWarning {
    /// `KUNIT_SUPPRESSED_WARNING_COUNT()`: warnings swallowed so far.
    pub fn count(&self) -> usize {
        self.count.load(Ordering::Relaxed)
    }
}

/// `kunit_start_suppress_warning()`: from now until [`kunit_end_suppress_warning`], warnings
/// raised by this test (on its thread or threads from `kunit::spawn`) are counted, not printed.
pub fn kunit_start_suppress_warning(test: &Kunit) -> SuppressedWarning {
    let count = Arc::new(AtomicUsize::new(0));
    test.shared
        .suppressions
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(count.clone());
    SuppressedWarning { count }
}

/// `kunit_end_suppress_warning()`; returns the final count.
pub fn kunit_end_suppress_warning(test: &Kunit, w: SuppressedWarning) -> usize {
    let mut stack = test
        .shared
        .suppressions
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(pos) = stack.iter().rposition(|c| Arc::ptr_eq(c, &w.count)) {
        stack.remove(pos);
    }
    w.count()
}

/// `kunit_has_active_suppress_warning()`: whether the current test suppresses warnings now.
pub fn kunit_has_active_suppress_warning() -> bool {
    with_current(|t| {
        !t.suppressions
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_empty()
    })
    .unwrap_or(false)
}

fn suppressed(t: &TestShared) -> bool {
    let stack = t.suppressions.lock().unwrap_or_else(|e| e.into_inner());
    match stack.last() {
        Some(c) => {
            c.fetch_add(1, Ordering::Relaxed);
            true
        }
        None => false,
    }
}

/// This crate's sources: frames there are the framework's.
const KUNIT_SRC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/");

/// Frames of the framework or the runtime (by file, since inlined frames carry only bare
/// function names; std's capture machinery is under `/rustc/`).
fn is_framework_frame(file: &str) -> bool {
    file.starts_with(KUNIT_SRC) || file.starts_with("/rustc/") || file.contains("/.cargo/registry/")
}

/// The trimmed call trace: (function, file:line) from the warning's caller outwards, down to
/// where the test framework called the case.
fn call_trace() -> Vec<(String, String)> {
    call_stack::capture()
        .into_iter()
        .skip_while(|f| is_framework_frame(&f.file))
        .take_while(|f| !f.file.starts_with(KUNIT_SRC))
        .map(|f| (f.function, format!("{}:{}", f.file, f.line)))
        .collect()
}

/// `__warn()`: prints the warning block (or counts it when suppressed).
#[doc(hidden)]
pub fn __warn(file: &str, line: u32, msg: Option<std::fmt::Arguments<'_>>) {
    if with_current(suppressed).unwrap_or(false) {
        return;
    }
    let trace = call_trace();
    let function = trace
        .first()
        .map(|(n, _)| n.as_str())
        .unwrap_or("<unknown>");
    let thread = std::thread::current();
    let mut text = String::from("------------[ cut here ]------------\n");
    if let Some(msg) = msg {
        text.push_str(&msg.to_string());
        text.push('\n');
    }
    text.push_str(&format!(
        "WARNING: PID: {} at {file}:{line} {function}\nComm: {}\nCall Trace:\n",
        std::process::id(),
        thread.name().unwrap_or("<unnamed>")
    ));
    for (name, loc) in &trace {
        text.push_str(&format!(" {name} ({loc})\n"));
    }
    text.push_str("---[ end trace 0000000000000000 ]---");
    let logged = with_current(|t| {
        let prefixed: Vec<String> = text.lines().map(|l| format!("    # {l}")).collect();
        t.log_raw(&prefixed.join("\n"));
        if WARNINGS_FAIL.load(Ordering::Relaxed) {
            t.set_failure();
            // The kernel has no such switch; without this line the case would fail with only
            // the backtrace in its log, which a passing case shows too.
            t.log_prefixed(format_args!(
                "failed: WARNING at {file}:{line} with --warnings_fail"
            ));
        }
    });
    if logged.is_none() {
        eprintln!("{text}");
    }
}

/// `WARN(condition, fmt, ...)`: warns with a message when `condition` holds; returns it.
#[macro_export]
macro_rules! WARN {
    ($cond:expr, $($fmt:tt)+) => {{
        let c: bool = $cond;
        if c {
            $crate::warn::__warn(::core::file!(), ::core::line!(), ::core::option::Option::Some(::core::format_args!($($fmt)+)));
        }
        c
    }};
}

/// `WARN_ON(condition)`: warns when `condition` holds; returns it.
#[macro_export]
macro_rules! WARN_ON {
    ($cond:expr $(,)?) => {{
        let c: bool = $cond;
        if c {
            $crate::warn::__warn(
                ::core::file!(),
                ::core::line!(),
                ::core::option::Option::None,
            );
        }
        c
    }};
}

/// `WARN_ON_ONCE(condition)`: like `WARN_ON`, but prints at most once per call site.
#[macro_export]
macro_rules! WARN_ON_ONCE {
    ($cond:expr $(,)?) => {{
        static WARNED: ::core::sync::atomic::AtomicBool =
            ::core::sync::atomic::AtomicBool::new(false);
        let c: bool = $cond;
        if c && !WARNED.swap(true, ::core::sync::atomic::Ordering::Relaxed) {
            $crate::warn::__warn(
                ::core::file!(),
                ::core::line!(),
                ::core::option::Option::None,
            );
        }
        c
    }};
}

/// `KUNIT_EXPECT_SUPPRESSED_WARNING_COUNT(test, n)`: `kunit_expect_suppressed_warning_count!(test,
/// scope, n)` expects that the suppression `scope` (from [`kunit_start_suppress_warning`])
/// has counted `n` warnings so far; on failure it records the failure and continues.
///
/// The kernel's macro takes no scope argument because it names the scope its
/// `kunit_warning_suppress()` block declared; here the scope is a value, so it is passed
/// explicitly: three arguments.
#[macro_export]
macro_rules! kunit_expect_suppressed_warning_count {
    ($test:expr, $scope:expr, $n:expr $(,)?) => {
        $crate::kunit_expect_eq!($test, $scope.count(), $n)
    };
}

/// `KUNIT_ASSERT_SUPPRESSED_WARNING_COUNT(test, n)`: `kunit_assert_suppressed_warning_count!(test,
/// scope, n)`, like [`kunit_expect_suppressed_warning_count!`](crate::kunit_expect_suppressed_warning_count)
/// but aborts the case on failure.
#[macro_export]
macro_rules! kunit_assert_suppressed_warning_count {
    ($test:expr, $scope:expr, $n:expr $(,)?) => {
        $crate::kunit_assert_eq!($test, $scope.count(), $n)
    };
}
