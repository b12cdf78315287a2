//! The seed regression: with slow irq start-up (first timer expiry only after the
//! task's iterations), the pre-fix algorithm fails every time with KUnit's "not
//! called" expectations; the fixed algorithm passes the same setup every time.

use super::probe::*;
use kunit::prelude::*;
use run_in_irq::{
    irq_startup, kunit_run_irq_test_with, set_irq_startup, IrqStartup, IrqTestAlgorithm,
    IrqTestConfig,
};

const ITERATIONS: u32 = 20_000;

fn config(algorithm: IrqTestAlgorithm) -> IrqTestConfig {
    IrqTestConfig {
        algorithm,
        startup: IrqStartup::AfterTaskCalls(ITERATIONS),
        ..IrqTestConfig::default()
    }
}

fn inner_prefix(test: &mut Kunit) {
    kunit_run_irq_test_with(
        test,
        |_: &()| true,
        ITERATIONS,
        &(),
        &config(IrqTestAlgorithm::PreFix),
    );
}
fn inner_fixed(test: &mut Kunit) {
    kunit_run_irq_test_with(
        test,
        |_: &()| true,
        ITERATIONS,
        &(),
        &config(IrqTestAlgorithm::Fixed),
    );
}
static PREFIX_CASES: &[Case] = &[kunit_case!(inner_prefix)];
static FIXED_CASES: &[Case] = &[kunit_case!(inner_fixed)];
static PREFIX: Suite = Suite {
    name: "inner",
    test_cases: PREFIX_CASES,
    ..Suite::DEFAULT
};
static FIXED: Suite = Suite {
    name: "inner",
    test_cases: FIXED_CASES,
    ..Suite::DEFAULT
};

fn test_seed_fails_deterministically_fix_passes(test: &mut Kunit) {
    for round in 0..5 {
        let (status, log) = run_inner(&PREFIX);
        kunit_expect_eq_msg!(test, status, Status::Failure, "pre-fix round {}", round);
        kunit_expect_true!(test, log.contains("\nTimer function was not called\n"));
        kunit_expect_true!(test, log.contains("\nBH work function was not called\n"));
        kunit_expect_eq!(test, failures_in(&log), 2);

        let (status, log) = run_inner(&FIXED);
        kunit_expect_eq_msg!(
            test,
            status,
            Status::Success,
            "fixed round {}: {}",
            round,
            log
        );
    }
}

fn test_startup_knob_feeds_the_default_config(test: &mut Kunit) {
    let before = irq_startup();
    set_irq_startup(IrqStartup::AfterTaskCalls(123));
    let config = IrqTestConfig::default();
    set_irq_startup(before);
    kunit_expect_eq!(test, config.startup, IrqStartup::AfterTaskCalls(123));
    // Feature `seed-bugs` swaps the default algorithm.
    let expected = if cfg!(feature = "seed-bugs") {
        IrqTestAlgorithm::PreFix
    } else {
        IrqTestAlgorithm::Fixed
    };
    kunit_expect_eq!(test, config.algorithm, expected);
}

static CASES: &[Case] = &[
    kunit_case!(test_seed_fails_deterministically_fix_passes),
    kunit_case!(test_startup_knob_feeds_the_default_config),
];

kunit_test_suite!(Suite {
    name: "run_in_irq_seed",
    test_cases: CASES,
    // The start-up knob is process-wide: keep other suites' irq tests out of the way.
    attr: Attributes {
        serial: true,
        ..Attributes::DEFAULT
    },
    ..Suite::DEFAULT
});
