//! Self-tests of the KTAP layout: whole documents compared with what lib/kunit/test.c prints.

use crate::support::{first_failure_line, run, run_with, suite_ktap};
use kunit::prelude::*;
use kunit::{Config, Format, Ignored};

fn example_init(test: &mut Kunit) -> Result<(), i32> {
    kunit_info!(test, "initializing");
    Ok(())
}
fn example_simple_test(test: &mut Kunit) {
    kunit_expect_eq!(test, 1 + 1, 2);
}
fn example_skip_test(test: &mut Kunit) {
    kunit_skip!(test, "this test should be skipped");
}
struct Example {
    value: i32,
    desc: &'static str,
}
static EXAMPLE_PARAMS: [Example; 2] = [
    Example {
        value: 3,
        desc: "example value 3",
    },
    Example {
        value: 0,
        desc: "example value 0",
    },
];
kunit_array_param_desc!(example_gen_params, EXAMPLE_PARAMS, desc);
fn example_params_test(test: &mut Kunit) {
    let p = test.param::<Example>();
    if p.value == 0 {
        kunit_skip!(test, "unsupported param value {}", p.value);
    }
}
fn example_slow_test(test: &mut Kunit) {
    kunit_expect_eq!(test, 1 + 1, 2);
}
fn example_failing_test(test: &mut Kunit) {
    kunit_expect_eq!(test, 1 + 1, 2);
    kunit_fail!(test, "deliberate");
}
static EXAMPLE_CASES: &[Case] = &[
    kunit_case!(example_simple_test),
    kunit_case!(example_skip_test),
    kunit_case_param!(example_params_test, example_gen_params),
    kunit_case_slow!(example_slow_test),
    kunit_case!(example_failing_test),
];
static EXAMPLE: Suite = Suite {
    name: "example",
    init: Some(example_init),
    test_cases: EXAMPLE_CASES,
    ..Suite::DEFAULT
};

fn test_example_document(test: &mut Kunit) {
    let (got, report) = run_with(
        &[&EXAMPLE],
        "kunit_example_test",
        &Config {
            ignored: Ignored::Include,
            ..Config::default()
        },
    );
    let fail_line = first_failure_line(&got);
    let want = format!(
        "KTAP version 1
1..1
    KTAP version 1
    # Subtest: example
    # module: kunit_example_test
    1..5
    # example_simple_test: initializing
    ok 1 example_simple_test
    # example_skip_test: initializing
    ok 2 example_skip_test # SKIP this test should be skipped
        KTAP version 1
        # Subtest: example_params_test
    # example_params_test: initializing
        ok 1 example value 3
    # example_params_test: initializing
        ok 2 example value 0 # SKIP unsupported param value 0
    # example_params_test: pass:1 fail:0 skip:1 total:2
    ok 3 example_params_test
    # example_slow_test: initializing
    # example_slow_test.speed: slow
    ok 4 example_slow_test
    # example_failing_test: initializing
{fail_line}
deliberate
    not ok 5 example_failing_test
# example: pass:3 fail:1 skip:1 total:5
# Totals: pass:3 fail:1 skip:2 total:6
not ok 1 example
"
    );
    kunit_expect_streq!(test, got, want);
    kunit_expect_true!(
        test,
        fail_line.starts_with("    # example_failing_test: EXPECTATION FAILED at ")
    );
    kunit_expect_eq!(test, report.passed(), 3);
    kunit_expect_eq!(test, report.failed(), 1);
    kunit_expect_eq!(test, report.skipped(), 1);
    kunit_expect_false!(test, report.success());
    kunit_expect_eq!(test, report.suites[0].cases[2].params.len(), 2);
}

static ONE_PASS: &[Case] = &[kunit_case!(example_simple_test)];
static SMALL: Suite = Suite::new("small", ONE_PASS);
static SKIPS: &[Case] = &[
    kunit_case!(example_skip_test),
    kunit_case!(example_skip_test),
];
static ALL_SKIPPED: Suite = Suite::new("all_skipped", SKIPS);

fn test_stats_modes(test: &mut Kunit) {
    // stats_enabled=1 prints stats only for more than one result; 2 always, even per case.
    kunit_expect_streq!(test, suite_ktap(&SMALL), "    KTAP version 1\n    # Subtest: small\n    1..1\n    ok 1 example_simple_test\nok 1 small\n");
    let (always, _) = run_with(
        &[&SMALL],
        "",
        &Config {
            stats_enabled: 2,
            ..Config::default()
        },
    );
    kunit_expect_streq!(
        test,
        always,
        "KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: small\n    1..1\n    # example_simple_test: pass:1 fail:0 skip:0 total:1\n    ok 1 example_simple_test\n# small: pass:1 fail:0 skip:0 total:1\n# Totals: pass:1 fail:0 skip:0 total:1\nok 1 small\n"
    );
    let (never, _) = run_with(
        &[&ALL_SKIPPED],
        "",
        &Config {
            stats_enabled: 0,
            ..Config::default()
        },
    );
    kunit_expect_false!(test, never.contains("pass:"));
}

