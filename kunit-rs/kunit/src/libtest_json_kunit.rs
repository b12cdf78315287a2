//! Self-tests of libtest's JSON events: a run with every kind of result compared whole with
//! what libtest prints for the same results (only the closing `exec_time` varies), the
//! listing, libtest's escaping, and the flags that enable JSON.

use kunit::libtest_json::{self, escape, Counts};
use kunit::prelude::*;
use kunit::{Capture, Config, Ignored, Plan, Registration};

fn passes(test: &mut Kunit) {
    kunit_info!(test, "said \"hi\"\tonce");
}
fn fails(test: &mut Kunit) {
    kunit_expect_eq!(test, 1 + 1, 3);
}
fn skips(test: &mut Kunit) {
    kunit_skip!(test, "not here");
}
static VALUES: [u32; 2] = [4, 5];
kunit_array_param!(values_gen, VALUES);
fn param_case(test: &mut Kunit) {
    let v = *test.param::<u32>();
    kunit_expect_lt!(test, v, 10);
}
static MIXED_CASES: &[Case] = &[
    kunit_case!(passes),
    kunit_case!(fails),
    kunit_case!(skips),
    kunit_case_param!(param_case, values_gen),
    kunit_case_slow!(passes),
];
static MIXED: Suite = Suite {
    name: "json_mixed",
    test_cases: MIXED_CASES,
    ..Suite::DEFAULT
};
fn init_fails(_: &Suite) -> Result<(), i32> {
    Err(-5)
}
static NEVER_CASES: &[Case] = &[kunit_case!(passes)];
static BROKEN: Suite = Suite {
    name: "json_broken",
    suite_init: Some(init_fails),
    test_cases: NEVER_CASES,
    ..Suite::DEFAULT
};

fn plan(config: &Config) -> Plan {
    let regs = [
        Registration::unregistered(&MIXED, "json"),
        Registration::unregistered(&BROKEN, "json"),
    ];
    Plan::new(&regs, config).expect("no filters")
}

/// The events of a run, with the closing `exec_time` value replaced by `T`.
fn events(config: &Config, show_output: bool) -> (String, Counts, String) {
    let (out, ktap) = (Capture::new(), Capture::new());
    let (counts, _) = libtest_json::run(
        plan(config),
        config,
        (show_output, false),
        Box::new(out.clone()),
        Box::new(ktap.clone()),
    );
    let text = out.text();
    let masked = match text.rfind("\"exec_time\": ") {
        Some(i) => {
            let end = i + text[i..].find(" }").unwrap_or(0);
            format!("{}\"exec_time\": T{}", &text[..i], &text[end..])
        }
        None => text,
    };
    (masked, counts, ktap.text())
}

