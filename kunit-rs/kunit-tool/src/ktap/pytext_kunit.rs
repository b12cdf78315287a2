//! `pytext.rs`'s tests (suite `ktap_pytext`), declared by `pytext.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(ktap_pytext)]
mod tests {
    use crate::ktap::pytext::*;

    fn dedent_all(lines: &[&str]) -> Vec<String> {
        splitlines(&dedent_joined(lines.iter().copied()))
            .map(str::to_string)
            .collect()
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
