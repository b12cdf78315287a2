//! `kunit_try_catch_run()` and `kunit_try_catch_throw()` (`kunit/try-catch.h`), with
//! lib/kunit/try-catch.c's semantics: `try(context)` runs on a thread of its own, which a
//! throw ends (here: an unwind out of the C frames, which kunit-c compiles with
//! `-fexceptions`); the caller waits for that thread, then runs `catch(context)` itself when
//! `try` did not return.
//!
//! kunit-c's own cases never use this (an assertion unwinds into the Rust case runner); it
//! exists for code that drives a try-catch directly, as KUnit's self-test does.

use super::ctypes::CKunit;
use std::ffi::{c_int, c_void};
use std::panic::{self, AssertUnwindSafe};

/// `kunit_try_catch_func_t`.
type CTryFn = unsafe extern "C-unwind" fn(*mut c_void);

/// `struct kunit_try_catch`.
#[repr(C)]
pub(crate) struct CTryCatch {
    test: *mut CKunit,
    try_result: c_int,
    try_: Option<CTryFn>,
    catch: Option<CTryFn>,
    /// Not enforced (see the header).
    _timeout: std::ffi::c_ulong,
    context: *mut c_void,
}

const EINTR: c_int = 4;
const EFAULT: c_int = 14;

/// The unwind payload of `kunit_try_catch_throw()`.
struct Throw;

/// What the try thread is handed: the C struct, which outlives the thread (the caller
/// waits for it).
struct Job(*mut CTryCatch);

// SAFETY: the struct is only touched by the try thread while the caller waits for it.
unsafe impl Send for Job {}

/// `kunit_try_catch_throw()`: records a throw and ends the try thread (unwinding its
/// frames up to the thread's start, in `kunit_try_catch_run`).
///
/// # Safety
/// `try_catch` is the running try-catch, and this is its try thread.
#[no_mangle]
pub unsafe extern "C-unwind" fn kunit_try_catch_throw(try_catch: *mut CTryCatch) -> ! {
    // SAFETY: the caller's contract.
    unsafe { (*try_catch).try_result = -EFAULT };
    panic::resume_unwind(Box::new(Throw))
}

/// `kunit_try_catch_run()`: runs `try(context)` on a new thread and waits for it. A
/// `try` that returns leaves `try_result` 0 and nothing else happens; a throw leaves 0 and
/// runs `catch(context)`; any other end of the thread (an assertion of another test that
/// unwound it, a panic) is `-EINTR`, logged on the test as "try faulted", and runs
/// `catch(context)` too.
///
/// # Safety
/// `try_catch` was set up (`test`, `try`, `catch`) by `kunit_try_catch_init()`; `test` is a
/// kunit-c test; the functions are safe to call with `context`.
#[no_mangle]
pub unsafe extern "C-unwind" fn kunit_try_catch_run(
    try_catch: *mut CTryCatch,
    context: *mut c_void,
) {
    // SAFETY: the caller's contract.
    unsafe {
        (*try_catch).context = context;
        (*try_catch).try_result = 0;
    }
    let job = Job(try_catch);
    let thread = std::thread::Builder::new()
        .name("kunit_try_catch_thread".into())
        .spawn(move || {
            let job = job;
            let tc = job.0;
            // SAFETY: the caller waits for this thread; its struct and functions are live.
            unsafe { (*tc).try_result = -EINTR };
            // SAFETY: as above.
            let ran = panic::catch_unwind(AssertUnwindSafe(|| unsafe {
                if let Some(try_) = (*tc).try_ {
                    try_((*tc).context);
                }
            }));
            // A throw set -EFAULT before unwinding; anything else that unwound leaves -EINTR.
            if ran.is_ok() {
                // SAFETY: as above.
                unsafe {
                    if (*tc).try_result == -EINTR {
                        (*tc).try_result = 0;
                    }
                }
            }
        });
    // A thread that cannot start: its error, then the catch, as KUnit does.
    let started = match thread {
        Ok(t) => {
            let _ = t.join();
            true
        }
        Err(_) => {
            // SAFETY: the caller's contract.
            unsafe { (*try_catch).try_result = -libc::EAGAIN };
            false
        }
    };
    // SAFETY: the thread has ended; the struct is the caller's again.
    let tc = unsafe { &mut *try_catch };
    let exit_code = tc.try_result;
    if exit_code == 0 {
        return;
    }
    if exit_code == -EFAULT {
        tc.try_result = 0;
    } else if started && !tc.test.is_null() {
        let what = if exit_code == -EINTR {
            "try faulted\n".to_string()
        } else {
            format!("Unknown error: {exit_code}\n")
        };
        // SAFETY: the caller's contract: `test` is a kunit-c test.
        let ct = unsafe { super::c_test::from_c(tc.test) };
        kunit::__private::log(&ct.handle, format_args!("{what}"));
    }
    if let Some(catch) = tc.catch {
        // SAFETY: the caller's contract.
        unsafe { catch(tc.context) };
    }
}
