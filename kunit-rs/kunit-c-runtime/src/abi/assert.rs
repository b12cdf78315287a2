//! What the assertion entry points of `kunit/test.h` do (their `extern "C"` definitions are
//! generated: `assert_abi.rs`, declared by `kunit/assert-abi.h`): the C macros compare
//! integers and truth values in C (in the operands' own types) and call in only on failure;
//! pointer, string and memory checks are made here, by the same functions the Rust macros
//! use. Every failure text comes from kunit's formatter. An ASSERTION unwinds (`C-unwind`)
//! through the C frames.

use super::c_test::from_c;
use super::ctypes::{CBinaryText, CKunit, CLoc, CMsg, KUNIT_ASSERTION, KUNIT_FAILURE};
use kunit::__private::{self as kp, Site};
use kunit::CStrPtr;
use std::ffi::{c_char, c_int, c_longlong, c_void, CStr};
use std::fmt;

/// A C string that lives for the whole run (string literals, `__FILE__`, `#op`).
///
/// # Safety
/// `p` is NULL or a NUL-terminated string in static storage.
unsafe fn static_str(p: *const c_char) -> &'static str {
    if p.is_null() {
        return "";
    }
    // SAFETY: the caller's contract: a static C string.
    let s = unsafe { CStr::from_ptr(p) };
    match s.to_str() {
        Ok(s) => s,
        Err(_) => Box::leak(s.to_string_lossy().into_owned().into_boxed_str()),
    }
}

/// The operand texts of a call site: `[left, operation, right]`.
type Texts = [&'static str; 3];

/// # Safety
/// `text` points to a `static const struct kunit_binary_assert_text`.
unsafe fn binary_texts(text: *const CBinaryText) -> Texts {
    // SAFETY: the caller's contract; its members are string literals.
    unsafe {
        let t = &*text;
        [
            static_str(t.left_text),
            static_str(t.operation),
            static_str(t.right_text),
        ]
    }
}

/// The operator of a call site's text (`#op`: `==` or `!=`), for the passing path.
///
/// # Safety
/// As [`binary_texts`].
unsafe fn op_text(text: *const CBinaryText) -> &'static str {
    // SAFETY: the caller's contract.
    unsafe { static_str((*text).operation) }
}

/// The [`Site`] of a C call site (C's texts arrive as static C strings at run time; the Rust
/// macros pass theirs as constants).
fn site(t: c_int, [left, op, right]: Texts) -> Site {
    let kind = if t == KUNIT_ASSERTION {
        kp::Assertion
    } else {
        kp::Expectation
    };
    Site::new(kind, left, op, right)
}

/// Builds the failure text with `f` at the C call site's location.
///
/// # Safety
/// `loc` points to a `static const struct kunit_loc`.
unsafe fn at<R>(loc: *const CLoc, f: impl FnOnce() -> R) -> R {
    // SAFETY: the caller's contract; `__FILE__` is a string literal.
    let (file, line) = unsafe { (static_str((*loc).file), (*loc).line) };
    kp::at_location(file, line.max(0) as u32, f)
}

/// Formats the pending user message (NULL: none) and frees C's buffer.
///
/// # Safety
/// `msg` is NULL or a live `struct __kunit_c_msg`.
unsafe fn take_msg(msg: *mut CMsg) -> Option<String> {
    if msg.is_null() {
        return None;
    }
    // SAFETY: the caller's contract; `format` returns NULL or a malloc'd string.
    unsafe { take_c_string(((*msg).format)(msg)) }.or(Some(String::new()))
}

/// A malloc'd C string into a `String`, freeing it (NULL: `None`).
///
/// # Safety
/// `s` is NULL or a malloc'd NUL-terminated string nothing else frees.
pub(crate) unsafe fn take_c_string(s: *mut c_char) -> Option<String> {
    if s.is_null() {
        return None;
    }
    // SAFETY: the caller's contract.
    let text = unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned();
    // SAFETY: malloc'd by the C side and owned by us now.
    unsafe { libc::free(s.cast()) };
    Some(text)
}

