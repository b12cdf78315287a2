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
mod tests {
    use super::*;

    #[test]
    fn indentation_of_any_width() {
        for width in [0, 1, 4, 63, 64, 65, 200] {
            let mut s = String::from("x");
            push_newline_indent(&mut s, width);
            assert_eq!(s, format!("x\n{}", " ".repeat(width)));
        }
    }

    #[test]
    fn runs_and_escapes_match_a_char_by_char_copy() {
        let bracket = |out: &mut String, c: char| {
            out.push('[');
            out.push(c);
            out.push(']');
        };
        let reference = |s: &str, plain: &dyn Fn(char) -> bool| {
            let mut r = String::new();
            for c in s.chars() {
                if plain(c) {
                    r.push(c);
                } else {
                    bracket(&mut r, c);
                }
            }
            r
        };
        for s in ["", "plain", "a&b", "&", "é&😀<x>", "<<", "tail&"] {
            // Refuses some ASCII and every byte from 0x80 up.
            let mut out = String::new();
            push_escaped(&mut out, s, |b| b.is_ascii_alphanumeric(), bracket);
            assert_eq!(out, reference(s, &|c| c.is_ascii_alphanumeric()));
            // Refuses some ASCII and accepts every byte from 0x80 up.
            let mut out = String::new();
            push_escaped(&mut out, s, |b| !matches!(b, b'&' | b'<'), bracket);
            assert_eq!(out, reference(s, &|c| !matches!(c, '&' | '<')));
        }
    }
}
