//! Self-tests of the suite lifecycle: suite-level logging from `suite_init`/`suite_exit`
//! (`suite_exit` before the suite's stats, as `kunit_run_tests` does — with one job and with
//! two), init-section suites (`# is_init: true`, run first) — compared as whole documents.

use crate::support::run_with;
use kunit::prelude::*;
use kunit::{Capture, Config, Ignored, Registration};

fn log_init(suite: &Suite) -> Result<(), i32> {
    kunit_info!(suite, "suite_init ran");
    Ok(())
}
fn log_exit(suite: &Suite) {
    kunit_err!(suite, "suite_exit ran");
}
fn case_a(_: &mut Kunit) {}
fn case_b(_: &mut Kunit) {}
static LOG_CASES: &[Case] = &[kunit_case!(case_a), kunit_case!(case_b)];
static LOG_ONE: Suite = Suite {
    name: "log_one",
    suite_init: Some(log_init),
    suite_exit: Some(log_exit),
    test_cases: LOG_CASES,
    ..Suite::DEFAULT
};
static LOG_TWO: Suite = Suite {
    name: "log_two",
    suite_init: Some(log_init),
    suite_exit: Some(log_exit),
    test_cases: LOG_CASES,
    ..Suite::DEFAULT
};

fn suite_log_document(name: &str, number: usize) -> String {
    format!(
        "    # {name}: suite_init ran
    KTAP version 1
    # Subtest: {name}
    1..2
    ok 1 case_a
    ok 2 case_b
    # {name}: suite_exit ran
# {name}: pass:2 fail:0 skip:0 total:2
# Totals: pass:2 fail:0 skip:0 total:2
ok {number} {name}
"
    )
}

fn test_suite_log_placement(test: &mut Kunit) {
    let want = format!(
        "KTAP version 1\n1..2\n{}{}",
        suite_log_document("log_one", 1),
        suite_log_document("log_two", 2)
    );
    for jobs in [1, 2] {
        let config = Config {
            jobs,
            ignored: Ignored::Include,
            ..Config::default()
        };
        let (got, _) = run_with(&[&LOG_ONE, &LOG_TWO], "", &config);
        kunit_expect_streq_msg!(test, got.as_str(), want.as_str(), "with --jobs {}", jobs);
    }
}

fn test_suite_log_outside_run(test: &mut Kunit) {
    // Not running on this thread: the line cannot land in any suite's output, so it goes
    // to stderr — and nothing is added to this (running) test's output.
    kunit::suite_log::log(&LOG_ONE, format_args!("nobody listens"));
    kunit_expect_eq!(test, test.status(), Status::Success);
}

fn early_case(test: &mut Kunit) {
    // Init-section suites run before every other registered suite.
    let first = kunit::registered_suites()
        .first()
        .map(|r| (r.suite.name, r.is_init));
    kunit_expect_eq!(test, first, Some(("kunit_init_section", true)));
}
static EARLY_CASES: &[Case] = &[kunit_case!(early_case)];
static INIT_SECTION: Suite = Suite::new("kunit_init_section", EARLY_CASES);
kunit_test_init_section_suites!(INIT_SECTION);

fn test_is_init_attribute(test: &mut Kunit) {
    let regs = [Registration::unregistered(&INIT_SECTION, "early_mod").init_section()];
    let out = Capture::new();
    let report = kunit::run(Some(&regs), &Config::default(), out.clone());
    kunit_assert_true!(test, report.is_ok_and(|r| r.success()));
    let want = "\
KTAP version 1
1..1
    KTAP version 1
    # Subtest: kunit_init_section
    # module: early_mod
    # is_init: true
    1..1
    ok 1 early_case
ok 1 kunit_init_section
";
    kunit_expect_streq!(test, out.text().as_str(), want);
    // The attribute filters see it too.
    let config = Config {
        filter: Some("is_init=true".into()),
        ..Config::default()
    };
    let plain = Registration::unregistered(&LOG_ONE, "m");
    let both = [plain, regs[0]];
    let names: Vec<String> = kunit::Plan::new(&both, &config)
        .map(|p| p.case_names().collect())
        .unwrap_or_default();
    kunit_expect_eq!(test, names, ["kunit_init_section.early_case"]);
}

fn normal_case(_: &mut Kunit) {}
static NORMAL_CASES: &[Case] = &[kunit_case!(normal_case)];
static A_NORMAL: Suite = Suite::new("a_normal", NORMAL_CASES);

fn test_init_section_suites_run_first(test: &mut Kunit) {
    // Registered in name order "a_normal" < "kunit_init_section", the init suite still
    // runs first, as the kernel's executor merges the init suite set in front.
    let mut regs = [
        Registration::unregistered(&A_NORMAL, ""),
        Registration::unregistered(&INIT_SECTION, "").init_section(),
    ];
    kunit::registry::sort_suites(&mut regs);
    let out = Capture::new();
    let report = kunit::run(Some(&regs), &Config::default(), out.clone());
    kunit_assert_true!(test, report.is_ok_and(|r| r.success()));
    let want = "\
KTAP version 1
1..2
    KTAP version 1
    # Subtest: kunit_init_section
    # is_init: true
    1..1
    ok 1 early_case
ok 1 kunit_init_section
    KTAP version 1
    # Subtest: a_normal
    1..1
    ok 1 normal_case
ok 2 a_normal
";
    kunit_expect_streq!(test, out.text().as_str(), want);
}

static CASES: &[Case] = &[
    kunit_case!(test_init_section_suites_run_first),
    kunit_case!(test_suite_log_placement),
    kunit_case!(test_suite_log_outside_run),
    kunit_case!(test_is_init_attribute),
];
kunit_test_suite!(Suite::new("kunit_suite_run", CASES));
