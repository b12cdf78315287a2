//! kunit tests itself with kunit.
use kunit::prelude::*;

fn example_simple_test(test: &mut Kunit) {
    kunit_info!(test, "initializing");
    kunit_expect_eq!(test, 1 + 1, 3);
    let a = 1;
    let b = 2;
    kunit_expect_eq_msg!(test, a, b, "values differ for idx {}", 3);
    kunit_expect_true_msg!(test, a == b, "msg");
    let p: Option<&u8> = None;
    kunit_expect_not_null!(test, p);
    let e: Result<&str, i32> = Err(-12);
    kunit_expect_not_err_or_null!(test, e);
    kunit_expect_streq!(test, e, "abc");
    let buf1 = [1u8, 2, 3, 4];
    let buf2 = [1u8, 2, 0, 4];
    kunit_expect_memeq!(test, buf1, buf2, 4);
    kunit_fail!(test, "This test never passes.");
}
fn example_skip_test(test: &mut Kunit) {
    kunit_skip!(test, "this test should be skipped");
}
struct P {
    v: i32,
    name: &'static str,
}
static PARAMS: [P; 2] = [
    P {
        v: 3,
        name: "example value 3",
    },
    P {
        v: 0,
        name: "example value 0",
    },
];
kunit_array_param_desc!(example_gen, PARAMS, name);
fn example_params_test(test: &mut Kunit) {
    let p = test.param::<P>();
    if p.v == 0 {
        kunit_skip!(test, "unsupported param value {}", p.v);
    }
}
fn example_slow_test(test: &mut Kunit) {
    kunit_expect_eq!(test, 1, 1);
}
fn panicky(_test: &mut Kunit) {
    let v: Vec<u8> = vec![];
    let _ = v[3];
}
static CASES: &[Case] = &[
    kunit_case!(example_simple_test),
    kunit_case!(example_skip_test),
    kunit_case_param!(example_params_test, example_gen),
    kunit_case!(
        example_slow_test,
        Attributes {
            speed: Speed::Slow,
            ..Attributes::DEFAULT
        }
    ),
    kunit_case!(panicky),
];
kunit_test_suite!(Suite {
    name: "example",
    test_cases: CASES,
    ..Suite::DEFAULT
});
kunit::main!();
