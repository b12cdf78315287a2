//! Self-tests of the assertion family: every family's failure text, compared whole with what
//! lib/kunit/assert.c prints, and the expectation/assertion control flow.

use kunit::prelude::*;
use kunit::{CStrPtr, Capture, Config, PlainData, Registration};
use std::ffi::{c_char, CStr};
use std::fmt;
use std::panic::Location;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use std::sync::{Mutex, OnceLock};

/// The line of the last `at!`-wrapped assertion (both expand on the same line).
static LINE: AtomicU32 = AtomicU32::new(0);

/// Stores the line of the assertion it wraps in `LINE`, or in the given static
/// (`at!(SITE => ...)`); `line!()` names the outermost invocation, this one.
macro_rules! at {
    ($site:ident => $($t:tt)*) => {{
        $site.store(line!(), Relaxed);
        $($t)*
    }};
    ($($t:tt)*) => {
        at!(LINE => $($t)*)
    };
}

/// Runs `case` alone in a suite with `config` and returns the bytes between the suite's
/// plan and the case's result line.
fn body_bytes(name: &'static str, case: fn(&mut Kunit), config: &Config) -> Vec<u8> {
    let cases: &'static [Case] = Box::leak(Box::new([Case {
        name,
        run_case: case,
        ..Case::DEFAULT
    }]));
    let suite: &'static Suite = Box::leak(Box::new(Suite::new("golden", cases)));
    // Kept reachable, so LeakSanitizer (scripts/check-asan.sh) does not report them.
    static GOLDEN: std::sync::Mutex<Vec<&'static Suite>> = std::sync::Mutex::new(Vec::new());
    GOLDEN.lock().unwrap().push(suite);
    let out = Capture::new();
    let regs = [Registration::unregistered(suite, "")];
    kunit::run(Some(&regs), config, out.clone()).expect("no filters");
    let ktap = out.bytes();
    let header = b"KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: golden\n    1..1\n";
    let body = ktap.strip_prefix(&header[..]).expect("suite header");
    let result = format!("ok 1 {name}\n");
    let end = body
        .windows(result.len())
        .rposition(|w| w == result.as_bytes())
        .expect("case result line");
    let end = body[..end]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    body[..end].to_vec()
}

/// [`body_bytes`] with the default configuration, as text.
fn body_of(name: &'static str, case: fn(&mut Kunit)) -> String {
    String::from_utf8(body_bytes(name, case, &Config::default())).expect("UTF-8 KTAP")
}

fn head(kind: &str, name: &str) -> String {
    format!(
        "    # {name}: {kind} FAILED at {}:{}\n",
        file!(),
        LINE.load(Relaxed)
    )
}

fn check(test: &mut Kunit, name: &'static str, case: fn(&mut Kunit), kind: &str, rest: &str) {
    let got = body_of(name, case);
    let want = format!("{}{rest}", head(kind, name));
    kunit_expect_streq!(test, got, want);
}

