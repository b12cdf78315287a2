//! might_sleep() and the allocator wrapper: sleeping or allocating where the kernel
//! forbids it is reported as `BUG: sleeping function called from invalid context`,
//! and allocation inside the hardirq stand-in never deadlocks.

use crate::probe::*;
use kunit::prelude::*;
use run_in_irq::{
    in_hardirq, leaked_in_irq, local_bh_disable, local_irq_save, might_sleep, might_sleep_at,
    run_irq_test, take_violations, Context, Violation,
};
use std::hint::black_box;

fn test_might_sleep_in_task_is_fine(test: &mut Kunit) {
    let _ = take_violations();
    might_sleep();
    kunit_expect_eq!(test, take_violations().len(), 0);
}

fn test_might_sleep_in_atomic_is_reported(test: &mut Kunit) {
    let _ = take_violations();
    {
        let _irq = local_irq_save();
        might_sleep();
    }
    {
        let _bh = local_bh_disable();
        might_sleep();
    }
    let v = take_violations();
    kunit_assert_eq!(test, v.len(), 2);
    for (record, irqs_disabled, count) in [(&v[0], 1, 0), (&v[1], 0, 200)] {
        kunit_expect_eq!(test, record.kind, Violation::SleepInAtomic);
        kunit_expect_eq!(test, record.context, Context::Task);
        let text = record.message();
        let expected_head = format!(
            "BUG: sleeping function called from invalid context at {}:{}\n\
             in_atomic(): 1, irqs_disabled(): {irqs_disabled}, non_block: 0, pid: {}, name: {}\n\
             preempt_count: {count}, expected: 0\n\
             (in task context)",
            record.location.file(),
            record.location.line(),
            gettid(),
            record.comm_str(),
        );
        kunit_expect_streq!(test, text.as_str(), expected_head.as_str());
        kunit_expect_true!(
            test,
            record.location.file().ends_with("might_sleep_kunit.rs")
        );
    }
}

fn inner_might_sleep_case(test: &mut Kunit) {
    let _ = take_violations();
    let bh = local_bh_disable();
    might_sleep();
    drop(bh);
    run_in_irq::kunit_report_violations(test);
}
static INNER_SLEEP_CASES: &[Case] = &[kunit_case!(inner_might_sleep_case)];
static INNER_SLEEP: Suite = Suite::new("inner_sleep", INNER_SLEEP_CASES);

fn test_violations_reported_on_the_test(test: &mut Kunit) {
    let (status, log) = run_inner(&INNER_SLEEP);
    kunit_expect_eq!(test, status, Status::Failure);
    kunit_expect_eq!(test, failures_in(&log), 1);
    kunit_expect_true!(
        test,
        log.contains(&format!(
            "\nBUG: sleeping function called from invalid context at {}:",
            file!()
        ))
    );
    kunit_expect_true!(
        test,
        log.contains("\npreempt_count: 200, expected: 0\n(in task context)\n")
    );
}

/// Where `alloc_in_every_context` allocates (the report must name these lines).
const BOX_LINE: u32 = line!() + 4;
const VEC_LINE: u32 = line!() + 4;

fn alloc_in_every_context(_: &()) -> bool {
    let b = black_box(Box::new([7u8; 64]));
    let v: Vec<u32> = black_box((0..16).collect());
    b[63] == 7 && v.len() == 16
}

fn inner_alloc_case(test: &mut Kunit) {
    run_in_irq::kunit_run_irq_test_with(
        test,
        alloc_in_every_context,
        5_000,
        &(),
        &run_in_irq::IrqTestConfig::default(),
    );
}
static INNER_ALLOC_CASES: &[Case] = &[kunit_case!(inner_alloc_case)];
static INNER_ALLOC: Suite = Suite::new("inner_alloc", INNER_ALLOC_CASES);

