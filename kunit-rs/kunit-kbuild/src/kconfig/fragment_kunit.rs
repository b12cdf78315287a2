//! `fragment.rs`'s tests (suite `kbuild_kconfig_fragment`), declared by `fragment.rs` under
//! `cfg(test)` and run by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(kbuild_kconfig_fragment)]
mod tests {
    use crate::kconfig::fragment::*;

    #[test]
    fn parses_as_kunit_config_py() {
        let f = Fragment::parse("CONFIG_A=y\n# CONFIG_B is not set\n# comment\nCONFIG_S=\"x y\"\n")
            .unwrap();
        assert_eq!(
            f.entries,
            [
                ("A".into(), "y".into()),
                ("B".into(), "n".into()),
                ("S".into(), "\"x y\"".into())
            ]
        );
        assert_eq!(
            Fragment::parse("CONFIG_A=x y").unwrap_err(),
            "Failed to parse: CONFIG_A=x y"
        );
    }

    #[test]
    fn merge_keeps_the_first_place_and_the_last_value() {
        let mut a = Fragment::parse("CONFIG_A=y\nCONFIG_B=y").unwrap();
        let b = Fragment::parse("CONFIG_C=y\nCONFIG_A=n").unwrap();
        assert_eq!(a.conflicts(&b), [("A".into(), "y".into(), "n".into())]);
        a.merge(&b);
        assert_eq!(
            a.entries,
            [
                ("A".into(), "n".into()),
                ("B".into(), "y".into()),
                ("C".into(), "y".into())
            ]
        );
    }

    #[test]
    fn strings_round_trip() {
        assert_eq!(unquote(&quote("a\"b\\c")), "a\"b\\c");
        assert_eq!(entry_text("X", "n"), "# CONFIG_X is not set");
    }
}