fn eq_both_sides(t: &mut Kunit) {
    let (a, b) = (1, 2);
    at!(kunit_expect_eq!(t, a, b));
}
fn eq_literal_right(t: &mut Kunit) {
    let x = 3;
    at!(kunit_expect_eq!(t, x, 5));
}
fn eq_literal_left(t: &mut Kunit) {
    let flag = -22;
    at!(kunit_expect_eq!(t, 0, flag));
}
fn negative_and_huge(t: &mut Kunit) {
    let (x, big) = (-1i32, u64::MAX);
    at!(kunit_expect_eq!(t, x as i64, big as i64 + 1));
}
fn not_a_literal(t: &mut Kunit) {
    let x = 5u8;
    at!(kunit_expect_ne!(t, x, 0x5));
}
fn binary_ops(t: &mut Kunit) {
    let n = 0;
    at!(kunit_expect_gt!(t, n, 0));
}
fn lt_le_ge(t: &mut Kunit) {
    let (small, big) = (1u16, 2u16);
    at!(kunit_expect_lt!(t, big, small));
}
fn le_fails(t: &mut Kunit) {
    let (small, big) = (-1i8, 2i8);
    at!(kunit_assert_le_msg!(t, big, small, "le {}", "msg"));
}
fn ge_fails(t: &mut Kunit) {
    let x = 'a';
    at!(kunit_expect_ge!(t, x, 'b'));
}
fn ptr_ne_same(t: &mut Kunit) {
    let v = 7u8;
    let (a, b) = (&v, &v);
    at!(kunit_expect_ptr_ne!(t, a as *const u8, b as *const u8));
}
fn msg_after_value(t: &mut Kunit) {
    let (a, b) = (1, 2);
    at!(kunit_expect_eq_msg!(t, a, b, "values differ for idx {}", 3));
}
fn msg_after_literal(t: &mut Kunit) {
    let calls = 0;
    at!(kunit_expect_gt_msg!(
        t,
        calls,
        0,
        "Timer function was not called"
    ));
}
fn assert_aborts(t: &mut Kunit) {
    let n = 0;
    at!(kunit_assert_gt!(t, n, 0));
    kunit_info!(t, "not reached");
}
fn expect_continues(t: &mut Kunit) {
    at!(kunit_expect_true!(t, 1 > 2));
    kunit_info!(t, "still running");
}
fn unary_false(t: &mut Kunit) {
    let v: Vec<u8> = Vec::new();
    at!(kunit_expect_false_msg!(t, v.is_empty(), "len {}", v.len()));
}
fn fail_message(t: &mut Kunit) {
    at!(kunit_fail!(t, "This test never passes."));
}
fn fail_and_abort(t: &mut Kunit) {
    at!(kunit_fail_and_abort!(t, "stop here"));
}
fn null_is_not(t: &mut Kunit) {
    let p: *const u8 = 0x1000 as *const u8;
    at!(kunit_expect_null!(t, p));
}
fn not_null_is(t: &mut Kunit) {
    let p: Option<&u32> = None;
    at!(kunit_expect_not_null!(t, p));
}
fn ptr_eq(t: &mut Kunit) {
    let (a, b) = (0x10 as *const u8, 0x20 as *const u8);
    at!(kunit_expect_ptr_eq!(t, a, b));
}
fn not_err_is_err(t: &mut Kunit) {
    let p: Result<&u8, i32> = Err(-12);
    at!(kunit_expect_not_err_or_null!(t, p));
}
fn not_err_is_null(t: &mut Kunit) {
    let p = ErrPtr::<u8>::null();
    at!(kunit_expect_not_err_or_null!(t, p));
}
fn streq_literal(t: &mut Kunit) {
    let s = "abd";
    at!(kunit_expect_streq!(t, s, "abc"));
}
fn streq_null(t: &mut Kunit) {
    let (a, b): (Option<&str>, &str) = (None, "x");
    at!(kunit_expect_streq!(t, a, b));
}
fn strneq_equal(t: &mut Kunit) {
    let a = String::from("same");
    at!(kunit_expect_strneq_msg!(t, a, "same", "must differ"));
}
fn memeq_short(t: &mut Kunit) {
    let (buf1, buf2) = ([1u8, 2, 3, 4], [1u8, 2, 0, 4]);
    at!(kunit_expect_memeq!(t, buf1, buf2, 4));
}
fn memeq_two_lines(t: &mut Kunit) {
    let buf1: Vec<u8> = (0u8..18).collect();
    let mut buf2 = buf1.clone();
    buf2[17] = 0xff;
    at!(kunit_expect_memeq_msg!(t, buf1, buf2, 18, "tail"));
}
fn memeq_null(t: &mut Kunit) {
    let (left, right): (Option<&[u8]>, &[u8]) = (None, &[1]);
    at!(kunit_expect_memeq_msg!(t, left, right, 1, "not printed"));
}
fn memneq_equal(t: &mut Kunit) {
    let (a, b) = ([7u8; 2], [7u8; 2]);
    at!(kunit_assert_memneq!(t, a, b, 2));
}
fn debug_operands(t: &mut Kunit) {
    let v = vec![1, 3];
    at!(kunit_expect_eq!(t, v, vec![1, 2]));
}
fn debug_literal(t: &mut Kunit) {
    let s = "b";
    at!(kunit_expect_eq!(t, s, "a"));
}

/// A failure staged under `at_location` (the C API's path: a runtime location), then one
/// after it, back at its own `#[track_caller]` location.
fn runtime_location(t: &mut Kunit) {
    kunit::__private::at_location("lib/c_file.c", 42, || {
        use kunit::__private::{binary_failed, Expectation};
        binary_failed(Expectation, "==", "a", "b", &1i64, &-1i64, None)
    });
    kunit::__private::report(t);
    let (x, y) = (1, 2);
    at!(kunit_expect_eq!(t, x, y));
}

fn test_runtime_location(test: &mut Kunit) {
    let got = body_of("runtime_location", runtime_location);
    let want = format!(
        "    # runtime_location: EXPECTATION FAILED at lib/c_file.c:42\n    Expected a == b, but\n        a == 1 (0x1)\n        b == -1 (0xffffffffffffffff)\n{}    Expected x == y, but\n        x == 1 (0x1)\n        y == 2 (0x2)\n",
        head("EXPECTATION", "runtime_location")
    );
    kunit_expect_streq!(test, got, want);
}

