//! `parser.rs`'s tests (suite `ktap_parser`), declared by `parser.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(ktap_parser)]
mod tests {
    use crate::ktap::output::Silent;
    use crate::ktap::parser::*;
    use crate::ktap::reader::Extractor;

    fn parse(input: &str, keep: bool) -> ParseResult {
        parse_run_tests(Extractor::new(input.as_bytes()), &mut Silent, keep)
    }

    #[test]
    fn late_plan_is_two_errors() {
        // kunit_tool_test.py's late test plan: SUCCESS with 1 passed and 2 errors
        // (wrong test number, then no result for the "plan" subtest).
        let r = parse("\t\tTAP version 13\n\t\tok 4 test4\n\t\t1..4\n\t\t\n", true);
        assert_eq!(r.test.status, TestStatus::Success);
        assert_eq!(r.test.counts.passed, 1);
        assert_eq!(r.test.counts.errors, 2);
        assert_eq!(r.test.subtests[1].status, TestStatus::NoTests);
    }

    #[test]
    fn keep_tree_and_streaming_agree_on_counts() {
        let log = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/ktap-samples/test_kernel_panic_interrupt.log"
        ));
        let a = parse(log, true);
        let b = parse(log, false);
        assert_eq!(a.test.counts, b.test.counts);
        assert_eq!(a.test.status, TestStatus::TestCrashed);
        assert_eq!(a.test.subtests.len(), 3);
        assert!(b.test.subtests.is_empty());
        assert_eq!(b.test.n_subtests, 3);
    }

    #[test]
    fn huge_plan_does_not_hang() {
        let r = parse("KTAP version 1\n1..18446744073709551615\n", false);
        assert_eq!(r.test.counts.crashed, u64::MAX);
        assert_eq!(r.test.status, TestStatus::TestCrashed);
    }

    #[test]
    fn deep_nesting_is_bounded() {
        let log = "KTAP version 1\n".repeat(100_000);
        let r = parse(&log, true);
        assert!(r.test.counts.errors > 0);
    }

    #[test]
    fn crash_marker_reports_crashed() {
        struct Two(Vec<(&'static str, LineKind)>, &'static str);
        impl KtapSource for Two {
            fn advance(&mut self) -> Option<LineKind> {
                if self.0.is_empty() {
                    return None;
                }
                let (l, k) = self.0.remove(0);
                self.1 = l;
                Some(k)
            }
            fn line(&self) -> &str {
                self.1
            }
        }
        let src = Two(
            vec![
                ("KTAP version 1", LineKind::Text),
                ("1..1", LineKind::Text),
                ("    KTAP version 1", LineKind::Text),
                ("    # Subtest: s", LineKind::Text),
                ("    1..1", LineKind::Text),
                ("    # t: killed by signal 11 (SIGSEGV)", LineKind::Text),
                ("    not ok 1 t", LineKind::Crashed),
                ("not ok 1 s", LineKind::Text),
            ],
            "",
        );
        let r = parse_run_tests(src, &mut Silent, true);
        assert_eq!(r.test.status, TestStatus::TestCrashed);
        assert_eq!(r.test.counts.crashed, 1);
        let t = &r.test.subtests[0].subtests[0];
        assert_eq!((t.name.as_str(), t.status), ("t", TestStatus::TestCrashed));
        assert_eq!(t.log.joined(), "    # t: killed by signal 11 (SIGSEGV)");
    }
}
