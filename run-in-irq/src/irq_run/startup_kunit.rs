//! The seed regression's setup: with slow irq start-up (first timer expiry only after the
//! task's iterations), the fixed algorithm passes every time (the pre-fix one, which fails
//! it, is modelled by the polyval suite under its `seed-bugs` feature, not by this crate).

use crate::probe::*;
use kunit::prelude::*;
use run_in_irq::{
    irq_startup, kunit_run_irq_test_with, set_irq_startup, IrqStartup, IrqTestConfig,
};

const ITERATIONS: u32 = 20_000;

fn slow_startup() -> IrqTestConfig {
    IrqTestConfig {
        startup: IrqStartup::AfterTaskCalls(ITERATIONS),
        ..IrqTestConfig::default()
    }
}

fn inner_fixed(test: &mut Kunit) {
    kunit_run_irq_test_with(test, |_: &()| true, ITERATIONS, &(), &slow_startup());
}
static FIXED_CASES: &[Case] = &[kunit_case!(inner_fixed)];
static FIXED: Suite = Suite::new("inner", FIXED_CASES);

fn test_slow_startup_fixed_passes(test: &mut Kunit) {
    for round in 0..5 {
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
}

static CASES: &[Case] = &[
    kunit_case!(test_slow_startup_fixed_passes),
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