fn test_int_formats(test: &mut Kunit) {
    check(
        test,
        "eq_both_sides",
        eq_both_sides,
        "EXPECTATION",
        "    Expected a == b, but\n        a == 1 (0x1)\n        b == 2 (0x2)\n",
    );
    check(
        test,
        "eq_literal_right",
        eq_literal_right,
        "EXPECTATION",
        "    Expected x == 5, but\n        x == 3 (0x3)\n",
    );
    check(
        test,
        "eq_literal_left",
        eq_literal_left,
        "EXPECTATION",
        "    Expected 0 == flag, but\n        flag == -22 (0xffffffffffffffea)\n",
    );
    check(
        test,
        "negative_and_huge",
        negative_and_huge,
        "EXPECTATION",
        "    Expected x as i64 == big as i64 + 1, but\n        x as i64 == -1 (0xffffffffffffffff)\n        big as i64 + 1 == 0 (0x0)\n",
    );
    check(
        test,
        "not_a_literal",
        not_a_literal,
        "EXPECTATION",
        "    Expected x != 0x5, but\n        x == 5 (0x5)\n        0x5 == 5 (0x5)\n",
    );
    check(
        test,
        "binary_ops",
        binary_ops,
        "EXPECTATION",
        "    Expected n > 0, but\n        n == 0 (0x0)\n",
    );
    check(
        test,
        "lt_le_ge",
        lt_le_ge,
        "EXPECTATION",
        "    Expected big < small, but\n        big == 2 (0x2)\n        small == 1 (0x1)\n",
    );
    check(
        test,
        "le_fails",
        le_fails,
        "ASSERTION",
        "    Expected big <= small, but\n        big == 2 (0x2)\n        small == -1 (0xffffffffffffffff)\nle msg\n",
    );
    // A char is an integer to C: its code point prints, and 'b' is not a literal "98".
    check(
        test,
        "ge_fails",
        ge_fails,
        "EXPECTATION",
        "    Expected x >= 'b', but\n        x == 97 (0x61)\n        'b' == 98 (0x62)\n",
    );
}

fn test_ptr_ne(test: &mut Kunit) {
    let got = body_of("ptr_ne_same", ptr_ne_same);
    let lines: Vec<&str> = got.lines().collect();
    kunit_expect_eq!(test, lines.len(), 4);
    kunit_expect_streq!(
        test,
        lines[1],
        "    Expected a as *const u8 != b as *const u8, but"
    );
    let (l, r) = (
        lines[2].rsplit(' ').next().unwrap_or(""),
        lines[3].rsplit(' ').next().unwrap_or(""),
    );
    kunit_expect_streq!(test, l, r);
    kunit_expect_eq!(test, l.len(), 16);
    kunit_expect_true!(test, lines[2].starts_with("        a as *const u8 == "));
}

fn test_message_placement(test: &mut Kunit) {
    // After a printed right operand (no trailing newline) the message starts the next line.
    check(
        test,
        "msg_after_value",
        msg_after_value,
        "EXPECTATION",
        "    Expected a == b, but\n        a == 1 (0x1)\n        b == 2 (0x2)\nvalues differ for idx 3\n",
    );
    // After a line that ended in "\n" a blank line comes first (the run-in-irq message).
    check(
        test,
        "msg_after_literal",
        msg_after_literal,
        "EXPECTATION",
        "    Expected calls > 0, but\n        calls == 0 (0x0)\n\nTimer function was not called\n",
    );
    check(
        test,
        "unary_false",
        unary_false,
        "EXPECTATION",
        "    Expected v.is_empty() to be false, but is true\n\nlen 0\n",
    );
    check(
        test,
        "fail_message",
        fail_message,
        "EXPECTATION",
        "This test never passes.\n",
    );
}

fn test_assert_aborts_expect_continues(test: &mut Kunit) {
    check(
        test,
        "assert_aborts",
        assert_aborts,
        "ASSERTION",
        "    Expected n > 0, but\n        n == 0 (0x0)\n",
    );
    check(
        test,
        "fail_and_abort",
        fail_and_abort,
        "ASSERTION",
        "stop here\n",
    );
    check(
        test,
        "expect_continues",
        expect_continues,
        "EXPECTATION",
        "    Expected 1 > 2 to be true, but is false\n    # expect_continues: still running\n",
    );
}

