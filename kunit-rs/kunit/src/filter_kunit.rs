//! Self-tests of selection: the kernel's glob, attribute filters and their error messages,
//! and `filter_action=skip`.

use crate::support::run_with;
use kunit::filter::{glob_match, AttrFilter, GlobFilter};
use kunit::prelude::*;
use kunit::Config;

fn test_glob_match(test: &mut Kunit) {
    let cases = [
        ("list*", "list_sort", true),
        ("list*", "sysctl", false),
        ("*del_test", "list_del_test", true),
        ("a?c", "abc", true),
        ("a?c", "ac", false),
        ("[ab]x", "bx", true),
        ("[!ab]x", "bx", false),
        ("[a-c]*", "cat", true),
        ("[]]", "]", true),
        ("[!]]", "a", true),
        ("[^a]", "^", true),
        ("[^a]", "b", false),
        // An unclosed `[` is a literal (lib/glob.c), here even after a `*`: the fuzzer found
        // that rescanning it at every backtrack took seconds.
        ("x[ab", "x[ab", true),
        ("*[", "abc[", true),
        ("*[ab", "x[ac", false),
        ("*", "", true),
        ("", "x", false),
        ("*a*b*", "xxaxxbxx", true),
        ("*a*b", "xxaxxbxxc", false),
    ];
    for (pattern, text, want) in cases {
        kunit_expect_eq_msg!(
            test,
            glob_match(pattern, text),
            want,
            "glob_match({:?}, {:?})",
            pattern,
            text
        );
    }
    let g = GlobFilter::parse("list*.*del_test").unwrap();
    kunit_expect_true!(
        test,
        g.matches_suite("list_sort") && g.matches_case("list_del_test") && !g.matches_case("add")
    );
    kunit_expect_true!(
        test,
        GlobFilter::parse("suite").unwrap().matches_case("anything")
    );
}

/// Malformed filters and the message each gets: the kernel's wording and quoting where it
/// has one (attributes.c), ours for what it would accept or misread.
const BAD_FILTERS: &[(&str, &str)] = &[
    ("speed", "filter operation not found: speed"),
    ("=slow", "filter operation not found: =slow"),
    ("color=red", "attribute not found: color=red"),
    (
        "color=red, speed>slow",
        "attribute not found: color=red, speed>slow",
    ),
    ("speed>slow, color=red", "attribute not found: color=red"),
    ("nosuchattr=1", "attribute not found: nosuchattr=1"),
    ("speed>", "filter value not found: >"),
    ("speed=fast", "invalid filter input: =fast"),
    ("speed>fast", "invalid filter input: >fast"),
    ("module<x", "invalid filter input: <x"),
    ("module>=x", "invalid filter input: >=x"),
    ("is_init=maybe", "invalid filter input: =maybe"),
    ("speed>>slow", "invalid filter operation: >>slow"),
    ("speed=<slow", "invalid filter operation: =<slow"),
    ("speed!slow", "invalid filter operation: !slow"),
    ("module==x", "invalid filter operation: ==x"),
    ("module!x", "invalid filter operation: !x"),
    ("", "empty filter: ''"),
    (" ", "empty filter: ' '"),
    ("speed>slow,", "empty filter: 'speed>slow,'"),
    (
        "speed>slow,,module=m",
        "empty filter: 'speed>slow,,module=m'",
    ),
];

fn test_filter_errors(test: &mut Kunit) {
    for (input, message) in BAD_FILTERS {
        let got = AttrFilter::parse_list(input)
            .map(|_| ())
            .map_err(|e| e.to_string());
        kunit_expect_eq_msg!(
            test,
            got,
            Err(format!("kunit executor: {message}")),
            "{:?}",
            input
        );
    }
    for good in [
        "speed>slow, module=m",
        "speed>slow ,module=m",
        "speed=unset",
        "is_init!=true",
        "module!=a=b",
    ] {
        kunit_expect_true_msg!(test, AttrFilter::parse_list(good).is_ok(), "{:?}", good);
    }
}

