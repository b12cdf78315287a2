//! Self-tests of the test handle: reporting from code without a handle, helper threads,
//! private data and parameters.

use crate::support::suite_ktap;
use kunit::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};

fn code_under_test(x: u32) -> u32 {
    if x > 3 {
        kunit_fail_current_test!("x too large: {}", x);
    }
    x
}

fn fails_from_anywhere(t: &mut Kunit) {
    code_under_test(1);
    kunit::spawn(|| {
        code_under_test(7);
    })
    .join()
    .unwrap();
    let handle = t.handle();
    std::thread::spawn(move || {
        kunit_info!(handle, "from a plain thread");
        kunit_expect_eq!(handle, 1, 2);
    })
    .join()
    .unwrap();
}
static FAIL_CASES: &[Case] = &[kunit_case!(fails_from_anywhere)];
static FAILS: Suite = Suite::new("anywhere", FAIL_CASES);

fn test_fail_current_test(test: &mut Kunit) {
    let got = suite_ktap(&FAILS);
    let lines: Vec<&str> = got.lines().collect();
    kunit_expect_true!(
        test,
        lines[3].starts_with(
            "    # fails_from_anywhere: kunit-rs/kunit/tests/../src/test_handle_kunit.rs:"
        )
    );
    kunit_expect_true!(test, lines[3].ends_with(": x too large: 7"));
    kunit_expect_streq!(
        test,
        lines[4],
        "    # fails_from_anywhere: from a plain thread"
    );
    kunit_expect_true!(
        test,
        lines[5].starts_with("    # fails_from_anywhere: EXPECTATION FAILED at ")
    );
    kunit_expect_streq!(test, lines[7], "    not ok 1 fails_from_anywhere");
    // Outside a test it is a no-op.
    std::thread::spawn(|| {
        assert!(!kunit::in_kunit_test());
        code_under_test(9);
    })
    .join()
    .unwrap();
    kunit_expect_true!(test, kunit::in_kunit_test());
}

struct Counter(u32);
fn priv_init(t: &mut Kunit) -> Result<(), i32> {
    t.set_priv(Counter(40));
    Ok(())
}
fn uses_priv(t: &mut Kunit) {
    let (counter, handle) = t.priv_and_handle::<Counter>();
    counter.0 += 1;
    kunit_expect_eq!(handle, counter.0, 41);
    t.priv_mut::<Counter>().0 += 1;
    kunit_expect_eq!(t, t.priv_ref::<Counter>().map(|c| c.0), Some(42));
    kunit_expect_eq!(t, t.param_index(), 0);
}
static PRIV_CASES: &[Case] = &[kunit_case!(uses_priv)];
static PRIV: Suite = Suite {
    name: "priv",
    init: Some(priv_init),
    test_cases: PRIV_CASES,
    ..Suite::DEFAULT
};

fn test_private_data(test: &mut Kunit) {
    kunit_expect_true!(test, suite_ktap(&PRIV).contains("    ok 1 uses_priv\n"));
}

/// Private data holding its own test's handle, as kunit-c's C `struct kunit` does.
struct HoldsItsTest {
    _test: kunit::TestRef,
}
static HOLDER_DROPPED: AtomicBool = AtomicBool::new(false);
impl Drop for HoldsItsTest {
    fn drop(&mut self) {
        HOLDER_DROPPED.store(true, SeqCst);
    }
}
fn keeps_its_handle(t: &mut Kunit) {
    let test = t.handle();
    t.set_priv(HoldsItsTest { _test: test });
}
static HOLDER_CASES: &[Case] = &[kunit_case!(keeps_its_handle)];
static HOLDER: Suite = Suite::new("priv_holder", HOLDER_CASES);

/// The private data is freed when its test ends, even when it refers back to the test.
fn test_private_data_dropped_with_the_test(test: &mut Kunit) {
    HOLDER_DROPPED.store(false, SeqCst);
    let ktap = suite_ktap(&HOLDER);
    kunit_expect_true!(test, ktap.contains("    ok 1 keeps_its_handle\n"));
    kunit_expect_true!(test, HOLDER_DROPPED.load(SeqCst));
}

static CASES: &[Case] = &[
    kunit_case!(test_fail_current_test),
    kunit_case!(test_private_data),
    kunit_case!(test_private_data_dropped_with_the_test),
];
kunit_test_suite!(Suite::new("kunit_test", CASES));

// lib/kunit/kunit-test.c's log, status and current-test tests, rewritten (suites
// `kunit-log-test`, `kunit_status`, `kunit_current`; case names kept).

fn log_in_suite_init(suite: &Suite) -> Result<(), i32> {
    kunit_info!(suite, "add to suite log.");
    kunit_info!(suite, "along with this.");
    Ok(())
}
fn nothing(_: &mut Kunit) {}
static NOTHING_CASES: &[Case] = &[kunit_case!(nothing)];
static SUITE_WITH_LOG: Suite = Suite {
    name: "suite_with_log",
    suite_init: Some(log_in_suite_init),
    test_cases: NOTHING_CASES,
    ..Suite::DEFAULT
};