fn test_pointer_formats(test: &mut Kunit) {
    check(
        test,
        "null_is_not",
        null_is_not,
        "EXPECTATION",
        "    Expected p == ((void *)0), but\n        p == 0000000000001000\n        ((void *)0) == 0000000000000000\n",
    );
    check(
        test,
        "not_null_is",
        not_null_is,
        "EXPECTATION",
        "    Expected p != ((void *)0), but\n        p == 0000000000000000\n        ((void *)0) == 0000000000000000\n",
    );
    check(
        test,
        "ptr_eq",
        ptr_eq,
        "EXPECTATION",
        "    Expected a == b, but\n        a == 0000000000000010\n        b == 0000000000000020\n",
    );
    check(
        test,
        "not_err_is_err",
        not_err_is_err,
        "EXPECTATION",
        "    Expected p is not error, but is: -12\n",
    );
    check(
        test,
        "not_err_is_null",
        not_err_is_null,
        "EXPECTATION",
        "    Expected p is not null, but is\n",
    );
}

fn test_string_formats(test: &mut Kunit) {
    check(
        test,
        "streq_literal",
        streq_literal,
        "EXPECTATION",
        "    Expected s == \"abc\", but\n        s == \"abd\"\n",
    );
    check(
        test,
        "streq_null",
        streq_null,
        "EXPECTATION",
        "    Expected a == b, but\n        a == \"(null)\"\n        b == \"x\"\n",
    );
    check(
        test,
        "strneq_equal",
        strneq_equal,
        "EXPECTATION",
        "    Expected a != \"same\", but\n        a == \"same\"\n\nmust differ\n",
    );
}

fn test_memory_formats(test: &mut Kunit) {
    check(
        test,
        "memeq_short",
        memeq_short,
        "EXPECTATION",
        "    Expected buf1 == buf2, but\n        buf1 ==\n         01  02 <03> 04 \n        buf2 ==\n         01  02 <00> 04 \n",
    );
    check(
        test,
        "memeq_two_lines",
        memeq_two_lines,
        "EXPECTATION",
        concat!(
            "    Expected buf1 == buf2, but\n",
            "        buf1 ==\n",
            "         00  01  02  03  04  05  06  07  08  09  0a  0b  0c  0d  0e  0f \n",
            "         10 <11>\n",
            "        buf2 ==\n",
            "         00  01  02  03  04  05  06  07  08  09  0a  0b  0c  0d  0e  0f \n",
            "         10 <ff>\n",
            "tail\n"
        ),
    );
    check(
        test,
        "memeq_null",
        memeq_null,
        "EXPECTATION",
        "    Expected left is not null, but is\n",
    );
    check(
        test,
        "memneq_equal",
        memneq_equal,
        "ASSERTION",
        "    Expected a != b, but\n        a ==\n         07  07 \n        b ==\n         07  07 \n",
    );
}

fn streq_multi_line(t: &mut Kunit) {
    let (got, want) = ("a\nb\nc", "a\nB\nc\nd");
    at!(kunit_expect_streq!(t, got, want));
}

/// The kernel's text for `streq_multi_line`: no diff.
const MULTI_LINE: &str = concat!(
    "    Expected got == want, but\n",
    "        got == \"a\nb\nc\"\n",
    "        want == \"a\nB\nc\nd\"\n",
);

fn test_multi_line_streq_is_kernel_text(test: &mut Kunit) {
    check(
        test,
        "streq_multi_line",
        streq_multi_line,
        "EXPECTATION",
        MULTI_LINE,
    );
}

fn test_multi_line_diff_on_request(test: &mut Kunit) {
    let config = Config {
        diff: true,
        ..Config::default()
    };
    let got = body_bytes("streq_multi_line", streq_multi_line, &config);
    let want = format!(
        "{}{MULTI_LINE}{}",
        head("EXPECTATION", "streq_multi_line"),
        concat!(
            "    Diff (- got, + want):\n",
            "      a\n",
            "    + B\n",
            "    - b\n",
            "      c\n",
            "    + d\n",
        )
    );
    kunit_expect_streq!(test, String::from_utf8(got).expect("UTF-8"), want);
}

fn test_debug_operands(test: &mut Kunit) {
    check(
        test,
        "debug_operands",
        debug_operands,
        "EXPECTATION",
        "    Expected v == vec![1, 2], but\n        v == [1, 3]\n        vec![1, 2] == [1, 2]\n",
    );
    // A string literal prints as itself, so it is omitted like an integer literal.
    check(
        test,
        "debug_literal",
        debug_literal,
        "EXPECTATION",
        "    Expected s == \"a\", but\n        s == \"b\"\n",
    );
}

