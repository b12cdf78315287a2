//! `pytext.rs`'s tests (suite `ktap_pytext`), declared by `pytext.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(ktap_pytext)]
mod tests {
    use crate::ktap::pytext::*;

    fn dedent_all(lines: &[&str]) -> Vec<String> {
        let mut out = Vec::new();
        for_each_dedented(lines, |l| out.push(l.to_string()));
        out
    }

    /// The oracle: CPython 3.14's `textwrap.dedent('\n'.join(lines)).splitlines()` as written
    /// there — the margin is the run of spaces and tabs shared by the lexicographically
    /// smallest and largest non-blank lines.
    fn python_dedent(lines: &[&str]) -> Vec<String> {
        let parts: Vec<&str> = lines.iter().flat_map(|l| l.split('\n')).collect();
        let non_blank = parts.iter().filter(|l| !is_blank(l));
        let margin = match (non_blank.clone().min(), non_blank.max()) {
            (Some(a), Some(b)) => a
                .bytes()
                .zip(b.bytes())
                .take_while(|&(x, y)| x == y && (x == b' ' || x == b'\t'))
                .count(),
            _ => 0,
        };
        let text: Vec<&str> = parts
            .iter()
            .map(|l| if is_blank(l) { "" } else { &l[margin..] })
            .collect();
        splitlines(&text.join("\n")).map(str::to_string).collect()
    }

    #[test]
    fn dedent_matches_pythons_algorithm() {
        let cases: &[&[&str]] = &[
            &["\t# a", "\t\tb", "\t"],
            &["  x", "\ty"],
            &["    a", "", "    b"],
            &["a", ""],
            &["a", "", ""],
            &[""],
            &["", ""],
            &["", "a"],
            &["   ", "  b", " \t c"],
            &["\u{a0}x", " y"],
            &["  a\u{b}  b", "  c"],
            &["  a\n b", "  c\r\n  d"],
        ];
        for lines in cases {
            assert_eq!(dedent_all(lines), python_dedent(lines), "{lines:?}");
        }
    }

    #[test]
    fn rstrip_strips_python_whitespace() {
        assert_eq!(rstrip("a \t\r\u{1c}\u{a0}"), "a");
        assert_eq!(rstrip("  "), "");
    }

    #[test]
    fn splitlines_matches_python() {
        let v: Vec<_> = splitlines("a\r\nb\rc\u{2028}d\n\ne\n").collect();
        assert_eq!(v, ["a", "b", "c", "d", "", "e"]);
        assert_eq!(splitlines("").count(), 0);
        assert_eq!(splitlines("\n").collect::<Vec<_>>(), [""]);
    }

    #[test]
    fn dedent_common_margin() {
        assert_eq!(dedent_all(&["\t# a", "\t\tb", "\t"]), ["# a", "\tb"]);
        assert_eq!(dedent_all(&["  x", "\ty"]), ["  x", "\ty"]);
        assert_eq!(dedent_all(&["    a", "", "    b"]), ["a", "", "b"]);
        assert_eq!(dedent_all(&["a", ""]), ["a"]);
        assert_eq!(dedent_all(&["a", "", ""]), ["a", ""]);
        assert_eq!(dedent_all(&[""]), Vec::<String>::new());
        assert_eq!(dedent_all(&["", "a"]), ["", "a"]);
    }

    #[test]
    fn backslashreplace() {
        let mut s = String::new();
        decode_backslashreplace(b"ok \xff\xfe x \xe2\x82", &mut s);
        assert_eq!(s, "ok \\xff\\xfe x \\xe2\\x82");
    }

    #[test]
    fn char_ops() {
        assert_eq!(char_len("aé"), 2);
        assert_eq!(skip_chars("éab", 1), "ab");
        assert_eq!(skip_chars("ab", 5), "");
    }
}
