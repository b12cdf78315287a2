//! `textout.rs`'s tests (suite `report_textout`), declared by `textout.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(report_textout)]
mod tests {
    use crate::report::textout::*;

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