// Operand pairs of every kind of type (see assert/pass.rs: in optimized builds a `Copy` pair
// reaches the failure path by value, any other by reference); the texts are the same.
fn generic_ne<T: PartialEq + fmt::Debug>(t: &mut Kunit, a: T, b: T) {
    at!(kunit_expect_ne!(t, a, b));
}
fn generic_copy_ne<T: PartialEq + fmt::Debug + Copy>(t: &mut Kunit, a: T, b: T) {
    at!(kunit_expect_ne!(t, a, b));
}
fn pair_generic(t: &mut Kunit) {
    generic_ne(t, 7u32, 7u32);
}
fn pair_generic_copy(t: &mut Kunit) {
    generic_copy_ne(t, -1i8, -1i8);
}
fn pair_mixed(t: &mut Kunit) {
    let (owned, borrowed) = (String::from("x"), "y");
    at!(kunit_expect_eq!(t, owned, borrowed));
}
fn pair_inferred(t: &mut Kunit) {
    let o: Option<String> = Some("s".into());
    let r: Result<i32, String> = Ok(4);
    kunit_expect_eq!(t, o.as_deref(), Some("s"));
    kunit_expect_eq!(t, r.clone().map(|x| x - 1), Ok(3));
    kunit_expect_ne!(t, None, o);
    at!(kunit_expect_eq!(t, r, Ok(3)));
}
fn pair_unsized(t: &mut Kunit) {
    let s = String::from("ab");
    at!(kunit_expect_lt!(t, *"b", *s));
}

fn test_operand_pairs(test: &mut Kunit) {
    let c = |test: &mut Kunit, name, f, want: &str| check(test, name, f, "EXPECTATION", want);
    let both = |l: &str, op: &str, r: &str, lv: &str, rv: &str| {
        format!("    Expected {l} {op} {r}, but\n        {l} == {lv}\n        {r} == {rv}\n")
    };
    c(
        test,
        "pair_generic",
        pair_generic,
        &both("a", "!=", "b", "7 (0x7)", "7 (0x7)"),
    );
    let m1 = "-1 (0xffffffffffffffff)";
    c(
        test,
        "pair_generic_copy",
        pair_generic_copy,
        &both("a", "!=", "b", m1, m1),
    );
    c(
        test,
        "pair_mixed",
        pair_mixed,
        &both("owned", "==", "borrowed", "\"x\"", "\"y\""),
    );
    // `Ok(3)` prints as its own text, so it is omitted like a literal.
    let r = "    Expected r == Ok(3), but\n        r == Ok(4)\n";
    c(test, "pair_inferred", pair_inferred, r);
    c(
        test,
        "pair_unsized",
        pair_unsized,
        &both("*\"b\"", "<", "*s", "\"b\"", "\"ab\""),
    );
}

// Regression for "kunit: Protect KUNIT_BINARY_STR_ASSERTION against ERR_PTR values": an
// ERR_PTR or NULL on either side fails both STREQ and STRNEQ and is never dereferenced.
fn err_ptr() -> CStrPtr {
    // SAFETY: an error value is never dereferenced by the string assertions.
    unsafe { CStrPtr::new(ErrPtr::<c_char>::err(-22).as_ptr()) }
}
fn null_ptr() -> CStrPtr {
    // SAFETY: NULL is never dereferenced by the string assertions.
    unsafe { CStrPtr::new(std::ptr::null()) }
}
fn streq_err_left(t: &mut Kunit) {
    let e = err_ptr();
    at!(kunit_expect_streq!(t, e, "abc"));
}
fn streq_err_right(t: &mut Kunit) {
    let e = err_ptr();
    at!(kunit_expect_streq!(t, "abc", e));
}
fn strneq_err_left(t: &mut Kunit) {
    let e = err_ptr();
    at!(kunit_expect_strneq!(t, e, "abc"));
}
fn strneq_err_right(t: &mut Kunit) {
    let e = err_ptr();
    at!(kunit_expect_strneq!(t, "abc", e));
}
fn streq_null_right(t: &mut Kunit) {
    let n = null_ptr();
    at!(kunit_expect_streq!(t, "abc", n));
}
fn strneq_null_left(t: &mut Kunit) {
    let n = null_ptr();
    at!(kunit_expect_strneq!(t, n, "abc"));
}
fn streq_result_err(t: &mut Kunit) {
    let r: Result<&str, i32> = Err(-22);
    at!(kunit_expect_streq!(t, r, r));
}

