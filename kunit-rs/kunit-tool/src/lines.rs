//! Recognisers for KTAP lines, equivalent to kunit_parser.py's regular
//! expressions (`re.match` semantics, Python's `\s`), written by hand for speed.

use crate::pytext::is_py_space;

/// Skips Python `\s*` (ASCII fast path, Unicode whitespace after that).
fn skip_space(s: &str) -> &str {
    let b = s.as_bytes();
    // KTAP indents with spaces; anything else takes the general loop.
    let mut i = b.iter().take_while(|&&c| c == b' ').count();
    if b.get(i).is_none_or(|&c| c > b' ' && c < 0x80) {
        return &s[i..];
    }
    while i < b.len() {
        match b[i] {
            b' ' | b'\t'..=b'\r' | 0x1c..=0x1f => i += 1,
            x if x < 0x80 => return &s[i..],
            _ => return s[i..].trim_start_matches(is_py_space),
        }
    }
    &s[i..]
}

fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// `\s*KTAP version ([0-9]+)$` at the start of the line: the version digits.
pub fn ktap_start(line: &str) -> Option<&str> {
    skip_space(line)
        .strip_prefix("KTAP version ")
        .filter(|d| all_digits(d))
}

/// `\s*TAP version ([0-9]+)$` at the start of the line: the version digits.
pub fn tap_start(line: &str) -> Option<&str> {
    skip_space(line)
        .strip_prefix("TAP version ")
        .filter(|d| all_digits(d))
}

/// `^\s*# Subtest: (.*)$`: the test name.
pub fn test_header(line: &str) -> Option<&str> {
    skip_space(line).strip_prefix("# Subtest: ")
}

/// `^\s*1\.\.([0-9]+)` (no end anchor): the planned count digits.
pub fn test_plan(line: &str) -> Option<&str> {
    let rest = skip_space(line).strip_prefix("1..")?;
    let n = rest.bytes().take_while(u8::is_ascii_digit).count();
    (n > 0).then(|| &rest[..n])
}

/// A parsed `ok`/`not ok` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultLine<'a> {
    pub ok: bool,
    /// The test number as written (digits only).
    pub number: &'a str,
    /// Group 4 of `TEST_RESULT`: the description before ` # `.
    pub name: &'a str,
    /// Groups 4 and 5 of `TEST_RESULT_SKIP` when that also matches.
    pub skip: Option<(&'a str, &'a str)>,
}

/// Start offsets for the description, in the order the regex engine tries
/// the optional ` ?` and `(- )?` before it (greedy first).
fn name_starts(rest: &str) -> impl Iterator<Item = usize> + '_ {
    let sp = rest.starts_with(' ');
    [(true, true), (true, false), (false, true), (false, false)]
        .into_iter()
        .filter_map(move |(space, dash)| {
            let mut i = 0;
            if space {
                if !sp {
                    return None;
                }
                i = 1;
            }
            if dash {
                if !rest[i..].starts_with("- ") {
                    return None;
                }
                i += 2;
            }
            Some(i)
        })
}

/// Where the parts of a `TEST_RESULT` match lie in the line (byte ranges).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResultSpan {
    pub ok: bool,
    /// Whether the text after the number has a '#' (else no SKIP directive).
    pub has_hash: bool,
    pub number: (usize, usize),
    /// Group 4: the description before ` # `.
    pub name: (usize, usize),
}

/// `^\s*(ok|not ok) ([0-9]+) ?(- )?([^#]*)( # .*)?$`.
fn result_span(line: &str) -> Option<ResultSpan> {
    result_span_trimmed(line, skip_space(line))
}

