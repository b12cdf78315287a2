//! The KUnit failure text, byte for byte (lib/kunit/assert.c).
//!
//! Every function here appends to the text that `kunit_fail()` hands to one `kunit_err()`
//! call: the prologue, then the per-class body. Only the first line later gets the
//! `    # <test>: ` prefix; the rest keeps the indentation written here. Bodies that end
//! without a newline and a user message appended with `"\n%pV"` produce KUnit's quirks
//! (message unindented on the next line, or after a blank line) on purpose.
//!
//! The text is bytes, not UTF-8: a C string prints as the bytes it holds, as `%s` does.

use super::operand::Printed;
use super::site::{AssertType, Site};
use crate::operands::StrValue;
use std::fmt;
use std::io::Write as _;

/// `KUNIT_SUBTEST_INDENT`.
pub const SUBTEST_INDENT: &str = "    ";
/// `KUNIT_SUBSUBTEST_INDENT`.
pub const SUBSUBTEST_INDENT: &str = "        ";

/// `kunit_assert_prologue()`.
pub(crate) fn prologue(out: &mut Vec<u8>, kind: AssertType, file: &str, line: u32) {
    let _ = writeln!(out, "{} FAILED at {file}:{line}", kind.as_str());
}

/// `kunit_assert_print_msg()`: `"\n%pV"` when there is a message.
fn user_message(out: &mut Vec<u8>, msg: Option<fmt::Arguments<'_>>) {
    if let Some(msg) = msg {
        out.push(b'\n');
        let _ = out.write_fmt(msg);
    }
}

/// `kunit_fail_assert_format`: the message itself, no indentation.
pub(crate) fn fail(out: &mut Vec<u8>, msg: fmt::Arguments<'_>) {
    let _ = out.write_fmt(msg);
}

/// `kunit_unary_assert_format`.
pub(crate) fn unary(
    out: &mut Vec<u8>,
    site: &Site,
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
        "{SUBTEST_INDENT}Expected {} to be {want}, but is {got}",
        site.left
    );
    user_message(out, msg);
}

/// What `KUNIT_EXPECT_NOT_ERR_OR_NULL` saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NotErrOrNull {
    Null,
    /// `PTR_ERR(value)`, e.g. `-12`.
    Err(i64),
}

/// `kunit_ptr_not_err_assert_format`.
pub(crate) fn ptr_not_err(
    out: &mut Vec<u8>,
    site: &Site,
    got: NotErrOrNull,
    msg: Option<fmt::Arguments<'_>>,
) {
    let text = site.left;
    let _ = match got {
        NotErrOrNull::Null => writeln!(out, "{SUBTEST_INDENT}Expected {text} is not null, but is"),
        NotErrOrNull::Err(errno) => writeln!(
            out,
            "{SUBTEST_INDENT}Expected {text} is not error, but is: {errno}"
        ),
    };
    user_message(out, msg);
}

fn binary_header(out: &mut Vec<u8>, site: &Site) {
    let _ = writeln!(
        out,
        "{SUBTEST_INDENT}Expected {} {} {}, but",
        site.left, site.op, site.right
    );
}

/// `kunit_binary_assert_format`.
pub(crate) fn binary(
    out: &mut Vec<u8>,
    site: &Site,
    left: &Printed,
    right: &Printed,
    msg: Option<fmt::Arguments<'_>>,
) {
    binary_header(out, site);
    if !left.is_literal(site.left) {
        let _ = writeln!(out, "{SUBSUBTEST_INDENT}{} == {left}", site.left);
    }
    if !right.is_literal(site.right) {
        let _ = write!(out, "{SUBSUBTEST_INDENT}{} == {right}", site.right);
    }
    user_message(out, msg);
}

