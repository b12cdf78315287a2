//! Self-tests of deferred actions and resources: LIFO on every way a case can end.

use crate::support::{run, suite_ktap};
use kunit::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::Duration;

static ORDER: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn push_actions(t: &mut Kunit, tag: &'static str) {
    for i in 1..=3 {
        t.add_action(move || ORDER.lock().unwrap().push(format!("{tag}{i}")));
    }
}
fn ends_pass(t: &mut Kunit) {
    push_actions(t, "pass");
}
fn ends_fail(t: &mut Kunit) {
    push_actions(t, "fail");
    kunit_expect_eq!(t, 1, 0);
}
fn ends_abort(t: &mut Kunit) {
    push_actions(t, "abort");
    kunit_assert_eq!(t, 1, 0);
}
fn ends_skip(t: &mut Kunit) {
    push_actions(t, "skip");
    kunit_skip!(t, "skipped");
}
fn ends_panic(t: &mut Kunit) {
    push_actions(t, "panic");
    panic!("boom");
}
static RELEASE: AtomicBool = AtomicBool::new(false);
fn ends_timeout(t: &mut Kunit) {
    push_actions(t, "timeout");
    while !RELEASE.load(Relaxed) {
        std::thread::sleep(Duration::from_millis(5));
    }
}
static ENDINGS_CASES: &[Case] = &[
    kunit_case!(ends_pass),
    kunit_case!(ends_fail),
    kunit_case!(ends_abort),
    kunit_case!(ends_skip),
    kunit_case!(ends_panic),
    Case {
        name: "ends_timeout",
        run_case: ends_timeout,
        attr: Attributes {
            timeout: Some(Duration::from_millis(200)),
            ..Attributes::DEFAULT
        },
        ..Case::DEFAULT
    },
];
static ENDINGS: Suite = Suite {
    name: "endings",
    test_cases: ENDINGS_CASES,
    ..Suite::DEFAULT
};

fn test_actions_lifo_on_every_ending(test: &mut Kunit) {
    ORDER.lock().unwrap().clear();
    let (_, report) = run(&[&ENDINGS]);
    RELEASE.store(true, Relaxed);
    let order = std::mem::take(&mut *ORDER.lock().unwrap());
    let want: Vec<String> = ["pass", "fail", "abort", "skip", "panic", "timeout"]
        .iter()
        .flat_map(|tag| (1..=3).rev().map(move |i| format!("{tag}{i}")))
        .collect();
    kunit_expect_eq!(test, order, want);
    let statuses: Vec<Status> = report.suites[0].cases.iter().map(|c| c.status).collect();
    use Status::*;
    kunit_expect_eq!(
        test,
        statuses,
        vec![Success, Failure, Failure, Skipped, Failure, Failure]
    );
}

static LOG: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
fn remove_and_release(t: &mut Kunit) {
    let kept = t.add_action(|| LOG.lock().unwrap().push("kept"));
    let removed = t.add_action(|| LOG.lock().unwrap().push("removed"));
    let released = t.add_action(|| LOG.lock().unwrap().push("released"));
    t.remove_action(removed);
    t.release_action(released);
    kunit_expect_eq!(t, *LOG.lock().unwrap(), vec!["released"]);
    let _ = kept;
}
fn named_and_buffers(t: &mut Kunit) {
    t.add_named_resource("counter", 41u32);
    *t.find_named_resource::<u32>("counter").unwrap() += 1;
    kunit_expect_eq!(t, *t.find_named_resource::<u32>("counter").unwrap(), 42);
    kunit_expect_true!(t, t.find_named_resource::<String>("counter").is_none());
    kunit_expect_eq!(t, t.destroy_named_resource("counter"), Ok(()));
    kunit_expect_true!(t, t.find_named_resource::<u32>("counter").is_none());
    let p = t.kzalloc(64);
    // SAFETY: kzalloc returned 64 zeroed bytes that live until the case ends.
    let buf = unsafe { std::slice::from_raw_parts_mut(p, 64) };
    kunit_expect_true!(t, buf.iter().all(|&b| b == 0));
    buf[63] = 1;
}
static MISC_CASES: &[Case] = &[
    kunit_case!(remove_and_release),
    kunit_case!(named_and_buffers),
];
static MISC: Suite = Suite {
    name: "misc",
    test_cases: MISC_CASES,
    ..Suite::DEFAULT
};

fn test_remove_release_named(test: &mut Kunit) {
    LOG.lock().unwrap().clear();
    let got = suite_ktap(&MISC);
    kunit_expect_true!(test, got.ends_with("    ok 1 remove_and_release\n    ok 2 named_and_buffers\n# misc: pass:2 fail:0 skip:0 total:2\n# Totals: pass:2 fail:0 skip:0 total:2\nok 1 misc\n"));
    kunit_expect_eq!(test, *LOG.lock().unwrap(), vec!["released", "kept"]);
}

static CASES: &[Case] = &[
    kunit_case!(test_actions_lifo_on_every_ending),
    kunit_case!(test_remove_release_named),
];
kunit_test_suite!(Suite {
    name: "kunit_resource",
    test_cases: CASES,
    ..Suite::DEFAULT
});