/// `result_span` where `s` is `line` without its leading whitespace.
fn result_span_trimmed(line: &str, s: &str) -> Option<ResultSpan> {
    let (ok, s) = if let Some(r) = s.strip_prefix("ok ") {
        (true, r)
    } else if let Some(r) = s.strip_prefix("not ok ") {
        (false, r)
    } else {
        return None;
    };
    let ndig = s.bytes().take_while(u8::is_ascii_digit).count();
    if ndig == 0 {
        return None;
    }
    let num_start = line.len() - s.len();
    let rest = &s[ndig..];
    let base = num_start + ndig;
    let b = rest.as_bytes();
    // `[^#]*` stops at the first '#', which must then open " # ".
    let hash = b.iter().position(|&c| c == b'#');
    let fits = |start: usize| match hash {
        None => Some((start, rest.len())),
        Some(h) => {
            (h > start && b[h - 1] == b' ' && b.get(h + 1) == Some(&b' ')).then_some((start, h - 1))
        }
    };
    // The optional ` ?` and `(- )?` are tried greedily, as the regex engine does.
    let space = b.first() == Some(&b' ');
    let mut found = None;
    if space && b[1..].starts_with(b"- ") {
        found = fits(3);
    }
    if found.is_none() && space {
        found = fits(1);
    }
    if found.is_none() && b.starts_with(b"- ") {
        found = fits(2);
    }
    let (a, z) = match found {
        Some(r) => r,
        None => fits(0)?,
    };
    Some(ResultSpan {
        ok,
        has_hash: hash.is_some(),
        number: (num_start, base),
        name: (base + a, base + z),
    })
}

/// Last occurrence of " # SKIP" at or after `from`.
fn rfind_skip(b: &[u8], from: usize) -> Option<usize> {
    const PAT: &[u8] = b" # SKIP";
    let mut end = b.len();
    while end >= from + PAT.len() {
        let h = b[from..end].iter().rposition(|&c| c == b'#')? + from;
        if h > from && b[h - 1..].starts_with(PAT) {
            return Some(h - 1);
        }
        end = h;
    }
    None
}

/// `^\s*(ok|not ok) ([0-9]+) ?(- )?(.*) # SKIP ?(.*)$` (`TEST_RESULT_SKIP`) on
/// a line already known to be a result line: groups 4 and 5.
pub fn skip_directive<'a>(line: &'a str, span: &ResultSpan) -> Option<(&'a str, &'a str)> {
    if !span.has_hash {
        return None;
    }
    let rest = &line[span.number.1..];
    name_starts(rest).find_map(|start| {
        let p = rfind_skip(rest.as_bytes(), start)?;
        let reason = &rest[p + 7..];
        Some((&rest[start..p], reason.strip_prefix(' ').unwrap_or(reason)))
    })
}

/// `TEST_RESULT`, plus `TEST_RESULT_SKIP` for the SKIP directive.
pub fn test_result(line: &str) -> Option<ResultLine<'_>> {
    let span = result_span(line)?;
    Some(ResultLine {
        ok: span.ok,
        number: &line[span.number.0..span.number.1],
        name: &line[span.name.0..span.name.1],
        skip: skip_directive(line, &span),
    })
}

/// What kind of KTAP line a line is, decided once per line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Diagnostic,
    Result(ResultSpan),
    Header,
    KtapVersion,
    TapVersion,
    Plan,
}

pub fn classify(line: &str) -> Class {
    let s = skip_space(line);
    let Some(&first) = s.as_bytes().first() else {
        return Class::Diagnostic;
    };
    // Every structural form starts with one of these bytes.
    let class = match first {
        b'o' | b'n' => result_span_trimmed(line, s).map(Class::Result),
        b'#' => s.starts_with("# Subtest: ").then_some(Class::Header),
        b'K' => ktap_start(line).map(|_| Class::KtapVersion),
        b'T' => tap_start(line).map(|_| Class::TapVersion),
        b'1' => test_plan(line).map(|_| Class::Plan),
        _ => None,
    };
    class.unwrap_or(Class::Diagnostic)
}

/// Lines that are not diagnostics (`parse_diagnostic` stops at them).
pub fn is_structural(line: &str) -> bool {
    classify(line) != Class::Diagnostic
}

