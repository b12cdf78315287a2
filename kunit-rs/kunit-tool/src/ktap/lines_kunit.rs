//! `lines.rs`'s tests (suite `ktap_lines`), with their oracle: a whole-line parse of a
//! result line (`test_result`) that the parser's span-based reading is
//! checked against. Test-only; not part of the product.

#[kunit::kunit_tests(ktap_lines)]
mod tests {
    use crate::ktap::lines::*;

    /// A parsed `ok`/`not ok` line (the tests' oracle for the parser's spans).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    struct ResultLine<'a> {
        pub ok: bool,
        /// The test number as written (digits only).
        pub number: &'a str,
        /// Group 4 of `TEST_RESULT`: the description before ` # `.
        pub name: &'a str,
        /// Groups 4 and 5 of `TEST_RESULT_SKIP` when that also matches.
        pub skip: Option<(&'a str, &'a str)>,
    }

    /// `^\s*(ok|not ok) ([0-9]+) ?(- )?([^#]*)( # .*)?$`.
    fn result_span(line: &str) -> Option<ResultSpan> {
        result_span_at(line, line.len() - skip_space(line).len(), true)
    }

    /// `TEST_RESULT`, plus `TEST_RESULT_SKIP` for the SKIP directive.
    fn test_result(line: &str) -> Option<ResultLine<'_>> {
        let span = result_span(line)?;
        Some(ResultLine {
            ok: span.ok,
            number: &line[span.number.0..span.number.1],
            name: &line[span.name.0..span.name.1],
            skip: skip_directive(line, &span),
        })
    }

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
        assert_ne!(classify("    ok 1 x"), Class::Diagnostic);
        assert_eq!(classify("    # x: y"), Class::Diagnostic);
        assert_eq!(classify(""), Class::Diagnostic);
    }

    /// `classify` by the one-form-at-a-time recognisers.
    fn reference_class(line: &str) -> Class {
        if let Some(span) = result_span(line) {
            Class::Result(span)
        } else if test_header(line).is_some() {
            Class::Header
        } else if ktap_start(line).is_some() {
            Class::KtapVersion
        } else if tap_start(line).is_some() {
            Class::TapVersion
        } else if test_plan(line).is_some() {
            Class::Plan
        } else {
            Class::Diagnostic
        }
    }

    #[test]
    fn classify_agrees_with_the_recognisers() {
        const PARTS: &[&str] = &[
            " ",
            "    ",
            "\t",
            "\u{a0}",
            "\u{b}",
            "ok",
            "not ok",
            " ",
            "1",
            "007",
            "- ",
            "#",
            " # ",
            "SKIP",
            " # SKIP",
            "name",
            "KTAP version ",
            "TAP version ",
            "1..",
            "3",
            "# Subtest: ",
            "x",
            "é",
        ];
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            let mut line = String::new();
            for _ in 0..(rng % 7) {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                line.push_str(PARTS[(rng % PARTS.len() as u64) as usize]);
            }
            let expected = reference_class(&line);
            assert_eq!(classify(&line), expected, "{line:?}");
            // The hint may only be false when there is no '#'.
            assert_eq!(
                classify_hinted(&line, line.contains('#')),
                expected,
                "{line:?}"
            );
        }
    }

    #[test]
    fn numbers() {
        assert!(number_is("007", 7));
        assert!(!number_is("99999999999999999999999", 7));
        assert!(number_is("0", 0));
        assert!(number_is("18446744073709551615", u64::MAX));
        assert!(!number_is("18446744073709551616", 0));
        assert!(number_is("00000000000000000000000012", 12));
        assert_eq!(number_text("007"), "7");
        assert_eq!(parse_count("99999999999999999999999"), u64::MAX);
    }
}
