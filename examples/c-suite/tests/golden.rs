//! Whole-KTAP golden tests of the C suites, and the check that every C assertion family
//! fails with exactly the text of its Rust twin.
//!
//! Part of the `c_suite` test binary: the build script links the C objects into every test
//! target of the package, so one binary holds the C suites and these checks.
//!
//! Regenerate a golden after an intended change with `KUNIT_C_BLESS=1 cargo test -p c-suite
//! --test golden` and review the diff.

use kunit::prelude::*;
use kunit::{Capture, Config, Ignored, Registration};
use std::ffi::c_void;

fn run_ktap(regs: &[Registration], ignored: Ignored) -> String {
    let out = Capture::new();
    let config = Config {
        ignored,
        ..Config::default()
    };
    kunit::run(Some(regs), &config, out.clone()).expect("no filters");
    String::from_utf8(out.bytes()).expect("KTAP is UTF-8")
}

/// Compares with `tests/golden/<name>`, or rewrites it under `KUNIT_C_BLESS=1`.
fn expect_golden(test: &mut Kunit, name: &str, actual: &str) {
    let path = format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("KUNIT_C_BLESS").is_some() {
        std::fs::write(&path, actual).expect("write golden");
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    kunit_expect_streq!(test, actual, expected.as_str());
}

extern "C" {
    static mut c_failures_suite: c_void;
    static mut c_failing_init_suite: c_void;
    static mut c_failing_suite_init_suite: c_void;
}

/// The unregistered suites of `tests/c_failures_kunit.c`, converted once.
fn failing_suites() -> &'static [Registration; 3] {
    static REGS: std::sync::OnceLock<[Registration; 3]> = std::sync::OnceLock::new();
    // SAFETY: the C file's static suites, each converted once (inside `get_or_init`).
    REGS.get_or_init(|| unsafe {
        [
            std::ptr::addr_of_mut!(c_failures_suite),
            std::ptr::addr_of_mut!(c_failing_init_suite),
            std::ptr::addr_of_mut!(c_failing_suite_init_suite),
        ]
        .map(|s| kunit_c_runtime::unregistered_suite(s, "c_failures_kunit"))
    })
}

fn c_failures() -> Registration {
    failing_suites()[0]
}

/// The registered suites of `tests/c-suite_kunit.c` (found by module, as kunit.py would).
fn c_suite_suites() -> Vec<Registration> {
    kunit::registered_suites()
        .into_iter()
        .filter(|r| r.module == "c_suite_kunit")
        .collect()
}

fn c_suite_document(test: &mut Kunit) {
    let regs = c_suite_suites();
    kunit_assert_eq!(test, regs.len(), 3);
    let ktap = run_ktap(&regs, Ignored::Skip);
    expect_golden(test, "c_suite.ktap", &ktap);
}

fn c_suite_document_with_slow(test: &mut Kunit) {
    let ktap = run_ktap(&c_suite_suites(), Ignored::Include);
    kunit_expect_true!(test, ktap.contains("    ok 6 slow_exhaustive\n"));
    kunit_expect_true!(test, ktap.contains("    # slow_exhaustive.speed: slow\n"));
}

fn c_failures_document(test: &mut Kunit) {
    let ktap = run_ktap(failing_suites(), Ignored::Skip);
    expect_golden(test, "c_failures.ktap", &ktap);
}

// ---- the Rust twins of tests/c_failures_kunit.c, operand for operand -----------------

fn fail(test: &mut Kunit) {
    kunit_fail!(test, "failed {}", "here");
}

fn fail_and_abort(test: &mut Kunit) {
    kunit_fail_and_abort!(test, "aborted {}", 1);
}

#[allow(clippy::nonminimal_bool)]
fn unary(test: &mut Kunit) {
    let x = 1;
    kunit_expect_true!(test, x == 2);
    kunit_expect_false!(test, x == 1);
    kunit_expect_true_msg!(test, x == 2, "x is {}", x);
    kunit_assert_false_msg!(test, x == 1, "x is {}", x);
}

#[allow(clippy::absurd_extreme_comparisons)]
fn binary(test: &mut Kunit) {
    let a: i32 = 1;
    let big: i64 = -5;
    let u: u32 = 3;
    kunit_expect_eq!(test, a, 2);
    kunit_expect_ne!(test, a, 1);
    kunit_expect_lt!(test, a + 1, a);
    kunit_expect_le!(test, u, 2);
    kunit_expect_gt!(test, big, 0);
    kunit_expect_ge!(test, 1, 2);
    kunit_expect_eq_msg!(test, a, 3, "a was {}", a);
    kunit_assert_eq!(test, u, 4);
}

