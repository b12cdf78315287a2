//! Nesting: a hardirq may interrupt softirq work, never the reverse; irq-save,
//! BH-disable and kernel-FPU sections nest; lines nest on one thread.

use crate::probe::*;
use kunit::prelude::*;
use run_in_irq::{
    kernel_fpu_begin, local_bh_disable, local_irq_save, may_use_simd, preempt_count,
    take_violations, with_irq_line, Context, IrqLine, SoftirqMode, Violation,
};
use std::sync::atomic::{AtomicU32, Ordering::SeqCst};

/// Softirq hook: interrupt ourselves once, from inside the softirq.
fn raise_hardirq_from_first_softirq(p: &Probe, line: &IrqLine<'_>) {
    if p.softirq_calls.load(SeqCst) == 1 {
        line.raise_hardirq();
    }
}

/// Hardirq hook: what the second (nested) hardirq saw.
static NESTED_HARDIRQ_SEEN: AtomicU32 = AtomicU32::new(0);
fn record_second_hardirq(p: &Probe, _line: &IrqLine<'_>) {
    if p.hardirq_calls.load(SeqCst) == 2 {
        NESTED_HARDIRQ_SEEN.store(snapshot(), SeqCst);
    }
}

fn test_hardirq_interrupts_softirq(test: &mut Kunit) {
    NESTED_HARDIRQ_SEEN.store(0, SeqCst);
    let probe = Probe {
        on_softirq: Some(raise_hardirq_from_first_softirq),
        on_hardirq: Some(record_second_hardirq),
        ..Probe::default()
    };
    probe.raise_softirq.store(true, SeqCst);
    let r = with_irq_line(&probe, SoftirqMode::OnIrqExit, |line| line.raise_hardirq());
    if line_ok(test, r).is_none() {
        return;
    }
    kunit_expect_eq!(test, probe.hardirq_calls.load(SeqCst), 2);
    // The nested hardirq sees both fields: hardirq on top of a serving softirq.
    kunit_expect_eq!(
        test,
        NESTED_HARDIRQ_SEEN.load(SeqCst),
        HARDIRQ | SERVING_SOFTIRQ | SOFTIRQ | INTERRUPT | IRQS_DISABLED | ON_ALTSTACK
    );
    // Its softirq work did not nest inside the running softirq: it ran afterwards.
    kunit_expect_eq!(test, probe.softirq_calls.load(SeqCst), 2);
}

/// Hardirq hook: raise softirq work and check it does not run inside this hardirq.
static SOFTIRQ_RAN_INSIDE_HARDIRQ: AtomicU32 = AtomicU32::new(0);
fn raise_and_check(p: &Probe, line: &IrqLine<'_>) {
    let before = p.softirq_calls.load(SeqCst);
    line.raise_softirq();
    if p.softirq_calls.load(SeqCst) != before {
        SOFTIRQ_RAN_INSIDE_HARDIRQ.fetch_add(1, SeqCst);
    }
}

fn test_softirq_never_interrupts_hardirq(test: &mut Kunit) {
    SOFTIRQ_RAN_INSIDE_HARDIRQ.store(0, SeqCst);
    let probe = Probe {
        on_hardirq: Some(raise_and_check),
        ..Probe::default()
    };
    let r = with_irq_line(&probe, SoftirqMode::OnIrqExit, |line| {
        line.raise_hardirq();
        probe.softirq_calls.load(SeqCst)
    });
    let Some(after_irq) = line_ok(test, r) else {
        return;
    };
    kunit_expect_eq!(test, SOFTIRQ_RAN_INSIDE_HARDIRQ.load(SeqCst), 0);
    kunit_expect_eq!(test, after_irq, 1);
    kunit_expect_eq!(test, probe.softirq_seen.load(SeqCst) & HARDIRQ, 0);
}

fn test_irq_save_and_bh_disable_nest(test: &mut Kunit) {
    let outer = local_irq_save();
    let inner = local_irq_save();
    drop(inner);
    kunit_expect_true!(test, run_in_irq::irqs_disabled());
    drop(outer);
    kunit_expect_false!(test, run_in_irq::irqs_disabled());

    let b1 = local_bh_disable();
    let b2 = local_bh_disable();
    kunit_expect_eq!(test, preempt_count(), 0x400);
    drop(b2);
    kunit_expect_eq!(test, preempt_count(), 0x200);
    drop(b1);
    kunit_expect_eq!(test, preempt_count(), 0);
}

fn test_fpu_sections_nest_and_warn(test: &mut Kunit) {
    let _ = take_violations();
    let outer = kernel_fpu_begin();
    kunit_expect_false!(test, may_use_simd());
    // Like the kernel, nesting is a WARN (recorded), and the section stays open.
    let inner = kernel_fpu_begin();
    drop(inner);
    kunit_expect_false!(test, may_use_simd());
    drop(outer);
    kunit_expect_true!(test, may_use_simd());
    kunit_expect_eq!(test, preempt_count(), 0);
    let v = take_violations();
    kunit_assert_eq!(test, v.len(), 1);
    kunit_expect_eq!(test, v[0].kind, Violation::FpuNotUsable);
    kunit_expect_eq!(test, v[0].context, Context::Task);
}

fn test_lines_nest_on_one_thread(test: &mut Kunit) {
    let outer = Probe::default();
    let inner = Probe::default();
    let r = with_irq_line(&outer, SoftirqMode::OnIrqExit, |outer_line| {
        let r = with_irq_line(&inner, SoftirqMode::Thread, |inner_line| {
            inner_line.raise_hardirq()
        });
        outer_line.raise_hardirq();
        r.is_ok()
    });
    let Some(inner_ok) = line_ok(test, r) else {
        return;
    };
    kunit_expect_true!(test, inner_ok);
    kunit_expect_eq!(test, inner.hardirq_calls.load(SeqCst), 1);
    kunit_expect_eq!(test, outer.hardirq_calls.load(SeqCst), 1);
}

static CASES: &[Case] = &[
    kunit_case!(test_hardirq_interrupts_softirq),
    kunit_case!(test_softirq_never_interrupts_hardirq),
    kunit_case!(test_irq_save_and_bh_disable_nest),
    kunit_case!(test_fpu_sections_nest_and_warn),
    kunit_case!(test_lines_nest_on_one_thread),
];

kunit_test_suite!(Suite::new("run_in_irq_nesting", CASES));