/// Runs `f` with the message as format arguments.
fn with_msg<R>(msg: &Option<String>, f: impl FnOnce(Option<fmt::Arguments<'_>>) -> R) -> R {
    match msg {
        Some(m) => f(Some(format_args!("{m}"))),
        None => f(None),
    }
}

/// Records the staged failure on the test (and its C mirror), prints it, and for an
/// ASSERTION unwinds out of the case.
fn report(test: *mut CKunit) {
    // SAFETY: every `struct kunit *` C passes was made by kunit-c.
    let ct = unsafe { from_c(test) };
    ct.cstruct().status = KUNIT_FAILURE;
    let handle = ct.handle.clone();
    kp::report(&handle);
}

/// A `_msg` form's message, as kunit's failure entry points take it.
type Msg<'a> = Option<fmt::Arguments<'a>>;

/// What every assertion entry point is called with besides its operands: the test, the call
/// site's static location and kind (`enum kunit_assert_type`), and the pending message.
pub(super) struct CCall {
    test: *mut CKunit,
    loc: *const CLoc,
    kind: c_int,
    msg: *mut CMsg,
}

impl CCall {
    /// The entry point's arguments.
    pub(super) fn new(test: *mut CKunit, loc: *const CLoc, kind: c_int, msg: *mut CMsg) -> Self {
        CCall {
            test,
            loc,
            kind,
            msg,
        }
    }

    /// The one failure path: the call site's [`Site`] (from `texts`) goes to `failed` with
    /// the user message, at the C location, and the staged failure is reported.
    ///
    /// # Safety
    /// The macros' arguments: `loc` is the call site's static location, `msg` NULL or a
    /// live `struct __kunit_c_msg`, `test` a kunit-c test.
    unsafe fn fail_at<R>(self, texts: Texts, failed: impl FnOnce(Site, Msg<'_>) -> R) {
        let site = site(self.kind, texts);
        // SAFETY: the caller's contract.
        let msg = unsafe { take_msg(self.msg) };
        // SAFETY: the caller's contract.
        unsafe { at(self.loc, || with_msg(&msg, |m| failed(site, m))) };
        report(self.test);
    }

    /// `KUNIT_FAIL`, `KUNIT_FAIL_AND_ABORT`.
    ///
    /// # Safety
    /// As [`CCall::fail_at`].
    pub(super) unsafe fn fail(self) {
        // SAFETY: the caller's contract.
        unsafe {
            self.fail_at(["", "", ""], |s, m| match m {
                Some(m) => kp::fail_failed(s.kind, m),
                None => kp::fail_failed(s.kind, format_args!("")),
            })
        }
    }

    /// `TRUE`/`FALSE` after the condition came out wrong.
    ///
    /// # Safety
    /// As [`CCall::fail_at`]; `condition` is the literal `#condition`.
    pub(super) unsafe fn unary(self, condition: *const c_char, expected_true: bool) {
        // SAFETY: the caller's contract.
        let texts = [unsafe { static_str(condition) }, "", ""];
        // SAFETY: the caller's contract.
        unsafe {
            self.fail_at(texts, |s, m| {
                kp::unary_failed(s.kind, s.left, expected_true, m)
            })
        }
    }

    /// `NOT_ERR_OR_NULL`: nothing when it holds, else its failure.
    ///
    /// # Safety
    /// As [`CCall::fail_at`]; `text` is the literal `#ptr`.
    pub(super) unsafe fn not_err_or_null(self, text: *const c_char, ptr: *const c_void) {
        if kp::not_err_or_null_holds(&ptr) {
            return;
        }
        // SAFETY: the caller's contract.
        let texts = [unsafe { static_str(text) }, "", ""];
        // SAFETY: the caller's contract.
        unsafe {
            self.fail_at(texts, |s, m| {
                kp::not_err_or_null_failed(s.kind, s.left, &ptr, m)
            })
        }
    }

    /// The two-operand families' one path: nothing when `operands` hold under the call
    /// site's operator, else their failure with the call site's texts.
    ///
    /// # Safety
    /// As [`CCall::fail_at`]; `text` is the macro's static text.
    pub(super) unsafe fn check(self, text: *const CBinaryText, operands: impl Operands) {
        // SAFETY: the caller's contract (only the operator is read on the passing path).
        if operands.holds(unsafe { op_text(text) }) {
            return;
        }
        // SAFETY: the caller's contract.
        let texts = unsafe { binary_texts(text) };
        // SAFETY: the caller's contract.
        unsafe { self.fail_at(texts, |s, m| operands.failed(s, m)) }
    }
}

/// A two-operand family's operands as C passes them, with the kunit functions that check
/// them and stage their failure: the ones the Rust macros call.
pub(super) trait Operands {
    /// Whether the check holds under the call site's operator `op`.
    fn holds(&self, op: &str) -> bool;
    /// Stages the failure of `site` (kunit's `*_failed` entry point of the family).
    fn failed(&self, site: Site, msg: Msg<'_>) -> bool;
}

/// `EQ`..`GE`, which C compared already: the operands as `long long` (`c_longlong` is
/// `i64`), so they print as `%lld (0x%llx)`.
pub(super) struct Int(pub c_longlong, pub c_longlong);

impl Operands for Int {
    fn holds(&self, _: &str) -> bool {
        false
    }
    fn failed(&self, s: Site, m: Msg<'_>) -> bool {
        kp::binary_failed(s.kind, s.op, s.left, s.right, &self.0, &self.1, m)
    }
}

/// `PTR_EQ`, `PTR_NE`, `NULL`, `NOT_NULL`.
pub(super) struct Ptr(pub *const c_void, pub *const c_void);

impl Operands for Ptr {
    fn holds(&self, op: &str) -> bool {
        kp::ptr_holds(op, &self.0, &self.1)
    }
    fn failed(&self, s: Site, m: Msg<'_>) -> bool {
        kp::ptr_failed(s.kind, s.op, s.left, s.right, &self.0, &self.1, m)
    }
}

/// `STREQ`, `STRNEQ`: NULL or an `ERR_PTR` on either side fails and is never read.
pub(super) struct Str(CStrPtr, CStrPtr);

impl Str {
    /// # Safety
    /// Operands that are real addresses point to C strings that outlive the check.
    pub(super) unsafe fn new(left: *const c_char, right: *const c_char) -> Self {
        // SAFETY: the caller's contract.
        unsafe { Str(CStrPtr::new(left), CStrPtr::new(right)) }
    }
}

impl Operands for Str {
    fn holds(&self, op: &str) -> bool {
        kp::str_holds(op, &self.0, &self.1)
    }
    fn failed(&self, s: Site, m: Msg<'_>) -> bool {
        kp::str_failed(s.kind, s.op, s.left, s.right, &self.0, &self.1, m)
    }
}

/// `MEMEQ`, `MEMNEQ`: `left && right && memcmp(left, right, size) op 0`.
pub(super) struct Mem<'a>(Option<&'a [u8]>, Option<&'a [u8]>, usize);

impl Mem<'_> {
    /// # Safety
    /// Non-NULL operands have `size` readable bytes, unchanged during the check.
    pub(super) unsafe fn new(left: *const c_void, right: *const c_void, size: usize) -> Self {
        let bytes = |p: *const c_void| {
            // SAFETY: the caller's contract: `size` readable bytes behind a non-NULL operand.
            (!p.is_null()).then(|| unsafe { std::slice::from_raw_parts(p.cast::<u8>(), size) })
        };
        Mem(bytes(left), bytes(right), size)
    }
}

impl Operands for Mem<'_> {
    fn holds(&self, op: &str) -> bool {
        kp::mem_holds(op, self.0, self.1, self.2)
    }
    fn failed(&self, s: Site, m: Msg<'_>) -> bool {
        kp::mem_failed(s.kind, s.op, s.left, s.right, self.0, self.1, self.2, m)
    }
}
