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
use crate::errptr::PtrValue;
use crate::operands::{KPointer, KStr, StrValue};
use crate::test_handle::TestShared;
use std::cell::{Cell, RefCell};
use std::fmt::{self, Debug};
use std::panic::Location;

/// A failure whose text is built and not yet reported.
pub(crate) struct Pending {
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

/// A call site's operator or operand text.
type Text = &'static str;
/// A `_msg` form's message.
type Msg<'a> = Option<fmt::Arguments<'a>>;

/// The one failure helper every entry point ends in: stages the failure of `site` — the
/// prologue, then what `body` writes, and the opt-in `diff` — and returns `true`, so that a
/// call site reads `!holds && *_failed(..)`. Generic only over `body`; the rest is
/// [`prologue`] and [`set_pending`], one copy each.
#[track_caller]
fn failed(site: Site, diff: Vec<u8>, body: impl FnOnce(&mut Vec<u8>, &Site)) -> bool {
    let mut text = prologue(site.kind);
    body(&mut text, &site);
    set_pending(site.kind, text, diff);
    true
}

/// The prologue, at the macro's call site (through `#[track_caller]`) unless
/// [`at_location`] overrides it.
#[track_caller]
fn prologue(kind: AssertType) -> Vec<u8> {
    let mut text = Vec::new();
    let caller = Location::caller();
    let (file, line) = LOCATION
        .get()
        .unwrap_or_else(|| (caller.file(), caller.line()));
    format::prologue(&mut text, kind, file, line);
    text
}

fn set_pending(kind: AssertType, text: Vec<u8>, diff: Vec<u8>) {
    let pending = Pending { kind, text, diff };
    PENDING.with(|p| *p.borrow_mut() = Some(pending));
}

// The macros' entry points: each takes the call site's texts (constants) and the operands,
// builds the `Site`, and ends in [`failed`]. Generic only over the operand types (whose
// trait turns them into the non-generic values the text builder takes, in `impl Site`
// below), so one copy serves every call site with the same types; `#[track_caller]` carries
// the location. Cold and never inlined: a call site pays one call, on failure only.

/// `KUNIT_BINARY_INT_ASSERTION` (and the `Debug` extension) failed: the operands reach the
/// non-generic text builder as `&dyn Debug` and their type names.
#[cold]
#[inline(never)]
#[track_caller]
pub fn binary_failed<L: Debug + ?Sized, R: Debug + ?Sized>(
    kind: AssertType,
    op: Text,
    left_text: Text,
    right_text: Text,
    left: &L,
    right: &R,
    msg: Msg<'_>,
) -> bool {
    let site = Site::new(kind, left_text, op, right_text);
    site.binary_failed(Operand::new(&left), Operand::new(&right), msg)
}

/// `KUNIT_BINARY_STR_ASSERTION` failed.
#[cold]
#[inline(never)]
#[track_caller]
pub fn str_failed<L: KStr + ?Sized, R: KStr + ?Sized>(
    kind: AssertType,
    op: Text,
    left_text: Text,
    right_text: Text,
    left: &L,
    right: &R,
    msg: Msg<'_>,
) -> bool {
    let site = Site::new(kind, left_text, op, right_text);
    site.str_failed(left.kunit_str(), right.kunit_str(), msg)
}

/// `KUNIT_BINARY_PTR_ASSERTION` failed.
#[cold]
#[inline(never)]
#[track_caller]
pub fn ptr_failed<L: KPointer + ?Sized, R: KPointer + ?Sized>(
    kind: AssertType,
    op: Text,
    left_text: Text,
    right_text: Text,
    left: &L,
    right: &R,
    msg: Msg<'_>,
) -> bool {
    let site = Site::new(kind, left_text, op, right_text);
    site.ptr_failed(left.kunit_ptr(), right.kunit_ptr(), msg)
}

/// `KUNIT_PTR_NOT_ERR_OR_NULL_MSG_ASSERTION` failed.
#[cold]
#[inline(never)]
#[track_caller]
pub fn not_err_or_null_failed<P: KPointer + ?Sized>(
    kind: AssertType,
    text: Text,
    ptr: &P,
    msg: Msg<'_>,
) -> bool {
    Site::new(kind, text, "", "").not_err_or_null_failed(ptr.kunit_ptr(), msg)
}

/// `KUNIT_MEM_ASSERTION` failed.
#[cold]
#[inline(never)]
#[track_caller]
#[allow(clippy::too_many_arguments)]
pub fn mem_failed(
    kind: AssertType,
    op: Text,
    left_text: Text,
    right_text: Text,
    left: Option<&[u8]>,
    right: Option<&[u8]>,
    size: usize,
    msg: Msg<'_>,
) -> bool {
    let site = Site::new(kind, left_text, op, right_text);
    failed(site, Vec::new(), |out, site| {
        format::mem(out, site, left, right, size, msg)
    })
}

/// `KUNIT_UNARY_ASSERTION` failed.
#[cold]
#[inline(never)]
#[track_caller]
pub fn unary_failed(kind: AssertType, text: Text, expected_true: bool, msg: Msg<'_>) -> bool {
    failed(Site::new(kind, text, "", ""), Vec::new(), |out, site| {
        format::unary(out, site, expected_true, msg)
    })
}

/// `KUNIT_FAIL` / `KUNIT_FAIL_AND_ABORT`.
#[cold]
#[inline(never)]
#[track_caller]
pub fn fail_failed(kind: AssertType, msg: fmt::Arguments<'_>) {
    failed(Site::new(kind, "", "", ""), Vec::new(), |out, _| {
        format::fail(out, msg)
    });
}

/// The non-generic halves of the generic entry points above.
impl Site {
    /// A call site's record.
    pub fn new(kind: AssertType, left: Text, op: Text, right: Text) -> Site {
        Site {
            kind,
            left,
            op,
            right,
        }
    }

