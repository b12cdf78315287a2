//! tap_parser (crates.io, written by others) is an independent oracle for `--format tap14`:
//! every harness binary runs with `--format tap14`, tap_parser reads the output, and the tree,
//! counts and SKIP directives must agree with the harness's `--list`, `--list --ignored` and
//! libtest closing line (kunit-rs/tap14-oracle).

#[kunit::kunit_tests(xtask_tap14_oracle)]
mod tests {
    use crate::common::harnesses;

    #[test]
    #[ignore = "builds and runs every harness binary: scripts/test.sh tap14-oracle"]
    fn tap_parser_agrees_with_every_harness_s_tap14(test: &mut kunit::Kunit) {
        let bins = harnesses();
        let mut disagree = Vec::new();
        for h in bins {
            match tap14_oracle::harness::check_binary(&h.path) {
                Ok(a) => kunit::kunit_info!(
                    test,
                    "{}: {} suites, {} cases, {} params agree",
                    h.path.display(),
                    a.suites,
                    a.cases,
                    a.params
                ),
                Err(e) => disagree.push(format!("{}:\n{e}", h.path.display())),
            }
        }
        assert!(
            disagree.is_empty(),
            "{} of {} harness binaries disagree with tap_parser:\n{}",
            disagree.len(),
            bins.len(),
            disagree.join("\n")
        );
        kunit::kunit_info!(
            test,
            "{} harness binaries agree with tap_parser",
            bins.len()
        );
    }
}