fn test_run_events(test: &mut Kunit) {
    let (got, counts, ktap) = events(&Config::default(), false);
    let fail_line = ktap
        .lines()
        .find(|l| l.contains("EXPECTATION FAILED"))
        .unwrap_or("")
        .to_owned();
    kunit_expect_true!(
        test,
        fail_line.starts_with("    # fails: EXPECTATION FAILED at ")
    );
    let expected = [
        r#"{ "type": "suite", "event": "started", "test_count": 6 }"#.to_owned(),
        r#"{ "type": "test", "event": "started", "name": "json_mixed.passes" }"#.to_owned(),
        r#"{ "type": "test", "name": "json_mixed.passes", "event": "ok" }"#.to_owned(),
        r#"{ "type": "test", "event": "started", "name": "json_mixed.fails" }"#.to_owned(),
        format!(
            r#"{{ "type": "test", "name": "json_mixed.fails", "event": "failed", "stdout": "{}\n    Expected 1 + 1 == 3, but\n        1 + 1 == 2 (0x2)\n    not ok 2 fails\n" }}"#,
            escape(&fail_line)
        ),
        r#"{ "type": "test", "event": "started", "name": "json_mixed.skips" }"#.to_owned(),
        r#"{ "type": "test", "name": "json_mixed.skips", "event": "ignored", "stdout": "    ok 3 skips # SKIP not here\n", "message": "not here" }"#.to_owned(),
        r#"{ "type": "test", "event": "started", "name": "json_mixed.param_case" }"#.to_owned(),
        r#"{ "type": "test", "name": "json_mixed.param_case", "event": "ok" }"#.to_owned(),
        r#"{ "type": "test", "event": "started", "name": "json_mixed.passes" }"#.to_owned(),
        r#"{ "type": "test", "name": "json_mixed.passes", "event": "ignored", "stdout": "    # passes.speed: slow\n    ok 5 passes # SKIP slow test; run with --include-ignored or --filter\n", "message": "slow test; run with --include-ignored or --filter" }"#.to_owned(),
        r#"{ "type": "test", "event": "started", "name": "json_broken.passes" }"#.to_owned(),
        r#"{ "type": "test", "name": "json_broken.passes", "event": "failed", "stdout": "    # json_broken:     # failed to initialize (-5)\nnot ok 2 json_broken\n" }"#.to_owned(),
        r#"{ "type": "suite", "event": "failed", "passed": 2, "failed": 2, "ignored": 2, "measured": 0, "filtered_out": 0, "exec_time": T }"#.to_owned(),
    ];
    kunit_expect_streq!(test, got, expected.join("\n") + "\n");
    let want = Counts {
        passed: 2,
        failed: 2,
        ignored: 2,
    };
    kunit_expect_eq!(test, counts, want);
    // The KTAP went to its own writer, whole.
    kunit_expect_true!(test, ktap.starts_with("KTAP version 1\n1..2\n"));
    kunit_expect_true!(test, ktap.ends_with("not ok 2 json_broken\n"));
}