fn kunit_log_test(test: &mut Kunit) {
    test.log_line("put this in log.");
    test.log_line("this too.");
    let full_log = test.log_text();
    kunit_expect_true!(test, full_log.contains("put this in log."));
    kunit_expect_true!(test, full_log.contains("this too."));
    // The suite's log (the kernel's test logs on a fake suite; here a real one runs).
    let (_, report) = crate::support::run(&[&SUITE_WITH_LOG]);
    let suite_log = &report.suites[0].log;
    kunit_expect_true!(
        test,
        suite_log.contains("    # suite_with_log: add to suite log.\n")
    );
    kunit_expect_true!(
        test,
        suite_log.contains("    # suite_with_log: along with this.\n")
    );
}

fn kunit_log_newline_test(test: &mut Kunit) {
    kunit_info!(test, "Add newline\n");
    let full_log = test.log_text();
    kunit_assert_true_msg!(
        test,
        full_log.contains("Add newline\n"),
        "Missing log line, full log:\n{}",
        full_log
    );
    kunit_expect_false!(test, full_log.contains("Add newline\n\n"));
}

static KUNIT_LOG_TEST_CASES: &[Case] = &[
    kunit_case!(kunit_log_test),
    kunit_case!(kunit_log_newline_test),
];
kunit_test_suite!(Suite::new("kunit-log-test", KUNIT_LOG_TEST_CASES));

fn kunit_status_set_failure_test(test: &mut Kunit) {
    let fake = Kunit::init_test("fake test");
    kunit_expect_eq!(test, fake.status(), Status::Success);
    fake.set_failure();
    kunit_expect_eq!(test, fake.status(), Status::Failure);
}

fn kunit_status_mark_skipped_test(test: &mut Kunit) {
    let fake = Kunit::init_test("fake test");
    // Before: SUCCESS with no comment.
    kunit_expect_eq!(test, fake.status(), Status::Success);
    kunit_expect_streq!(test, fake.status_comment().as_str(), "");
    kunit_mark_skipped!(fake, "Accepts format string: {}", "YES");
    // After: SKIPPED with our comment.
    kunit_expect_eq!(test, fake.status(), Status::Skipped);
    kunit_expect_streq!(
        test,
        fake.status_comment().as_str(),
        "Accepts format string: YES"
    );
}

static REACHED: AtomicBool = AtomicBool::new(false);
fn skips_then_more_code(test: &mut Kunit) {
    kunit_skip!(test, "skipped before the rest");
    // The kernel's shape: code after kunit_skip() compiles without an unreachable warning
    // (this file builds with -D warnings) and does not run.
    REACHED.store(true, std::sync::atomic::Ordering::Relaxed);
}
static SKIP_CASES: &[Case] = &[kunit_case!(skips_then_more_code)];
static SKIPS: Suite = Suite::new("skips", SKIP_CASES);

fn kunit_skip_statement_test(test: &mut Kunit) {
    let got = suite_ktap(&SKIPS);
    kunit_expect_true!(
        test,
        got.contains("    ok 1 skips_then_more_code # SKIP skipped before the rest\n")
    );
    kunit_expect_false!(test, REACHED.load(std::sync::atomic::Ordering::Relaxed));
}

static KUNIT_STATUS_TEST_CASES: &[Case] = &[
    kunit_case!(kunit_status_set_failure_test),
    kunit_case!(kunit_status_mark_skipped_test),
    kunit_case!(kunit_skip_statement_test),
];
kunit_test_suite!(Suite::new("kunit_status", KUNIT_STATUS_TEST_CASES));

fn kunit_current_test(test: &mut Kunit) {
    // kunit_get_current_test() is the running test.
    kunit_expect_true!(test, kunit::current_test() == Some(test.handle()));
}

fn kunit_current_fail_test(test: &mut Kunit) {
    let mut fake = Kunit::init_test("fake test");
    kunit_expect_eq!(test, fake.status(), Status::Success);
    {
        // current->kunit_test = &fake, until the guard drops.
        let _current = fake.handle().make_current();
        kunit_fail_current_test!("This should make `fake` test fail.");
    }
    kunit_expect_eq!(test, fake.status(), Status::Failure);
    fake.cleanup();
    kunit_expect_true!(test, kunit::current_test() == Some(test.handle()));
}

struct DriverTestState {
    probed: bool,
}

/// Code without a test handle reaching `test->priv` (the kernel's `driver_probe_hook`).
fn driver_probe_hook() {
    let state = kunit::current_test().and_then(|t| t.priv_ptr::<DriverTestState>());
    if let Some(state) = state {
        // SAFETY: the case set this private data and holds no borrow of it across this call.
        unsafe { (*state).probed = true };
    }
}

fn kunit_current_test_priv(test: &mut Kunit) {
    test.set_priv(DriverTestState { probed: false });
    driver_probe_hook();
    kunit_expect_true!(
        test,
        test.priv_ref::<DriverTestState>().is_some_and(|s| s.probed)
    );
    // A mismatched type gives no pointer.
    let other = kunit::current_test().and_then(|t| t.priv_ptr::<u64>());
    kunit_expect_true!(test, other.is_none());
}

static KUNIT_CURRENT_TEST_CASES: &[Case] = &[
    kunit_case!(kunit_current_test),
    kunit_case!(kunit_current_fail_test),
    kunit_case!(kunit_current_test_priv),
];
kunit_test_suite!(Suite::new("kunit_current", KUNIT_CURRENT_TEST_CASES));
