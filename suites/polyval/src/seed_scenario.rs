//! Self-test of the seed scenario (suite `polyval_seed_scenario`): with the pre-fix
//! `kunit_run_irq_test` rule (`max_iterations` counted in task context only) and a slow
//! irq start-up (first timer expiry after the task's 200 000 calls, as on UML, 32-bit
//! arm and m68k), `test_polyval_preparekey_in_irqs` fails the way the kernel test did —
//! "Timer function was not called" / "BH work function was not called" — and with the
//! fixed rule it passes. Both run here, through a nested kunit run of the real case
//! body, whatever the `seed-bugs` feature says: the pre-fix rule is this suite's model
//! ([`crate::prefix_irq_test`]), the fixed one run-in-irq's `kunit_run_irq_test`.

use crate::irq_cases::{preparekey_in_irqs_with, IrqTestVersion, PREPAREKEY_IRQ_ITERATIONS};
use crate::rand::TestRng;
use kunit::prelude::*;
use kunit::{CaseReport, Config, Registration, Report};
use kunit_arch::polyval::Implementation;
use run_in_irq::{IrqStartup, IrqTestConfig};
use std::time::Duration;

/// The real case body with a slow irq start-up and `version`'s iteration rule.
///
/// What is under test is the iteration rule, so the loop's time limit is far beyond the
/// upstream 1 s (`HZ`): with 1 s the machine's speed decides the fixed rule's outcome, as
/// 200 000 task calls before the first expiry take longer than that on a slow or emulated
/// CPU (they did under Bochs). The fixed loop still ends as soon as its rule is met.
fn preparekey_in_irqs_slow_startup(test: &mut Kunit, version: IrqTestVersion) {
    let config = IrqTestConfig {
        startup: IrqStartup::AfterTaskCalls(PREPAREKEY_IRQ_ITERATIONS),
        time_limit: Duration::from_secs(120),
        ..IrqTestConfig::default()
    };
    preparekey_in_irqs_with(
        test,
        Implementation::best(),
        &mut TestRng::default(),
        &config,
        version,
    );
}

mod prefix {
    use super::*;
    pub fn test_polyval_preparekey_in_irqs(test: &mut Kunit) {
        preparekey_in_irqs_slow_startup(test, IrqTestVersion::PreFix);
    }
    pub static CASES: &[Case] = &[kunit_case!(test_polyval_preparekey_in_irqs)];
    pub static SUITE: Suite = Suite {
        name: "polyval",
        test_cases: CASES,
        ..Suite::DEFAULT
    };
}

mod fixed {
    use super::*;
    pub fn test_polyval_preparekey_in_irqs(test: &mut Kunit) {
        preparekey_in_irqs_slow_startup(test, IrqTestVersion::Fixed);
    }
    pub static CASES: &[Case] = &[kunit_case!(test_polyval_preparekey_in_irqs)];
    pub static SUITE: Suite = Suite {
        name: "polyval",
        test_cases: CASES,
        ..Suite::DEFAULT
    };
}

/// Runs `suite` in a nested kunit run; returns the report of its only case.
fn run_nested(test: &mut Kunit, suite: &'static Suite) -> CaseReport {
    let regs = [Registration::unregistered(suite, "polyval_kunit")];
    let report: Report = match kunit::run(Some(&regs), &Config::default(), std::io::sink()) {
        Ok(r) => r,
        Err(e) => kunit_fail_and_abort!(test, "nested run failed: {:?}", e),
    };
    let case = report.suites.first().and_then(|s| s.cases.first()).cloned();
    match case {
        Some(c) => c,
        None => kunit_fail_and_abort!(test, "nested run reported no case"),
    }
}

pub fn test_prefix_rule_with_slow_irq_startup_fails(test: &mut Kunit) {
    let case = run_nested(test, &prefix::SUITE);
    kunit_expect_eq!(test, case.status, Status::Failure);
    kunit_expect_true!(test, case.log.contains("\nTimer function was not called"));
    kunit_expect_true!(test, case.log.contains("\nBH work function was not called"));
    kunit_expect_eq!(test, case.log.matches("EXPECTATION FAILED").count(), 2);
    kunit_expect_false!(test, case.log.contains("Failure reported from"));
}

pub fn test_fixed_rule_with_slow_irq_startup_passes(test: &mut Kunit) {
    let case = run_nested(test, &fixed::SUITE);
    kunit_expect_eq_msg!(
        test,
        case.status,
        Status::Success,
        "nested log:\n{}",
        case.log
    );
    kunit_expect_false!(test, case.log.contains("EXPECTATION FAILED"));
}

static SEED_CASES: &[Case] = &[
    kunit_case!(test_prefix_rule_with_slow_irq_startup_fails),
    kunit_case!(test_fixed_rule_with_slow_irq_startup_passes),
];

kunit_test_suite!(Suite {
    name: "polyval_seed_scenario",
    test_cases: SEED_CASES,
    ..Suite::DEFAULT
});
