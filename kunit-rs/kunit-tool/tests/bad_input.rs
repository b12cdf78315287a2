//! Bad input is an error, never a silent run: each malformed `kunit` command line below
//! prints a clear message on stderr, runs nothing (stdout stays free of results) and exits
//! with status 2. Filters and globs are refused by the harness, in the kernel's words, and
//! `kunit` passes that on before starting any run.

use std::process::Command;

mod common;
use common::chaos_binary;

/// Where the harness binary goes in an argument list.
const HARNESS: &str = "<harness>";

/// (arguments, a line stderr must hold).
const BAD_INPUTS: &[(&[&str], &str)] = &[
    (
        &["exec", "--binary", HARNESS, "--filter", "speed>>slow"],
        "kunit executor: invalid filter operation: >>slow",
    ),
    (
        &["exec", "--binary", HARNESS, "--filter", "speed=fast"],
        "kunit executor: invalid filter input: =fast",
    ),
    (
        &["exec", "--binary", HARNESS, "--filter=nosuchattr=1"],
        "kunit executor: attribute not found: nosuchattr=1",
    ),
    (
        &["exec", "--binary", HARNESS, "--filter", "speed"],
        "kunit executor: filter operation not found: speed",
    ),
    (
        &["exec", "--binary", HARNESS, "--filter", "speed>slow,"],
        "kunit executor: empty filter: 'speed>slow,'",
    ),
    (
        &["exec", "--binary", HARNESS, "--filter", ""],
        "kunit exec: error: argument --filter: empty filter",
    ),
    (
        &["exec", "--binary", HARNESS, "chaos_[basic"],
        "kunit executor: invalid filter_glob (unterminated '[' class): 'chaos_[basic'",
    ),
    (
        &["exec", "--binary", HARNESS, "--filter_glob", "chaos_basic."],
        "kunit executor: invalid filter_glob (empty suite or test part): 'chaos_basic.'",
    ),
    (
        &["exec", "--binary", HARNESS, "--list_tests", "--filter", "module<x"],
        "kunit executor: invalid filter input: <x",
    ),
    (
        &["exec", "--binary", HARNESS, "--filter", "module==x", "--json"],
        "kunit: error: the harness refused the filters; nothing was run",
    ),
    (
        &["run", "--list_tests", "--list_suites"],
        "kunit run: error: argument --list_suites: not allowed with argument --list_tests",
    ),
    (
        &["parse", "."],
        "kunit parse: error: cannot read '.': it is a directory",
    ),
    (
        &["parse", "--format", "json"],
        "kunit parse: error: unrecognized arguments: --format",
    ),
    (
        &["parse", "--raw_output=bogus"],
        "kunit parse: error: argument --raw_output: invalid choice: 'bogus' (choose from 'all', 'full', 'kunit')",
    ),
    (
        &["exec", "--jobs", "0"],
        "kunit exec: error: argument --jobs: must be at least 1",
    ),
    (
        &["exec", "--timeout", "abc"],
        "kunit exec: error: argument --timeout: invalid int value: 'abc'",
    ),
    (
        &["exec", "--filter_action", "keep"],
        "kunit exec: error: argument --filter_action: invalid choice: 'keep' (choose from 'skip')",
    ),
    (
        &["run", "--run_isolated=module"],
        "kunit run: error: argument --run_isolated: invalid choice: 'module' (choose from 'suite', 'test')",
    ),
    (
        &["exec", "--filter_glob", "a*", "b*"],
        "kunit exec: error: filter_glob given twice (positional and --filter_glob)",
    ),
    (
        &["frobnicate"],
        "kunit: error: argument subcommand: invalid choice: 'frobnicate' (choose from 'run', 'build', 'exec', 'parse', 'c')",
    ),
];

#[test]
fn bad_input_exits_2_with_a_message() {
    for (args, message) in BAD_INPUTS {
        let argv: Vec<&std::ffi::OsStr> = args
            .iter()
            .map(|a| {
                if *a == HARNESS {
                    chaos_binary().as_os_str()
                } else {
                    std::ffi::OsStr::new(a)
                }
            })
            .collect();
        let out = Command::new(env!("CARGO_BIN_EXE_kunit"))
            .args(&argv)
            .output()
            .expect("run kunit");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(2), "{args:?}\nstderr:\n{stderr}");
        assert!(
            stderr.lines().any(|l| l == *message),
            "{args:?}: no line {message:?} in stderr:\n{stderr}"
        );
        // Nothing ran: no test results, no summary.
        assert!(
            !stdout.contains("Testing complete") && !stdout.contains("ok 1"),
            "{args:?} ran something:\n{stdout}"
        );
    }
}

/// The filters are checked, not just refused: good ones still run.
#[test]
fn good_filters_still_run() {
    let out = Command::new(env!("CARGO_BIN_EXE_kunit"))
        .arg("exec")
        .arg("--binary")
        .arg(chaos_binary())
        .args(["chaos_basic.pass_first", "--filter", "speed>slow"])
        .output()
        .expect("run kunit");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("Testing complete. Ran 1 tests: passed: 1"),
        "{stdout}"
    );
}