fn pointers(test: &mut Kunit) {
    let p = 16usize as *const u8;
    let q = 32usize as *const u8;
    let none: *const u8 = std::ptr::null();
    let err = (-12isize) as usize as *const u8;
    kunit_expect_ptr_eq!(test, p, q);
    kunit_expect_ptr_ne!(test, p, p);
    kunit_expect_null!(test, p);
    kunit_expect_not_null!(test, none);
    kunit_expect_not_err_or_null!(test, none);
    kunit_expect_not_err_or_null!(test, err);
    kunit_expect_ptr_eq_msg!(test, p, q, "p={}", 16);
    kunit_assert_not_err_or_null_msg!(test, err, "err={}", -12);
}

fn strings(test: &mut Kunit) {
    let s = "abc";
    let none: Option<&str> = None;
    kunit_expect_streq!(test, s, "abd");
    kunit_expect_strneq!(test, s, "abc");
    kunit_expect_streq!(test, s, none);
    kunit_expect_streq_msg!(test, s, "xyz", "s={}", s);
    kunit_assert_strneq!(test, s, s);
}

fn memory(test: &mut Kunit) {
    let a: [u8; 4] = [1, 2, 3, 4];
    let b: [u8; 4] = [1, 2, 9, 4];
    kunit_expect_memeq!(test, a, b, 4);
    kunit_expect_memneq!(test, a, a, 4);
    kunit_expect_memeq_msg!(test, a, b, 4, "size {}", 4);
    kunit_assert_memeq!(test, b, a, 4);
}

#[allow(clippy::eq_op)]
fn assert_families(test: &mut Kunit) {
    kunit_assert_true!(test, 0 != 0);
}

fn current_test(_test: &mut Kunit) {
    kunit_fail_current_test!("from a helper: {}", 7);
}

fn skip_after_failure(test: &mut Kunit) {
    kunit_expect_eq!(test, 1, 2);
    kunit_skip!(test, "skipped after {}", "a failure");
}

static RUST_TWIN_CASES: &[Case] = &[
    kunit_case!(fail),
    kunit_case!(fail_and_abort),
    kunit_case!(unary),
    kunit_case!(binary),
    kunit_case!(pointers),
    kunit_case!(strings),
    kunit_case!(memory),
    kunit_case!(assert_families),
    kunit_case!(current_test),
    kunit_case!(skip_after_failure),
];
static RUST_TWIN: Suite = Suite {
    name: "c_failures",
    test_cases: RUST_TWIN_CASES,
    ..Suite::DEFAULT
};

/// Drops what differs between a C file and its Rust twin — the location: the rest of an
/// `... FAILED at <file>:<line>` line, and `<file>:<line>: ` of `kunit_fail_current_test`.
fn without_locations(ktap: &str) -> String {
    let mut out = String::new();
    for line in ktap.lines() {
        if let Some(pos) = line.find(" FAILED at ") {
            out.push_str(&line[..pos + " FAILED at ".len()]);
            out.push_str("<loc>");
        } else if let Some((head, rest)) = line.split_once("# current_test: ") {
            out.push_str(head);
            out.push_str("# current_test: <loc>: ");
            out.push_str(rest.splitn(3, ':').nth(2).unwrap_or("").trim_start());
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

fn c_failures_equal_rust_failures(test: &mut Kunit) {
    let c = run_ktap(&[c_failures()], Ignored::Skip);
    let rust = run_ktap(
        &[Registration::unregistered(&RUST_TWIN, "c_failures_kunit")],
        Ignored::Skip,
    );
    kunit_expect_true!(test, c.contains("EXPECTATION FAILED"));
    let (c, rust) = (without_locations(&c), without_locations(&rust));
    kunit_expect_streq!(test, c.as_str(), rust.as_str());
}

static GOLDEN_CASES: &[Case] = &[
    kunit_case!(c_suite_document),
    kunit_case!(c_suite_document_with_slow),
    kunit_case!(c_failures_document),
    kunit_case!(c_failures_equal_rust_failures),
];
// Serial: it reruns the C suites, whose static state must not be shared with their own run
// in this binary under --jobs.
kunit_test_suite!(Suite {
    name: "c_suite_golden",
    test_cases: GOLDEN_CASES,
    attr: kunit::Attributes {
        serial: true,
        ..kunit::Attributes::DEFAULT
    },
    ..Suite::DEFAULT
});
