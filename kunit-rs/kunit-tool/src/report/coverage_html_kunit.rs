//! `coverage_html.rs`'s tests, declared by `coverage_html.rs` under `cfg(test)` and run by the library's
//! test target (CONTRIBUTING.md, "One test convention").

use crate::report::coverage_html::*;
use crate::report::lcov::parse;

#[kunit::kunit_tests(kunit_tool_coverage_html)]
mod tests {
    use super::*;

    #[test]
    fn coverage_page_marks_each_line_and_escapes_the_source() {
        let files = parse("SF:/w/<b>.rs\nDA:1,3\nDA:2,0\nLF:2\nLH:1\nend_of_record\n").unwrap();
        let page = coverage_page("demo", &files, &|p| {
            (p == "/w/<b>.rs").then(|| "let a = 1;\nif x < 2 {}\n// no code\n".to_string())
        });
        assert!(page.contains(
            "<b data-total=\"lines-hit\">1</b> of <b data-total=\"lines-found\">2</b> (50.0%)"
        ));
        assert!(page.contains(
            "<tr class=\"cov\" id=\"f0-L1\"><td class=\"n\">1</td><td class=\"c\">3</td>"
        ));
        assert!(page.contains("<tr class=\"uncov\" id=\"f0-L2\"><td class=\"n\">2</td><td class=\"c\">0</td><td><code>if x &lt; 2 {}</code>"));
        assert!(page.contains("<tr class=\"none\" id=\"f0-L3\">"));
        assert!(page.contains("/w/&lt;b&gt;.rs"));
        assert!(!page.contains("/w/<b>"));
        assert!(page.contains("script-src 'nonce-"));
    }
}