/// Does the number written in a result line equal `expected`?
pub fn number_is(digits: &str, expected: u64) -> bool {
    if digits.len() <= 19 && !digits.starts_with('0') {
        let n = digits
            .bytes()
            .fold(0u64, |n, b| n * 10 + u64::from(b - b'0'));
        return n == expected;
    }
    let d = digits.trim_start_matches('0');
    if d.is_empty() {
        expected == 0
    } else {
        d.parse::<u64>().ok() == Some(expected)
    }
}

/// Python's `int(digits)` printed back: leading zeros dropped.
pub fn number_text(digits: &str) -> &str {
    let d = digits.trim_start_matches('0');
    if d.is_empty() {
        "0"
    } else {
        d
    }
}

/// Parses plan/version digits, saturating absurdly large values.
pub fn parse_count(digits: &str) -> u64 {
    let d = digits.trim_start_matches('0');
    if d.len() > 19 {
        return u64::MAX;
    }
    d.parse().unwrap_or(if d.is_empty() { 0 } else { u64::MAX })
}

#[cfg(test)]
mod tests {
    use super::*;

    type Parts<'a> = (bool, &'a str, &'a str, Option<(&'a str, &'a str)>);

    fn r(line: &str) -> Option<Parts<'_>> {
        test_result(line).map(|m| (m.ok, m.number, m.name, m.skip))
    }

    #[test]
    fn result_lines() {
        assert_eq!(r("ok 1 - foo"), Some((true, "1", "foo", None)));
        assert_eq!(
            r("\tnot ok 12 bar baz"),
            Some((false, "12", "bar baz", None))
        );
        assert_eq!(
            r("ok 1 foo # SKIP why"),
            Some((true, "1", "foo", Some(("foo", "why"))))
        );
        assert_eq!(
            r("ok 3 # SKIP sel: x"),
            Some((true, "3", "", Some(("", "sel: x"))))
        );
        assert_eq!(
            r("ok 1 - s # SKIP"),
            Some((true, "1", "s", Some(("s", ""))))
        );
        assert_eq!(r("ok 1 x # TODO y"), Some((true, "1", "x", None)));
        assert_eq!(r("ok 1 a#b"), None);
        assert_eq!(r("ok 1 a #"), None);
        assert_eq!(r("ok 1"), Some((true, "1", "", None)));
        assert_eq!(r("ok 1foo"), Some((true, "1", "foo", None)));
        assert_eq!(r("ok  1 x"), None);
        assert_eq!(r("ok x"), None);
        assert_eq!(
            r("ok 1 - # SKIP r"),
            Some((true, "1", "-", Some(("-", "r"))))
        );
        assert_eq!(
            r("ok 1 a # SKIP b # SKIP c"),
            Some((true, "1", "a", Some(("a # SKIP b", "c"))))
        );
        assert_eq!(r("ok 1  - foo"), Some((true, "1", " - foo", None)));
    }

    #[test]
    fn headers_and_plans() {
        assert_eq!(ktap_start("  KTAP version 1"), Some("1"));
        assert_eq!(ktap_start("KTAP version 1 x"), None);
        assert_eq!(tap_start("TAP version 14"), Some("14"));
        assert_eq!(tap_start("KTAP version 1"), None);
        assert_eq!(test_header("\t# Subtest: a b"), Some("a b"));
        assert_eq!(test_plan("  1..12 trailing"), Some("12"));
        assert_eq!(test_plan("1.."), None);
        assert_eq!(test_plan("2..3"), None);
        assert!(is_structural("    ok 1 x"));
        assert!(!is_structural("    # x: y"));
        assert!(!is_structural(""));
    }

    #[test]
    fn numbers() {
        assert!(number_is("007", 7));
        assert!(!number_is("99999999999999999999999", 7));
        assert!(number_is("0", 0));
        assert_eq!(number_text("007"), "7");
        assert_eq!(parse_count("99999999999999999999999"), u64::MAX);
    }
}
