//! `kunit_run_irq_test()`: the KUnit-facing wrapper around [`crate::run_irq_test`].
//!
//! Runs the algorithm, then makes the kernel's five final expectations with KUnit's
//! own assertion macros (so the failure text is KUnit's), and reports kernel-rule
//! violations recorded in any context during the run (allocation or `might_sleep()`
//! in hardirq, `kernel_fpu_begin()` misuse, `warn_on()`) as failures, each naming
//! the context it came from.

use crate::contexts::violations::take_violations;
use crate::irq_run::algorithm::{run_irq_test, IrqTestConfig, IrqTestReport};
use kunit::prelude::*;

/// The counters and flags the kernel's final checks read (`struct kunit_irq_test_state`).
struct KunitIrqTestState {
    hardirq_func_calls: u32,
    softirq_func_calls: u32,
    task_func_reported_failure: bool,
    hardirq_func_reported_failure: bool,
    softirq_func_reported_failure: bool,
}

/// Runs `func` concurrently in task, softirq and hardirq context until the calls in
/// all three contexts reach `max_iterations` and each context ran at least once (or
/// 1 s passes); `func` returns false on failure. See the crate docs for the rules
/// `func` must follow (it runs inside a signal handler: no allocation, locks or
/// panics there).
///
/// ```
/// use kunit::prelude::*;
/// use run_in_irq::kunit_run_irq_test;
///
/// /// The code under test: must give the same answer in every context.
/// fn checksum(data: &[u8]) -> u32 {
///     data.iter().map(|&b| u32::from(b)).sum()
/// }
///
/// fn test_checksum_in_irq(test: &mut Kunit) {
///     let data = [1u8, 2, 3, 4];
///     // Task, softirq and hardirq contexts each call the closure; it only reads the state
///     // and returns whether the answer was right (no allocation or panic in hardirq).
///     kunit_run_irq_test(test, |d: &[u8; 4]| checksum(d) == 10, 10_000, &data);
/// }
/// static CASES: &[Case] = &[kunit_case!(test_checksum_in_irq)];
/// static SUITE: Suite = Suite { name: "checksum_irq", test_cases: CASES, ..Suite::DEFAULT };
///
/// let regs = [kunit::Registration::unregistered(&SUITE, "doc")];
/// let report = kunit::run(Some(&regs), &kunit::Config::default(), std::io::sink()).unwrap();
/// let log = &report.suites[0].cases[0].log;
/// // No context saw a wrong answer (these would be KUnit's "Failure reported from ...").
/// assert!(!log.contains("Failure reported from"), "{log}");
/// ```
pub fn kunit_run_irq_test<S: Sync, F: Fn(&S) -> bool + Sync>(
    test: &mut Kunit,
    func: F,
    max_iterations: u32,
    test_specific_state: &S,
) {
    kunit_run_irq_test_with(
        test,
        func,
        max_iterations,
        test_specific_state,
        &IrqTestConfig::default(),
    )
}

/// [`kunit_run_irq_test`] with an explicit configuration (softirq mode, timer, start-up,
/// time limit).
pub fn kunit_run_irq_test_with<S: Sync, F: Fn(&S) -> bool + Sync>(
    test: &mut Kunit,
    func: F,
    max_iterations: u32,
    test_specific_state: &S,
    config: &IrqTestConfig,
) {
    match run_irq_test(func, max_iterations, test_specific_state, config) {
        Ok(report) => kunit_expect_irq_test_report(test, &report),
        Err(e) => kunit_fail!(test, "kunit_run_irq_test: irq stand-in setup failed: {}", e),
    }
}

/// The end of [`kunit_run_irq_test`]: the kernel's five final expectations on `report`, and
/// each recorded kernel-rule violation as a failure. For suites that run an irq test of
/// their own (a model of an older upstream algorithm) and want KUnit's exact verdict.
pub fn kunit_expect_irq_test_report(test: &mut Kunit, report: &IrqTestReport) {
    for v in &report.violations {
        kunit_fail!(test, "{}", v.message());
    }

    let state = KunitIrqTestState {
        hardirq_func_calls: report.hardirq_calls,
        softirq_func_calls: report.softirq_calls,
        task_func_reported_failure: report.task_failed,
        hardirq_func_reported_failure: report.hardirq_failed,
        softirq_func_reported_failure: report.softirq_failed,
    };
    kunit_expect_gt_msg!(
        test,
        state.hardirq_func_calls,
        0,
        "Timer function was not called"
    );
    kunit_expect_gt_msg!(
        test,
        state.softirq_func_calls,
        0,
        "BH work function was not called"
    );
    kunit_expect_false_msg!(
        test,
        state.task_func_reported_failure,
        "Failure reported from task context"
    );
    kunit_expect_false_msg!(
        test,
        state.hardirq_func_reported_failure,
        "Failure reported from hardirq context"
    );
    kunit_expect_false_msg!(
        test,
        state.softirq_func_reported_failure,
        "Failure reported from softirq context"
    );
}

/// Fails `test` once per kernel-rule violation recorded by this thread's contexts
/// since they were last drained (`might_sleep()` in atomic context, allocation in
/// hardirq, ...), for tests that drive irq lines themselves. Returns how many.
pub fn kunit_report_violations(test: &mut Kunit) -> usize {
    let violations = take_violations();
    for v in &violations {
        kunit_fail!(test, "{}", v.message());
    }
    violations.len()
}