fn test_str_err_ptr_regression(test: &mut Kunit) {
    let c = |test: &mut Kunit, name, f, want: &str| check(test, name, f, "EXPECTATION", want);
    c(
        test,
        "streq_err_left",
        streq_err_left,
        "    Expected e == \"abc\", but\n        e == \"(efault)\"\n",
    );
    c(
        test,
        "streq_err_right",
        streq_err_right,
        "    Expected \"abc\" == e, but\n        e == \"(efault)\"\n",
    );
    c(
        test,
        "strneq_err_left",
        strneq_err_left,
        "    Expected e != \"abc\", but\n        e == \"(efault)\"\n",
    );
    c(
        test,
        "strneq_err_right",
        strneq_err_right,
        "    Expected \"abc\" != e, but\n        e == \"(efault)\"\n",
    );
    c(
        test,
        "streq_null_right",
        streq_null_right,
        "    Expected \"abc\" == n, but\n        n == \"(null)\"\n",
    );
    c(
        test,
        "strneq_null_left",
        strneq_null_left,
        "    Expected n != \"abc\", but\n        n == \"(null)\"\n",
    );
    c(
        test,
        "streq_result_err",
        streq_result_err,
        "    Expected r == r, but\n        r == \"(efault)\"\n        r == \"(efault)\"\n",
    );
}

fn streq_cstr_not_utf8(t: &mut Kunit) {
    let s: &CStr = c"caf\xe9";
    at!(kunit_expect_streq!(t, s, "cafe"));
}
fn streq_embedded_nul(t: &mut Kunit) {
    let s = "ab\0c";
    at!(kunit_expect_streq!(t, s, "ab\0d"));
}
fn streq_nul_in_message(t: &mut Kunit) {
    let (a, b) = ("x", "y");
    at!(kunit_expect_streq_msg!(t, a, b, "nul {}", "\0"));
}

fn test_string_bytes(test: &mut Kunit) {
    // A C string prints as the bytes it holds (the kernel's `%s`): 0xe9 stays one raw byte.
    let got = body_bytes(
        "streq_cstr_not_utf8",
        streq_cstr_not_utf8,
        &Config::default(),
    );
    let mut want = head("EXPECTATION", "streq_cstr_not_utf8").into_bytes();
    want.extend_from_slice(b"    Expected s == \"cafe\", but\n        s == \"caf\xe9\"\n");
    kunit_expect_true!(test, got == want);
    kunit_expect_memeq!(test, got, want, want.len());
    // Rust compares the whole string, past a NUL; the NUL prints as `\0`, never raw. The
    // literal's source text has `\0` where its value has a NUL, so (as for any escape, and
    // as in the kernel) its value is printed too.
    check(
        test,
        "streq_embedded_nul",
        streq_embedded_nul,
        "EXPECTATION",
        "    Expected s == \"ab\\0d\", but\n        s == \"ab\\0c\"\n        \"ab\\0d\" == \"ab\\0d\"\n",
    );
    check(
        test,
        "streq_nul_in_message",
        streq_nul_in_message,
        "EXPECTATION",
        "    Expected a == b, but\n        a == \"x\"\n        b == \"y\"\nnul \\0\n",
    );
}

fn wide_unsigned(t: &mut Kunit) {
    let x: u128 = 1 << 64;
    at!(kunit_expect_eq!(t, x, 0));
}
fn wide_signed(t: &mut Kunit) {
    let (x, y): (i128, i128) = (-(1 << 64), -1);
    at!(kunit_expect_eq!(t, x, y));
}
fn wide_max(t: &mut Kunit) {
    let (x, y) = (u128::MAX, u64::MAX as u128);
    at!(kunit_expect_lt!(t, x, y));
}

fn test_128_bit_values(test: &mut Kunit) {
    check(
        test,
        "wide_unsigned",
        wide_unsigned,
        "EXPECTATION",
        "    Expected x == 0, but\n        x == 18446744073709551616 (0x10000000000000000)\n",
    );
    // Inside long long's range a 128-bit value prints exactly as KUnit prints it.
    check(
        test,
        "wide_signed",
        wide_signed,
        "EXPECTATION",
        "    Expected x == y, but\n        x == -18446744073709551616 (0xffffffffffffffff0000000000000000)\n        y == -1 (0xffffffffffffffff)\n",
    );
    check(
        test,
        "wide_max",
        wide_max,
        "EXPECTATION",
        "    Expected x < y, but\n        x == 340282366920938463463374607431768211455 (0xffffffffffffffffffffffffffffffff)\n        y == 18446744073709551615 (0xffffffffffffffff)\n",
    );
}