fn test_glob_errors(test: &mut Kunit) {
    let bad = [
        ("", "empty suite or test part"),
        (".case", "empty suite or test part"),
        ("suite.", "empty suite or test part"),
        ("sui[te", "unterminated '[' class"),
        ("suite.ca[!se", "unterminated '[' class"),
        ("[]", "unterminated '[' class"),
    ];
    for (glob, why) in bad {
        kunit_expect_eq_msg!(
            test,
            GlobFilter::parse(glob).map_err(|e| e.to_string()),
            Err(format!(
                "kunit executor: invalid filter_glob ({why}): '{glob}'"
            )),
            "{:?}",
            glob
        );
    }
    for good in ["[]]x", "a[!b]c.[a-c]*", "list*.*del_test", "s.c.d"] {
        kunit_expect_true_msg!(test, GlobFilter::parse(good).is_ok(), "{:?}", good);
    }
}

fn normal_case(_: &mut Kunit) {}
fn slow_case(_: &mut Kunit) {}
fn very_slow_case(_: &mut Kunit) {}
static CASES_BY_SPEED: &[Case] = &[
    kunit_case!(normal_case),
    kunit_case_slow!(slow_case),
    kunit_case!(very_slow_case, Attributes::VERY_SLOW),
];
static SPEEDS: Suite = Suite::new("speeds", CASES_BY_SPEED);

fn names(filter: &str, skip: bool) -> Vec<String> {
    let cfg = Config {
        filter: Some(filter.into()),
        filter_action_skip: skip,
        ignored: kunit::Ignored::Include,
        ..Config::default()
    };
    let (_, report) = run_with(&[&SPEEDS], "speedmod", &cfg);
    report
        .suites
        .iter()
        .flat_map(|s| s.cases.iter().map(|c| format!("{}:{:?}", c.name, c.status)))
        .collect()
}

fn test_attribute_filters(test: &mut Kunit) {
    kunit_expect_eq!(
        test,
        names("speed>slow", false),
        vec!["normal_case:Success"]
    );
    kunit_expect_eq!(
        test,
        names("speed<=slow", false),
        vec!["slow_case:Success", "very_slow_case:Success"]
    );
    kunit_expect_eq!(
        test,
        names("speed=very_slow", false),
        vec!["very_slow_case:Success"]
    );
    kunit_expect_eq!(
        test,
        names("speed!=slow, module=speedmod", false),
        vec!["normal_case:Success", "very_slow_case:Success"]
    );
    kunit_expect_eq!(test, names("module!=speedmod", false), Vec::<String>::new());
    kunit_expect_eq!(
        test,
        names("speed>slow", true),
        vec![
            "normal_case:Success",
            "slow_case:Skipped",
            "very_slow_case:Skipped"
        ]
    );
}

fn test_filter_action_skip_ktap(test: &mut Kunit) {
    let cfg = Config {
        filter: Some("speed>slow".into()),
        filter_action_skip: true,
        ..Config::default()
    };
    let (got, _) = run_with(&[&SPEEDS], "", &cfg);
    kunit_expect_streq!(
        test,
        got,
        "KTAP version 1
1..1
    KTAP version 1
    # Subtest: speeds
    1..3
    ok 1 normal_case
    # slow_case.speed: slow
    ok 2 slow_case # SKIP 
    # very_slow_case.speed: very_slow
    ok 3 very_slow_case # SKIP 
# speeds: pass:1 fail:0 skip:2 total:3
# Totals: pass:1 fail:0 skip:2 total:3
ok 1 speeds
"
    );
}

fn test_slow_cases_ignored_by_default(test: &mut Kunit) {
    let (got, report) = run_with(&[&SPEEDS], "", &Config::default());
    kunit_expect_true!(
        test,
        got.contains(
            "    ok 2 slow_case # SKIP slow test; run with --include-ignored or --filter\n"
        )
    );
    kunit_expect_eq!(test, report.skipped(), 2);
    let (_, only) = run_with(
        &[&SPEEDS],
        "",
        &Config {
            ignored: kunit::Ignored::Only,
            ..Config::default()
        },
    );
    kunit_expect_eq!(test, only.passed(), 2);
    kunit_expect_eq!(test, only.filtered_out, 1);
}

static CASES: &[Case] = &[
    kunit_case!(test_glob_match),
    kunit_case!(test_filter_errors),
    kunit_case!(test_glob_errors),
    kunit_case!(test_attribute_filters),
    kunit_case!(test_filter_action_skip_ktap),
    kunit_case!(test_slow_cases_ignored_by_default),
];
kunit_test_suite!(Suite::new("kunit_filter", CASES));
