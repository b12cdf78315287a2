//! Self-tests of static stubs: redirection, its scope, helper threads, and isolation from a
//! test running at the same time.

use crate::support::run_with;
use kunit::prelude::*;
use kunit::Config;
use std::sync::Barrier;

kunit_static_stub! {
    fn sensor(channel: u32) -> u32 {
        channel * 10
    }
}

fn fake_sensor(_channel: u32) -> u32 {
    7
}

fn test_redirect_and_restore(test: &mut Kunit) {
    kunit_expect_eq!(test, sensor(2), 20);
    kunit_activate_static_stub!(test, sensor, fake_sensor);
    kunit_expect_eq!(test, sensor(2), 7);
    let from_helper = kunit::spawn(|| sensor(3)).join().unwrap();
    kunit_expect_eq!(test, from_helper, 7);
    let plain_thread = std::thread::spawn(|| sensor(3)).join().unwrap();
    kunit_expect_eq!(test, plain_thread, 30);
    kunit_deactivate_static_stub!(test, sensor);
    kunit_expect_eq!(test, sensor(2), 20);
    kunit_activate_static_stub!(test, sensor, |c| c + 1);
    kunit_expect_eq!(test, sensor(2), 3);
}

static BOTH_READY: Barrier = Barrier::new(2);
static STUB_CHECKED: Barrier = Barrier::new(2);
fn stubbing_case(t: &mut Kunit) {
    kunit_activate_static_stub!(t, sensor, fake_sensor);
    BOTH_READY.wait();
    kunit_expect_eq!(t, sensor(1), 7);
    STUB_CHECKED.wait();
}
fn concurrent_case(t: &mut Kunit) {
    BOTH_READY.wait();
    kunit_expect_eq!(t, sensor(1), 10);
    STUB_CHECKED.wait();
}
static STUBBING_CASES: &[Case] = &[kunit_case!(stubbing_case)];
static CONCURRENT_CASES: &[Case] = &[kunit_case!(concurrent_case)];
static STUBBING: Suite = Suite::new("stubbing", STUBBING_CASES);
static CONCURRENT: Suite = Suite::new("concurrent", CONCURRENT_CASES);

fn test_invisible_to_concurrent_test(test: &mut Kunit) {
    // Two suites on two drivers meet at barriers while one of them has the stub active.
    let (_, report) = run_with(
        &[&STUBBING, &CONCURRENT],
        "",
        &Config {
            jobs: 2,
            ..Config::default()
        },
    );
    kunit_expect_true!(test, report.success());
    kunit_expect_eq!(test, report.passed(), 2);
}

static CASES: &[Case] = &[
    kunit_case!(test_redirect_and_restore),
    kunit_case!(test_invisible_to_concurrent_test),
];
kunit_test_suite!(Suite::new("kunit_stub", CASES));
