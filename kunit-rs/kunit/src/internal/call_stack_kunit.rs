//! Self-tests of the call stack read from `std::backtrace` (internal/call_stack.rs).

use kunit::__private::call_stack::{capture, parse, Frame};
use kunit::prelude::*;

fn frame(function: &str, file: &str, line: u32) -> Frame {
    Frame {
        function: function.to_owned(),
        file: file.to_owned(),
        line,
    }
}

/// The full form as std 1.95 prints it: v0 names (std's) and legacy ones (with the hash),
/// an inlined symbol at the same address, a frame without a location, one without a symbol.
const FULL_TEXT: &str = "   0:     0x55e7aa2df5cb - std[e28293b1aa0f68bd]::backtrace_rs::backtrace::libunwind::trace
                               at /rustc/5980/library/std/src/../../backtrace/src/backtrace/libunwind.rs:117:9
   1:     0x55e7aa2df515 - <std[e28293b1aa0f68bd]::backtrace::Backtrace>::force_capture
                               at /rustc/5980/library/std/src/backtrace.rs:312:9
   2:     0x55e7aa2c4994 - my_crate::inner::hfb8ae7541cf6f5e1
                               at /src/my_crate/src/main.rs:2:32
   3:     0x55e7aa2c4994 - <alloc::vec::Vec<[u8; 4]> as core::ops::drop::Drop>::drop::h03e8ba8af4588543
                               at /src/my crate/src/a:b.rs:3865
  30:     0x55e7aa2c4a7e - main
  34:                0x0 - <unknown>
";

fn test_parse_full_text(test: &mut Kunit) {
    let got = parse(FULL_TEXT);
    let want = vec![
        frame(
            "std::backtrace_rs::backtrace::libunwind::trace",
            "/rustc/5980/library/std/src/../../backtrace/src/backtrace/libunwind.rs",
            117,
        ),
        frame(
            "<std::backtrace::Backtrace>::force_capture",
            "/rustc/5980/library/std/src/backtrace.rs",
            312,
        ),
        frame("my_crate::inner", "/src/my_crate/src/main.rs", 2),
        frame(
            "<alloc::vec::Vec<[u8; 4]> as core::ops::drop::Drop>::drop",
            "/src/my crate/src/a:b.rs",
            3865,
        ),
        frame("main", "", 0),
        frame("<unknown>", "", 0),
    ];
    kunit_expect_eq!(test, got, want);
}

fn test_parse_ignores_other_text(test: &mut Kunit) {
    kunit_expect_eq!(test, parse("disabled backtrace"), Vec::<Frame>::new());
    kunit_expect_eq!(test, parse("unsupported backtrace\n"), Vec::<Frame>::new());
    // A location with no symbol line before it belongs to nothing.
    kunit_expect_eq!(
        test,
        parse("             at /src/a.rs:1:1\n   0: f\n"),
        vec![frame("f", "", 0)]
    );
}

/// The line of the `capture()` call in `captured_here`.
const CAPTURE_LINE: u32 = line!() + 3;
#[inline(never)]
fn captured_here() -> Vec<Frame> {
    std::hint::black_box(capture())
}

fn test_capture_names_the_caller_and_its_line(test: &mut Kunit) {
    let frames = captured_here();
    let here = frames
        .iter()
        .find(|f| f.function.ends_with("captured_here"));
    kunit_assert_true_msg!(test, here.is_some(), "{frames:#?}");
    let here = here.unwrap();
    kunit_expect_true_msg!(test, here.file.ends_with("call_stack_kunit.rs"), "{here:?}");
    kunit_expect_eq!(test, here.line, CAPTURE_LINE);
    // The debug info's name: the full path, or the bare name when it has line tables only
    // (as in this workspace's dev profile); never a legacy mangling's hash.
    kunit_expect_true_msg!(
        test,
        here.function == "captured_here"
            || here.function == "selftest::call_stack_kunit::captured_here",
        "{here:?}"
    );
    // Nor a crate disambiguator of the v0 mangling (std's).
    kunit_expect_true_msg!(
        test,
        frames
            .iter()
            .any(|f| f.function == "<std::backtrace::Backtrace>::force_capture"),
        "{frames:#?}"
    );
    kunit_expect_false_msg!(
        test,
        frames.iter().any(|f| f.function.contains("std[")),
        "{frames:#?}"
    );
}

static CASES: &[Case] = &[
    kunit_case!(test_parse_full_text),
    kunit_case!(test_parse_ignores_other_text),
    kunit_case!(test_capture_names_the_caller_and_its_line),
];
kunit_test_suite!(Suite::new("kunit_call_stack", CASES));
