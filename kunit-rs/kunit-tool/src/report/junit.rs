//! `--junit`: kunit_junit.py's document, byte for byte as ElementTree writes
//! it after `ET.indent()` (two-space indentation, `<x />` for empty elements).

use std::fmt::Write;

use crate::ktap::result_tree::Test;
use crate::ktap::status::TestStatus;
use crate::report::textout::{push_escaped, push_newline_indent};

fn escape_text(out: &mut String, s: &str) {
    push_escaped(out, s, |b| !matches!(b, b'&' | b'<' | b'>'), push_entity);
}

fn escape_attr(out: &mut String, s: &str) {
    let plain = |b| !matches!(b, b'&' | b'<' | b'>' | b'"' | b'\r' | b'\n' | b'\t');
    push_escaped(out, s, plain, push_entity);
}

/// ElementTree's escape for a character the escapers refuse.
fn push_entity(out: &mut String, c: char) {
    out.push_str(match c {
        '&' => "&amp;",
        '<' => "&lt;",
        '>' => "&gt;",
        '"' => "&quot;",
        '\r' => "&#13;",
        '\n' => "&#10;",
        _ => "&#09;",
    });
}

fn indent(out: &mut String, level: usize) {
    push_newline_indent(out, 2 * level);
}

/// A leaf element: `<tag>text</tag>`, or `<tag />` when the text is empty.
fn text_element(out: &mut String, tag: &str, text: &str) {
    if text.is_empty() {
        let _ = write!(out, "<{tag} />");
    } else {
        let _ = write!(out, "<{tag}>");
        escape_text(out, text);
        let _ = write!(out, "</{tag}>");
    }
}

fn test_suite(out: &mut String, test: &Test, level: usize) {
    let c = &test.counts;
    out.push_str("<testsuite name=\"");
    escape_attr(out, &test.name);
    let _ = write!(
        out,
        "\" tests=\"{}\" failures=\"{}\" skipped=\"{}\" errors=\"{}\"",
        c.total(),
        c.failed,
        c.skipped,
        u128::from(c.crashed) + u128::from(c.errors)
    );
    if test.subtests.is_empty() {
        out.push_str(" />");
        return;
    }
    out.push('>');
    for sub in &test.subtests {
        indent(out, level + 1);
        if !sub.subtests.is_empty() {
            test_suite(out, sub, level + 1);
            continue;
        }
        out.push_str("<testcase name=\"");
        escape_attr(out, &sub.name);
        out.push('"');
        let detail = match sub.status {
            TestStatus::Failure => Some(("failure", "Test Failed")),
            TestStatus::Skipped => Some(("skipped", sub.skip_reason.as_str())),
            TestStatus::TestCrashed => Some(("error", "Test Crashed")),
            _ => None,
        };
        if detail.is_none() && sub.log.is_empty() {
            out.push_str(" />");
            continue;
        }
        out.push('>');
        if let Some((tag, text)) = detail {
            indent(out, level + 2);
            text_element(out, tag, text);
        }
        if !sub.log.is_empty() {
            indent(out, level + 2);
            text_element(out, "system-out", sub.log.joined());
        }
        indent(out, level + 1);
        out.push_str("</testcase>");
    }
    indent(out, level);
    out.push_str("</testsuite>");
}

/// The XML document without the declaration (what `ET.dump` prints).
pub fn get_junit_body(test: &Test) -> String {
    let mut out = String::new();
    test_suite(&mut out, test, 0);
    out
}

/// The file contents `ElementTree.write(..., encoding='utf-8',
/// xml_declaration=True)` produces (no trailing newline).
pub fn get_junit_result(test: &Test) -> String {
    format!(
        "<?xml version='1.0' encoding='utf-8'?>\n{}",
        get_junit_body(test)
    )
}
