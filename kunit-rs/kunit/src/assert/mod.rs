//! The KUnit assertion family: `kunit_expect_*!` records a failure and continues,
//! `kunit_assert_*!` records it and aborts the case (its cleanup still runs).
//!
//! Each macro evaluates its operands once, compares them in their own types, stores its
//! location as the test's "last seen" line, and on failure prints KUnit's exact text (see
//! [`format`](mod@format)) as one log entry.

pub mod format;
mod macros;
pub mod operand;

use crate::errptr::{KMem, KPointer, KStr, PtrValue, StrValue};
use crate::test::{Loc, TestRef, TestShared};
use crate::Kunit;
use format::{AssertType, BinaryText, NotErrOrNull, Operand};
use std::fmt;

/// Anything assertions can report to: the case's `&mut Kunit`, or a [`TestRef`] on another
/// thread.
pub trait TestHandle {
    #[doc(hidden)]
    fn __shared(&self) -> &TestShared;
}
impl TestHandle for Kunit {
    fn __shared(&self) -> &TestShared {
        &self.shared
    }
}
impl TestHandle for TestRef {
    fn __shared(&self) -> &TestShared {
        &self.0
    }
}
impl<T: TestHandle + ?Sized> TestHandle for &T {
    fn __shared(&self) -> &TestShared {
        (**self).__shared()
    }
}
impl<T: TestHandle + ?Sized> TestHandle for &mut T {
    fn __shared(&self) -> &TestShared {
        (**self).__shared()
    }
}

/// `_KUNIT_SAVE_LOC`.
#[doc(hidden)]
#[inline]
pub fn __save_loc<H: TestHandle + ?Sized>(test: &H, loc: &'static Loc) {
    test.__shared().save_loc(loc);
}

/// The failure text (prologue + body) as one string.
fn failure_text(kind: AssertType, loc: &Loc, body: impl FnOnce(&mut String)) -> String {
    let mut text = String::new();
    format::prologue(&mut text, kind, loc.file, loc.line);
    body(&mut text);
    text
}

/// `__kunit_do_failed_assertion()` + `__kunit_abort()`: records the failure, prints its text
/// as one log entry and, for an assertion, aborts the case.
///
/// The macros check their operands first and take the test handle only to report, so an
/// operand may itself borrow the test mutably.
#[doc(hidden)]
pub fn __report<H: TestHandle + ?Sized>(test: &H, kind: AssertType, text: String) {
    let test = test.__shared();
    test.set_failure();
    test.log_prefixed(format_args!("{text}"));
    if kind == AssertType::Assertion {
        crate::try_catch::abort();
    }
}

#[doc(hidden)]
pub fn __fail(kind: AssertType, loc: &Loc, msg: Option<fmt::Arguments<'_>>) -> String {
    failure_text(kind, loc, |out| format::fail(out, msg))
}

#[doc(hidden)]
pub fn __unary(
    kind: AssertType,
    loc: &Loc,
    condition: &str,
    expected_true: bool,
    msg: Option<fmt::Arguments<'_>>,
) -> String {
    failure_text(kind, loc, |out| {
        format::unary(out, condition, expected_true, msg)
    })
}

#[doc(hidden)]
pub fn __binary(
    kind: AssertType,
    loc: &Loc,
    text: BinaryText<'_>,
    left: Operand,
    right: Operand,
    msg: Option<fmt::Arguments<'_>>,
) -> String {
    failure_text(kind, loc, |out| {
        format::binary(out, &text, &left, &right, msg)
    })
}

/// `PTR_EQ`/`PTR_NE`/`NULL`/`NOT_NULL`: compares addresses.
#[doc(hidden)]
pub fn __ptr<L: KPointer + ?Sized, R: KPointer + ?Sized>(
    kind: AssertType,
    loc: &Loc,
    text: BinaryText<'_>,
    left: &L,
    right: &R,
    msg: Option<fmt::Arguments<'_>>,
) -> Option<String> {
    let (l, r) = (left.kunit_ptr().addr(), right.kunit_ptr().addr());
    let pass = if text.operation == "==" {
        l == r
    } else {
        l != r
    };
    (!pass).then(|| failure_text(kind, loc, |out| format::binary_ptr(out, &text, l, r, msg)))
}

#[doc(hidden)]
pub fn __not_err_or_null<P: KPointer + ?Sized>(
    kind: AssertType,
    loc: &Loc,
    text: &str,
    ptr: &P,
    msg: Option<fmt::Arguments<'_>>,
) -> Option<String> {
    let got = match ptr.kunit_ptr() {
        PtrValue::Addr(_) => return None,
        PtrValue::Null => NotErrOrNull::Null,
        PtrValue::Err(e) => NotErrOrNull::Err(e),
    };
    Some(failure_text(kind, loc, |out| {
        format::ptr_not_err(out, text, got, msg)
    }))
}

/// `KUNIT_BINARY_STR_ASSERTION`: a NULL or `ERR_PTR` on either side fails both `STREQ` and
/// `STRNEQ` (`!IS_ERR_OR_NULL(left) && !IS_ERR_OR_NULL(right) && strcmp(...) op 0`), and is
/// never dereferenced.
#[doc(hidden)]
pub fn __str<L: KStr + ?Sized, R: KStr + ?Sized>(
    kind: AssertType,
    loc: &Loc,
    text: BinaryText<'_>,
    left: &L,
    right: &R,
    msg: Option<fmt::Arguments<'_>>,
) -> Option<String> {
    let (l, r) = (left.kunit_str(), right.kunit_str());
    let pass = match (l, r) {
        (StrValue::Str(a), StrValue::Str(b)) => (a == b) == (text.operation == "=="),
        _ => false,
    };
    (!pass).then(|| {
        failure_text(kind, loc, |out| {
            format::binary_str(out, &text, l.printed(), r.printed(), msg);
            if let (StrValue::Str(a), StrValue::Str(b)) = (l, r) {
                let multi_line = a.contains(&b'\n') || b.contains(&b'\n');
                if multi_line && text.operation == "==" {
                    let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
                    format::line_diff(out, text.left, text.right, &a, &b);
                }
            }
        })
    })
}

/// `KUNIT_MEM_ASSERTION`: `left && right && memcmp(left, right, size) op 0`. A slice shorter
/// than `size` compares unequal (C would read past it).
#[doc(hidden)]
pub fn __mem<L: KMem + ?Sized, R: KMem + ?Sized>(
    kind: AssertType,
    loc: &Loc,
    text: BinaryText<'_>,
    left: &L,
    right: &R,
    size: usize,
    msg: Option<fmt::Arguments<'_>>,
) -> Option<String> {
    let (l, r) = (left.kunit_mem(), right.kunit_mem());
    let pass = match (l, r) {
        (Some(a), Some(b)) if a.len() >= size && b.len() >= size => {
            (a[..size] == b[..size]) == (text.operation == "==")
        }
        _ => false,
    };
    // The dump shows at most `size` bytes of each side.
    let (l, r) = (
        l.map(|b| b.get(..size).unwrap_or(b)),
        r.map(|b| b.get(..size).unwrap_or(b)),
    );
    (!pass).then(|| failure_text(kind, loc, |out| format::mem(out, &text, l, r, msg)))
}

#[doc(hidden)]
pub fn __skip(test: &TestShared, reason: fmt::Arguments<'_>) -> ! {
    test.mark_skipped(reason);
    crate::try_catch::abort()
}
