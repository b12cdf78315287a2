//! Python string semantics that kunit.py's output depends on.
//!
//! kunit.py reads logs with `str.splitlines()`, trims them with `str.rstrip()`,
//! counts characters (not bytes) when it strips prefixes and centres headers, and
//! re-indents failure logs with `textwrap.dedent()`. Matching its output byte for
//! byte means copying those rules exactly, including the less obvious separators.

/// `str.isspace()` for one character: Unicode White_Space plus the ASCII
/// information separators U+001C..U+001F, which Python also counts.
pub fn is_py_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// `str.rstrip()` with no argument.
pub fn rstrip(s: &str) -> &str {
    s.trim_end_matches(is_py_space)
}

/// `len(s)` in Python: the number of code points.
pub fn char_len(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

/// `s[n:]` in Python: drops the first `n` code points (all of them if shorter).
pub fn skip_chars(s: &str, n: usize) -> &str {
    if n == 0 {
        return s;
    }
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[i..],
        None => "",
    }
}

/// Is `c` a line boundary for `str.splitlines()`?
pub fn is_line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r'
            | '\u{0b}'
            | '\u{0c}'
            | '\u{1c}'
            | '\u{1d}'
            | '\u{1e}'
            | '\u{85}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

/// `str.splitlines()` (without keepends): `\r\n` counts as one boundary and a
/// trailing boundary does not produce an empty last line.
pub fn splitlines(s: &str) -> impl Iterator<Item = &str> {
    let mut rest = s;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let b = rest.as_bytes();
        // Every boundary starts with one of these bytes (U+0085 is C2 85,
        // U+2028/9 are E2 80 A8/A9); check the candidates as characters.
        let mut i = 0;
        let found = loop {
            let Some(off) = b[i..].iter().position(|&c| {
                matches!(c, b'\n' | b'\r' | 0x0b | 0x0c | 0x1c..=0x1e | 0xc2 | 0xe2)
            }) else {
                break None;
            };
            let at = i + off;
            let c = rest[at..].chars().next().unwrap_or('\0');
            if is_line_break(c) {
                break Some((at, c));
            }
            i = at + 1;
        };
        match found {
            None => {
                let line = rest;
                rest = "";
                Some(line)
            }
            Some((i, c)) => {
                let line = &rest[..i];
                let mut next = i + c.len_utf8();
                if c == '\r' && rest[next..].starts_with('\n') {
                    next += 1;
                }
                rest = &rest[next..];
                Some(line)
            }
        }
    })
}

/// Could `s` contain a `splitlines()` boundary? (Printable ASCII and tabs
/// are skipped in blocks; false means certainly not.)
#[inline]
pub fn may_hold_line_break(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    loop {
        let j = crate::ktap::scan::scan_plain(b, i).0;
        match b.get(j) {
            None => return false,
            // Every boundary starts with one of these bytes (U+0085 is C2 85,
            // U+2028/9 are E2 80 A8/A9), each at a character boundary.
            Some(b'\n' | b'\r' | 0x0b | 0x0c | 0x1c..=0x1e | 0xc2 | 0xe2) => {
                return s[j..].contains(is_line_break)
            }
            Some(_) => i = j + 1,
        }
    }
}

/// `s.isspace() or not s` for a log line, byte by byte while it is ASCII.
#[inline]
pub fn is_blank(s: &str) -> bool {
    for (i, b) in s.bytes().enumerate() {
        match b {
            b' ' | b'\t' => {}
            // The usual answer: printable ASCII after the indentation.
            0x21..=0x7f => return false,
            0x09..=0x0d | 0x1c..=0x1f => {}
            // Earlier bytes were ASCII, so `i` is a character boundary.
            0x80.. => return s[i..].chars().all(is_py_space),
            _ => return false,
        }
    }
    true
}

/// `textwrap.dedent('\n'.join(lines))` (CPython 3.14 algorithm): whitespace-only
/// lines become empty and the margin is the run of spaces and tabs shared by the
/// lexicographically smallest and largest non-blank lines (which is the prefix
/// shared by all of them). Callers print `splitlines()` of the result.
pub fn dedent_joined<'a>(lines: impl Iterator<Item = &'a str> + Clone) -> String {
    let mut lo: Option<&str> = None;
    let mut hi: Option<&str> = None;
    for l in lines.clone().flat_map(|l| l.split('\n')) {
        if is_blank(l) {
            continue;
        }
        if lo.is_none_or(|m| l < m) {
            lo = Some(l);
        }
        if hi.is_none_or(|m| l > m) {
            hi = Some(l);
        }
    }
    let margin = match (lo, hi) {
        (Some(a), Some(b)) => a
            .bytes()
            .zip(b.bytes())
            .take_while(|&(x, y)| x == y && (x == b' ' || x == b'\t'))
            .count(),
        _ => 0,
    };
    let mut out = String::new();
    for (i, l) in lines.flat_map(|l| l.split('\n')).enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if !is_blank(l) {
            out.push_str(&l[margin..]);
        }
    }
    out
}

/// Decodes bytes as UTF-8 like Python's `errors='backslashreplace'`: every
/// byte of an invalid sequence becomes `\xNN` (lowercase hex).
pub fn decode_backslashreplace(bytes: &[u8], out: &mut String) {
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.push_str(s);
                return;
            }
            Err(e) => {
                let (good, bad) = rest.split_at(e.valid_up_to());
                // SAFETY: `from_utf8` reported these bytes as valid UTF-8.
                out.push_str(unsafe { std::str::from_utf8_unchecked(good) });
                let n = e.error_len().unwrap_or(bad.len());
                for b in &bad[..n] {
                    out.push_str("\\x");
                    out.push(hex_digit(b >> 4));
                    out.push(hex_digit(b & 0xf));
                }
                rest = &bad[n..];
            }
        }
    }
}

fn hex_digit(n: u8) -> char {
    char::from_digit(u32::from(n), 16).unwrap_or('0')
}

#[cfg(test)]
#[path = "pytext_kunit.rs"]
mod pytext_kunit;
