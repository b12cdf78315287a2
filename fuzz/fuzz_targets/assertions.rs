//! The string, memory and pointer assertions over arbitrary bytes, run in a real kunit case
//! and read back by kunit-tool's parser. The oracle: the case fails exactly when one of the
//! compared pairs differs; and, when no operand breaks a line, the KTAP holds one
//! `EXPECTATION FAILED` line per differing pair and parses as exactly that status.
//!
//! An operand that breaks a line is printed raw, as the kernel's `%s` does, so its lines
//! are KTAP lines: `"\n1..1"` is a plan to kunit.py and to us. Such inputs check only that
//! running, writing and parsing neither panic nor hang.
#![no_main]

use std::ffi::CString;
use std::sync::Mutex;

use kunit::prelude::*;
use kunit::{CStrPtr, Config, Registration};
use kunit_tool::reader::{Extractor, RawLines};
use kunit_tool::{parse_run_tests, Printer, TestStatus};
use libfuzzer_sys::fuzz_target;

/// The input of the current iteration, for the case to read.
static INPUT: Mutex<(Vec<u8>, Vec<u8>)> = Mutex::new((Vec::new(), Vec::new()));

fn compare_bytes(test: &mut Kunit) {
    let (a, b) = INPUT.lock().unwrap().clone();
    // C strings end at the first NUL, as `%s` does.
    let c_string = |v: &[u8]| CString::new(v.split(|&c| c == 0).next().unwrap_or(&[])).unwrap();
    let (ca, cb) = (c_string(&a), c_string(&b));
    // SAFETY: both pointers come from live CStrings that outlive the assertions.
    let (pa, pb) = unsafe { (CStrPtr::new(ca.as_ptr()), CStrPtr::new(cb.as_ptr())) };
    kunit_expect_streq!(test, pa, pb);
    let (sa, sb) = (
        String::from_utf8_lossy(&a).into_owned(),
        String::from_utf8_lossy(&b).into_owned(),
    );
    kunit_expect_streq!(test, sa, sb);
    let n = a.len().min(b.len());
    kunit_expect_memeq!(test, &a[..], &b[..], n);
    let addr = |v: &[u8]| {
        let mut w = [0u8; 8];
        w[..v.len().min(8)].copy_from_slice(&v[..v.len().min(8)]);
        usize::from_le_bytes(w) as *const u8
    };
    kunit_expect_ptr_eq!(test, addr(&a), addr(&b));
}

static CASES: &[Case] = &[kunit_case!(compare_bytes)];
static SUITE: Suite = Suite {
    name: "fuzz_assertions",
    test_cases: CASES,
    ..Suite::DEFAULT
};

/// Whether `v`, printed raw, ends a line for kunit-tool's reader (`str.splitlines()`'s
/// breaks, as kunit.py reads): asked of the reader itself, with a byte after `v` so that a
/// break at its end shows as a second line.
fn breaks_lines(v: &[u8]) -> bool {
    let probe = [v, b"x"].concat();
    let mut lines = RawLines::new(&probe[..]);
    lines.next_line().is_some() && lines.next_line().is_some()
}

fuzz_target!(|data: &[u8]| {
    // The two operands are separated by the first 0xff byte (never valid UTF-8).
    let (a, b) = match data.iter().position(|&c| c == 0xff) {
        Some(i) => (data[..i].to_vec(), data[i + 1..].to_vec()),
        None => (data.to_vec(), Vec::new()),
    };
    let c_part = |v: &[u8]| v.split(|&c| c == 0).next().unwrap_or(&[]).to_vec();
    let n = a.len().min(b.len());
    let addr_part = |v: &[u8]| {
        let mut w = [0u8; 8];
        w[..v.len().min(8)].copy_from_slice(&v[..v.len().min(8)]);
        w
    };
    let differing = [
        c_part(&a) != c_part(&b),
        String::from_utf8_lossy(&a) != String::from_utf8_lossy(&b),
        a[..n] != b[..n],
        addr_part(&a) != addr_part(&b),
    ]
    .iter()
    .filter(|&&d| d)
    .count();
    let raw_lines = breaks_lines(&a) || breaks_lines(&b);
    *INPUT.lock().unwrap() = (a, b);

    let out = kunit::Capture::new();
    let regs = [Registration::unregistered(&SUITE, "fuzz")];
    let report = kunit::run(Some(&regs), &Config::default(), out.clone()).unwrap();
    assert_eq!(report.success(), differing == 0);
    let ktap = out.bytes();
    let parsed = parse_run_tests(Extractor::new(&ktap[..]), &mut Printer::null(), false);
    if raw_lines {
        return;
    }
    let failures = String::from_utf8_lossy(&ktap)
        .lines()
        .filter(|l| l.starts_with("    # compare_bytes: EXPECTATION FAILED at "))
        .count();
    assert_eq!(failures, differing);
    let want = if differing == 0 {
        TestStatus::Success
    } else {
        TestStatus::Failure
    };
    assert_eq!(
        parsed.test.status,
        want,
        "KTAP:\n{}",
        String::from_utf8_lossy(&ktap)
    );
});
