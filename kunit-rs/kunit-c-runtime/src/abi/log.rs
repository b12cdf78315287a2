//! `kunit_info/warn/err`, `kunit_log`, `kunit_skip`, `kunit_mark_skipped`,
//! `kunit_set_failure` and `kunit_fail_current_test` for C.

use super::assert::take_c_string;
use super::c_test::{from_c, kunit_get_current_test, sync_status};
use super::ctypes::{CKunit, CSuite, KUNIT_FAILURE};
use super::registry::rust_suite;
use std::ffi::{c_char, c_int, CStr};

/// One log entry: `    # <name>: <text>` when `prefixed`, else the text as is.
///
/// # Safety
/// `test` is a kunit-c test; `text` is NULL or a malloc'd string (freed here).
#[no_mangle]
pub unsafe extern "C" fn __kunit_c_log(test: *mut CKunit, prefixed: bool, text: *mut c_char) {
    // SAFETY: the caller's contract.
    let (ct, text) = unsafe { (from_c(test), take_c_string(text).unwrap_or_default()) };
    if prefixed {
        kunit::__private::log(&ct.handle, format_args!("{text}"));
    } else {
        kunit::c_abi::log_raw(&ct.handle, &text);
    }
}

/// One log entry on a suite (`kunit_info(suite, ...)`, `kunit_log(lvl, suite, ...)`):
/// `    # <suite>: <text>` when `prefixed`, else the text as is — where kunit puts the lines
/// of a suite's `suite_init`/`suite_exit` (see `kunit::suite_log`).
///
/// # Safety
/// `suite` is a registered C suite; `text` is NULL or a malloc'd string (freed here).
#[no_mangle]
pub unsafe extern "C" fn __kunit_c_suite_log(
    suite: *const CSuite,
    prefixed: bool,
    text: *mut c_char,
) {
    // SAFETY: the caller's contract.
    let text = unsafe { take_c_string(text).unwrap_or_default() };
    let Some(rust) = rust_suite(suite) else {
        // Not a registered suite (KUnit's self-test logs on one of its own): printk's line,
        // where the running test's output is, as the kernel's console has it; off the run,
        // to stderr.
        let current = kunit_get_current_test();
        let line = if prefixed {
            // SAFETY: the caller's contract: a suite, whose name is NUL-terminated.
            let name = unsafe { CStr::from_ptr((*suite).name.as_ptr()) }.to_string_lossy();
            format!("    # {name}: {text}")
        } else {
            text
        };
        if current.is_null() {
            return eprintln!("{line}");
        }
        // SAFETY: the current C test is a kunit-c test.
        return kunit::c_abi::log_raw(&unsafe { from_c(current) }.handle, &line);
    };
    let suite = rust;
    if prefixed {
        kunit::suite_log::log(suite, format_args!("{text}"));
    } else {
        kunit::suite_log::log_raw(suite, &text);
    }
}

/// `kunit_mark_skipped` (`abort` false) and `kunit_skip` (`abort` true: unwinds).
///
/// # Safety
/// `test` is a kunit-c test; `reason` is NULL or a malloc'd string (freed here).
#[no_mangle]
pub unsafe extern "C-unwind" fn __kunit_c_skip(
    test: *mut CKunit,
    reason: *mut c_char,
    abort: bool,
) {
    // SAFETY: the caller's contract.
    let (ct, reason) = unsafe { (from_c(test), take_c_string(reason).unwrap_or_default()) };
    let handle = ct.handle.clone();
    kunit::__private::mark_skipped(&handle, format_args!("{reason}"));
    sync_status(ct);
    if abort {
        kunit::__private::skip(kunit::__private::shared(&handle), format_args!("{reason}"));
    }
}

/// `kunit_set_failure()`: fails the test without printing.
///
/// # Safety
/// `test` is a kunit-c test.
#[no_mangle]
pub unsafe extern "C" fn kunit_set_failure(test: *mut CKunit) {
    // SAFETY: the caller's contract.
    let ct = unsafe { from_c(test) };
    ct.handle.set_failure();
    ct.cstruct().status = KUNIT_FAILURE;
}

/// `kunit_fail_current_test()`: `    # <name>: <file>:<line>: <message>` on the current
/// test, which fails; nothing outside tests.
///
/// # Safety
/// `file` is a string literal; `msg` is NULL or a malloc'd string (freed here).
#[no_mangle]
pub unsafe extern "C" fn __kunit_c_fail_current_test(
    file: *const c_char,
    line: c_int,
    msg: *mut c_char,
) {
    // SAFETY: the caller's contract.
    let msg = unsafe { take_c_string(msg).unwrap_or_default() };
    // SAFETY: `__FILE__`.
    let file = unsafe { CStr::from_ptr(file) }.to_string_lossy();
    let current = kunit_get_current_test();
    if current.is_null() {
        // No C test current: kunit's current test, if any.
        kunit::__private::fail_current_test(&file, line.max(0) as u32, format_args!("{msg}"));
        return;
    }
    // `current->kunit_test`, which C code may have pointed at a test of its own (KUnit's
    // self-test does): that test fails, not the one running.
    // SAFETY: the current C test is a kunit-c test.
    let ct = unsafe { from_c(current) };
    ct.handle.set_failure();
    kunit::__private::log(&ct.handle, format_args!("{file}:{line}: {msg}"));
    ct.cstruct().status = KUNIT_FAILURE;
}

/// A test or suite log stream was set, but KUnit's string_stream code is not linked to
/// write it: said, and the process ends (a log cannot be silently dropped).
#[no_mangle]
pub extern "C" fn __kunit_c_stream_missing() -> ! {
    eprintln!(
        "kunit-c: a KUnit log stream (struct string_stream) was set on a test or suite, but \
         lib/kunit/string-stream.c, which writes it, is not linked"
    );
    std::process::abort();
}
