//! Self-tests of parameterized cases: parameter arrays registered at run time and their plan
//! line, the parent test (`test.parent()`), `param_init`/`param_exit`, and the parent's
//! cleanup right after `param_exit` — each compared as a whole KTAP document with what
//! lib/kunit/test.c prints.

use crate::support::run;
use kunit::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

struct Limit(u32);

fn describe(_: &Kunit, param: &Param, desc: &mut String) {
    desc.push_str(&format!(
        "value {}",
        param.get::<u32>().copied().unwrap_or(0)
    ));
}

fn note_freed(limit: &mut Limit) {
    if let Some(t) = kunit::current_test() {
        kunit_info!(t, "parent resource freed (limit {})", limit.0);
    }
}

/// The kernel's shape: `param_init` registers the array, shares data on the parent.
fn runtime_init(test: &mut Kunit) -> Result<(), i32> {
    test.register_params_array(vec![1u32, 2, 3], Some(describe));
    test.set_priv(Limit(2));
    test.add_resource(Limit(2), Some(note_freed));
    let t = test.handle();
    test.add_action(move || kunit_info!(t, "parent action ran"));
    Ok(())
}

fn runtime_exit(test: &mut Kunit) {
    let runs = test.param_index();
    kunit_info!(test, "param_exit after {runs} parameters");
}

fn runtime_array(test: &mut Kunit) {
    let value = *test.param::<u32>();
    let limit = test
        .parent()
        .and_then(|p| p.priv_ref::<Limit>())
        .map(|l| l.0);
    kunit_assert_eq!(test, limit, Some(2));
    if value > 2 {
        kunit_skip!(test, "{value} is above the parent's limit");
    }
    let from_resource = test
        .parent()
        .and_then(|p| p.find_resource(|r| r.is::<Limit>()))
        .and_then(|r| r.data::<Limit>().map(|l| l.0));
    kunit_expect_eq!(test, from_resource, Some(2));
}

static STATIC_VALUES: [u32; 2] = [7, 8];
kunit_array_param!(static_gen, STATIC_VALUES);

fn static_array(test: &mut Kunit) {
    // KUNIT_ARRAY_PARAM registers its table on the parent (no plan line: the generator is
    // not kunit_array_gen_params).
    let registered = test.parent().and_then(|p| p.num_params());
    kunit_expect_eq!(test, registered, Some(2));
}

fn failing_init(test: &mut Kunit) -> Result<(), i32> {
    let t = test.handle();
    test.add_action(move || kunit_info!(t, "cleaned up after the failed param_init"));
    Err(-12)
}

fn never_runs(test: &mut Kunit) {
    kunit_fail!(test, "no parameter runs when param_init fails");
}

fn skipping_init(test: &mut Kunit) -> Result<(), i32> {
    kunit_skip!(test, "no device for the series");
    Ok(())
}

fn plain_case(test: &mut Kunit) {
    kunit_expect_true!(test, test.parent().is_none());
}

static CASES: &[Case] = &[
    kunit_case_param_with_init!(
        runtime_array,
        kunit_array_gen_params,
        Some(runtime_init),
        Some(runtime_exit)
    ),
    kunit_case_param!(static_array, static_gen),
    kunit_case_param_with_init!(never_runs, kunit_array_gen_params, Some(failing_init), None),
    kunit_case!(plain_case),
    kunit_case_param_with_init!(
        never_runs,
        kunit_array_gen_params,
        Some(skipping_init),
        None
    ),
];
static PARAMS: Suite = Suite::new("params", CASES);

fn test_param_series_ktap(test: &mut Kunit) {
    let (got, _) = run(&[&PARAMS]);
    let want = "\
KTAP version 1
1..1
    KTAP version 1
    # Subtest: params
    1..5
        KTAP version 1
        # Subtest: runtime_array
        1..3
        ok 1 value 1
        ok 2 value 2
        ok 3 value 3 # SKIP 3 is above the parent's limit
    # runtime_array: param_exit after 3 parameters
    # runtime_array: parent action ran
    # runtime_array: parent resource freed (limit 2)
    # runtime_array: pass:2 fail:0 skip:1 total:3
    ok 1 runtime_array
        KTAP version 1
        # Subtest: static_array
        ok 1 param-1
        ok 2 param-2
    # static_array: pass:2 fail:0 skip:0 total:2
    ok 2 static_array
    # never_runs:         # failed to initialize parent parameter test (-12)
    # never_runs: cleaned up after the failed param_init
    not ok 3 never_runs
    ok 4 plain_case
    ok 5 never_runs # SKIP no device for the series
# params: pass:3 fail:1 skip:1 total:5
# Totals: pass:5 fail:1 skip:2 total:8
not ok 1 params
";
    kunit_expect_streq!(test, got.as_str(), want);
}

static PARENT_ACTION_RAN: AtomicBool = AtomicBool::new(false);
static RELEASE_HUNG_PARAM: AtomicBool = AtomicBool::new(false);

fn hang_init(test: &mut Kunit) -> Result<(), i32> {
    test.register_params_array(vec![1u8], None);
    test.add_action(|| PARENT_ACTION_RAN.store(true, Relaxed));
    Ok(())
}

fn hangs(_: &mut Kunit) {
    while !RELEASE_HUNG_PARAM.load(Relaxed) {
        std::thread::sleep(Duration::from_millis(5));
    }
}

static HANG_CASES: &[Case] = &[Case {
    attr: Attributes {
        timeout: Some(Duration::from_millis(200)),
        ..Attributes::DEFAULT
    },
    ..kunit_case_param_with_init!(hangs, kunit_array_gen_params, Some(hang_init), None)
}];
static HANGING_PARAM: Suite = Suite::new("hanging_param", HANG_CASES);

fn test_parent_cleaned_up_after_timeout(test: &mut Kunit) {
    PARENT_ACTION_RAN.store(false, Relaxed);
    let (got, _) = run(&[&HANGING_PARAM]);
    RELEASE_HUNG_PARAM.store(true, Relaxed);
    let want = "\
KTAP version 1
1..1
    KTAP version 1
    # Subtest: hanging_param
    1..1
        KTAP version 1
        # Subtest: hangs
        1..1
    # hangs: try timed out
    # hangs: test case timed out
        not ok 1 param-1
    not ok 1 hangs
not ok 1 hanging_param
";
    kunit_expect_streq!(test, got.as_str(), want);
    // The parent's actions still ran (its data is leaked: the hung thread may use it).
    kunit_expect_true!(test, PARENT_ACTION_RAN.load(Relaxed));
}

static PARAM_CASES: &[Case] = &[
    kunit_case!(test_param_series_ktap),
    kunit_case!(test_parent_cleaned_up_after_timeout),
];
kunit_test_suite!(Suite::new("kunit_params", PARAM_CASES));
