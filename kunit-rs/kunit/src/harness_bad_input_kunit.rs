//! Bad input is an error, never a silent run: each malformed command line below makes the
//! harness binary (this self-test binary, run again as a child) print one clear message on
//! stderr, print nothing on stdout (no test ran) and exit with status 2.

use kunit::prelude::*;
use std::process::Command;

/// Set in the child, so that a harness that wrongly accepted its arguments runs this case as a
/// no-op (and the table fails on its exit status) instead of spawning children forever.
const CHILD_ENV: &str = "KUNIT_BAD_INPUT_CHILD";

const FILTER_ERROR_TAIL: &str = "kunit executor: error filtering suites: -22";

/// (arguments, the first line of stderr, whether the kernel's "error filtering" line follows).
const BAD_INPUTS: &[(&[&str], &str, bool)] = &[
    (&["--filter", "speed>>slow"], "kunit executor: invalid filter operation: >>slow", true),
    (&["--filter", "speed=fast"], "kunit executor: invalid filter input: =fast", true),
    (&["--filter", "nosuchattr=1"], "kunit executor: attribute not found: nosuchattr=1", true),
    (&["--filter", "speed"], "kunit executor: filter operation not found: speed", true),
    (&["--filter="], "kunit executor: empty filter: ''", true),
    (&["--filter", "  "], "kunit executor: empty filter: '  '", true),
    (&["--filter", "speed>slow,"], "kunit executor: empty filter: 'speed>slow,'", true),
    (&["--filter", "speed>"], "kunit executor: filter value not found: >", true),
    (&["--filter", "module<kunit"], "kunit executor: invalid filter input: <kunit", true),
    (&["--filter", "is_init=maybe"], "kunit executor: invalid filter input: =maybe", true),
    (
        &["--filter_glob", ""],
        "kunit executor: invalid filter_glob (empty suite or test part): ''",
        true,
    ),
    (
        &["--filter_glob", "kunit_[abc"],
        "kunit executor: invalid filter_glob (unterminated '[' class): 'kunit_[abc'",
        true,
    ),
    (
        &["--filter_glob=kunit_filter."],
        "kunit executor: invalid filter_glob (empty suite or test part): 'kunit_filter.'",
        true,
    ),
    (
        &["--format", "xml"],
        "error: unknown format 'xml' (expected ktap, tap, tap14, pretty, terse or json)",
        false,
    ),
    (
        &["--format", "json"],
        "error: The \"json\" format is only accepted on the nightly compiler with -Z unstable-options",
        false,
    ),
    (
        &["--ignored", "--include-ignored"],
        "error: options '--ignored' and '--include-ignored' are mutually exclusive",
        false,
    ),
    (
        &["--list", "--list_tests"],
        "error: options '--list' and '--list_tests' cannot be used together (each lists differently)",
        false,
    ),
    (&["--jobs", "0"], "error: option '--jobs': must be at least 1, not '0'", false),
    (&["--jobs", "2", "--test-threads=3"], "error: option '--jobs' given more than once", false),
    (
        &["--filter", "speed>slow", "--filter", "speed<slow"],
        "error: option '--filter' given more than once",
        false,
    ),
    (
        &["--timeout", "0"],
        "error: option '--timeout': must be a positive number of seconds (at most 2^64), not '0'",
        false,
    ),
    (
        &["--timeout", "1e30"],
        "error: option '--timeout': must be a positive number of seconds (at most 2^64), not '1e30'",
        false,
    ),
    (&["--stats", "3"], "error: option '--stats': expected 0, 1 or 2, not '3'", false),
    (&["--seed", "x"], "error: option '--seed': invalid number 'x'", false),
    (
        &["--filter_action", "drop"],
        "error: unknown filter action 'drop' (only 'skip' is supported)",
        false,
    ),
    (&["--bogus"], "error: unrecognized option '--bogus'", false),
];

fn test_bad_input_exits_2(test: &mut Kunit) {
    if std::env::var_os(CHILD_ENV).is_some() {
        return;
    }
    let exe = std::env::current_exe().expect("the self-test binary's path");
    for (args, first_line, filtering_line) in BAD_INPUTS {
        let out = Command::new(&exe)
            .args(*args)
            .env(CHILD_ENV, "1")
            .output()
            .expect("run the harness");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let mut lines = stderr.lines();
        kunit_expect_eq_msg!(test, out.status.code(), Some(2), "{:?}", args);
        kunit_expect_eq_msg!(test, lines.next(), Some(*first_line), "{:?}", args);
        if *filtering_line {
            kunit_expect_eq_msg!(test, lines.next(), Some(FILTER_ERROR_TAIL), "{:?}", args);
        } else {
            // The usage follows a blank line.
            kunit_expect_eq_msg!(test, lines.next(), Some(""), "{:?}", args);
            kunit_expect_true_msg!(
                test,
                lines.next().is_some_and(|l| l.starts_with("Usage: ")),
                "{:?}",
                args
            );
        }
        kunit_expect_true_msg!(test, out.stdout.is_empty(), "{:?} ran something", args);
    }
}

static CASES: &[Case] = &[kunit_case!(test_bad_input_exits_2)];
kunit_test_suite!(Suite::new("kunit_harness_bad_input", CASES));
