//! The SIMD gate: an interrupt landing inside the task's kernel-FPU section sees
//! `may_use_simd() == false`; softirq work never runs inside such a section.

use crate::probe::*;
use kunit::prelude::*;
use run_in_irq::{
    in_hardirq, in_serving_softirq, kernel_fpu_begin, may_use_simd, run_irq_test, take_violations,
    with_irq_line, Context, IrqLine, SoftirqMode, Violation,
};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::SeqCst};

fn test_hardirq_in_fpu_section_takes_fallback(test: &mut Kunit) {
    let probe = Probe::default();
    probe.raise_softirq.store(true, SeqCst);
    let r = with_irq_line(&probe, SoftirqMode::OnIrqExit, |line| {
        let fpu = kernel_fpu_begin();
        line.raise_hardirq();
        let soft_in_section = probe.softirq_calls.load(SeqCst);
        drop(fpu);
        soft_in_section
    });
    let Some(soft_in_section) = line_ok(test, r) else {
        return;
    };
    kunit_expect_eq!(test, probe.hardirq_seen.load(SeqCst) & SIMD, 0);
    // kernel_fpu_begin() disables BHs: the softirq waited for kernel_fpu_end().
    kunit_expect_eq!(test, soft_in_section, 0);
    kunit_expect_eq!(test, probe.softirq_calls.load(SeqCst), 1);
    kunit_expect_eq!(test, probe.softirq_seen.load(SeqCst) & SIMD, SIMD);
}

/// Shared by the three contexts of the storm test.
#[derive(Default)]
struct SimdStorm {
    task_in_section: AtomicBool,
    landed_in_section: AtomicU32,
    simd_allowed_in_section: AtomicU32,
    softirq_in_section: AtomicU32,
}

fn simd_storm_func(s: &SimdStorm) -> bool {
    if in_hardirq() {
        if s.task_in_section.load(SeqCst) {
            s.landed_in_section.fetch_add(1, SeqCst);
            if may_use_simd() {
                s.simd_allowed_in_section.fetch_add(1, SeqCst);
            }
        }
        return !may_use_simd();
    }
    if in_serving_softirq() {
        if s.task_in_section.load(SeqCst) {
            s.softirq_in_section.fetch_add(1, SeqCst);
        }
        return may_use_simd();
    }
    // Task: the SIMD path, inside a section, long enough to be interrupted.
    if !may_use_simd() {
        return false;
    }
    let _fpu = kernel_fpu_begin();
    s.task_in_section.store(true, SeqCst);
    let mut x = 0u64;
    for i in 0..2_000u64 {
        x = black_box(x.wrapping_mul(31).wrapping_add(i));
    }
    s.task_in_section.store(false, SeqCst);
    black_box(x);
    true
}

fn test_simd_gate_under_timer_storm(test: &mut Kunit) {
    let state = SimdStorm::default();
    let r = run_irq_test(
        simd_storm_func,
        20_000,
        &state,
        &run_in_irq::IrqTestConfig::default(),
    );
    let Some(r) = line_ok(test, r) else { return };
    kunit_expect_false!(test, r.task_failed);
    kunit_expect_false!(test, r.hardirq_failed);
    kunit_expect_false!(test, r.softirq_failed);
    kunit_expect_gt!(test, state.landed_in_section.load(SeqCst), 0);
    kunit_expect_eq!(test, state.simd_allowed_in_section.load(SeqCst), 0);
    kunit_expect_eq!(test, state.softirq_in_section.load(SeqCst), 0);
    kunit_expect_eq!(test, r.violations.len(), 0);
}

fn fpu_begin_in_hardirq(_: &Probe, _: &IrqLine<'_>) {
    drop(kernel_fpu_begin());
}

fn test_fpu_begin_in_hardirq_is_reported(test: &mut Kunit) {
    let _ = take_violations();
    let probe = Probe {
        on_hardirq: Some(fpu_begin_in_hardirq),
        ..Probe::default()
    };
    let r = with_irq_line(&probe, SoftirqMode::OnIrqExit, |line| line.raise_hardirq());
    if line_ok(test, r).is_none() {
        return;
    }
    let v = take_violations();
    kunit_assert_eq!(test, v.len(), 1);
    kunit_expect_eq!(test, v[0].kind, Violation::FpuNotUsable);
    kunit_expect_eq!(test, v[0].context, Context::Hardirq);
    kunit_expect_true!(test, v[0].message().ends_with("(in hardirq context)"));
}

static CASES: &[Case] = &[
    kunit_case!(test_hardirq_in_fpu_section_takes_fallback),
    kunit_case!(test_simd_gate_under_timer_storm),
    kunit_case!(test_fpu_begin_in_hardirq_is_reported),
];

kunit_test_suite!(Suite {
    name: "run_in_irq_simd",
    test_cases: CASES,
    // Drives a timer storm and counts interrupted SIMD sections: keep other load away.
    attr: Attributes {
        serial: true,
        ..Attributes::DEFAULT
    },
    ..Suite::DEFAULT
});
