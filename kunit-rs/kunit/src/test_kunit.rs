//! Self-tests of the test handle: reporting from code without a handle, helper threads,
//! private data and parameters.

use crate::support::suite_ktap;
use kunit::prelude::*;

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
static FAILS: Suite = Suite {
    name: "anywhere",
    test_cases: FAIL_CASES,
    ..Suite::DEFAULT
};

fn test_fail_current_test(test: &mut Kunit) {
    let got = suite_ktap(&FAILS);
    let lines: Vec<&str> = got.lines().collect();
    kunit_expect_true!(
        test,
        lines[3]
            .starts_with("    # fails_from_anywhere: kunit-rs/kunit/tests/../src/test_kunit.rs:")
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

static CASES: &[Case] = &[
    kunit_case!(test_fail_current_test),
    kunit_case!(test_private_data),
];
kunit_test_suite!(Suite {
    name: "kunit_test",
    test_cases: CASES,
    ..Suite::DEFAULT
});
