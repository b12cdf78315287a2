//! Self-tests of the oracle: kunit's real `--format tap14` output (suites run in process)
//! agrees, and each kind of disagreement — in the TAP or in the report — is caught.

use kunit::harness::closing_line;
use kunit::prelude::*;
use kunit::{Capture, Config, Format, Ignored, Plan, Registration};
use tap14_oracle::check::{check, split_output, structural_lines, Agreed, HarnessReport, Summary};

fn passes(test: &mut Kunit) {
    kunit_expect_eq!(test, 1 + 1, 2);
}
fn fails(test: &mut Kunit) {
    kunit_expect_eq!(test, 1 + 1, 3);
}
fn slow_passes(test: &mut Kunit) {
    kunit_expect_eq!(test, 2 * 2, 4);
}
fn skips(test: &mut Kunit) {
    kunit_skip!(test, "not here");
}
fn counting(_: &mut Kunit, prev: Option<&Param>, _: &mut String) -> Option<Param> {
    let next = prev.map_or(0, |p| *p.get::<u32>().unwrap() + 1);
    (next < 3).then(|| Param::new(next))
}
fn no_params(_: &mut Kunit, _: Option<&Param>, _: &mut String) -> Option<Param> {
    None
}
fn param_case(test: &mut Kunit) {
    kunit_expect_ne!(test, *test.param::<u32>(), 1);
}

static MIXED_CASES: &[Case] = &[
    kunit_case!(passes),
    kunit_case!(fails),
    kunit_case!(skips),
    kunit_case_slow!(slow_passes),
    kunit_case_param!(param_case, counting),
    kunit_case_param!(param_case, no_params),
];
static MIXED: Suite = Suite {
    name: "oracle_mixed",
    test_cases: MIXED_CASES,
    ..Suite::DEFAULT
};
static PASSING_CASES: &[Case] = &[kunit_case!(passes), kunit_case!(skips)];
static PASSING: Suite = Suite {
    name: "oracle_passing",
    test_cases: PASSING_CASES,
    ..Suite::DEFAULT
};
static SKIPPED_CASES: &[Case] = &[kunit_case!(skips)];
static SKIPPED: Suite = Suite {
    name: "oracle_skipped",
    test_cases: SKIPPED_CASES,
    ..Suite::DEFAULT
};

