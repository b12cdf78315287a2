//! `splice.rs`'s tests (suite `exec_splice`), declared by `splice.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(exec_splice)]
mod tests {
    use crate::exec::splice::*;

    fn run(mode: Mode, text: &str) -> (Splicer, Vec<Item>) {
        let mut s = Splicer::new(mode);
        let mut out = Vec::new();
        for l in text.lines() {
            s.feed(l, &mut |i| out.push(i));
        }
        (s, out)
    }

    const DOC: &str = "KTAP version 1\n1..2\n    KTAP version 1\n    # Subtest: a\n    # module: m\n    1..2\n    ok 1 x\n    # y: boom\n    not ok 2 y\n# a: pass:1 fail:1 skip:0 total:2\nnot ok 1 a\n    KTAP version 1\n    # Subtest: b\n    1..1\n    ok 1 z\nok 2 b\n\ntest result: FAILED. 2 passed\n\n";

    #[test]
    fn whole_drops_top_header_and_trailer() {
        let (s, out) = run(Mode::Whole, DOC);
        assert!(s.complete());
        assert_eq!(s.suites_done, 2);
        // The process's plan, for a stream that shows one process's (tree mode); then the
        // first suite, without the top-level version line.
        assert_eq!(out.first(), Some(&Item::Plan(2)));
        assert_eq!(out.get(1), Some(&Item::Line("    KTAP version 1".into())));
        assert_eq!(
            out.iter()
                .filter(|i| matches!(i, Item::SuiteResult { .. }))
                .count(),
            2
        );
        assert_eq!(
            out.last(),
            Some(&Item::SuiteResult {
                prefix: "ok ".into(),
                rest: " b".into()
            })
        );
        assert!(!out
            .iter()
            .any(|i| matches!(i, Item::Line(l) if l.starts_with("test result"))));
    }

    #[test]
    fn whole_tracks_a_truncated_suite() {
        let cut = DOC.lines().take(7).collect::<Vec<_>>().join("\n");
        let (s, _) = run(Mode::Whole, &cut);
        assert!(!s.complete());
        assert_eq!(
            (s.suites_done, s.cases_done, s.suite_header_seen),
            (0, 1, true)
        );
    }

    #[test]
    fn case_mode_keeps_only_the_case() {
        let doc = "KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: a\n    # module: m\n    1..1\n    # y: boom\nstray output\n    not ok 1 y\nnot ok 1 a\n\ntest result: FAILED.\n";
        let (s, out) = run(Mode::Case { number: 7 }, doc);
        assert!(s.complete());
        assert_eq!(s.case_result, Some(CaseOutcome::Failed));
        assert_eq!(
            out,
            [
                Item::Line("    # y: boom".into()),
                Item::Line("stray output".into()),
                Item::Line("    not ok 7 y".into())
            ]
        );
        assert_eq!(s.held, ["    # module: m"]);
    }

    #[test]
    fn empty_run_is_complete() {
        let (s, out) = run(Mode::Whole, "KTAP version 1\n1..0\n\ntest result: ok.\n");
        assert!(s.complete());
        assert_eq!(out, [Item::Plan(0)]);
    }
}
