//! The KUnit failure text, byte for byte (lib/kunit/assert.c).
//!
//! Every function here returns the text that `kunit_fail()` hands to one `kunit_err()` call:
//! the prologue, then the per-class body. Only the first line later gets the
//! `    # <test>: ` prefix; the rest keeps the indentation written here. Bodies that end
//! without a newline and a user message appended with `"\n%pV"` produce KUnit's quirks
//! (message unindented on the next line, or after a blank line) on purpose.

use std::fmt::{self, Write as _};

/// `KUNIT_SUBTEST_INDENT`.
pub const SUBTEST_INDENT: &str = "    ";
/// `KUNIT_SUBSUBTEST_INDENT`.
pub const SUBSUBTEST_INDENT: &str = "        ";

/// `EXPECTATION` or `ASSERTION` (`enum kunit_assert_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssertType {
    /// A `KUNIT_EXPECT_*` failure: the case is marked failed and keeps running.
    Expectation,
    /// A `KUNIT_ASSERT_*` failure: the case is marked failed and aborts.
    Assertion,
}

impl AssertType {
    fn as_str(self) -> &'static str {
        match self {
            AssertType::Expectation => "EXPECTATION",
            AssertType::Assertion => "ASSERTION",
        }
    }
}

/// `kunit_assert_prologue()`.
pub fn prologue(out: &mut String, kind: AssertType, file: &str, line: u32) {
    let _ = writeln!(out, "{} FAILED at {}:{}", kind.as_str(), file, line);
}

/// `kunit_assert_print_msg()`: `"\n%pV"` when there is a message.
fn user_message(out: &mut String, msg: Option<fmt::Arguments<'_>>) {
    if let Some(msg) = msg {
        out.push('\n');
        let _ = out.write_fmt(msg);
    }
}

/// `kunit_fail_assert_format`: the message itself, no indentation.
pub fn fail(out: &mut String, msg: Option<fmt::Arguments<'_>>) {
    if let Some(msg) = msg {
        let _ = out.write_fmt(msg);
    }
}

/// `kunit_unary_assert_format`.
pub fn unary(
    out: &mut String,
    condition: &str,
    expected_true: bool,
    msg: Option<fmt::Arguments<'_>>,
) {
    let (want, got) = if expected_true {
        ("true", "false")
    } else {
        ("false", "true")
    };
    let _ = writeln!(
        out,
        "{SUBTEST_INDENT}Expected {condition} to be {want}, but is {got}"
    );
    user_message(out, msg);
}

/// What `KUNIT_EXPECT_NOT_ERR_OR_NULL` saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotErrOrNull {
    /// The pointer was NULL.
    Null,
    /// `PTR_ERR(value)`, e.g. `-12`.
    Err(i64),
}

/// `kunit_ptr_not_err_assert_format`.
pub fn ptr_not_err(
    out: &mut String,
    text: &str,
    got: NotErrOrNull,
    msg: Option<fmt::Arguments<'_>>,
) {
    match got {
        NotErrOrNull::Null => {
            let _ = writeln!(out, "{SUBTEST_INDENT}Expected {text} is not null, but is");
        }
        NotErrOrNull::Err(errno) => {
            let _ = writeln!(
                out,
                "{SUBTEST_INDENT}Expected {text} is not error, but is: {errno}"
            );
        }
    }
    user_message(out, msg);
}

/// An operand value as KUnit prints it in binary assertions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    /// An integer, printed as `%lld (0x%llx)` after the cast to `long long`.
    Int(i64),
    /// A non-integer Rust value, printed with `{:?}` (an extension: KUnit has only integers).
    Debug(String),
}

/// `is_literal()`: the source text is exactly the value's canonical rendering.
fn is_literal(text: &str, value: &Operand) -> bool {
    match value {
        Operand::Int(v) => text == v.to_string(),
        Operand::Debug(s) => text == s,
    }
}

fn operand_line(out: &mut String, text: &str, value: &Operand) {
    let _ = match value {
        Operand::Int(v) => write!(out, "{SUBSUBTEST_INDENT}{text} == {v} (0x{v:x})"),
        Operand::Debug(s) => write!(out, "{SUBSUBTEST_INDENT}{text} == {s}"),
    };
}

/// The operator and the two operand texts (`struct kunit_binary_assert_text`).
#[derive(Clone, Copy, Debug)]
pub struct BinaryText<'a> {
    /// The operator as written between the operands, e.g. `==`.
    pub operation: &'a str,
    /// The left operand's source text.
    pub left: &'a str,
    /// The right operand's source text.
    pub right: &'a str,
}

fn binary_header(out: &mut String, text: &BinaryText<'_>) {
    let _ = writeln!(
        out,
        "{SUBTEST_INDENT}Expected {} {} {}, but",
        text.left, text.operation, text.right
    );
}

/// `kunit_binary_assert_format`.
pub fn binary(
    out: &mut String,
    text: &BinaryText<'_>,
    left: &Operand,
    right: &Operand,
    msg: Option<fmt::Arguments<'_>>,
) {
    binary_header(out, text);
    if !is_literal(text.left, left) {
        operand_line(out, text.left, left);
        out.push('\n');
    }
    if !is_literal(text.right, right) {
        operand_line(out, text.right, right);
    }
    user_message(out, msg);
}

