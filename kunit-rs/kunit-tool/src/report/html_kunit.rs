//! `html.rs`'s tests (suite `report_html`), declared by `html.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(report_html)]
mod tests {
    use crate::ktap::parser::parse_run_tests;
    use crate::ktap::reader::Extractor;
    use crate::report::html::*;
    use crate::report::printer::Printer;

    fn report(ktap: &str) -> String {
        let r = parse_run_tests(Extractor::new(ktap.as_bytes()), &mut Printer::null(), true);
        get_html_report(&r.test)
    }

    #[test]
    fn names_and_logs_are_text() {
        let page = report(
            "KTAP version 1\n1..1\n    # Subtest: s<b>\n    1..1\n    \
# <script>alert(1)</script>: </div><img src=x onerror=alert(2)> & 'q' \"d\"\n    \
not ok 1 <script>alert(1)</script>\nnot ok 1 s<b>\n",
        );
        assert!(!page.contains("<img"), "{page}");
        assert!(!page.contains("<script>alert"), "{page}");
        assert!(!page.contains("s<b>"), "{page}");
        assert!(page.contains(
            "&lt;/div&gt;&lt;img src=x onerror=alert(2)&gt; &amp; &#39;q&#39; &quot;d&quot;"
        ));
        assert!(page.contains("data-name=\"s&lt;b&gt;.&lt;script&gt;alert(1)&lt;/script&gt;\""));
        // One script: the page's own, with the policy's nonce.
        assert_eq!(page.matches("<script").count(), 1);
        let nonce = page
            .split("'nonce-")
            .nth(1)
            .unwrap()
            .split('\'')
            .next()
            .unwrap();
        assert_eq!(nonce.len(), 32);
        assert!(page.contains(&format!("<script nonce=\"{nonce}\">")));
    }

    #[test]
    fn totals_bars_and_failures() {
        let page = report(
            "KTAP version 1\n1..2\n    # Subtest: a\n    1..3\n    ok 1 x\n    \
# y: EXPECTATION FAILED at t.rs:3\n    not ok 2 y\n    ok 3 z # SKIP no\nnot ok 1 a\n    \
# Subtest: b\n    1..1\n    ok 1 w\nok 2 b\n",
        );
        for (what, n) in [
            ("total", 4),
            ("passed", 2),
            ("failed", 1),
            ("skipped", 1),
            ("crashed", 0),
            ("suites", 2),
            ("failures", 1),
        ] {
            assert!(
                page.contains(&format!("data-count=\"{what}\">{n}<")),
                "{what} {n}\n{page}"
            );
        }
        assert!(page.contains("<span class=\"passed\" style=\"width:33.33%\"></span>"));
        assert!(page.contains("<b>a.y</b> <span class=\"failed\">FAILURE</span></summary><pre>    # y: EXPECTATION FAILED at t.rs:3</pre>"), "{page}");
        // An untimed log has no durations.
        assert!(page.contains("No durations"));
        assert!(!page.contains("://"), "no external reference");
    }
}
