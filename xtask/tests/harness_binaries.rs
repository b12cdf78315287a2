//! Cross-checks over every kunit harness binary of the workspace (`cargo xtask harnesses`),
//! which need the whole workspace built: `#[ignore]`d, so `cargo test --workspace` does not
//! run them twice; `scripts/test.sh jobs-identical` runs them with `--ignored`.

#[kunit::kunit_tests(xtask_harness_binaries)]
mod tests {
    use std::path::{Path, PathBuf};
    use std::process::Command;

    fn harnesses() -> Vec<PathBuf> {
        xtask::harnesses::list(&xtask::repo_root()).expect("cargo builds the workspace's tests")
    }

    /// The KTAP a harness prints with `--jobs N`, without what depends on timing: libtest's
    /// closing line (its duration) and the "Test should be marked slow" warning.
    fn ktap(bin: &Path, jobs: &str) -> String {
        let out = Command::new(bin)
            .args(["--jobs", jobs])
            .output()
            .unwrap_or_else(|e| panic!("{}: {e}", bin.display()));
        String::from_utf8_lossy(&out.stdout)
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
    fn every_harness_prints_the_same_ktap_with_jobs_1_and_2() {
        let bins = harnesses();
        // kunit-tool's library self-tests and kunit-macros' kunit_tests target run the cases
        // of their #[kunit_tests] suites in parallel.
        for want in ["kunit_tool-", "kunit_tests-"] {
            assert!(
                bins.iter().any(|b| b
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with(want))),
                "no {want}* harness binary among {bins:?}"
            );
        }
        for bin in &bins {
            let one = ktap(bin, "1");
            assert!(
                one.starts_with("KTAP version 1\n"),
                "{}: no KTAP",
                bin.display()
            );
            assert_eq!(one, ktap(bin, "2"), "{} with --jobs 2", bin.display());
        }
    }
}

kunit::main!();
