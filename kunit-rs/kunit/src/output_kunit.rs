//! Self-tests of `Capture`, the `Write` whose bytes are read back after a run.

use kunit::prelude::*;
use kunit::Capture;
use std::io::Write;

fn test_clones_share_one_buffer(test: &mut Kunit) {
    let capture = Capture::new();
    let mut writer = capture.clone();
    kunit_expect_true!(test, writer.write_all(b"KTAP version 1\n").is_ok());
    kunit_expect_true!(test, writer.clone().write_all(b"1..0\n").is_ok());
    kunit_expect_streq!(test, capture.text(), "KTAP version 1\n1..0\n");
    kunit_expect_true!(test, Capture::new().text().is_empty());
}

fn test_bytes_are_kept_exactly(test: &mut Kunit) {
    let capture = Capture::new();
    kunit_expect_true!(test, capture.clone().write_all(b"caf\xe9\n").is_ok());
    kunit_expect_true!(test, capture.bytes() == b"caf\xe9\n");
    // Only the text view replaces what is not UTF-8.
    kunit_expect_streq!(test, capture.text(), "caf\u{fffd}\n");
}

static CASES: &[Case] = &[
    kunit_case!(test_clones_share_one_buffer),
    kunit_case!(test_bytes_are_kept_exactly),
];
kunit_test_suite!(Suite::new("kunit_output", CASES));
