//! `listing.rs`'s tests (suite `exec_listing`), declared by `listing.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(exec_listing)]
mod tests {
    use crate::exec::listing::*;

    #[test]
    fn listing_groups_cases_by_suite() {
        let l = parse_listing("KTAP version 1\na\na.x\na.y\n# module: m\nb\nb.z\n");
        assert_eq!(
            l,
            [
                ListedSuite {
                    name: "a".into(),
                    cases: vec!["x".into(), "y".into()]
                },
                ListedSuite {
                    name: "b".into(),
                    cases: vec!["z".into()]
                }
            ]
        );
    }
}