/// Two allocations in hardirq: two reports, each at the user's line that allocated
/// (not at the allocator wrapper in run-in-irq/src/entry).
fn test_allocation_in_hardirq_fails_the_test(test: &mut Kunit) {
    let (status, log) = run_inner(&INNER_ALLOC);
    kunit_expect_eq!(test, status, Status::Failure);
    for line in [BOX_LINE, VEC_LINE] {
        let head = format!(
            "\nBUG: sleeping function called from invalid context at {}:{line}\n",
            file!()
        );
        kunit_expect_eq_msg!(test, log.matches(head.as_str()).count(), 1, "{}", log);
    }
    kunit_expect_false!(
        test,
        log.contains("invalid context at run-in-irq/src/entry/")
    );
    kunit_expect_eq!(test, log.matches("\n(in hardirq context").count(), 2);
    // Softirq and task allocations are allowed (GFP_ATOMIC / GFP_KERNEL): two reports
    // only, and none of the five final expectations failed.
    kunit_expect_eq!(test, log.matches("BUG: sleeping function").count(), 2);
    // The failure blocks are those reports (KUNIT_FAIL), not final expectations.
    kunit_expect_eq!(test, failures_in(&log), 2);
    kunit_expect_false!(
        test,
        log.contains("not called") || log.contains("Failure reported")
    );
}

/// Task allocates and frees all the time, so the hardirq often lands inside malloc.
fn churn(_: &()) -> bool {
    if in_hardirq() {
        let v: Vec<u8> = black_box(Vec::with_capacity(200));
        return v.capacity() >= 200;
    }
    let mut v: Vec<Vec<u8>> = Vec::new();
    for size in [8usize, 100, 1000, 5000] {
        v.push(black_box(vec![1u8; size]));
    }
    v.iter().map(|x| x.len()).sum::<usize>() == 6108
}

fn test_allocation_in_hardirq_never_deadlocks(test: &mut Kunit) {
    let leaked_before = leaked_in_irq();
    let r = run_irq_test(churn, 200_000, &(), &run_in_irq::IrqTestConfig::default());
    let Some(r) = line_ok(test, r) else { return };
    kunit_expect_gt!(test, r.hardirq_calls, 0);
    kunit_expect_gt!(test, r.softirq_calls, 0);
    kunit_expect_false!(test, r.task_failed || r.hardirq_failed || r.softirq_failed);
    kunit_expect_eq!(test, leaked_in_irq(), leaked_before);
    kunit_expect_eq!(test, r.violations.len(), 1);
    kunit_expect_eq!(test, r.violations[0].count, r.hardirq_calls);
}

/// A C caller's `might_sleep()` (its `__FILE__`, `__LINE__`) in every context.
fn c_sleeps(_: &()) -> bool {
    might_sleep_at(c"lib/sleeper.c", 42);
    true
}

/// In hardirq and softirq the C caller's site is reported (the task's call is fine), in the
/// kernel's shape and with the context named, as for Rust's `might_sleep()`.
fn test_might_sleep_at_names_the_c_site(test: &mut Kunit) {
    let r = run_irq_test(c_sleeps, 50_000, &(), &run_in_irq::IrqTestConfig::default());
    let Some(r) = line_ok(test, r) else { return };
    kunit_expect_gt!(test, r.hardirq_calls, 0);
    kunit_expect_gt!(test, r.softirq_calls, 0);
    let mut contexts: Vec<&str> = r.violations.iter().map(|v| v.context.name()).collect();
    contexts.sort_unstable();
    kunit_expect_eq!(test, contexts, ["hardirq", "softirq"]);
    for v in &r.violations {
        kunit_expect_eq!(test, v.kind, Violation::SleepInAtomic);
        let text = v.message();
        kunit_expect_true_msg!(
            test,
            text.starts_with(
                "BUG: sleeping function called from invalid context at lib/sleeper.c:42\n\
                 in_atomic(): 1, irqs_disabled(): "
            ),
            "{}",
            text
        );
        let calls = match v.context {
            Context::Hardirq => r.hardirq_calls,
            _ => r.softirq_calls,
        };
        kunit_expect_eq!(test, v.count, calls);
    }
}

static CASES: &[Case] = &[
    kunit_case!(test_might_sleep_at_names_the_c_site),
    kunit_case!(test_might_sleep_in_task_is_fine),
    kunit_case!(test_might_sleep_in_atomic_is_reported),
    kunit_case!(test_violations_reported_on_the_test),
    kunit_case!(test_allocation_in_hardirq_fails_the_test),
    kunit_case!(test_allocation_in_hardirq_never_deadlocks),
];

kunit_test_suite!(Suite::new("run_in_irq_might_sleep", CASES));
