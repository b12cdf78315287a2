//! The assertion entry points of `kunit/test.h`: the C macros compare integers and truth
//! values in C (in the operands' own types) and call here only on failure; pointer, string
//! and memory checks are made here, by the same functions the Rust macros use. Every failure
//! text comes from kunit's formatter. An ASSERTION unwinds (`C-unwind`) through the C frames.

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
    ct.c.status = KUNIT_FAILURE;
    let handle = ct.handle.clone();
    kp::report(&handle);
}

/// Stages the failure of `site` with the user message, at the C location, then reports it.
///
/// # Safety
/// `l` is the call site's static location; `msg` is NULL or a live `struct __kunit_c_msg`.
unsafe fn fail_with<R>(
    test: *mut CKunit,
    l: *const CLoc,
    msg: *mut CMsg,
    failed: impl FnOnce(Option<fmt::Arguments<'_>>) -> R,
) {
    // SAFETY: the caller's contract.
    let msg = unsafe { take_msg(msg) };
    // SAFETY: the caller's contract.
    unsafe { at(l, || with_msg(&msg, failed)) };
    report(test);
}

/// `KUNIT_FAIL`, `KUNIT_FAIL_AND_ABORT`.
///
/// # Safety
/// Called by the `kunit/test.h` macros with their static location and message.
#[no_mangle]
pub unsafe extern "C-unwind" fn __kunit_c_fail(
    test: *mut CKunit,
    l: *const CLoc,
    t: c_int,
    msg: *mut CMsg,
) {
    let site = site(t, ["", "", ""]);
    // SAFETY: the macros' arguments.
    unsafe {
        fail_with(test, l, msg, |m| match m {
            Some(m) => kp::fail_failed(site.kind, m),
            None => kp::fail_failed(site.kind, format_args!("")),
        })
    };
}

/// `KUNIT_{EXPECT,ASSERT}_{TRUE,FALSE}` after the condition came out wrong.
///
/// # Safety
/// Called by the `kunit/test.h` macros.
#[no_mangle]
pub unsafe extern "C-unwind" fn __kunit_c_unary(
    test: *mut CKunit,
    l: *const CLoc,
    t: c_int,
    condition: *const c_char,
    expected_true: bool,
    msg: *mut CMsg,
) {
    // SAFETY: `#condition` is a literal.
    let site = site(t, [unsafe { static_str(condition) }, "", ""]);
    // SAFETY: the macros' arguments.
    unsafe {
        fail_with(test, l, msg, |m| {
            kp::unary_failed(site.kind, site.left, expected_true, m)
        })
    };
}

/// The two-operand families' one path: nothing when `holds` (given the call site's
/// operator), else the call site's [`Site`] goes to `failed` with the user message, at the C
/// location, and the failure is reported.
///
/// # Safety
/// `text` and `l` are the macros' static text and location; `msg` is NULL or a live
/// `struct __kunit_c_msg`.
unsafe fn binary_check(
    test: *mut CKunit,
    l: *const CLoc,
    t: c_int,
    text: *const CBinaryText,
    msg: *mut CMsg,
    holds: impl FnOnce(&'static str) -> bool,
    failed: impl FnOnce(Site, Option<fmt::Arguments<'_>>) -> bool,
) {
    // SAFETY: the caller's contract (only the operator is read on the passing path).
    if holds(unsafe { op_text(text) }) {
        return;
    }
    // SAFETY: the caller's contract.
    let site = site(t, unsafe { binary_texts(text) });
    // SAFETY: the caller's contract.
    unsafe { fail_with(test, l, msg, |m| failed(site, m)) };
}

/// `KUNIT_{EXPECT,ASSERT}_{EQ,NE,LT,LE,GT,GE}` after the comparison failed: the operands
/// arrive as `long long` (`c_longlong` is `i64`), so they print as `%lld (0x%llx)`.
///
/// # Safety
/// Called by the `kunit/test.h` macros.
#[no_mangle]
pub unsafe extern "C-unwind" fn __kunit_c_binary(
    test: *mut CKunit,
    l: *const CLoc,
    t: c_int,
    text: *const CBinaryText,
    left: c_longlong,
    right: c_longlong,
    msg: *mut CMsg,
) {
    // SAFETY: the macros' arguments (C compared the operands already).
    unsafe {
        binary_check(
            test,
            l,
            t,
            text,
            msg,
            |_| false,
            |s, m| kp::binary_failed(s.kind, s.op, s.left, s.right, &left, &right, m),
        )
    };
}

/// `PTR_EQ`, `PTR_NE`, `NULL`, `NOT_NULL`.
///
/// # Safety
/// Called by the `kunit/test.h` macros.
#[no_mangle]
pub unsafe extern "C-unwind" fn __kunit_c_ptr(
    test: *mut CKunit,
    l: *const CLoc,
    t: c_int,
    text: *const CBinaryText,
    left: *const c_void,
    right: *const c_void,
    msg: *mut CMsg,
) {
    // SAFETY: the macros' arguments.
    unsafe {
        binary_check(
            test,
            l,
            t,
            text,
            msg,
            |op| kp::ptr_holds(op, &left, &right),
            |s, m| kp::ptr_failed(s.kind, s.op, s.left, s.right, &left, &right, m),
        )
    };
}

/// `NOT_ERR_OR_NULL`.
///
/// # Safety
/// Called by the `kunit/test.h` macros.
#[no_mangle]
pub unsafe extern "C-unwind" fn __kunit_c_not_err_or_null(
    test: *mut CKunit,
    l: *const CLoc,
    t: c_int,
    text: *const c_char,
    ptr: *const c_void,
    msg: *mut CMsg,
) {
    if kp::not_err_or_null_holds(&ptr) {
        return;
    }
    // SAFETY: `#ptr` is a literal.
    let site = site(t, [unsafe { static_str(text) }, "", ""]);
    // SAFETY: the macros' arguments.
    unsafe {
        fail_with(test, l, msg, |m| {
            kp::not_err_or_null_failed(site.kind, site.left, &ptr, m)
        })
    };
}

/// `STREQ`, `STRNEQ`: NULL or an `ERR_PTR` on either side fails and is never read.
///
/// # Safety
/// Called by the `kunit/test.h` macros; real addresses point to C strings.
#[no_mangle]
pub unsafe extern "C-unwind" fn __kunit_c_str(
    test: *mut CKunit,
    l: *const CLoc,
    t: c_int,
    text: *const CBinaryText,
    left: *const c_char,
    right: *const c_char,
    msg: *mut CMsg,
) {
    // SAFETY: the macros' arguments; the strings outlive this call.
    let (left, right) = unsafe { (CStrPtr::new(left), CStrPtr::new(right)) };
    // SAFETY: the macros' arguments.
    unsafe {
        binary_check(
            test,
            l,
            t,
            text,
            msg,
            |op| kp::str_holds(op, &left, &right),
            |s, m| kp::str_failed(s.kind, s.op, s.left, s.right, &left, &right, m),
        )
    };
}

/// `MEMEQ`, `MEMNEQ`: `left && right && memcmp(left, right, size) op 0`.
///
/// # Safety
/// Called by the `kunit/test.h` macros; non-NULL operands have `size` readable bytes.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C-unwind" fn __kunit_c_mem(
    test: *mut CKunit,
    l: *const CLoc,
    t: c_int,
    text: *const CBinaryText,
    left: *const c_void,
    right: *const c_void,
    size: usize,
    msg: *mut CMsg,
) {
    let bytes = |p: *const c_void| -> Option<&[u8]> {
        // SAFETY: the caller's contract: `size` readable bytes behind a non-NULL operand.
        (!p.is_null()).then(|| unsafe { std::slice::from_raw_parts(p.cast::<u8>(), size) })
    };
    let (left, right) = (bytes(left), bytes(right));
    // SAFETY: the macros' arguments.
    unsafe {
        binary_check(
            test,
            l,
            t,
            text,
            msg,
            |op| kp::mem_holds(op, left, right, size),
            |s, m| kp::mem_failed(s.kind, s.op, s.left, s.right, left, right, size, m),
        )
    };
}