/// `kunit_binary_ptr_assert_format`: both lines always, `%px` values.
pub fn binary_ptr(
    out: &mut String,
    text: &BinaryText<'_>,
    left: usize,
    right: usize,
    msg: Option<fmt::Arguments<'_>>,
) {
    binary_header(out, text);
    let _ = writeln!(out, "{SUBSUBTEST_INDENT}{} == {left:016x}", text.left);
    let _ = write!(out, "{SUBSUBTEST_INDENT}{} == {right:016x}", text.right);
    user_message(out, msg);
}

/// `is_str_literal()`: the operand was a string literal with this content.
fn is_str_literal(text: &str, value: &[u8]) -> bool {
    let t = text.as_bytes();
    if t.len() < 2 || t[0] != b'"' || t[t.len() - 1] != b'"' {
        return false;
    }
    // strncmp(text + 1, value, len - 2) == 0: compares at most len-2 bytes and stops at a NUL.
    let inner = &t[1..t.len() - 1];
    for (i, &c) in inner.iter().enumerate() {
        let v = value.get(i).copied().unwrap_or(0);
        if c != v {
            return false;
        }
        if c == 0 {
            break;
        }
    }
    true
}

/// `kunit_binary_str_assert_format`. `left`/`right` are what `%s` printed: the string's
/// bytes, `(null)` for NULL, `(efault)` for an `ERR_PTR`. No escaping, as in the kernel.
pub fn binary_str(
    out: &mut String,
    text: &BinaryText<'_>,
    left: &[u8],
    right: &[u8],
    msg: Option<fmt::Arguments<'_>>,
) {
    binary_header(out, text);
    if !is_str_literal(text.left, left) {
        let _ = writeln!(
            out,
            "{SUBSUBTEST_INDENT}{} == \"{}\"",
            text.left,
            String::from_utf8_lossy(left)
        );
    }
    if !is_str_literal(text.right, right) {
        let _ = write!(
            out,
            "{SUBSUBTEST_INDENT}{} == \"{}\"",
            text.right,
            String::from_utf8_lossy(right)
        );
    }
    user_message(out, msg);
}

/// `kunit_assert_hexdump()`: 16 bytes a line, `<xx>` where the buffers differ.
fn hexdump(out: &mut String, buf: &[u8], compared: &[u8]) {
    out.push_str(SUBSUBTEST_INDENT);
    for (i, (&b, &c)) in buf.iter().zip(compared).enumerate() {
        if i % 16 == 0 && i != 0 {
            out.push('\n');
            out.push_str(SUBSUBTEST_INDENT);
        }
        let _ = if b != c {
            write!(out, "<{b:02x}>")
        } else {
            write!(out, " {b:02x} ")
        };
    }
}

/// `kunit_mem_assert_format`. `None` stands for a NULL operand; the user message is printed
/// only when both operands are present (as in the kernel).
pub fn mem(
    out: &mut String,
    text: &BinaryText<'_>,
    left: Option<&[u8]>,
    right: Option<&[u8]>,
    msg: Option<fmt::Arguments<'_>>,
) {
    let (Some(l), Some(r)) = (left, right) else {
        let null = if left.is_none() {
            text.left
        } else {
            text.right
        };
        let _ = writeln!(out, "{SUBTEST_INDENT}Expected {null} is not null, but is");
        return;
    };
    binary_header(out, text);
    let _ = writeln!(out, "{SUBSUBTEST_INDENT}{} ==", text.left);
    hexdump(out, l, r);
    out.push('\n');
    let _ = writeln!(out, "{SUBSUBTEST_INDENT}{} ==", text.right);
    hexdump(out, r, l);
    user_message(out, msg);
}

/// A line diff of two multi-line strings, appended after KUnit's text by `STREQ` (a Rust
/// extension). Longest-common-subsequence over lines; skipped for very long inputs.
pub fn line_diff(out: &mut String, left_text: &str, right_text: &str, left: &str, right: &str) {
    const MAX_LINES: usize = 500;
    let (a, b): (Vec<&str>, Vec<&str>) = (left.split('\n').collect(), right.split('\n').collect());
    if a.len() > MAX_LINES || b.len() > MAX_LINES {
        return;
    }
    // lcs[i][j]: length of the LCS of a[i..] and b[j..].
    let mut lcs = vec![vec![0u16; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let _ = write!(
        out,
        "\n{SUBTEST_INDENT}Diff (- {left_text}, + {right_text}):"
    );
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            let _ = write!(out, "\n{SUBTEST_INDENT}  {}", a[i]);
            i += 1;
            j += 1;
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            let _ = write!(out, "\n{SUBTEST_INDENT}+ {}", b[j]);
            j += 1;
        } else {
            let _ = write!(out, "\n{SUBTEST_INDENT}- {}", a[i]);
            i += 1;
        }
    }
}
