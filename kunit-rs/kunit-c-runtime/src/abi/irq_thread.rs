//! The callbacks of kunit-c's timer bases and workqueue workers (the glue's `timer.c` and
//! `workqueue.c`): each runs in the context the kernel gives it — softirq for a timer, hardirq
//! for an hrtimer, process context for a work item — with the test that armed or queued it as
//! the thread's current C test, and what it did there that the kernel forbids
//! (`might_sleep()` in softirq or hardirq, a blocking allocation in hardirq) fails that test
//! afterwards with the kernel's report, as `kunit_run_irq_test()` reports it.

use super::c_test::{from_c, with_current};
use super::ctypes::{CKunit, KUNIT_FAILURE};
use std::ffi::{c_int, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};

const CTX_SOFTIRQ: c_int = 1;
const CTX_HARDIRQ: c_int = 2;

/// Runs `f(arg)` in `context` (0 task, 1 softirq, 2 hardirq) with `test` (or none) as the
/// thread's current C test, then fails `test` once per kernel-rule violation the call
/// recorded. An assertion that fails inside `f` has already failed its test; its unwind
/// ends here, as the callback ends.
///
/// # Safety
/// `test` is NULL or a live kunit-c test; `f` may be called with `arg`.
#[no_mangle]
pub unsafe extern "C" fn __kunit_c_serve(
    context: c_int,
    test: *mut CKunit,
    f: unsafe extern "C-unwind" fn(*mut c_void),
    arg: *mut c_void,
) {
    // SAFETY: the caller's contract on `f` and `arg`.
    let call = || drop(catch_unwind(AssertUnwindSafe(|| unsafe { f(arg) })));
    with_current(test, || match context {
        CTX_SOFTIRQ => run_in_irq::serve_softirq(call),
        CTX_HARDIRQ => run_in_irq::serve_hardirq(call),
        _ => call(),
    });
    for v in run_in_irq::take_violations() {
        let text = v.message();
        if test.is_null() {
            // Armed outside any test (or its test ended): the kernel's log, stderr here.
            eprintln!("{text}");
            continue;
        }
        // SAFETY: the caller's contract: a live kunit-c test.
        let ct = unsafe { from_c(test) };
        ct.handle.set_failure();
        kunit::__private::log(&ct.handle, format_args!("{text}"));
        ct.cstruct().status = KUNIT_FAILURE;
    }
}
