//! The harness's command line over arbitrary arguments (NUL-separated), and, for those it
//! accepts, planning a run over a few suites (which parses the glob and attribute filters).
//! Beyond "no panic": every refusal says something (filter errors in the kernel's form), and
//! a plan never selects more cases than exist.
#![no_main]

use kunit::harness::{listing, Args};
use kunit::prelude::*;
use kunit::{Plan, Registration};
use libfuzzer_sys::fuzz_target;

fn case(_: &mut Kunit) {}
static FAST: &[Case] = &[kunit_case!(case), kunit_case_slow!(case)];
static SLOW: &[Case] = &[kunit_case!(case)];
static SUITES: [Suite; 2] = [
    Suite {
        name: "alpha_suite",
        test_cases: FAST,
        ..Suite::DEFAULT
    },
    Suite {
        name: "beta.suite",
        test_cases: SLOW,
        attr: Attributes::VERY_SLOW,
        ..Suite::DEFAULT
    },
];

fuzz_target!(|data: &[u8]| {
    let argv: Vec<String> = data
        .split(|&b| b == 0)
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    match Args::parse(argv) {
        Err(message) => assert!(!message.is_empty()),
        Ok(args) => {
            let regs = [
                Registration::unregistered(&SUITES[0], "mod_a"),
                Registration::unregistered(&SUITES[1], "mod_b"),
            ];
            match Plan::new(&regs, &args.config) {
                Err(e) => assert!(e.to_string().starts_with("kunit executor: ")),
                Ok(plan) => {
                    assert!(plan.case_names().count() + plan.filtered_out <= 3);
                    let _ = listing(&args, &plan);
                }
            }
        }
    }
});
