//! Self-tests of WARN() and warning suppression (lib/kunit/bug.c).

use crate::support::{run, suite_ktap};
use kunit::prelude::*;

/// The line of the `WARN_ON!` in `warning_caller_function`.
const CALLER_WARN_LINE: u32 = line!() + 3;
#[inline(never)]
fn warning_caller_function(bad: bool) -> bool {
    WARN_ON!(bad)
}

fn warns_unsuppressed(t: &mut Kunit) {
    kunit_expect_true!(t, warning_caller_function(true));
    kunit_expect_false!(t, warning_caller_function(false));
}
static UNSUPPRESSED_CASES: &[Case] = &[kunit_case!(warns_unsuppressed)];
static UNSUPPRESSED: Suite = Suite::new("warns", UNSUPPRESSED_CASES);

fn test_unsuppressed_warning_has_backtrace(test: &mut Kunit) {
    let (got, report) = run(&[&UNSUPPRESSED]);
    // A warning does not fail the test (as in the kernel) but shows in its log.
    kunit_expect_true!(test, report.success());
    let log = &report.suites[0].cases[0].log;
    kunit_expect_true!(
        test,
        log.starts_with("    # ------------[ cut here ]------------\n    # WARNING: PID: ")
    );
    let warning_line = log.lines().nth(1).unwrap_or("");
    kunit_expect_true_msg!(
        test,
        warning_line.contains("warning_caller_function"),
        "{log}"
    );
    kunit_expect_true!(test, log.contains("    # Call Trace:\n"));
    // The innermost frame is the caller, with its file and line (framework frames trimmed).
    let first_frame = log
        .split("    # Call Trace:\n")
        .nth(1)
        .and_then(|rest| rest.lines().next())
        .unwrap_or("");
    let frame_end = format!("/src/warn_kunit.rs:{CALLER_WARN_LINE})");
    kunit_expect_true_msg!(
        test,
        first_frame.starts_with("    #  ")
            && first_frame.contains("warning_caller_function (")
            && first_frame.ends_with(frame_end.as_str()),
        "{log}"
    );
    kunit_expect_true!(
        test,
        log.contains("    # ---[ end trace 0000000000000000 ]---\n")
    );
    kunit_expect_eq!(test, log.matches("cut here").count(), 1);
    kunit_expect_true!(test, got.contains(log.as_str()));
}

fn suppressed(t: &mut Kunit) {
    kunit_expect_false!(t, kunit_has_active_suppress_warning());
    let w = kunit_start_suppress_warning(t);
    kunit_expect_true!(t, kunit_has_active_suppress_warning());
    WARN_ON!(true);
    WARN!(t.name().len() > 1, "with a message {}", 1);
    kunit::spawn(|| {
        WARN_ON!(true);
    })
    .join()
    .unwrap();
    kunit_expect_suppressed_warning_count!(t, w, 3);
    kunit_expect_eq!(t, kunit_end_suppress_warning(t, w), 3);
    kunit_expect_false!(t, kunit_has_active_suppress_warning());
    for _ in 0..3 {
        WARN_ON_ONCE!(true);
    }
}
static SUPPRESSED_CASES: &[Case] = &[kunit_case!(suppressed)];
static SUPPRESSED: Suite = Suite::new("suppressed", SUPPRESSED_CASES);

fn test_suppressed_warnings_are_counted(test: &mut Kunit) {
    let (_, report) = run(&[&SUPPRESSED]);
    kunit_expect_true!(test, report.success());
    // Only the WARN_ON_ONCE after the scope printed, and only once.
    kunit_expect_eq!(
        test,
        report.suites[0].cases[0].log.matches("cut here").count(),
        1
    );
}

static CASES: &[Case] = &[
    kunit_case!(test_unsuppressed_warning_has_backtrace),
    kunit_case!(test_suppressed_warnings_are_counted),
];
kunit_test_suite!(Suite::new("kunit_warn", CASES));

fn warns_once(_: &mut Kunit) {
    WARN_ON!(true);
}
/// The line of the `WARN_ON!` above.
const WARNS_ONCE_LINE: u32 = line!() - 3;
fn stays_quiet(_: &mut Kunit) {}
static WARNINGS_FAIL_CASES: &[Case] = &[kunit_case!(warns_once), kunit_case!(stays_quiet)];
static WARNINGS_FAIL: Suite = Suite::new("warnings_fail", WARNINGS_FAIL_CASES);

/// The backtrace block (PID, thread and frames vary) as one placeholder line.
fn without_warning_block(ktap: &str) -> String {
    let begin = "    # ------------[ cut here ]------------\n";
    let end = "    # ---[ end trace 0000000000000000 ]---\n";
    match (ktap.find(begin), ktap.find(end)) {
        (Some(b), Some(e)) if b < e => {
            format!("{}<warning block>\n{}", &ktap[..b], &ktap[e + end.len()..])
        }
        _ => ktap.to_owned(),
    }
}

fn test_warnings_fail_says_why(test: &mut Kunit) {
    kunit::warn::set_warnings_fail(true);
    let ktap = suite_ktap(&WARNINGS_FAIL);
    kunit::warn::set_warnings_fail(false);
    let expected = format!(
        "    KTAP version 1
    # Subtest: warnings_fail
    1..2
<warning block>
    # warns_once: failed: WARNING at {}:{WARNS_ONCE_LINE} with --warnings_fail
    not ok 1 warns_once
    ok 2 stays_quiet
# warnings_fail: pass:1 fail:1 skip:0 total:2
# Totals: pass:1 fail:1 skip:0 total:2
not ok 1 warnings_fail
",
        file!()
    );
    kunit_expect_streq!(test, without_warning_block(&ktap), expected);
}

fn test_warning_without_warnings_fail_passes(test: &mut Kunit) {
    let ktap = suite_ktap(&WARNINGS_FAIL);
    kunit_expect_false!(test, ktap.contains("--warnings_fail"));
    kunit_expect_true!(test, ktap.contains("    ok 1 warns_once\n"));
}

static WARNINGS_FAIL_SELFTESTS: &[Case] = &[
    kunit_case!(test_warnings_fail_says_why),
    kunit_case!(test_warning_without_warnings_fail_passes),
];
// The switch is process-wide: run alone so no other suite's warning sees it.
kunit_test_suite!(Suite {
    name: "kunit_warnings_fail",
    test_cases: WARNINGS_FAIL_SELFTESTS,
    attr: Attributes {
        serial: true,
        ..Attributes::DEFAULT
    },
    ..Suite::DEFAULT
});