fn test_show_output(test: &mut Kunit) {
    let (got, _, _) = events(&Config::default(), true);
    kunit_expect_true!(
        test,
        got.contains(r#"{ "type": "test", "name": "json_mixed.passes", "event": "ok", "stdout": "    # passes: said \"hi\"\tonce\n    ok 1 passes\n" }"#)
    );
}

fn test_listing(test: &mut Kunit) {
    let config = Config::default();
    let expected = r#"{ "type": "suite", "event": "discovery" }
{ "type": "test", "event": "discovered", "name": "json_mixed.passes", "ignore": false, "ignore_message": "" }
{ "type": "test", "event": "discovered", "name": "json_mixed.fails", "ignore": false, "ignore_message": "" }
{ "type": "test", "event": "discovered", "name": "json_mixed.skips", "ignore": false, "ignore_message": "" }
{ "type": "test", "event": "discovered", "name": "json_mixed.param_case", "ignore": false, "ignore_message": "" }
{ "type": "test", "event": "discovered", "name": "json_mixed.passes", "ignore": true, "ignore_message": "slow test; run with --include-ignored or --filter" }
{ "type": "test", "event": "discovered", "name": "json_broken.passes", "ignore": false, "ignore_message": "" }
{ "type": "suite", "event": "completed", "tests": 6, "benchmarks": 0, "total": 6, "ignored": 1 }
"#;
    kunit_expect_streq!(
        test,
        libtest_json::listing(&plan(&config), config.ignored),
        expected
    );
    // --ignored: only the slow case, which then runs (libtest's "ignore": false).
    let only = Config {
        ignored: Ignored::Only,
        ..Config::default()
    };
    kunit_expect_streq!(
        test,
        libtest_json::listing(&plan(&only), only.ignored),
        r#"{ "type": "suite", "event": "discovery" }
{ "type": "test", "event": "discovered", "name": "json_mixed.passes", "ignore": false, "ignore_message": "" }
{ "type": "suite", "event": "completed", "tests": 1, "benchmarks": 0, "total": 1, "ignored": 0 }
"#
    );
}

fn test_escape(test: &mut Kunit) {
    // Byte for byte libtest's EscapedString: named escapes, \u00XX for the other controls
    // and DEL, everything else (non-ASCII included) as is.
    kunit_expect_streq!(
        test,
        escape("a\"b\\c\u{0}\u{8}\t\n\u{b}\u{c}\r\u{1f}\u{7f}é"),
        "a\\\"b\\\\c\\u0000\\b\\t\\n\\u000b\\f\\r\\u001f\\u007fé"
    );
    kunit_expect_streq!(
        test,
        libtest_json::run_started(3, Some(7)),
        r#"{ "type": "suite", "event": "started", "test_count": 3, "shuffle_seed": 7 }"#
    );
    kunit_expect_streq!(
        test,
        libtest_json::test_result(
            "s.c",
            "ok",
            Some(std::time::Duration::from_millis(1500)),
            None,
            None
        ),
        r#"{ "type": "test", "name": "s.c", "event": "ok", "exec_time": 1.5 }"#
    );
}

fn args(a: &[&str]) -> Result<kunit::harness::Args, String> {
    kunit::harness::Args::parse(a.iter().map(|s| s.to_string()))
}

fn test_json_flags(test: &mut Kunit) {
    const NIGHTLY_ONLY: &str =
        "The \"json\" format is only accepted on the nightly compiler with -Z unstable-options";
    for ok in [
        &["-Z", "unstable-options", "--format", "json"][..],
        &["--format=json", "-Zunstable-options"],
        &["-Z", "unstable-options", "--format", "json", "--list"],
    ] {
        kunit_expect_true_msg!(test, args(ok).is_ok_and(|a| a.json), "{ok:?}");
    }
    // These run under cargo, which does not set RUSTC_BOOTSTRAP for its test binaries.
    if std::env::var_os("RUSTC_BOOTSTRAP").is_none() {
        kunit_expect_eq!(
            test,
            args(&["--format", "json"]).err().as_deref(),
            Some(NIGHTLY_ONLY)
        );
        kunit_expect_eq!(
            test,
            args(&["-Z", "other", "--format=json"]).err().as_deref(),
            Some(NIGHTLY_ONLY)
        );
    }
    kunit_expect_eq!(
        test,
        args(&["-Zunstable-options", "--format=json", "--list_suites"]).err().as_deref(),
        Some("options '--format json' and '--list_suites' cannot be used together (only --list lists as JSON)")
    );
    let a = args(&["--show-output", "--report-time", "--logfile", "k.log"]).unwrap();
    kunit_expect_true!(test, a.show_output && a.report_time && !a.json);
    kunit_expect_eq!(test, a.logfile.as_deref(), Some("k.log"));
}

/// Set in the child run of [`test_stray_stdout`].
const STRAY_ENV: &str = "KUNIT_JSON_STRAY_CHILD";

fn prints_to_stdout(test: &mut Kunit) {
    if std::env::var_os(STRAY_ENV).is_some() {
        println!("stray text from a case");
    }
    kunit_expect_true!(test, true);
}

fn test_stray_stdout(test: &mut Kunit) {
    if std::env::var_os(STRAY_ENV).is_some() {
        return;
    }
    // This self-test binary is a harness: run one case that prints to stdout, in JSON mode.
    let exe = std::env::current_exe().expect("the self-test binary's path");
    let out = std::process::Command::new(exe)
        .args(["-Z", "unstable-options", "--format", "json", "--exact"])
        .arg("kunit_libtest_json.prints_to_stdout")
        .env(STRAY_ENV, "1")
        .output()
        .expect("run the harness");
    kunit_expect_eq!(test, out.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let lines: Vec<&str> = stdout.lines().collect();
    kunit_expect_eq!(test, lines.len(), 4);
    for line in &lines {
        kunit_expect_true_msg!(
            test,
            line.starts_with("{ \"type\": "),
            "not an event: {line}"
        );
    }
    kunit_expect_true!(
        test,
        String::from_utf8_lossy(&out.stderr).contains("stray text from a case\n")
    );
}

static CASES: &[Case] = &[
    kunit_case!(test_stray_stdout),
    kunit_case!(prints_to_stdout),
    kunit_case!(test_run_events),
    kunit_case!(test_show_output),
    kunit_case!(test_listing),
    kunit_case!(test_escape),
    kunit_case!(test_json_flags),
];
kunit_test_suite!(Suite {
    name: "kunit_libtest_json",
    test_cases: CASES,
    ..Suite::DEFAULT
});
