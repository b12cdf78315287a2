//! Masking defers, never loses: a hardirq (or a timer expiry) that arrives while
//! irqs are disabled runs when they are enabled; softirq work raised while BHs are
//! disabled runs at the outermost `local_bh_enable()`; softirq rounds per irq exit
//! are bounded by MAX_SOFTIRQ_RESTART.

use crate::probe::*;
use kunit::prelude::*;
use run_in_irq::{
    local_bh_disable, local_irq_save, with_irq_line, HardirqTimer, IrqLine, LineConfig, SoftirqMode,
};
use std::sync::atomic::Ordering::SeqCst;
use std::time::Duration;

fn test_masked_hardirq_is_deferred_not_lost(test: &mut Kunit) {
    let probe = Probe::default();
    let r = with_irq_line(&probe, SoftirqMode::OnIrqExit, |line| {
        let outer = local_irq_save();
        let inner = local_irq_save();
        line.raise_hardirq();
        let while_masked = probe.hardirq_calls.load(SeqCst);
        drop(inner);
        let after_inner = probe.hardirq_calls.load(SeqCst);
        drop(outer);
        (while_masked, after_inner, probe.hardirq_calls.load(SeqCst))
    });
    let Some((masked, after_inner, after)) = line_ok(test, r) else {
        return;
    };
    kunit_expect_eq!(test, masked, 0);
    kunit_expect_eq!(test, after_inner, 0);
    kunit_expect_eq!(test, after, 1);
    // Replayed in task context, not in a signal handler, still a hardirq.
    kunit_expect_eq!(
        test,
        probe.hardirq_seen.load(SeqCst),
        HARDIRQ | INTERRUPT | IRQS_DISABLED
    );
}

fn test_masked_timer_expiry_delivered_on_restore(test: &mut Kunit) {
    for hardirq_timer in [HardirqTimer::TimerThread, HardirqTimer::PosixTimer] {
        let probe = Probe::default();
        let config = LineConfig {
            softirq_mode: SoftirqMode::OnIrqExit,
            hardirq_timer,
        };
        let r = with_irq_line(&probe, config, |line| {
            let irq = local_irq_save();
            line.arm_timer_ns(5_000);
            // Long enough for the timer thread to be scheduled on a loaded machine.
            std::thread::sleep(Duration::from_millis(100));
            let while_masked = probe.hardirq_calls.load(SeqCst);
            drop(irq);
            (while_masked, probe.hardirq_calls.load(SeqCst))
        });
        let Some((masked, after)) = line_ok(test, r) else {
            return;
        };
        kunit_expect_eq_msg!(test, masked, 0, "{:?}", hardirq_timer);
        kunit_expect_eq_msg!(test, after, 1, "{:?}", hardirq_timer);
    }
}

fn test_bh_disable_defers_softirq(test: &mut Kunit) {
    let probe = Probe::default();
    probe.raise_softirq.store(true, SeqCst);
    let r = with_irq_line(&probe, SoftirqMode::OnIrqExit, |line| {
        let outer = local_bh_disable();
        let inner = local_bh_disable();
        line.raise_hardirq();
        let hard = probe.hardirq_calls.load(SeqCst);
        let soft_masked = probe.softirq_calls.load(SeqCst);
        drop(inner);
        let soft_inner = probe.softirq_calls.load(SeqCst);
        drop(outer);
        (
            hard,
            soft_masked,
            soft_inner,
            probe.softirq_calls.load(SeqCst),
        )
    });
    let Some((hard, masked, inner, after)) = line_ok(test, r) else {
        return;
    };
    kunit_expect_eq!(test, hard, 1);
    kunit_expect_eq!(test, masked, 0);
    kunit_expect_eq!(test, inner, 0);
    kunit_expect_eq!(test, after, 1);
    // Run by local_bh_enable() on the task's own stack.
    kunit_expect_eq!(
        test,
        probe.softirq_seen.load(SeqCst),
        SERVING_SOFTIRQ | SOFTIRQ | INTERRUPT | SIMD
    );
    kunit_expect_eq!(test, probe.softirq_tid.load(SeqCst), gettid());
}

/// Softirq hook: keep re-raising itself until 25 rounds have run.
fn reraise_until_25(p: &Probe, line: &IrqLine<'_>) {
    if p.softirq_calls.load(SeqCst) < 25 {
        line.raise_softirq();
    }
}

fn test_softirq_restart_limit(test: &mut Kunit) {
    let probe = Probe {
        on_softirq: Some(reraise_until_25),
        ..Probe::default()
    };
    probe.raise_softirq.store(true, SeqCst);
    let r = with_irq_line(&probe, SoftirqMode::OnIrqExit, |line| {
        line.raise_hardirq();
        let after_irq = probe.softirq_calls.load(SeqCst);
        drop(local_bh_disable()); // local_bh_enable() processes what is still pending
        let after_bh = probe.softirq_calls.load(SeqCst);
        (after_irq, after_bh)
    });
    let Some((after_irq, after_bh)) = line_ok(test, r) else {
        return;
    };
    let max = run_in_irq::MAX_SOFTIRQ_RESTART;
    kunit_expect_eq!(test, after_irq, max);
    kunit_expect_eq!(test, after_bh, 2 * max);
    // Teardown flushes the rest (flush_work()).
    kunit_expect_eq!(test, probe.softirq_calls.load(SeqCst), 25);
}

static CASES: &[Case] = &[
    kunit_case!(test_masked_hardirq_is_deferred_not_lost),
    kunit_case!(test_masked_timer_expiry_delivered_on_restore),
    kunit_case!(test_bh_disable_defers_softirq),
    kunit_case!(test_softirq_restart_limit),
];

kunit_test_suite!(Suite::new("run_in_irq_masking", CASES));
