//! Signal hygiene: the previous disposition, alternate stack and mask come back;
//! errno survives an interrupt; a panicking task function still tears down.

use crate::probe::*;
use kunit::prelude::*;
use run_in_irq::{irq_signal, run_irq_test, with_irq_line, Context, IrqLine, SoftirqMode};
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering::SeqCst};

static DUMMY_CALLS: AtomicU32 = AtomicU32::new(0);
extern "C" fn dummy(_: libc::c_int) {
    DUMMY_CALLS.fetch_add(1, SeqCst);
}

fn current_handler() -> usize {
    // SAFETY: querying the disposition only.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(irq_signal(), std::ptr::null(), &mut old);
        old.sa_sigaction
    }
}

fn set_handler(handler: usize) {
    // SAFETY: installs a trivial async-signal-safe handler (or SIG_DFL).
    unsafe {
        let mut act: libc::sigaction = std::mem::zeroed();
        act.sa_sigaction = handler;
        libc::sigaction(irq_signal(), &act, std::ptr::null_mut());
    }
}

fn altstack() -> (usize, usize) {
    // SAFETY: querying only.
    unsafe {
        let mut ss: libc::stack_t = std::mem::zeroed();
        libc::sigaltstack(std::ptr::null(), &mut ss);
        (ss.ss_sp as usize, ss.ss_size)
    }
}

fn irq_signal_blocked() -> bool {
    // SAFETY: querying the mask only.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::pthread_sigmask(libc::SIG_BLOCK, std::ptr::null(), &mut set);
        libc::sigismember(&set, irq_signal()) == 1
    }
}

fn test_previous_state_restored(test: &mut Kunit) {
    DUMMY_CALLS.store(0, SeqCst);
    set_handler(dummy as *const () as usize);
    let stack_before = altstack();
    let blocked_before = irq_signal_blocked();
    let probe = Probe::default();
    let r = with_irq_line(&probe, SoftirqMode::OnIrqExit, |line| {
        line.raise_hardirq();
        (altstack(), current_handler())
    });
    let after = current_handler();
    set_handler(libc::SIG_DFL);
    let Some((stack_during, handler_during)) = line_ok(test, r) else {
        return;
    };
    kunit_expect_eq!(test, probe.hardirq_calls.load(SeqCst), 1);
    kunit_expect_eq!(test, DUMMY_CALLS.load(SeqCst), 0);
    kunit_expect_ne!(test, handler_during, dummy as *const () as usize);
    kunit_expect_ne!(test, stack_during, stack_before);
    kunit_expect_eq!(test, after, dummy as *const () as usize);
    kunit_expect_eq!(test, altstack(), stack_before);
    kunit_expect_eq!(test, irq_signal_blocked(), blocked_before);
}

fn clobber_errno(_: &Probe, _: &IrqLine<'_>) {
    // SAFETY: close(-1) only sets errno (EBADF).
    unsafe { libc::close(-1) };
}

fn test_errno_survives_interrupt(test: &mut Kunit) {
    let probe = Probe {
        on_hardirq: Some(clobber_errno),
        ..Probe::default()
    };
    let r = with_irq_line(&probe, SoftirqMode::OnIrqExit, |line| {
        // SAFETY: writing this thread's errno.
        unsafe { *libc::__errno_location() = libc::EDOM };
        line.raise_hardirq();
        // SAFETY: reading this thread's errno.
        unsafe { *libc::__errno_location() }
    });
    let Some(errno) = line_ok(test, r) else {
        return;
    };
    kunit_expect_eq!(test, probe.hardirq_calls.load(SeqCst), 1);
    kunit_expect_eq!(test, errno, libc::EDOM);
}

static TASK_CALLS: AtomicUsize = AtomicUsize::new(0);
fn panics_in_task(_: &()) -> bool {
    if Context::current() == Context::Task && TASK_CALLS.fetch_add(1, SeqCst) == 1_000 {
        panic!("task function panicked on purpose");
    }
    true
}

fn test_panic_in_task_tears_down(test: &mut Kunit) {
    let before = current_handler();
    TASK_CALLS.store(0, SeqCst);
    let caught = std::panic::catch_unwind(|| {
        run_irq_test(
            panics_in_task,
            1_000_000,
            &(),
            &run_in_irq::IrqTestConfig::default(),
        )
    });
    kunit_expect_true!(test, caught.is_err());
    kunit_expect_eq!(test, current_handler(), before);
    kunit_expect_false!(test, irq_signal_blocked());
    // And the machinery still works afterwards.
    let r = run_irq_test(
        |_: &()| true,
        1_000,
        &(),
        &run_in_irq::IrqTestConfig::default(),
    );
    let Some(r) = line_ok(test, r) else { return };
    kunit_expect_gt!(test, r.hardirq_calls, 0);
}

static CASES: &[Case] = &[
    kunit_case!(test_previous_state_restored),
    kunit_case!(test_errno_survives_interrupt),
    kunit_case!(test_panic_in_task_tears_down),
];

kunit_test_suite!(Suite {
    name: "run_in_irq_signals",
    test_cases: CASES,
    // Inspects and replaces the process-wide disposition: nothing else may run.
    attr: Attributes {
        serial: true,
        ..Attributes::DEFAULT
    },
    ..Suite::DEFAULT
});
