//! Self-tests of the harness: libtest and KUnit flags, listings as nextest and the kernel
//! print them, and the closing line.

use kunit::harness::{closing_line, listing, Args};
use kunit::prelude::*;
use kunit::{Format, Ignored, Plan, Registration};

fn args(a: &[&str]) -> Result<Args, String> {
    Args::parse(a.iter().map(|s| s.to_string()))
}

fn test_flags(test: &mut Kunit) {
    let a = args(&[
        "--filter_glob",
        "checksum*",
        "--filter=speed>slow",
        "--filter_action",
        "skip",
        "--timeout",
        "2.5",
        "--jobs=3",
        "--format",
        "tap",
    ])
    .unwrap();
    kunit_expect_eq!(test, a.config.filter_glob.as_deref(), Some("checksum*"));
    kunit_expect_eq!(test, a.config.filter.as_deref(), Some("speed>slow"));
    kunit_expect_true!(test, a.config.filter_action_skip);
    kunit_expect_eq!(test, a.config.timeout.as_millis(), 2500);
    kunit_expect_eq!(test, a.config.jobs, 3);
    kunit_expect_eq!(test, a.config.format, Format::Tap);
    kunit_expect_eq!(test, a.config.ignored, Ignored::Include);
    let b = args(&[
        "sum",
        "--exact",
        "--skip",
        "x",
        "--nocapture",
        "--no-capture",
        "-Z",
        "unstable-options",
        "--list",
        "--format",
        "terse",
        "--ignored",
    ])
    .unwrap();
    kunit_expect_eq!(test, b.config.names.include, vec!["sum".to_string()]);
    kunit_expect_true!(test, b.config.names.exact && b.list && b.terse);
    kunit_expect_eq!(test, b.config.ignored, Ignored::Only);
    kunit_expect_eq!(test, args(&[]).unwrap().config.ignored, Ignored::Skip);
    // The STREQ diff is opt-in.
    kunit_expect_true!(test, args(&["--diff"]).unwrap().config.diff);
    kunit_expect_false!(test, args(&[]).unwrap().config.diff);
}

fn test_bad_flags(test: &mut Kunit) {
    kunit_expect_streq!(
        test,
        args(&["--bogus"]).unwrap_err(),
        "unrecognized option '--bogus'"
    );
    kunit_expect_streq!(
        test,
        args(&["--timeout"]).unwrap_err(),
        "option '--timeout' requires a value"
    );
    kunit_expect_streq!(
        test,
        args(&["--timeout", "-1"]).unwrap_err(),
        "option '--timeout': must be a positive number of seconds (at most 2^64), not '-1'"
    );
    kunit_expect_streq!(
        test,
        args(&["--jobs", "many"]).unwrap_err(),
        "option '--jobs': invalid number 'many'"
    );
    kunit_expect_streq!(
        test,
        args(&["--filter_action", "drop"]).unwrap_err(),
        "unknown filter action 'drop' (only 'skip' is supported)"
    );
    kunit_expect_streq!(
        test,
        args(&["--format", "xml"]).unwrap_err(),
        "unknown format 'xml' (expected ktap, tap, tap14, pretty, terse or json)"
    );
}

fn a_case(_: &mut Kunit) {}
static LIST_CASES: &[Case] = &[kunit_case!(a_case), kunit_case_slow!(a_case)];
static LISTED: Suite = Suite {
    name: "listed",
    test_cases: LIST_CASES,
    attr: Attributes::VERY_SLOW,
    ..Suite::DEFAULT
};

fn listed(a: &[&str]) -> String {
    let a = args(a).unwrap();
    let plan = Plan::new(&[Registration::unregistered(&LISTED, "mod_x")], &a.config).unwrap();
    listing(&a, &plan).unwrap_or_default()
}

fn test_listings(test: &mut Kunit) {
    kunit_expect_streq!(
        test,
        listed(&["--list", "--format", "terse"]),
        "listed.a_case: test\nlisted.a_case: test\n"
    );
    kunit_expect_streq!(
        test,
        listed(&["--list"]),
        "listed.a_case: test\nlisted.a_case: test\n\n2 tests, 0 benchmarks\n"
    );
    kunit_expect_streq!(
        test,
        listed(&["--list_tests"]),
        "KTAP version 1\nlisted\nlisted.a_case\nlisted.a_case\n"
    );
    kunit_expect_streq!(
        test,
        listed(&["--list_tests_attr"]),
        "KTAP version 1\nlisted\n# speed: very_slow\n# module: mod_x\nlisted.a_case\nlisted.a_case\n# a_case.speed: slow\n"
    );
    kunit_expect_streq!(test, listed(&["--list_suites"]), "listed\n");
}

fn test_closing_line(test: &mut Kunit) {
    let report = kunit::Report::default();
    kunit_expect_streq!(test, closing_line(&report), "test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s");
}

/// The guide's flag table (docs/src/writing-suites.md, "The harness").
const GUIDE: &str = include_str!("../../../docs/src/writing-suites.md");

/// The flags `--help` names: each `-x` or `--word` token.
fn help_flags(help: &str) -> Vec<String> {
    let mut flags: Vec<String> = help
        .split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')')
        .filter(|t| t.starts_with('-') && t.len() > 1 && !t.starts_with("-1"))
        .map(|t| t.trim_end_matches(['.', ':', ';']).to_owned())
        .collect();
    flags.sort();
    flags.dedup();
    flags
}

fn test_every_help_flag_in_guide(test: &mut Kunit) {
    // This self-test binary is a harness: its own --help is the text users see.
    let exe = std::env::current_exe().expect("the self-test binary's path");
    let out = std::process::Command::new(exe)
        .arg("--help")
        .output()
        .expect("run --help");
    kunit_expect_eq!(test, out.status.code(), Some(0));
    let help = String::from_utf8_lossy(&out.stdout).into_owned();
    let flags = help_flags(&help);
    // Sanity: the extraction finds the flags of both option groups.
    for known in [
        "--list",
        "--filter_glob",
        "--diff",
        "-h",
        "--shuffle-seed",
        "-Z",
    ] {
        kunit_expect_true_msg!(
            test,
            flags.iter().any(|f| f == known),
            "{known} not in {flags:?}"
        );
    }
    let table = GUIDE
        .split("## The harness")
        .nth(1)
        .and_then(|t| t.split("\n## ").next())
        .unwrap_or("");
    kunit_expect_true!(test, table.contains("| flag | meaning |"));
    for flag in &flags {
        // In a table cell, as `FLAG` or `FLAG VALUE`.
        let cited = table.contains(&format!("`{flag}`"))
            || table.contains(&format!("`{flag} "))
            || table.contains(&format!("`{flag}="));
        kunit_expect_true_msg!(
            test,
            cited,
            "{flag} is in --help but not in the guide's table"
        );
    }
}

static CASES: &[Case] = &[
    kunit_case!(test_every_help_flag_in_guide),
    kunit_case!(test_flags),
    kunit_case!(test_bad_flags),
    kunit_case!(test_listings),
    kunit_case!(test_closing_line),
];
kunit_test_suite!(Suite::new("kunit_harness", CASES));