/// What the harness binary would print (`--format tap14`) and report (`--list`,
/// `--list --ignored`, the closing line), for `suites` run in process.
fn harness_run(suites: &[&'static Suite]) -> (String, HarnessReport) {
    let regs: Vec<Registration> = suites
        .iter()
        .map(|s| Registration::unregistered(s, "oracle"))
        .collect();
    let config = Config {
        format: Format::Tap14,
        ..Config::default()
    };
    let out = Capture::new();
    let report = kunit::run(Some(&regs), &config, out.clone()).unwrap();
    let mut stdout = String::from_utf8(out.bytes()).unwrap();
    stdout.push_str(&format!("\n{}\n\n", closing_line(&report)));
    let names = |ignored| {
        let config = Config {
            ignored,
            ..Config::default()
        };
        Plan::new(&regs, &config).unwrap().case_names().collect()
    };
    let (_, summary) = split_output(&stdout).unwrap();
    let report = HarnessReport {
        listed: names(Ignored::Skip),
        ignored: names(Ignored::Only),
        summary,
    };
    (stdout, report)
}

fn test_kunit_tap14_agrees(test: &mut Kunit) {
    let (stdout, report) = harness_run(&[&MIXED, &PASSING, &SKIPPED]);
    let (tap, summary) = split_output(&stdout).unwrap();
    kunit_expect_eq!(
        test,
        summary,
        Summary {
            ok: false,
            passed: 2,
            failed: 2,
            ignored: 5
        }
    );
    kunit_expect_eq!(
        test,
        check(tap, &report),
        Ok(Agreed {
            suites: 3,
            cases: 9,
            params: 3
        })
    );
}

fn test_report_disagreements_are_caught(test: &mut Kunit) {
    let (stdout, report) = harness_run(&[&MIXED]);
    let (tap, _) = split_output(&stdout).unwrap();

    let mut renamed = report.clone();
    renamed.listed[0] = "oracle_mixed.other".into();
    let err = check(tap, &renamed).unwrap_err();
    kunit_expect_true!(test, err.contains("are not those of --list"));

    let mut miscounted = report.clone();
    miscounted.summary.passed += 1;
    let err = check(tap, &miscounted).unwrap_err();
    kunit_expect_true!(test, err.starts_with("counts differ: "));

    // `fails` is listed as slow: its TAP line is not `ok ... # SKIP`.
    let mut not_skipped = report.clone();
    not_skipped.ignored.push("oracle_mixed.fails".into());
    let err = check(tap, &not_skipped).unwrap_err();
    kunit_expect_streq!(
        test,
        err,
        "slow case oracle_mixed.fails (--list --ignored, 1x) has 0 'ok # SKIP <reason>' lines in the TAP tree (1 cases of that name)"
    );
}

/// `check` over `tap` with the report `harness_run` gives for PASSING, edited by `edit`.
fn check_edited(edit: impl Fn(&str) -> String) -> Result<Agreed, String> {
    let (stdout, report) = harness_run(&[&PASSING]);
    let (tap, _) = split_output(&stdout).unwrap();
    check(&edit(tap), &report)
}

fn test_tap_disagreements_are_caught(test: &mut Kunit) {
    kunit_expect_eq!(
        test,
        check_edited(str::to_owned),
        Ok(Agreed {
            suites: 1,
            cases: 2,
            params: 0
        })
    );
    // KTAP is not TAP 14.
    let err = check_edited(|t| t.replace("TAP version 14", "KTAP version 1")).unwrap_err();
    kunit_expect_streq!(
        test,
        err,
        "tap_parser rejects the document: TAP file does not have a version"
    );
    // A skip that lost its directive changes the counts.
    let err = check_edited(|t| t.replace(" # SKIP not here", "")).unwrap_err();
    kunit_expect_true!(test, err.contains("counts differ"));
    // A suite ended under another name.
    let err = check_edited(|t| t.replace("ok 1 oracle_passing", "ok 1 other")).unwrap_err();
    kunit_expect_true!(
        test,
        err.contains("'# Subtest: oracle_passing' ended by test point 'other'")
    );
    // A wrong plan.
    let err = check_edited(|t| t.replacen("    1..2", "    1..3", 1)).unwrap_err();
    kunit_expect_true!(
        test,
        err.contains("suite oracle_passing: plan 1..3 but 2 test points")
    );
    // A suite result that contradicts its cases.
    let err =
        check_edited(|t| t.replace("ok 1 oracle_passing", "not ok 1 oracle_passing")).unwrap_err();
    kunit_expect_true!(
        test,
        err.contains("suite oracle_passing: result is 'not ok' but its parts say 'ok'")
    );
}

fn test_structural_lines(test: &mut Kunit) {
    // Diagnostics (even ones that begin like TAP) and comments go; structure stays.
    let tap = "TAP version 14\n1..1\n# Subtest: s\n    # module: m\n    1..1\n    # c: EXPECTATION FAILED at x.rs:1\n    Expected ok == true, but\n        ok == false\n    1.. is a range\n    not ok 1 c\n# s: pass:0 fail:1 skip:0 total:1\nnot ok 1 s\n";
    kunit_expect_streq!(
        test,
        structural_lines(tap),
        "TAP version 14\n1..1\n# Subtest: s\n    1..1\n    not ok 1 c\nnot ok 1 s\n"
    );
}

fn test_closing_line_parse(test: &mut Kunit) {
    kunit_expect_eq!(
        test,
        Summary::parse("test result: FAILED. 3 passed; 1 failed; 2 ignored; 0 measured; 0 filtered out; finished in 0.01s"),
        Some(Summary {
            ok: false,
            passed: 3,
            failed: 1,
            ignored: 2
        })
    );
    kunit_expect_eq!(test, Summary::parse("test result: maybe. 3 passed"), None);
    kunit_expect_true!(test, split_output("TAP version 14\n1..0\n").is_err());
}

static CASES: &[Case] = &[
    kunit_case!(test_kunit_tap14_agrees),
    kunit_case!(test_report_disagreements_are_caught),
    kunit_case!(test_tap_disagreements_are_caught),
    kunit_case!(test_structural_lines),
    kunit_case!(test_closing_line_parse),
];
kunit_test_suite!(Suite {
    name: "tap14_oracle",
    test_cases: CASES,
    ..Suite::DEFAULT
});