/// `kunit_binary_ptr_assert_format`: both lines always, `%px` values.
pub(crate) fn binary_ptr(
    out: &mut Vec<u8>,
    site: &Site,
    left: usize,
    right: usize,
    msg: Option<fmt::Arguments<'_>>,
) {
    binary_header(out, site);
    let _ = writeln!(out, "{SUBSUBTEST_INDENT}{} == {left:016x}", site.left);
    let _ = write!(out, "{SUBSUBTEST_INDENT}{} == {right:016x}", site.right);
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

/// One string operand line: `%s` copies the bytes as they are.
fn str_line(out: &mut Vec<u8>, text: &str, value: &[u8]) {
    let _ = write!(out, "{SUBSUBTEST_INDENT}{text} == \"");
    out.extend_from_slice(value);
    out.push(b'"');
}

/// `kunit_binary_str_assert_format`. The values print as `%s` prints them: the string's
/// bytes, `(null)` for NULL, `(efault)` for an `ERR_PTR`.
pub(crate) fn binary_str(
    out: &mut Vec<u8>,
    site: &Site,
    left: StrValue<'_>,
    right: StrValue<'_>,
    msg: Option<fmt::Arguments<'_>>,
) {
    binary_header(out, site);
    let (left, right) = (left.printed(), right.printed());
    if !is_str_literal(site.left, left) {
        str_line(out, site.left, left);
        out.push(b'\n');
    }
    if !is_str_literal(site.right, right) {
        str_line(out, site.right, right);
    }
    user_message(out, msg);
}

/// `kunit_assert_hexdump()`: 16 bytes a line, `<xx>` where the buffers differ (and where
/// the other buffer has no byte: a side shorter than the compared size).
fn hexdump(out: &mut Vec<u8>, buf: &[u8], compared: &[u8]) {
    out.extend_from_slice(SUBSUBTEST_INDENT.as_bytes());
    for (i, &b) in buf.iter().enumerate() {
        if i % 16 == 0 && i != 0 {
            out.push(b'\n');
            out.extend_from_slice(SUBSUBTEST_INDENT.as_bytes());
        }
        let _ = if compared.get(i) != Some(&b) {
            write!(out, "<{b:02x}>")
        } else {
            write!(out, " {b:02x} ")
        };
    }
}

/// `kunit_mem_assert_format`. `None` stands for a NULL operand; the user message is printed
/// only when both operands are present (as in the kernel). An operand shorter than `size`
/// (C would read past it) gets a line saying so before the dumps, which show the bytes
/// there are.
pub(crate) fn mem(
    out: &mut Vec<u8>,
    site: &Site,
    left: Option<&[u8]>,
    right: Option<&[u8]>,
    size: usize,
    msg: Option<fmt::Arguments<'_>>,
) {
    let (Some(l), Some(r)) = (left, right) else {
        let null = if left.is_none() {
            site.left
        } else {
            site.right
        };
        let _ = writeln!(out, "{SUBTEST_INDENT}Expected {null} is not null, but is");
        return;
    };
    binary_header(out, site);
    for (text, bytes) in [(site.left, l), (site.right, r)] {
        if bytes.len() < size {
            let _ = writeln!(
                out,
                "{SUBSUBTEST_INDENT}{text} is {} bytes long, shorter than size {size}",
                bytes.len()
            );
        }
    }
    let (l, r) = (&l[..l.len().min(size)], &r[..r.len().min(size)]);
    let _ = writeln!(out, "{SUBSUBTEST_INDENT}{} ==", site.left);
    hexdump(out, l, r);
    out.push(b'\n');
    let _ = writeln!(out, "{SUBSUBTEST_INDENT}{} ==", site.right);
    hexdump(out, r, l);
    user_message(out, msg);
}

/// The KTAP stream never carries a raw NUL (a Rust string may hold one; C's `%s` would have
/// stopped there): each prints as the two characters `\0`.
pub(crate) fn escape_nul(text: Vec<u8>) -> Vec<u8> {
    if !text.contains(&0) {
        return text;
    }
    let mut out = Vec::with_capacity(text.len() + 8);
    for b in text {
        match b {
            0 => out.extend_from_slice(b"\\0"),
            b => out.push(b),
        }
    }
    out
}
