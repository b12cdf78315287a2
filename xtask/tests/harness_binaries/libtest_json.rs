//! Every harness binary's libtest JSON (`-Z unstable-options --format json`) passes a strict
//! check of libtest's event schema (`libtest_schema`), and a real consumer, cargo2junit, reads
//! it: the counts of both, of the JSON listing and of the binary's `--list` agree, and
//! nothing but events is on stdout (the KTAP goes to `--logfile`).

#[kunit::kunit_tests(xtask_libtest_json)]
mod tests {
    use crate::common::{harnesses, have, run_harness, text};
    use crate::libtest_schema::{check_list, check_run, Counts};
    use std::io::Write;
    use std::process::{Command, Stdio};
    use std::sync::OnceLock;
    use xtask::build::Executable;

    /// One harness's JSON run, checked.
    struct JsonRun {
        harness: &'static Executable,
        listed: u64,
        counts: Counts,
        json: String,
    }

    /// Each harness binary run once in JSON mode, its listing and its run checked against the
    /// schema and `--list` (a panic names the first that fails).
    fn runs() -> &'static [JsonRun] {
        static RUNS: OnceLock<Vec<JsonRun>> = OnceLock::new();
        RUNS.get_or_init(|| harnesses().iter().map(json_run).collect())
    }

    fn json_run(h: &'static Executable) -> JsonRun {
        let bin = h.path.display();
        let listing = text(&run_harness(h, &["--list", "--format", "terse"]).stdout);
        let listed = listing.lines().filter(|l| l.ends_with(": test")).count() as u64;
        let list = run_harness(h, &["-Z", "unstable-options", "--format", "json", "--list"]);
        check_list(&text(&list.stdout), listed)
            .unwrap_or_else(|e| panic!("{bin} --list in JSON: {e}"));
        let tmp = tempfile::tempdir().unwrap();
        let ktap = tmp.path().join("ktap");
        let logfile = ktap.to_str().unwrap();
        let run = run_harness(
            h,
            &[
                "-Z",
                "unstable-options",
                "--format",
                "json",
                "--logfile",
                logfile,
            ],
        );
        let json = text(&run.stdout);
        let counts = check_run(&json, listed).unwrap_or_else(|e| panic!("{bin} in JSON: {e}"));
        let want = if counts.failed == 0 { 0 } else { 101 };
        assert_eq!(
            run.status.code(),
            Some(want),
            "{bin} exited {} with {} failures",
            run.status,
            counts.failed
        );
        assert_eq!(
            counts.failed,
            0,
            "{bin}: tests failed:\n{}",
            text(&run.stderr)
        );
        let log = std::fs::read_to_string(&ktap).unwrap_or_default();
        assert_eq!(
            log.lines().next(),
            Some("KTAP version 1"),
            "{bin}: no KTAP in --logfile"
        );
        JsonRun {
            harness: h,
            listed,
            counts,
            json,
        }
    }

    #[test]
    #[ignore = "builds and runs every harness binary: scripts/test.sh libtest-json"]
    fn every_harness_s_json_follows_libtest_s_schema(test: &mut kunit::Kunit) {
        let mut total = 0;
        for r in runs() {
            total += r.listed;
            kunit::kunit_info!(
                test,
                "{}: {} tests ({} passed, {} ignored) in JSON and listing",
                r.harness.path.display(),
                r.listed,
                r.counts.passed,
                r.counts.ignored
            );
        }
        kunit::kunit_info!(
            test,
            "{} harness binaries, {total} tests, agree with --list",
            runs().len()
        );
    }

    /// (cases, failed, skipped) in a JUnit document.
    fn junit_counts(xml: &str) -> Result<(u64, u64, u64), String> {
        let doc = roxmltree::Document::parse(xml).map_err(|e| e.to_string())?;
        let mut got = (0, 0, 0);
        for case in doc.descendants().filter(|n| n.has_tag_name("testcase")) {
            let has = |tag: &str| case.children().any(|c| c.has_tag_name(tag));
            got.0 += 1;
            got.1 += u64::from(has("failure") || has("error"));
            got.2 += u64::from(has("skipped"));
        }
        Ok(got)
    }

    #[test]
    #[ignore = "builds and runs every harness binary: scripts/test.sh libtest-json"]
    fn cargo2junit_reads_every_harness_s_json(test: &mut kunit::Kunit) {
        if !have("cargo2junit") {
            kunit::kunit_skip!(
                test,
                "cargo2junit is not installed (scripts/setup.sh cargo2junit installs it)"
            );
            return;
        }
        for r in runs() {
            let bin = r.harness.path.display();
            let mut child = Command::new("cargo2junit")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("cargo2junit starts");
            let mut stdin = child.stdin.take().unwrap();
            let json = r.json.clone();
            // Written from a thread: cargo2junit may print before it has read everything.
            let writer = std::thread::spawn(move || stdin.write_all(json.as_bytes()));
            let out = child.wait_with_output().unwrap();
            writer.join().unwrap().unwrap();
            assert!(out.status.success(), "cargo2junit on {bin}: {}", out.status);
            let got = junit_counts(&text(&out.stdout))
                .unwrap_or_else(|e| panic!("cargo2junit's XML for {bin}: {e}"));
            assert_eq!(
                got,
                (r.listed, r.counts.failed, r.counts.ignored),
                "{bin}: cargo2junit read (cases, failed, skipped) {got:?}"
            );
        }
        kunit::kunit_info!(
            test,
            "cargo2junit read the JSON of {} harness binaries",
            runs().len()
        );
    }

    #[test]
    fn junit_counts_cases_failures_and_skips() {
        let xml = r#"<testsuites><testsuite name="s"><testcase name="a"/><testcase name="b"><failure message="x"/></testcase><testcase name="c"><skipped/></testcase><testcase name="d"><error/></testcase></testsuite></testsuites>"#;
        assert_eq!(junit_counts(xml), Ok((4, 2, 1)));
        assert!(junit_counts("<testsuites>").is_err());
    }
}
