//! `kunit_run_irq_test()` and the context queries of `linux/preempt.h` / `linux/irqflags.h`,
//! on run-in-irq.

use super::ctypes::CKunit;
use super::test::from_c;
use std::cell::RefCell;
use std::ffi::{c_int, c_ulong, c_void};

/// The C state pointer, shared by the task, softirq and hardirq calls (as in the kernel).
struct State(*mut c_void);

// SAFETY: the C test owns the state and, as in KUnit, makes its func safe to call from all
// three contexts at once.
unsafe impl Sync for State {}

/// `kunit_run_irq_test(test, func, max_iterations, state)`: run-in-irq's newest algorithm and
/// KUnit's final expectations. `func` must not fail an assertion (it may run in a signal
/// handler); a C `func` that unwinds aborts the process.
///
/// # Safety
/// `test` is a kunit-c test whose Rust test is running; `func` is safe to call with `state`
/// from a signal handler.
#[no_mangle]
pub unsafe extern "C" fn kunit_run_irq_test(
    test: *mut CKunit,
    func: unsafe extern "C" fn(*mut c_void) -> bool,
    max_iterations: c_int,
    state: *mut c_void,
) {
    // SAFETY: the caller's contract.
    let rust = unsafe { &mut *from_c(test).rust };
    let state = State(state);
    run_in_irq::kunit_run_irq_test(
        rust,
        // SAFETY: the caller's contract on `func`.
        |s: &State| unsafe { func(s.0) },
        max_iterations.max(0) as u32,
        &state,
    );
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
