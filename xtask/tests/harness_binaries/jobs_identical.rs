//! `--jobs 1` and `--jobs 2` print the same KTAP, for every harness binary.

#[kunit::kunit_tests(xtask_jobs_identical)]
mod tests {
    use crate::common::{harnesses, run_harness, text};
    use xtask::build::Executable;

    /// The KTAP a harness prints with `--jobs N`, without what depends on timing: libtest's
    /// closing line (its duration) and the "Test should be marked slow" warning.
    fn ktap(h: &Executable, jobs: &str) -> String {
        text(&run_harness(h, &["--jobs", jobs]).stdout)
            .lines()
            .filter(|l| {
                !l.starts_with("test result: ") && !l.contains("Test should be marked slow")
            })
            .map(|l| format!("{l}\n"))
            .collect()
    }

    /// Suites run concurrently with `--jobs 2`, and so do the cases of suites whose cases may
    /// run in parallel; the output stays in plan order, byte for byte.
    #[test]
    #[ignore = "builds and runs every harness binary: scripts/test.sh jobs-identical"]
    fn every_harness_prints_the_same_ktap_with_jobs_1_and_2(test: &mut kunit::Kunit) {
        let bins = harnesses();
        // kunit-tool's library self-tests and kunit-macros' kunit_tests target run the cases
        // of their #[kunit_tests] suites in parallel.
        for want in ["kunit_tool", "kunit_tests"] {
            assert!(
                bins.iter().any(|b| b.target == want),
                "no {want} harness binary among {bins:?}"
            );
        }
        for h in bins {
            let one = ktap(h, "1");
            assert!(
                one.starts_with("KTAP version 1\n"),
                "{}: no KTAP",
                h.path.display()
            );
            assert_eq!(one, ktap(h, "2"), "{} with --jobs 2", h.path.display());
        }
        kunit::kunit_info!(test, "{} harness binaries print the same KTAP", bins.len());
    }
}
