//! `--format tap` is accepted by Perl's prove, and prove sees the same pass/fail as KTAP does:
//! kunit's own self-tests, whose cases all pass, are a passing TAP stream for prove.

#[kunit::kunit_tests(xtask_tap_prove)]
mod tests {
    use crate::common::{have, root, run_harness, text};
    use std::process::Command;

    #[test]
    #[ignore = "builds kunit's self-tests and runs prove: scripts/test.sh tap-prove"]
    fn prove_accepts_the_self_tests_tap(test: &mut kunit::Kunit) {
        if !have("prove") {
            kunit::kunit_skip!(test, "prove is not installed (Debian: perl)");
            return;
        }
        let selftest = xtask::build::executables(
            &root(),
            &["test", "-p", "kunit-rs", "--test", "selftest", "--no-run"],
        )
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .find(|e| e.test && e.target == "selftest")
        .expect("cargo built no kunit selftest harness");
        let run = run_harness(&selftest, &["--format", "tap"]);
        assert!(
            run.status.success(),
            "the self-tests failed: {}",
            run.status
        );
        let tap: String = text(&run.stdout)
            .lines()
            .filter(|l| !l.starts_with("test result: "))
            .map(|l| format!("{l}\n"))
            .collect();
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("selftest.tap");
        std::fs::write(&file, tap).unwrap();
        let prove = Command::new("prove")
            .args(["-e", "cat"])
            .arg(&file)
            .output()
            .expect("prove runs");
        assert!(
            prove.status.success(),
            "prove rejects the TAP ({}):\n{}{}",
            prove.status,
            text(&prove.stdout),
            text(&prove.stderr)
        );
        let last = text(&prove.stdout)
            .lines()
            .rfind(|l| l.starts_with("Result: "))
            .map(str::to_owned);
        assert_eq!(last.as_deref(), Some("Result: PASS"), "prove's verdict");
        kunit::kunit_info!(test, "prove: {}", last.unwrap());
    }
}