fn test_all_skipped_suite(test: &mut Kunit) {
    // A suite whose cases all skipped is `ok N name # SKIP ` with an empty reason.
    let got = suite_ktap(&ALL_SKIPPED);
    kunit_expect_true!(
        test,
        got.ends_with("# Totals: pass:0 fail:0 skip:2 total:2\nok 1 all_skipped # SKIP \n")
    );
}

fn test_tap_formats(test: &mut Kunit) {
    let (tap, _) = run_with(
        &[&SMALL],
        "",
        &Config {
            format: Format::Tap,
            ..Config::default()
        },
    );
    kunit_expect_streq!(
        test,
        tap,
        "1..1\n# Subtest: small\n    1..1\n    ok 1 example_simple_test\nok 1 small\n"
    );
    let (tap14, _) = run_with(
        &[&SMALL],
        "",
        &Config {
            format: Format::Tap14,
            ..Config::default()
        },
    );
    kunit_expect_streq!(test, tap14, "TAP version 14\n1..1\n# Subtest: small\n    1..1\n    ok 1 example_simple_test\nok 1 small\n");
}

fn test_tap14_params(test: &mut Kunit) {
    // TAP 14 writes `# Subtest:` at the parent's level and gives each parameter subtest a
    // (trailing) plan; the rest is KTAP's.
    let (got, _) = run_with(
        &[&PARAMS],
        "",
        &Config {
            format: Format::Tap14,
            ignored: Ignored::Include,
            ..Config::default()
        },
    );
    let fail_at = first_failure_line(&got);
    let want = format!(
        "TAP version 14
1..1
# Subtest: params
    1..2
    # Subtest: param_case
        1..0
    ok 1 param_case # SKIP 
    # Subtest: param_case
        ok 1 param-1
{fail_at}
    Expected v != 1, but
        v == 1 (0x1)
        not ok 2 param-2
        ok 3 param-3
        1..3
    # param_case: pass:2 fail:1 skip:0 total:3
    not ok 2 param_case
# params: pass:0 fail:1 skip:1 total:2
# Totals: pass:2 fail:1 skip:0 total:3
not ok 1 params
"
    );
    kunit_expect_streq!(test, got, want);
}

fn no_params(_: &mut Kunit, _: Option<&Param>, _: &mut String) -> Option<Param> {
    None
}
fn counting(_: &mut Kunit, prev: Option<&Param>, _: &mut String) -> Option<Param> {
    let next = prev.map_or(0, |p| *p.get::<u32>().unwrap() + 1);
    (next < 3).then(|| Param::new(next))
}
fn param_case(test: &mut Kunit) {
    let v = *test.param::<u32>();
    kunit_expect_ne!(test, v, 1);
}
static PARAM_CASES: &[Case] = &[
    kunit_case_param!(param_case, no_params),
    kunit_case_param!(param_case, counting),
];
static PARAMS: Suite = Suite::new("params", PARAM_CASES);

fn test_generator_params(test: &mut Kunit) {
    let (got, _) = run(&[&PARAMS]);
    let fail_at = first_failure_line(&got);
    let want = format!(
        "KTAP version 1
1..1
    KTAP version 1
    # Subtest: params
    1..2
        KTAP version 1
        # Subtest: param_case
    ok 1 param_case # SKIP 
        KTAP version 1
        # Subtest: param_case
        ok 1 param-1
{fail_at}
    Expected v != 1, but
        v == 1 (0x1)
        not ok 2 param-2
        ok 3 param-3
    # param_case: pass:2 fail:1 skip:0 total:3
    not ok 2 param_case
# params: pass:0 fail:1 skip:1 total:2
# Totals: pass:2 fail:1 skip:0 total:3
not ok 1 params
"
    );
    kunit_expect_streq!(test, got, want);
}

static CASES: &[Case] = &[
    kunit_case!(test_example_document),
    kunit_case!(test_stats_modes),
    kunit_case!(test_all_skipped_suite),
    kunit_case!(test_tap_formats),
    kunit_case!(test_tap14_params),
    kunit_case!(test_generator_params),
];
kunit_test_suite!(Suite::new("kunit_ktap", CASES));
