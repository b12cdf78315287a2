//! The assertion entry points of `kunit/test.h`: the C macros compare integers and truth
//! values in C (in the operands' own types) and call here only on failure; pointer, string
//! and memory checks are made here, by the same functions the Rust macros use. Every failure
//! text comes from kunit's formatter. An ASSERTION unwinds (`C-unwind`) through the C frames.

use super::ctypes::{CBinaryText, CKunit, CLoc, CMsg, KUNIT_ASSERTION, KUNIT_FAILURE};
use super::test::from_c;
use kunit::__private::{self as kp, AssertType, BinaryText};
use kunit::assert::format::Operand;
use kunit::{CStrPtr, Loc};
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

/// # Safety
/// `loc` points to a `static const struct kunit_loc`.
unsafe fn loc(loc: *const CLoc) -> Loc {
    // SAFETY: the caller's contract.
    let l = unsafe { &*loc };
    Loc {
        // SAFETY: `__FILE__` is a string literal.
        file: unsafe { static_str(l.file) },
        line: l.line.max(0) as u32,
    }
}

/// # Safety
/// `text` points to a `static const struct kunit_binary_assert_text`.
unsafe fn binary_text(text: *const CBinaryText) -> BinaryText<'static> {
    // SAFETY: the caller's contract; its members are string literals.
    unsafe {
        let t = &*text;
        BinaryText {
            operation: static_str(t.operation),
            left: static_str(t.left_text),
            right: static_str(t.right_text),
        }
    }
}

fn kind(t: c_int) -> AssertType {
    if t == KUNIT_ASSERTION {
        AssertType::Assertion
    } else {
        AssertType::Expectation
    }
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

/// Records the failure on the test (and its C mirror), prints it, and for an ASSERTION
/// unwinds out of the case.
fn report(test: *mut CKunit, kind: AssertType, text: String) {
    // SAFETY: every `struct kunit *` C passes was made by kunit-c.
    let ct = unsafe { from_c(test) };
    ct.c.status = KUNIT_FAILURE;
    let handle = ct.handle.clone();
    kp::report(&handle, kind, text);
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
    // SAFETY: the macros' arguments.
    let (l, msg) = unsafe { (loc(l), take_msg(msg)) };
    let text = with_msg(&msg, |m| kp::fail(kind(t), &l, m));
    report(test, kind(t), text);
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
    // SAFETY: the macros' arguments (`#condition` is a literal).
    let (l, condition, msg) = unsafe { (loc(l), static_str(condition), take_msg(msg)) };
    let text = with_msg(&msg, |m| {
        kp::unary(kind(t), &l, condition, expected_true, m)
    });
    report(test, kind(t), text);
}

/// `KUNIT_{EXPECT,ASSERT}_{EQ,NE,LT,LE,GT,GE}` after the comparison failed.
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
    // SAFETY: the macros' arguments.
    let (l, bt, msg) = unsafe { (loc(l), binary_text(text), take_msg(msg)) };
    let out = with_msg(&msg, |m| {
        kp::binary(kind(t), &l, bt, Operand::Int(left), Operand::Int(right), m)
    });
    report(test, kind(t), out);
}

/// Runs a check that returns the failure text, formatting the message only on failure.
fn check(
    test: *mut CKunit,
    t: c_int,
    msg: *mut CMsg,
    f: impl Fn(Option<fmt::Arguments<'_>>) -> Option<String>,
) {
    if f(None).is_none() {
        return;
    }
    // SAFETY: `msg` comes from the macro's variadic helper, still live.
    let msg = unsafe { take_msg(msg) };
    if let Some(text) = with_msg(&msg, &f) {
        report(test, kind(t), text);
    }
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
    let (l, bt) = unsafe { (loc(l), binary_text(text)) };
    let (left, right) = (left.cast::<u8>(), right.cast::<u8>());
    check(test, t, msg, |m| kp::ptr(kind(t), &l, bt, &left, &right, m));
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
    // SAFETY: the macros' arguments (`#ptr` is a literal).
    let (l, text) = unsafe { (loc(l), static_str(text)) };
    let ptr = ptr.cast::<u8>();
    check(test, t, msg, |m| {
        kp::not_err_or_null(kind(t), &l, text, &ptr, m)
    });
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
    let (l, bt, left, right) = unsafe {
        (
            loc(l),
            binary_text(text),
            CStrPtr::new(left),
            CStrPtr::new(right),
        )
    };
    check(test, t, msg, |m| kp::str(kind(t), &l, bt, &left, &right, m));
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
    // SAFETY: the macros' arguments.
    let (l, bt) = unsafe { (loc(l), binary_text(text)) };
    let bytes = |p: *const c_void| -> Option<&[u8]> {
        // SAFETY: the caller's contract: `size` readable bytes behind a non-NULL operand.
        (!p.is_null()).then(|| unsafe { std::slice::from_raw_parts(p.cast::<u8>(), size) })
    };
    let (left, right) = (bytes(left), bytes(right));
    check(test, t, msg, |m| {
        kp::mem(kind(t), &l, bt, &left, &right, size, m)
    });
}
