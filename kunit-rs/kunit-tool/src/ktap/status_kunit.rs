//! `status.rs`'s tests (suite `ktap_status`), declared by `status.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(ktap_status)]
mod tests {
    use crate::ktap::status::*;

    #[test]
    fn display_lists_only_nonzero() {
        let c = TestCounts {
            passed: 8,
            crashed: 2,
            errors: 3,
            ..Default::default()
        };
        assert_eq!(
            c.to_string(),
            "Ran 10 tests: passed: 8, crashed: 2, errors: 3"
        );
        assert_eq!(
            TestCounts {
                errors: 1,
                ..Default::default()
            }
            .to_string(),
            "Ran 0 tests: errors: 1"
        );
    }

    #[test]
    fn status_priority() {
        let mut c = TestCounts::default();
        assert_eq!(c.status(), TestStatus::NoTests);
        c.add_status(TestStatus::Skipped);
        assert_eq!(c.status(), TestStatus::Skipped);
        c.add_status(TestStatus::Success);
        assert_eq!(c.status(), TestStatus::Success);
        c.add_status(TestStatus::Failure);
        assert_eq!(c.status(), TestStatus::Failure);
        c.add_status(TestStatus::TestCrashed);
        assert_eq!(c.status(), TestStatus::TestCrashed);
    }
}
