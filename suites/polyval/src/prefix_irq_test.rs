//! The seed bug's model: `kunit_run_irq_test()` as it was before "kunit: Enforce task
//! execution in {soft,hard}irq contexts" (upstream V1), on run-in-irq's irq stand-ins. It
//! lives here, with the suite that reproduces the bug, and not in the published run-in-irq
//! (which has the fixed algorithm only):
//!
//! * a fixed 5 µs timer: each expiry calls `func` in hardirq context, re-arms itself and
//!   queues the BH work (which coalesces while pending), whose run calls `func` in softirq
//!   context;
//! * the task loop calls `func` `max_iterations` times — counting its own calls only — or
//!   until the time limit;
//! * then the same final expectations as today's `kunit_run_irq_test`.
//!
//! On a slow machine (the first expiry only after the task's `max_iterations` calls, see
//! [`IrqStartup`]) the loop ends before any irq: "Timer function was not called" and "BH
//! work function was not called", deterministically.

use kunit::prelude::*;
use run_in_irq::{
    kunit_expect_irq_test_report, take_violations, with_irq_line, IrqHandler, IrqLine, IrqStartup,
    IrqTestConfig, IrqTestReport, LineConfig, INITIAL_INTERVAL_NS,
};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};
use std::time::Instant;

/// What the three contexts share (the C `struct kunit_irq_test_state` of V1).
struct PreFixState<'s, S, F> {
    func: &'s F,
    state: &'s S,
    hardirq_calls: AtomicU32,
    softirq_calls: AtomicU32,
    hardirq_failed: AtomicBool,
    softirq_failed: AtomicBool,
    bh_pending: AtomicBool,
}

impl<S: Sync, F: Fn(&S) -> bool + Sync> IrqHandler for PreFixState<'_, S, F> {
    /// The hrtimer callback: no back-off, the interval stays 5 µs.
    fn hardirq(&self, line: &IrqLine<'_>) {
        self.hardirq_calls.fetch_add(1, Relaxed);
        if !(self.func)(self.state) {
            self.hardirq_failed.store(true, Relaxed);
        }
        line.arm_timer_ns(INITIAL_INTERVAL_NS);
        if !self.bh_pending.swap(true, Relaxed) {
            line.raise_softirq();
        }
    }

    /// The BH work function.
    fn softirq(&self, _line: &IrqLine<'_>) {
        if !self.bh_pending.swap(false, Relaxed) {
            return;
        }
        self.softirq_calls.fetch_add(1, Relaxed);
        if !(self.func)(self.state) {
            self.softirq_failed.store(true, Relaxed);
        }
    }
}

/// The pre-fix `kunit_run_irq_test(test, func, max_iterations, state)` with `config`'s
/// line settings, start-up and time limit.
pub fn kunit_run_irq_test_prefix<S: Sync, F: Fn(&S) -> bool + Sync>(
    test: &mut Kunit,
    func: F,
    max_iterations: u32,
    state: &S,
    config: &IrqTestConfig,
) {
    let shared = PreFixState {
        func: &func,
        state,
        hardirq_calls: AtomicU32::new(0),
        softirq_calls: AtomicU32::new(0),
        hardirq_failed: AtomicBool::new(false),
        softirq_failed: AtomicBool::new(false),
        bh_pending: AtomicBool::new(false),
    };
    let line_config = LineConfig {
        softirq_mode: config.softirq_mode,
        hardirq_timer: config.hardirq_timer,
    };
    let (first_expiry, arm_after_calls) = match config.startup {
        IrqStartup::Immediate => (INITIAL_INTERVAL_NS, 0),
        IrqStartup::Delay(d) => (INITIAL_INTERVAL_NS + d.as_nanos() as u64, 0),
        IrqStartup::AfterTaskCalls(n) => (INITIAL_INTERVAL_NS, n),
    };
    let ran = with_irq_line(&shared, line_config, |line| {
        let start = Instant::now();
        let end = start + config.time_limit;
        let mut armed = arm_after_calls == 0;
        if armed {
            line.arm_timer_ns(first_expiry);
        }
        let (mut task_calls, mut task_failed) = (0u32, false);
        // The pre-fix rule: only the task's own calls count.
        while task_calls < max_iterations && Instant::now() <= end {
            task_failed |= !func(state);
            task_calls += 1;
            if !armed && task_calls > arm_after_calls {
                armed = true;
                line.arm_timer_ns(first_expiry);
            }
        }
        (
            task_calls,
            task_failed,
            start.elapsed(),
            line.hardirq_timer(),
        )
    });
    let (task_calls, task_failed, elapsed, hardirq_timer) = match ran {
        Ok(r) => r,
        Err(e) => {
            kunit_fail!(test, "kunit_run_irq_test: irq stand-in setup failed: {}", e);
            return;
        }
    };
    let (h, s) = (
        shared.hardirq_calls.load(Relaxed),
        shared.softirq_calls.load(Relaxed),
    );
    let report = IrqTestReport {
        task_calls,
        hardirq_calls: h,
        softirq_calls: s,
        task_failed,
        hardirq_failed: shared.hardirq_failed.load(Relaxed),
        softirq_failed: shared.softirq_failed.load(Relaxed),
        elapsed,
        all_contexts_after: None,
        final_interval_ns: INITIAL_INTERVAL_NS,
        hardirq_timer,
        violations: take_violations(),
    };
    kunit_expect_irq_test_report(test, &report);
}