fn err_zero_is_null(t: &mut Kunit) {
    let p: Result<&u8, i32> = Err(0);
    at!(kunit_expect_not_err_or_null!(t, p));
}
fn err_zero_str_is_null(t: &mut Kunit) {
    let s: Result<&str, i32> = Err(0);
    at!(kunit_expect_streq!(t, s, "x"));
}
fn ptr_eq_null(t: &mut Kunit) {
    let v = 1u8;
    let p = &v as *const u8;
    at!(kunit_expect_ptr_eq!(t, p, NULL));
}

fn test_err_ptr_zero_and_null(test: &mut Kunit) {
    // ERR_PTR(0) is NULL.
    check(
        test,
        "err_zero_is_null",
        err_zero_is_null,
        "EXPECTATION",
        "    Expected p is not null, but is\n",
    );
    check(
        test,
        "err_zero_str_is_null",
        err_zero_str_is_null,
        "EXPECTATION",
        "    Expected s == \"x\", but\n        s == \"(null)\"\n",
    );
    let got = body_of("ptr_eq_null", ptr_eq_null);
    let lines: Vec<&str> = got.lines().collect();
    kunit_expect_eq!(test, lines.len(), 4);
    kunit_expect_streq!(test, lines[1], "    Expected p == NULL, but");
    kunit_expect_streq!(test, lines[3], "        NULL == 0000000000000000");
    let e: Result<&u8, i32> = Err(0);
    kunit_expect_null!(test, e);
    kunit_expect_ptr_eq!(test, ErrPtr::<u32>::err(0).as_ptr(), NULL);
}

/// A `repr(C)` struct without padding.
#[derive(Clone, Copy)]
#[repr(C)]
struct Pair {
    lo: u16,
    hi: u16,
}
// SAFETY: two u16 fields, repr(C): no padding.
unsafe impl PlainData for Pair {}

fn memeq_words(t: &mut Kunit) {
    let (a, b) = ([1u32, 2], [1u32, 0x0300]);
    at!(kunit_expect_memeq!(t, a, &b, 8));
}
fn memeq_struct(t: &mut Kunit) {
    let (a, b) = (Pair { lo: 1, hi: 2 }, Pair { lo: 1, hi: 3 });
    at!(kunit_expect_memeq!(t, &a, b, size_of::<Pair>()));
}
fn memeq_size_too_big(t: &mut Kunit) {
    let (short, long) = ([1u8, 2], [1u8, 2, 3, 4]);
    at!(kunit_expect_memeq!(t, short, long, 4));
}

fn test_memory_of_any_object(test: &mut Kunit) {
    let words = [0x0403_0201u32, 0x0807_0605];
    let bytes = [1u8, 2, 3, 4, 5, 6, 7, 8];
    let same = if cfg!(target_endian = "little") {
        bytes
    } else {
        [4, 3, 2, 1, 8, 7, 6, 5]
    };
    kunit_expect_memeq!(test, words, same, 8);
    kunit_expect_memeq!(test, &words[..], Box::new(same), 8);
    kunit_expect_memneq!(test, Pair { lo: 1, hi: 2 }, Pair { lo: 2, hi: 1 }, 4);
    kunit_expect_memeq!(test, vec![3u64; 2], [3u64, 3], 16);
    if cfg!(target_endian = "little") {
        check(
            test,
            "memeq_words",
            memeq_words,
            "EXPECTATION",
            "    Expected a == &b, but\n        a ==\n         01  00  00  00 <02><00> 00  00 \n        &b ==\n         01  00  00  00 <00><03> 00  00 \n",
        );
        check(
            test,
            "memeq_struct",
            memeq_struct,
            "EXPECTATION",
            "    Expected &a == b, but\n        &a ==\n         01  00 <02> 00 \n        b ==\n         01  00 <03> 00 \n",
        );
    }
    // A side shorter than `size` fails, says so, and dumps the bytes it has.
    check(
        test,
        "memeq_size_too_big",
        memeq_size_too_big,
        "EXPECTATION",
        "    Expected short == long, but\n        short is 2 bytes long, shorter than size 4\n        short ==\n         01  02 \n        long ==\n         01  02 <03><04>\n",
    );
}

/// Where the last [`boom`] was called (the panic's location).
static BOOM_AT: OnceLock<Mutex<Option<&'static Location<'static>>>> = OnceLock::new();

#[track_caller]
fn boom(what: &str) -> ! {
    *BOOM_AT.get_or_init(Mutex::default).lock().unwrap() = Some(Location::caller());
    panic!("{what} panicked")
}