    /// A binary comparison failed (`left`/`right`: the operands).
    #[track_caller]
    pub(crate) fn binary_failed(self, left: Operand<'_>, right: Operand<'_>, msg: Msg<'_>) -> bool {
        // A panicking `Debug` of an operand names the assertion it was printed for.
        let guard = Evaluating::new(self);
        let (left, right) = (left.printed(), right.printed());
        guard.done();
        failed(self, Vec::new(), |out, site| {
            format::binary(out, site, &left, &right, msg)
        })
    }

    /// A string comparison failed; a failed multi-line `STREQ` keeps its line diff.
    #[track_caller]
    pub(crate) fn str_failed(self, left: StrValue<'_>, right: StrValue<'_>, msg: Msg<'_>) -> bool {
        let mut diff = Vec::new();
        if let (StrValue::Str(l), StrValue::Str(r), "==") = (left, right, self.op) {
            line_diff(&mut diff, self.left, self.right, l, r);
        }
        failed(self, diff, |out, site| {
            format::binary_str(out, site, left, right, msg)
        })
    }

    /// A pointer comparison failed.
    #[track_caller]
    pub(crate) fn ptr_failed(self, left: PtrValue, right: PtrValue, msg: Msg<'_>) -> bool {
        let (l, r) = (left.addr(), right.addr());
        failed(self, Vec::new(), |out, site| {
            format::binary_ptr(out, site, l, r, msg)
        })
    }

    /// `NOT_ERR_OR_NULL` failed.
    #[track_caller]
    pub(crate) fn not_err_or_null_failed(self, ptr: PtrValue, msg: Msg<'_>) -> bool {
        let got = match ptr {
            PtrValue::Err(e) => NotErrOrNull::Err(e),
            // Only NULL and error pointers fail.
            PtrValue::Null | PtrValue::Addr(_) => NotErrOrNull::Null,
        };
        failed(self, Vec::new(), |out, site| {
            format::ptr_not_err(out, site, got, msg)
        })
    }
}

/// `__kunit_do_failed_assertion()` + `__kunit_abort()`: logs this thread's pending failure
/// to `test` as one entry, marks it failed and, for an assertion, aborts the case. Never
/// inlined: it only runs after a failure, and inlined it would cost every call site code and
/// debug info.
#[cold]
#[inline(never)]
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
    let Some(pending) = take_pending() else {
        return;
    };
    let kind = pending.kind;
    log_pending(test, pending);
    if kind == AssertType::Assertion {
        crate::try_catch::abort();
    }
}

/// This thread's staged failure, if any (the shadowed `assert!`s carry it to the end of the
/// case instead of reporting it at once).
pub(crate) fn take_pending() -> Option<Pending> {
    PENDING.with(|p| p.borrow_mut().take())
}

/// Logs a staged failure to `test` as one entry and marks it failed (no abort).
pub(crate) fn log_pending(test: &TestShared, mut pending: Pending) {
    if test.assert_diff() {
        pending.text.append(&mut pending.diff);
    }
    test.set_failure();
    test.log_prefixed_bytes(&format::escape_nul(pending.text));
    kunit_failure_hook();
}

/// The debugger's breakpoint (`kunit run --debugger` breaks here): every failed expectation
/// or assertion calls it once its text is logged, Rust's and C's (`KUNIT_EXPECT_*` reports
/// through this file too), so the frames above it lead to the failing line. Unmangled, never
/// inlined, and with an effect (a count) the optimizer must keep, so that it survives LTO.
#[no_mangle]
#[inline(never)]
pub extern "C" fn kunit_failure_hook() {
    static FAILURES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    FAILURES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
}

/// Names the assertion whose operand's `Debug` panicked while its failure text was built:
/// live across the printing of the values, disarmed with [`Evaluating::done`] when it
/// returns. Dropped while unwinding, it logs which assertion, and where, to the current
/// test; the panic itself is then reported as usual. (A panicking `PartialEq` needs no
/// guard: the comparison runs at the call site, whose line the panic report and the
/// "last line seen" already give.)
struct Evaluating(Site, &'static Location<'static>);

impl Evaluating {
    /// Arms the guard for `site` (at the macro's call site).
    #[track_caller]
    fn new(site: Site) -> Self {
        Evaluating(site, Location::caller())
    }
    /// The printing returned: nothing to report.
    fn done(self) {
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
        let what = format!("{} {} {}", site.left, site.op, site.right);
        crate::test_handle::with_current(|t| {
            t.log_prefixed(format_args!(
                "panicked evaluating {} {what} at {}:{}",
                site.kind.as_str(),
                loc.file(),
                loc.line()
            ))
        });
    }
}
