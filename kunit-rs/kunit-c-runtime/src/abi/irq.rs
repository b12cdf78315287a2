//! The run behind `kunit_run_irq_test()` and the context queries of `linux/preempt.h` / `linux/irqflags.h`,
//! on run-in-irq.

use super::c_test::from_c;
use super::ctypes::CKunit;
use std::cell::RefCell;
use std::ffi::{c_char, c_int, c_ulong, c_void, CStr};

/// The C state pointer, shared by the task, softirq and hardirq calls (as in the kernel).
struct State(*mut c_void);

// SAFETY: the C test owns the state and, as in KUnit, makes its func safe to call from all
// three contexts at once.
unsafe impl Sync for State {}

/// `struct kunit_irq_test_state` of `kunit/run-in-irq-context.h`.
#[repr(C)]
pub(crate) struct CIrqTestState {
    task_func_calls: c_int,
    hardirq_func_calls: c_int,
    softirq_func_calls: c_int,
    task_func_reported_failure: bool,
    hardirq_func_reported_failure: bool,
    softirq_func_reported_failure: bool,
}

/// The run behind `kunit_run_irq_test()` (whose final expectations are made in C, with
/// KUnit's text): run-in-irq's newest algorithm, then setup errors and kernel-rule
/// violations as failures. `func` must not fail an assertion (it may run in a signal
/// handler); a C `func` that unwinds aborts the process. False if the run could not start.
///
/// # Safety
/// `test` is a kunit-c test whose Rust test is running; `func` is safe to call with `state`
/// from a signal handler; `out` is writable.
#[no_mangle]
pub unsafe extern "C-unwind" fn __kunit_c_run_irq_test(
    test: *mut CKunit,
    func: unsafe extern "C" fn(*mut c_void) -> bool,
    max_iterations: c_int,
    state: *mut c_void,
    out: *mut CIrqTestState,
) -> bool {
    // SAFETY: the caller's contract.
    let rust = unsafe { &mut *from_c(test).rust };
    let state = State(state);
    let report = run_in_irq::run_irq_test(
        // SAFETY: the caller's contract on `func`.
        |s: &State| unsafe { func(s.0) },
        max_iterations.max(0) as u32,
        &state,
        &run_in_irq::IrqTestConfig::default(),
    );
    let report = match report {
        Ok(report) => report,
        Err(e) => {
            kunit::kunit_fail!(rust, "kunit_run_irq_test: irq stand-in setup failed: {}", e);
            return false;
        }
    };
    for v in &report.violations {
        kunit::kunit_fail!(rust, "{}", v.message());
    }
    let calls = |n: u32| n.min(c_int::MAX as u32) as c_int;
    // SAFETY: the caller's contract: `out` is writable.
    unsafe {
        out.write(CIrqTestState {
            task_func_calls: calls(report.task_calls),
            hardirq_func_calls: calls(report.hardirq_calls),
            softirq_func_calls: calls(report.softirq_calls),
            task_func_reported_failure: report.task_failed,
            hardirq_func_reported_failure: report.hardirq_failed,
            softirq_func_reported_failure: report.softirq_failed,
        })
    };
    true
}

/// `might_sleep()` in the irq stand-in's hardirq or softirq context: recorded lock-free
/// (this may be a signal handler), reported by `kunit_run_irq_test()` as run-in-irq reports
/// a Rust `might_sleep()` there, at `file:line`.
///
/// # Safety
/// `file` is a NUL-terminated string that lives as long as the program (C's `__FILE__`).
#[no_mangle]
pub unsafe extern "C" fn __kunit_c_might_sleep_in_irq(file: *const c_char, line: c_int) {
    // SAFETY: the caller's contract.
    let file: &'static CStr = unsafe { CStr::from_ptr(file) };
    run_in_irq::might_sleep_at(file, line.max(0) as u32);
}

/// Whether this thread runs the irq stand-in's signal handler (where malloc() may deadlock).
#[no_mangle]
pub extern "C" fn __kunit_c_in_signal_handler() -> bool {
    run_in_irq::in_signal_handler()
}

/// `in_task()`.
#[no_mangle]
pub extern "C" fn __kunit_c_in_task() -> bool {
    run_in_irq::in_task()
}
/// `in_hardirq()`.
#[no_mangle]
pub extern "C" fn __kunit_c_in_hardirq() -> bool {
    run_in_irq::in_hardirq()
}
/// `in_serving_softirq()`.
#[no_mangle]
pub extern "C" fn __kunit_c_in_serving_softirq() -> bool {
    run_in_irq::in_serving_softirq()
}
/// `in_softirq()`.
#[no_mangle]
pub extern "C" fn __kunit_c_in_softirq() -> bool {
    run_in_irq::in_softirq()
}
/// `in_interrupt()`.
#[no_mangle]
pub extern "C" fn __kunit_c_in_interrupt() -> bool {
    run_in_irq::in_interrupt()
}
/// `irqs_disabled()`.
#[no_mangle]
pub extern "C" fn __kunit_c_irqs_disabled() -> bool {
    run_in_irq::irqs_disabled()
}

thread_local! {
    /// The guards of this thread's open `local_irq_save()`s, innermost last.
    static SAVED: RefCell<Vec<run_in_irq::IrqSaveGuard>> = const { RefCell::new(Vec::new()) };
}

/// `local_irq_save(flags)`: masks the hardirq stand-in; `flags` is the nesting depth.
#[no_mangle]
pub extern "C" fn __kunit_c_local_irq_save() -> c_ulong {
    let guard = run_in_irq::local_irq_save();
    SAVED.with(|s| {
        let mut s = s.borrow_mut();
        s.push(guard);
        s.len() as c_ulong
    })
}

/// `local_irq_restore(flags)`: undoes the saves down to the one that returned `flags`
/// (0: all of them, as `local_irq_enable()`).
#[no_mangle]
pub extern "C" fn __kunit_c_local_irq_restore(flags: c_ulong) {
    let keep = (flags as usize).saturating_sub(1);
    // Drop outside the borrow: enabling irqs may run a pending hardirq.
    let dropped: Vec<_> = SAVED.with(|s| {
        let mut s = s.borrow_mut();
        let keep = keep.min(s.len());
        s.drain(keep..).collect()
    });
    for guard in dropped.into_iter().rev() {
        drop(guard);
    }
}
