//! The failure path: cold, non-generic code shared by every call site.
//!
//! A failing check reports in two steps, so that an operand may itself borrow the test
//! mutably: first, while the operands are still borrowed, one `*_failed` call builds the
//! whole text (prologue + body) into a per-thread slot; then, once they are released,
//! [`report`] takes the test handle and logs it as one `kunit_err()` entry, marks the test
//! failed and, for an assertion, aborts the case.

use super::diff::line_diff;
use super::format::{self, NotErrOrNull};
use super::operand::Operand;
use super::site::{AssertType, Site};
use super::TestHandle;
use crate::errptr::{KPointer, KStr, PtrValue, StrValue};
use crate::test::TestShared;
use std::cell::{Cell, RefCell};
use std::fmt::{self, Debug};
use std::panic::Location;

/// A failure whose text is built and not yet reported.
struct Pending {
    kind: AssertType,
    text: Vec<u8>,
    /// The opt-in `STREQ` diff, appended when the test's run asked for it.
    diff: Vec<u8>,
}

thread_local! {
    static PENDING: RefCell<Option<Pending>> = const { RefCell::new(None) };
    /// A location standing in for the `#[track_caller]` one (see [`at_location`]).
    static LOCATION: Cell<Option<(&'static str, u32)>> = const { Cell::new(None) };
}

/// Runs `f` with `file:line` as the location of the `*_failed` calls it makes, instead of
/// their `#[track_caller]` one: for callers whose locations are runtime values (the C API).
#[doc(hidden)]
pub fn at_location<R>(file: &'static str, line: u32, f: impl FnOnce() -> R) -> R {
    struct Restore(Option<(&'static str, u32)>);
    impl Drop for Restore {
        fn drop(&mut self) {
            LOCATION.set(self.0);
        }
    }
    let _restore = Restore(LOCATION.replace(Some((file, line))));
    f()
}

/// The prologue (at the macro's call site, through `#[track_caller]`, unless
/// [`at_location`] overrides it) and the body.
#[track_caller]
fn stage(site: &Site, body: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
    let mut text = Vec::new();
    let caller = Location::caller();
    let (file, line) = LOCATION
        .get()
        .unwrap_or_else(|| (caller.file(), caller.line()));
    format::prologue(&mut text, site.kind(), file, line);
    body(&mut text);
    text
}

fn set_pending(site: &Site, text: Vec<u8>, diff: Vec<u8>) {
    let pending = Pending {
        kind: site.kind(),
        text,
        diff,
    };
    PENDING.with(|p| *p.borrow_mut() = Some(pending));
}

/// `KUNIT_BINARY_INT_ASSERTION` (and the `Debug` extension) failed: the operands reach the
/// non-generic text builder as `&dyn Debug` and their type names.
#[cold]
#[inline(never)]
#[track_caller]
pub fn binary_failed<L: Debug + ?Sized, R: Debug + ?Sized>(
    site: Site,
    left: &L,
    right: &R,
    msg: Option<fmt::Arguments<'_>>,
) {
    binary_failed_text(site, Operand::new(&left), Operand::new(&right), msg);
}

#[track_caller]
fn binary_failed_text(
    site: Site,
    left: Operand<'_>,
    right: Operand<'_>,
    msg: Option<fmt::Arguments<'_>>,
) {
    // A panicking `Debug` of an operand names the assertion it was printed for.
    let guard = Evaluating::new(site);
    let (left, right) = (left.printed(), right.printed());
    guard.done();
    let text = stage(&site, |out| format::binary(out, &site, &left, &right, msg));
    set_pending(&site, text, Vec::new());
}

/// `KUNIT_BINARY_STR_ASSERTION` failed.
#[cold]
#[inline(never)]
#[track_caller]
pub fn str_failed<L: KStr + ?Sized, R: KStr + ?Sized>(
    site: Site,
    left: &L,
    right: &R,
    msg: Option<fmt::Arguments<'_>>,
) {
    str_failed_text(site, left.kunit_str(), right.kunit_str(), msg);
}

#[track_caller]
fn str_failed_text(
    site: Site,
    left: StrValue<'_>,
    right: StrValue<'_>,
    msg: Option<fmt::Arguments<'_>>,
) {
    let text = stage(&site, |out| {
        format::binary_str(out, &site, left, right, msg)
    });
    let mut diff = Vec::new();
    if let (StrValue::Str(l), StrValue::Str(r), "==") = (left, right, site.op()) {
        line_diff(&mut diff, site.left(), site.right(), l, r);
    }
    set_pending(&site, text, diff);
}

/// `KUNIT_MEM_ASSERTION` failed.
#[cold]
#[inline(never)]
#[track_caller]
pub fn mem_failed(
    site: Site,
    left: Option<&[u8]>,
    right: Option<&[u8]>,
    size: usize,
    msg: Option<fmt::Arguments<'_>>,
) {
    let text = stage(&site, |out| format::mem(out, &site, left, right, size, msg));
    set_pending(&site, text, Vec::new());
}

/// `KUNIT_BINARY_PTR_ASSERTION` failed.
#[cold]
#[inline(never)]
#[track_caller]
pub fn ptr_failed<L: KPointer + ?Sized, R: KPointer + ?Sized>(
    site: Site,
    left: &L,
    right: &R,
    msg: Option<fmt::Arguments<'_>>,
) {
    ptr_failed_text(site, left.kunit_ptr(), right.kunit_ptr(), msg);
}

#[track_caller]
fn ptr_failed_text(site: Site, left: PtrValue, right: PtrValue, msg: Option<fmt::Arguments<'_>>) {
    let (l, r) = (left.addr(), right.addr());
    let text = stage(&site, |out| format::binary_ptr(out, &site, l, r, msg));
    set_pending(&site, text, Vec::new());
}

/// `KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION` failed.
#[cold]
#[inline(never)]
#[track_caller]
pub fn not_err_or_null_failed<P: KPointer + ?Sized>(
    site: Site,
    ptr: &P,
    msg: Option<fmt::Arguments<'_>>,
) {
    not_err_or_null_failed_text(site, ptr.kunit_ptr(), msg);
}

#[track_caller]
fn not_err_or_null_failed_text(site: Site, ptr: PtrValue, msg: Option<fmt::Arguments<'_>>) {
    let got = match ptr {
        PtrValue::Err(e) => NotErrOrNull::Err(e),
        // Only NULL and error pointers fail.
        PtrValue::Null | PtrValue::Addr(_) => NotErrOrNull::Null,
    };
    let text = stage(&site, |out| format::ptr_not_err(out, &site, got, msg));
    set_pending(&site, text, Vec::new());
}

/// `KUNIT_UNARY_ASSERTION` failed.
#[cold]
#[inline(never)]
#[track_caller]
pub fn unary_failed(site: Site, expected_true: bool, msg: Option<fmt::Arguments<'_>>) {
    let text = stage(&site, |out| format::unary(out, &site, expected_true, msg));
    set_pending(&site, text, Vec::new());
}

/// `KUNIT_FAIL` / `KUNIT_FAIL_AND_ABORT`.
#[cold]
#[inline(never)]
#[track_caller]
pub fn fail_failed(site: Site, msg: fmt::Arguments<'_>) {
    let text = stage(&site, |out| format::fail(out, msg));
    set_pending(&site, text, Vec::new());
}

/// `__kunit_do_failed_assertion()` + `__kunit_abort()`: logs this thread's pending failure
/// to `test` as one entry, marks it failed and, for an assertion, aborts the case.
#[inline]
pub fn report<H: TestHandle + ?Sized>(test: &H) {
    report_to(test.__shared());
}

/// [`report`] of a failure that always aborts (`KUNIT_FAIL_AND_ABORT`).
#[inline]
pub fn report_and_abort<H: TestHandle + ?Sized>(test: &H) -> ! {
    report_to(test.__shared());
    crate::try_catch::abort()
}

#[cold]
#[inline(never)]
fn report_to(test: &TestShared) {
    let Some(mut pending) = PENDING.with(|p| p.borrow_mut().take()) else {
        return;
    };
    if test.assert_diff() {
        pending.text.append(&mut pending.diff);
    }
    test.set_failure();
    test.log_prefixed_bytes(&format::escape_nul(pending.text));
    if pending.kind == AssertType::Assertion {
        crate::try_catch::abort();
    }
}

/// Names the assertion being evaluated if an operand's `PartialEq` or `Debug` panics: live
/// across the comparison (and the printing of the values), disarmed with [`Evaluating::done`]
/// when they return. Dropped while unwinding, it logs which assertion, and where, to the
/// current test; the panic itself is then reported as usual.
pub struct Evaluating(Site, &'static Location<'static>);

impl Evaluating {
    /// Arms the guard for `site` (at the macro's call site).
    #[inline(always)]
    #[track_caller]
    pub fn new(site: Site) -> Self {
        Evaluating(site, Location::caller())
    }
    /// The comparison returned: nothing to report.
    #[inline(always)]
    pub fn done(self) {
        std::mem::forget(self);
    }
}

impl Drop for Evaluating {
    #[cold]
    fn drop(&mut self) {
        if !std::thread::panicking() {
            return;
        }
        let (site, loc) = (self.0, self.1);
        let what = format!("{} {} {}", site.left(), site.op(), site.right());
        crate::test::with_current(|t| {
            t.log_prefixed(format_args!(
                "panicked evaluating {} {what} at {}:{}",
                site.kind().as_str(),
                loc.file(),
                loc.line()
            ))
        });
    }
}
