//! Each context predicate in each context: task, BH-disabled task, irqs-disabled
//! task, hardirq, softirq on irq exit, softirq on the ksoftirqd worker.

use crate::probe::*;
use kunit::prelude::*;
use run_in_irq::{
    local_bh_disable, local_irq_save, preempt_count, with_irq_line, HardirqTimer, LineConfig,
    SoftirqMode,
};
use std::sync::atomic::Ordering::SeqCst;
use std::time::Duration;

fn test_task_context(test: &mut Kunit) {
    kunit_expect_eq!(test, snapshot(), TASK | SIMD);
    kunit_expect_eq!(test, preempt_count(), 0);
}

fn test_bh_disabled_task_context(test: &mut Kunit) {
    let bh = local_bh_disable();
    // in_softirq()/in_interrupt() count BH-disabled sections; in_task() does not.
    kunit_expect_eq!(test, snapshot(), TASK | SOFTIRQ | INTERRUPT | SIMD);
    kunit_expect_eq!(test, preempt_count(), 0x200);
    drop(bh);
    kunit_expect_eq!(test, snapshot(), TASK | SIMD);
}

fn test_irqs_disabled_task_context(test: &mut Kunit) {
    let irq = local_irq_save();
    kunit_expect_eq!(test, snapshot(), TASK | IRQS_DISABLED | SIMD);
    drop(irq);
    kunit_expect_eq!(test, snapshot(), TASK | SIMD);
}

fn test_hardirq_context(test: &mut Kunit) {
    let probe = Probe::default();
    let r = with_irq_line(&probe, SoftirqMode::OnIrqExit, |line| {
        line.raise_hardirq();
        // Delivered to this thread before pthread_kill returns.
        probe.hardirq_calls.load(SeqCst)
    });
    let Some(calls) = line_ok(test, r) else {
        return;
    };
    kunit_expect_eq!(test, calls, 1);
    kunit_expect_eq!(
        test,
        probe.hardirq_seen.load(SeqCst),
        HARDIRQ | INTERRUPT | IRQS_DISABLED | ON_ALTSTACK
    );
    kunit_expect_eq!(test, probe.hardirq_tid.load(SeqCst), gettid());
    kunit_expect_eq!(test, snapshot(), TASK | SIMD);
}

fn test_softirq_on_irq_exit_context(test: &mut Kunit) {
    let probe = Probe::default();
    probe.raise_softirq.store(true, SeqCst);
    let r = with_irq_line(&probe, SoftirqMode::OnIrqExit, |line| {
        line.raise_hardirq();
        probe.softirq_calls.load(SeqCst)
    });
    let Some(calls) = line_ok(test, r) else {
        return;
    };
    kunit_expect_eq!(test, calls, 1);
    // Irqs enabled again, SIMD allowed, still on the signal stack of the interrupted task.
    kunit_expect_eq!(
        test,
        probe.softirq_seen.load(SeqCst),
        SERVING_SOFTIRQ | SOFTIRQ | INTERRUPT | SIMD | ON_ALTSTACK
    );
    kunit_expect_eq!(test, probe.softirq_tid.load(SeqCst), gettid());
}

fn test_softirq_thread_context(test: &mut Kunit) {
    let probe = Probe::default();
    probe.raise_softirq.store(true, SeqCst);
    let r = with_irq_line(&probe, SoftirqMode::Thread, |line| {
        line.raise_hardirq();
        spin_until(Duration::from_secs(2), || {
            probe.softirq_calls.load(SeqCst) > 0
        })
    });
    let Some(ran) = line_ok(test, r) else { return };
    kunit_expect_true!(test, ran);
    kunit_expect_eq!(
        test,
        probe.softirq_seen.load(SeqCst),
        SERVING_SOFTIRQ | SOFTIRQ | INTERRUPT | SIMD
    );
    kunit_expect_ne!(test, probe.softirq_tid.load(SeqCst), gettid());
    kunit_expect_eq!(test, probe.hardirq_tid.load(SeqCst), gettid());
}

fn test_timer_interrupts_the_task(test: &mut Kunit) {
    for hardirq_timer in [HardirqTimer::TimerThread, HardirqTimer::PosixTimer] {
        let probe = Probe::default();
        probe.raise_softirq.store(true, SeqCst);
        probe.rearm_ns.store(20_000, SeqCst);
        let config = LineConfig {
            softirq_mode: SoftirqMode::OnIrqExit,
            hardirq_timer,
        };
        let r = with_irq_line(&probe, config, |line| {
            line.arm_timer_ns(5_000);
            // The task never yields: only a signal on this very thread can make progress.
            spin_until(Duration::from_secs(2), || {
                probe.hardirq_calls.load(SeqCst) >= 10 && probe.softirq_calls.load(SeqCst) >= 1
            })
        });
        let Some(ok) = line_ok(test, r) else { return };
        kunit_expect_true_msg!(test, ok, "{:?}", hardirq_timer);
        kunit_expect_eq!(test, probe.hardirq_tid.load(SeqCst), gettid());
        // Torn down: nothing fires any more.
        let calls = probe.hardirq_calls.load(SeqCst);
        std::thread::sleep(Duration::from_millis(5));
        kunit_expect_eq_msg!(
            test,
            probe.hardirq_calls.load(SeqCst),
            calls,
            "{:?}",
            hardirq_timer
        );
    }
}

static CASES: &[Case] = &[
    kunit_case!(test_task_context),
    kunit_case!(test_bh_disabled_task_context),
    kunit_case!(test_irqs_disabled_task_context),
    kunit_case!(test_hardirq_context),
    kunit_case!(test_softirq_on_irq_exit_context),
    kunit_case!(test_softirq_thread_context),
    kunit_case!(test_timer_interrupts_the_task),
];

kunit_test_suite!(Suite::new("run_in_irq_context", CASES));
