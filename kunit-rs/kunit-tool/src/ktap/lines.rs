//! Recognisers for KTAP lines, equivalent to kunit_parser.py's regular
//! expressions (`re.match` semantics, Python's `\s`), written by hand for speed.

use crate::ktap::pytext::is_py_space;

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

/// `result_span` where the line's leading whitespace ends at byte `i`;
/// `may_have_hash` false says the line has no '#'.
#[inline(always)]
fn result_span_at(line: &str, mut i: usize, may_have_hash: bool) -> Option<ResultSpan> {
    let b = line.as_bytes();
    let ok = if b[i..].starts_with(b"ok ") {
        i += 3;
        true
    } else if b[i..].starts_with(b"not ok ") {
        i += 7;
        false
    } else {
        return None;
    };
    let num_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i == num_start {
        return None;
    }
    let base = i;
    let rest = &b[base..];
    // `[^#]*` stops at the first '#', which must then open " # "; the
    // description ends before that space (or at the end of the line).
    let hash = if may_have_hash {
        rest.iter().position(|&c| c == b'#')
    } else {
        None
    };
    let end = match hash {
        None => rest.len(),
        Some(h) if h >= 1 && rest[h - 1] == b' ' && rest.get(h + 1) == Some(&b' ') => h - 1,
        Some(_) => return None,
    };
    // The optional ` ?` and `(- )?` are tried greedily, as the regex engine
    // does; a start past `end` cannot match.
    let space = rest.first() == Some(&b' ');
    let start = if space && rest[1..].starts_with(b"- ") && end >= 3 {
        3
    } else if space && end >= 1 {
        1
    } else if rest.starts_with(b"- ") && end >= 2 {
        2
    } else {
        0
    };
    Some(ResultSpan {
        ok,
        has_hash: hash.is_some(),
        number: (num_start, base),
        name: (base + start, base + end),
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

/// The number of leading ' ' bytes, counted eight at a time.
#[inline]
fn leading_spaces(b: &[u8]) -> usize {
    let mut i = 0;
    while let Some(w) = b.get(i..i + 8) {
        let x = u64::from_le_bytes(w.try_into().expect("8 bytes")) ^ 0x2020_2020_2020_2020;
        if x != 0 {
            return i + (x.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i
}

pub fn classify(line: &str) -> Class {
    classify_hinted(line, true)
}

/// `classify`, told whether the line may contain a '#' at all.
#[inline(always)]
pub fn classify_hinted(line: &str, may_have_hash: bool) -> Class {
    let b = line.as_bytes();
    // KTAP indents with spaces; tabs and other whitespace take `skip_space`.
    let mut i = leading_spaces(b);
    if !b.get(i).is_some_and(|c| (0x21..0x80).contains(c)) {
        i = line.len() - skip_space(line).len();
    }
    let Some(&first) = b.get(i) else {
        return Class::Diagnostic;
    };
    // Every structural form starts with one of these bytes.
    match first {
        b'o' | b'n' => match result_span_at(line, i, may_have_hash) {
            Some(span) => Class::Result(span),
            None => Class::Diagnostic,
        },
        b'#' if b[i..].starts_with(b"# Subtest: ") => Class::Header,
        // The recognisers need not skip the indentation again.
        b'K' if ktap_start(&line[i..]).is_some() => Class::KtapVersion,
        b'T' if tap_start(&line[i..]).is_some() => Class::TapVersion,
        b'1' if test_plan(&line[i..]).is_some() => Class::Plan,
        _ => Class::Diagnostic,
    }
}

/// Does the number written in a result line equal `expected`?
pub fn number_is(digits: &str, expected: u64) -> bool {
    let mut n: u64 = 0;
    for b in digits.bytes() {
        // A number past u64::MAX cannot equal `expected`.
        match n
            .checked_mul(10)
            .and_then(|n| n.checked_add(u64::from(b - b'0')))
        {
            Some(v) => n = v,
            None => return false,
        }
    }
    n == expected
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
#[path = "lines_kunit.rs"]
mod lines_kunit;