struct LoudDebug(u8);
impl PartialEq for LoudDebug {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}
impl fmt::Debug for LoudDebug {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        boom("Debug")
    }
}
#[derive(Debug)]
struct LoudEq;
impl PartialEq for LoudEq {
    fn eq(&self, _: &Self) -> bool {
        boom("PartialEq")
    }
}

fn debug_panics(t: &mut Kunit) {
    let (a, b) = (LoudDebug(1), LoudDebug(2));
    at!(kunit_expect_eq!(t, a, b));
}
fn partial_eq_panics(t: &mut Kunit) {
    let v = LoudEq;
    at!(kunit_assert_ne!(t, v, LoudEq));
}

fn test_panicking_operand_names_assertion(test: &mut Kunit) {
    for (name, case, kind, text, what) in [
        (
            "debug_panics",
            debug_panics as fn(&mut Kunit),
            "EXPECTATION",
            "a == b",
            "Debug",
        ),
        (
            "partial_eq_panics",
            partial_eq_panics,
            "ASSERTION",
            "v != LoudEq",
            "PartialEq",
        ),
    ] {
        let got = body_of(name, case);
        let (file, line) = (file!(), LINE.load(Relaxed));
        let at = BOOM_AT
            .get_or_init(Mutex::default)
            .lock()
            .unwrap()
            .expect("boom ran");
        // A panicking `Debug` (the failure path) names the assertion; a panicking
        // `PartialEq` (the call site) is located by the panic and the last line seen.
        let named = match what {
            "Debug" => {
                format!("    # {name}: panicked evaluating {kind} {text} at {file}:{line}\n")
            }
            _ => String::new(),
        };
        let want = format!(
            "{named}\
             \x20   # {name}: panicked at {at}:\n\
             \x20   {what} panicked\n\
             \x20   # {name}: try faulted: last line seen {file}:{line}\n\
             \x20   # {name}: internal error occurred preventing test case from running: -4\n"
        );
        kunit_expect_streq!(test, got, want);
    }
}

/// Lines of the two checks in the last-seen cases, stored as they run.
static SITE_A: AtomicU32 = AtomicU32::new(0);
static SITE_B: AtomicU32 = AtomicU32::new(0);

/// Sites A B A B, then a panic: B was seen last.
fn faults_after_b(t: &mut Kunit) {
    for i in 0..3 {
        if i == 2 {
            panic!("after B");
        }
        at!(SITE_A => kunit_expect_eq!(t, i, i));
        at!(SITE_B => kunit_expect_eq!(t, i, i));
    }
}

/// Sites A B A B A, then a panic: A was seen last (again).
fn faults_after_a(t: &mut Kunit) {
    for i in 0..3 {
        at!(SITE_A => kunit_expect_eq!(t, i, i));
        if i == 2 {
            panic!("after A");
        }
        at!(SITE_B => kunit_expect_eq!(t, i, i));
    }
}

/// The last line seen is the last check that ran, through loops that revisit a site.
fn test_last_seen_follows_loops(test: &mut Kunit) {
    for (name, case, last) in [
        ("faults_after_b", faults_after_b as fn(&mut Kunit), &SITE_B),
        ("faults_after_a", faults_after_a, &SITE_A),
    ] {
        let got = body_of(name, case);
        let want = format!(
            "    # {name}: try faulted: last line seen {}:{}\n",
            file!(),
            last.load(Relaxed)
        );
        kunit_expect_ne!(test, SITE_A.load(Relaxed), SITE_B.load(Relaxed));
        kunit_expect_true_msg!(test, got.contains(&want), "want {want:?} in {got:?}");
    }
}

static CASES: &[Case] = &[
    kunit_case!(test_int_formats),
    kunit_case!(test_runtime_location),
    kunit_case!(test_message_placement),
    kunit_case!(test_assert_aborts_expect_continues),
    kunit_case!(test_pointer_formats),
    kunit_case!(test_ptr_ne),
    kunit_case!(test_string_formats),
    kunit_case!(test_memory_formats),
    kunit_case!(test_debug_operands),
    kunit_case!(test_operand_pairs),
    kunit_case!(test_multi_line_streq_is_kernel_text),
    kunit_case!(test_multi_line_diff_on_request),
    kunit_case!(test_str_err_ptr_regression),
    kunit_case!(test_string_bytes),
    kunit_case!(test_128_bit_values),
    kunit_case!(test_err_ptr_zero_and_null),
    kunit_case!(test_memory_of_any_object),
    kunit_case!(test_panicking_operand_names_assertion),
    kunit_case!(test_last_seen_follows_loops),
];
kunit_test_suite!(Suite::new("kunit_assert", CASES));
