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

/// Calls `emit` for each line of `textwrap.dedent('\n'.join(lines)).splitlines()` (CPython
/// 3.14): whitespace-only lines become empty and the margin is the run of spaces and tabs
/// shared by every non-blank line. Log lines hold no line breaks (they were split by
/// `splitlines()`), so the joined text need not be built: blank lines print empty, and a
/// trailing empty line disappears as `splitlines()` drops it.
pub fn for_each_dedented(lines: &[&str], mut emit: impl FnMut(&str)) {
    if !lines.iter().any(|l| may_hold_line_break(l)) {
        let margin = common_margin(
            lines
                .iter()
                .filter(|l| !is_blank(l))
                .map(|l| indentation(l)),
        );
        return emit_dedented(lines, margin, emit);
    }
    // Not reachable from our readers; keep Python's exact semantics anyway: dedent splits
    // at '\n' only, splitlines() at every boundary.
    let parts: Vec<&str> = lines.iter().flat_map(|l| l.split('\n')).collect();
    let margin = common_margin(
        parts
            .iter()
            .filter(|l| !is_blank(l))
            .map(|l| indentation(l)),
    );
    let mut text = String::new();
    for (i, l) in parts.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        if !is_blank(l) {
            text.push_str(&l[margin..]);
        }
    }
    splitlines(&text).for_each(&mut emit);
}

/// The run of spaces and tabs a line starts with.
fn indentation(l: &str) -> &[u8] {
    let b = l.as_bytes();
    &b[..b.iter().take_while(|&&c| c == b' ' || c == b'\t').count()]
}

/// Length of the prefix shared by the indentations of the non-blank lines.
pub fn common_margin<'a>(indents: impl Iterator<Item = &'a [u8]>) -> usize {
    let mut margin: Option<&[u8]> = None;
    for ws in indents {
        margin = Some(match margin {
            None => ws,
            Some(m) => &m[..m.iter().zip(ws).take_while(|(a, b)| a == b).count()],
        });
    }
    margin.map_or(0, <[u8]>::len)
}

/// The output half of [`for_each_dedented`], given the margin, for lines without breaks.
pub fn emit_dedented(lines: &[&str], margin: usize, mut emit: impl FnMut(&str)) {
    let mut pending_empty = 0usize;
    for l in lines {
        let d = if is_blank(l) { "" } else { &l[margin..] };
        if d.is_empty() {
            pending_empty += 1;
            continue;
        }
        for _ in 0..pending_empty {
            emit("");
        }
        pending_empty = 0;
        emit(d);
    }
    // '\n'.join ends with those empty lines; splitlines() drops only the last.
    for _ in 1..pending_empty {
        emit("");
    }
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
