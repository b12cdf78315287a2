//! lib/kunit/executor_test.c, rewritten: the executor's filters (suite `kunit_executor_test`,
//! case names kept). Fake suites are unregistered statics run through [`kunit::Plan`].

use crate::support::run_with;
use kunit::filter::{AttrFilter, GlobFilter};
use kunit::prelude::*;
use kunit::{Config, Ignored, Plan, Registration};

fn dummy_test(_: &mut Kunit) {}

static DUMMY_TEST_CASES: &[Case] = &[
    Case {
        name: "test1",
        run_case: dummy_test,
        ..Case::DEFAULT
    },
    Case {
        name: "test2",
        run_case: dummy_test,
        ..Case::DEFAULT
    },
];
static SUITE1: Suite = Suite::new("suite1", DUMMY_TEST_CASES);
static SUITE2: Suite = Suite::new("suite2", DUMMY_TEST_CASES);

/// `kunit_filter_suites(&suite_set, glob, filters, action)`: the selected `suite.case`s.
fn filter_suites(
    suites: &[&'static Suite],
    module: &'static str,
    glob: Option<&str>,
    filter: Option<&str>,
    skip: bool,
) -> Vec<String> {
    let regs: Vec<Registration> = suites
        .iter()
        .map(|s| Registration::unregistered(s, module))
        .collect();
    let config = Config {
        filter_glob: glob.map(str::to_owned),
        filter: filter.map(str::to_owned),
        filter_action_skip: skip,
        ignored: Ignored::Include,
        ..Config::default()
    };
    Plan::new(&regs, &config)
        .expect("filters parse")
        .case_names()
        .collect()
}

fn parse_filter_test(test: &mut Kunit) {
    let filter = GlobFilter::parse("suite").expect("a valid glob");
    kunit_expect_streq!(test, filter.suite.as_str(), "suite");
    kunit_expect_true!(test, filter.test.is_none());

    let filter = GlobFilter::parse("suite.test").expect("a valid glob");
    kunit_expect_streq!(test, filter.suite.as_str(), "suite");
    kunit_expect_eq!(test, filter.test.as_deref(), Some("test"));
}

fn filter_suites_test(test: &mut Kunit) {
    let got = filter_suites(&[&SUITE1, &SUITE2], "", Some("suite2"), None, false);
    kunit_expect_eq!(test, got, ["suite2.test1", "suite2.test2"]);
}

fn filter_suites_test_glob_test(test: &mut Kunit) {
    let got = filter_suites(&[&SUITE1, &SUITE2], "", Some("suite2.test2"), None, false);
    kunit_expect_eq!(test, got, ["suite2.test2"]);
}

fn filter_suites_to_empty_test(test: &mut Kunit) {
    let got = filter_suites(&[&SUITE1, &SUITE2], "", Some("not_found"), None, false);
    kunit_expect_true_msg!(test, got.is_empty(), "should be empty to indicate no match");
}

static NO_CASES: Suite = Suite::new("no_cases", &[]);

/// The number of suites selected from `suites` by `glob` (and `names`, positional filters).
fn selected(suites: &[&'static Suite], glob: Option<&str>, names: &[&str]) -> usize {
    let regs: Vec<Registration> = suites
        .iter()
        .map(|s| Registration::unregistered(s, ""))
        .collect();
    let mut config = Config {
        filter_glob: glob.map(str::to_owned),
        ignored: Ignored::Include,
        ..Config::default()
    };
    config.names.include = names.iter().map(|n| n.to_string()).collect();
    Plan::new(&regs, &config).expect("filters parse").len()
}

/// Not in executor_test.c: a suite with no case is run (KUnit's `1..0`, the suite
/// skipped: kunit-test.c's kunit_fault under UML) unless a filter selects cases.
fn filter_suites_keeps_a_suite_without_cases_test(test: &mut Kunit) {
    kunit_expect_eq!(test, selected(&[&SUITE1, &NO_CASES], None, &[]), 2);
    kunit_expect_eq!(
        test,
        selected(&[&SUITE1, &NO_CASES], Some("no_cases"), &[]),
        1
    );
    kunit_expect_eq!(
        test,
        selected(&[&SUITE1, &NO_CASES], Some("suite1"), &[]),
        1
    );
    kunit_expect_eq!(test, selected(&[&SUITE1, &NO_CASES], None, &["test1"]), 1);
}

fn parse_filter_attr_test(test: &mut Kunit) {
    let parsed = AttrFilter::parse_list("speed>slow, module!=example");
    kunit_assert_true!(test, parsed.is_ok());
    let parsed = parsed.unwrap_or_default();
    kunit_assert_eq!(test, parsed.len(), 2);
    kunit_expect_streq!(test, parsed[0].name(), "speed");
    kunit_expect_streq!(test, parsed[0].input().as_str(), ">slow");
    kunit_expect_streq!(test, parsed[1].name(), "module");
    kunit_expect_streq!(test, parsed[1].input().as_str(), "!=example");
}

static DUMMY_ATTR_TEST_CASES: &[Case] = &[
    Case {
        name: "slow",
        run_case: dummy_test,
        attr: Attributes::SLOW,
        ..Case::DEFAULT
    },
    Case {
        name: "normal",
        run_case: dummy_test,
        ..Case::DEFAULT
    },
];
static NORMAL_SUITE: Suite = Suite::new("normal_suite", DUMMY_ATTR_TEST_CASES);
static SLOW_SUITE: Suite = Suite {
    name: "slow_suite",
    test_cases: DUMMY_ATTR_TEST_CASES,
    attr: Attributes::SLOW,
    ..Suite::DEFAULT
};
static ATTR_SUITE: Suite = Suite::new("suite", DUMMY_ATTR_TEST_CASES);

fn filter_attr_test(test: &mut Kunit) {
    // slow_suite's "normal" case has no speed of its own, so the suite's (slow) decides.
    let suites = [&NORMAL_SUITE, &SLOW_SUITE];
    let got = filter_suites(&suites, "dummy", None, Some("speed>slow"), false);
    kunit_expect_eq!(test, got, ["normal_suite.normal"]);
}

fn filter_attr_empty_test(test: &mut Kunit) {
    let suites = [&SUITE1, &SUITE2];
    let got = filter_suites(&suites, "dummy", None, Some("module!=dummy"), false);
    kunit_expect_true_msg!(test, got.is_empty(), "should be empty to indicate no match");
}

fn filter_attr_skip_test(test: &mut Kunit) {
    let got = filter_suites(&[&ATTR_SUITE], "dummy", None, Some("speed>slow"), true);
    kunit_expect_eq!(test, got, ["suite.slow", "suite.normal"]);
    // The filtered-out case is kept, reported skipped; the other one runs.
    let config = Config {
        filter: Some("speed>slow".into()),
        filter_action_skip: true,
        ignored: Ignored::Include,
        ..Config::default()
    };
    let (_, report) = run_with(&[&ATTR_SUITE], "dummy", &config);
    let statuses: Vec<Status> = report.suites[0].cases.iter().map(|c| c.status).collect();
    kunit_expect_eq!(test, statuses, [Status::Skipped, Status::Success]);
}

static EXECUTOR_TEST_CASES: &[Case] = &[
    kunit_case!(parse_filter_test),
    kunit_case!(filter_suites_test),
    kunit_case!(filter_suites_test_glob_test),
    kunit_case!(filter_suites_to_empty_test),
    kunit_case!(filter_suites_keeps_a_suite_without_cases_test),
    kunit_case!(parse_filter_attr_test),
    kunit_case!(filter_attr_test),
    kunit_case!(filter_attr_empty_test),
    kunit_case!(filter_attr_skip_test),
];
kunit_test_suite!(Suite::new("kunit_executor_test", EXECUTOR_TEST_CASES));
