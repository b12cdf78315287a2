//! `merge.rs`'s tests (suite `ktap_merge`), declared by `merge.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(ktap_merge)]
mod tests {
    use crate::ktap::merge::*;
    use crate::ktap::output::Silent;
    use crate::ktap::reader::Extractor;

    fn parse(logs: &[&str]) -> ParseResult {
        parse_merged(
            logs.iter().map(|l| Extractor::new(l.as_bytes())),
            &mut Silent,
            true,
        )
    }

    const PASS: &str =
        "KTAP version 1\n1..1\n  KTAP version 1\n  1..2\n  ok 1 a\n  ok 2 b\nok 1 one\n";
    const SKIP: &str =
        "KTAP version 1\n1..1\n  KTAP version 1\n  1..1\n  ok 1 c # SKIP no\nok 1 two # SKIP\n";
    const FAIL: &str = "KTAP version 1\n1..2\n  KTAP version 1\n  1..1\n  not ok 1 d\nnot ok 1 three\n  KTAP version 1\n  1..1\n  ok 1 e\nok 2 four\n";

    #[test]
    fn one_log_is_reported_as_alone() {
        for log in [PASS, FAIL, "", "no ktap here\n"] {
            let alone = crate::ktap::parser::parse_run_tests(
                Extractor::new(log.as_bytes()),
                &mut Silent,
                true,
            );
            let merged = parse(&[log]);
            assert_eq!(merged.test, alone.test);
            assert_eq!(merged.failure_paths, alone.failure_paths);
        }
    }

    #[test]
    fn top_level_tests_are_concatenated_in_order() {
        let r = parse(&[FAIL, PASS, SKIP]);
        let names: Vec<&str> = r.test.subtests.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["three", "four", "one", "two"]);
        assert_eq!(r.test.name, "main");
        assert_eq!(r.test.n_subtests, 4);
        assert_eq!(r.test.expected_count, Some(4));
        assert_eq!(
            r.test.counts.to_string(),
            "Ran 5 tests: passed: 3, failed: 1, skipped: 1"
        );
        assert_eq!(r.test.status, TestStatus::Failure);
        assert_eq!(r.failure_paths, parse(&[FAIL]).failure_paths);
        assert_eq!(r.failure_paths, [vec!["three".to_string()]]);
    }

    #[test]
    fn status_follows_the_merged_counts() {
        assert_eq!(parse(&[PASS, SKIP]).test.status, TestStatus::Success);
        assert_eq!(parse(&[SKIP, SKIP]).test.status, TestStatus::Skipped);
        // An empty plan adds nothing: the other log decides.
        let empty = "KTAP version 1\n1..0\n";
        assert_eq!(parse(&[empty, PASS]).test.status, TestStatus::Success);
        assert_eq!(parse(&[empty, empty]).test.status, TestStatus::NoTests);
    }

    #[test]
    fn a_log_without_ktap_fails_the_run() {
        let r = parse(&[PASS, "just a kernel log\n"]);
        assert_eq!(r.test.status, TestStatus::FailureToParseTests);
        assert_eq!(
            r.test.counts.to_string(),
            "Ran 2 tests: passed: 2, errors: 1"
        );
    }

    #[test]
    fn failure_paths_are_capped() {
        let many: String = (1..=6)
            .map(|i| format!("  KTAP version 1\n  1..1\n  not ok 1 c\nnot ok {i} s{i}\n"))
            .collect();
        let log = format!("KTAP version 1\n1..6\n{many}");
        let r = parse(&[&log, &log]);
        assert_eq!(r.failure_paths.len(), MAX_FAILURE_PATHS);
        assert_eq!(r.test.counts.failed, 12);
    }
}
