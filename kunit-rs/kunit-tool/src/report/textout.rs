//! Text building shared by the JSON and JUnit writers. Both documents are
//! mostly indentation and names that need no escaping, so indentation is
//! copied in one piece and unescaped runs are copied whole, not a character
//! at a time (a deep tree of a huge log is megabytes of indentation).

/// Spaces copied from for indentation.
const SPACES: &str = "                                                                ";

/// A line break followed by `width` spaces.
pub(crate) fn push_newline_indent(out: &mut String, width: usize) {
    out.reserve(width + 1);
    out.push('\n');
    let mut left = width;
    while left > 0 {
        let n = left.min(SPACES.len());
        out.push_str(&SPACES[..n]);
        left -= n;
    }
}

/// Appends `s`, copying each run of bytes that `plain` accepts in one piece
/// and handing every other character to `escape`. `plain` must accept only
/// ASCII bytes or give the same answer for every byte from 0x80 up, so that
/// the first byte it refuses always starts a character.
pub(crate) fn push_escaped(
    out: &mut String,
    s: &str,
    plain: impl Fn(u8) -> bool,
    mut escape: impl FnMut(&mut String, char),
) {
    let mut rest = s;
    while let Some(i) = rest.bytes().position(|b| !plain(b)) {
        out.push_str(&rest[..i]);
        let c = rest[i..].chars().next().unwrap_or_default();
        escape(out, c);
        rest = &rest[i + c.len_utf8()..];
    }
    out.push_str(rest);
}

#[cfg(test)]
#[path = "textout_kunit.rs"]
mod textout_kunit;
