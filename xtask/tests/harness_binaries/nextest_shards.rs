//! cargo nextest's own sharding and archives work with the kunit harness:
//! 1. `--partition count:K/2` over K = 1, 2 runs every case of `cargo nextest list
//!    --workspace` exactly once (none missing, none twice, none extra);
//! 2. `cargo nextest archive` + `run --archive-file --workspace-remap <fresh copy>` run the
//!    cases from another directory, as another machine would: shard 1/2 again (to keep CI time
//!    down), which must run exactly the tests shard 1/2 ran in the workspace, and pass.

#[kunit::kunit_tests(xtask_nextest_shards)]
mod tests {
    use crate::common::{cargo, have, root, text};
    use serde_json::Value;
    use std::collections::BTreeMap;
    use std::path::Path;
    use std::process::Command;

    const SHARDS: usize = 2;

    /// `cargo nextest ARGS` in `dir`, with libtest-json output (one structured event per test;
    /// nextest calls it experimental): its stdout, or a panic with its stderr.
    fn nextest(dir: &Path, args: &[&str]) -> String {
        let out = cargo()
            .current_dir(dir)
            .arg("nextest")
            .args(args)
            .env("NEXTEST_EXPERIMENTAL_LIBTEST_JSON", "1")
            .output()
            .expect("cargo nextest runs");
        assert!(
            out.status.success(),
            "cargo nextest {}: {}\n{}",
            args.join(" "),
            out.status,
            text(&out.stderr)
        );
        text(&out.stdout)
    }

    /// "package::binary test-name" per test that `cargo nextest list`'s JSON document selects,
    /// sorted.
    fn list_names(json: &str) -> Vec<String> {
        let m: Value = serde_json::from_str(json).expect("nextest list prints JSON");
        let mut names = Vec::new();
        for suite in m["rust-suites"].as_object().expect("rust-suites").values() {
            let binary = format!(
                "{}::{}",
                suite["package-name"].as_str().unwrap(),
                suite["binary-name"].as_str().unwrap()
            );
            for (name, case) in suite["testcases"].as_object().expect("testcases") {
                if case["filter-match"]["status"] == "matches" {
                    names.push(format!("{binary} {name}"));
                }
            }
        }
        names.sort();
        names
    }

    /// The tests a libtest-json run ran, as "package::binary test-name", sorted; a test whose
    /// last outcome is not "ok" fails the check (with NEXTEST_RETRIES a retried test counts
    /// once, by its last try). Slow cases are ignored by default: nextest reports them
    /// "ignored" without running them, and `nextest list` leaves them out too.
    fn run_names(out: &str) -> Vec<String> {
        let attempt = regex_lite::Regex::new(r"#[0-9]+$").unwrap();
        let mut last = BTreeMap::new();
        for line in out.lines().map(str::trim).filter(|l| l.starts_with('{')) {
            let ev: Value = serde_json::from_str(line).expect("an event is JSON");
            let event = ev["event"].as_str().unwrap_or_default();
            if ev["type"] != "test" || event == "started" || event == "ignored" {
                continue;
            }
            // A retry is named "test#N" (its attempt number).
            let name = attempt
                .replace(ev["name"].as_str().unwrap(), "")
                .into_owned();
            last.insert(name, event.to_owned());
        }
        let failed: Vec<String> = last
            .iter()
            .filter(|(_, e)| *e != "ok")
            .map(|(n, e)| format!("{n}: {e}"))
            .collect();
        assert!(
            failed.is_empty(),
            "tests did not pass:\n  {}",
            failed.join("\n  ")
        );
        let mut names: Vec<String> = last
            .keys()
            .map(|n| {
                let (binary, case) = n.split_once('$').unwrap_or((n, ""));
                format!("{binary} {case}")
            })
            .collect();
        names.sort();
        names
    }

    /// Duplicates in a sorted list.
    fn twice(sorted: &[String]) -> Vec<&String> {
        sorted
            .windows(2)
            .filter(|w| w[0] == w[1])
            .map(|w| &w[0])
            .collect()
    }

    #[test]
    #[ignore = "runs cargo nextest over the workspace: scripts/test.sh nextest-shards"]
    fn shards_run_each_test_once_and_archives_run_elsewhere(test: &mut kunit::Kunit) {
        if !have("cargo-nextest") {
            kunit::kunit_skip!(
                test,
                "cargo-nextest is not installed (cargo install --locked cargo-nextest)"
            );
            return;
        }
        let root = root();
        let all = list_names(&nextest(
            &root,
            &["list", "--workspace", "--message-format", "json"],
        ));
        assert!(
            !all.is_empty(),
            "cargo nextest list --workspace found no tests"
        );
        let mut union = Vec::new();
        let mut first = Vec::new();
        for k in 1..=SHARDS {
            let part = format!("count:{k}/{SHARDS}");
            let ran = run_names(&nextest(
                &root,
                &[
                    "run",
                    "--workspace",
                    "--partition",
                    &part,
                    "--no-fail-fast",
                    "--message-format",
                    "libtest-json",
                ],
            ));
            assert!(!ran.is_empty(), "shard {k}/{SHARDS} ran no tests");
            kunit::kunit_info!(test, "shard {k}/{SHARDS} ran {} tests", ran.len());
            if k == 1 {
                first = ran.clone();
            }
            union.extend(ran);
        }
        union.sort();
        let dup = twice(&union);
        assert!(
            dup.is_empty(),
            "tests run in more than one shard (or twice): {dup:?}"
        );
        assert_eq!(
            union, all,
            "the union of the shards (left) differs from 'cargo nextest list' (right)"
        );
        kunit::kunit_info!(
            test,
            "partition: {SHARDS} shards ran each of the {} listed tests exactly once",
            all.len()
        );

        // Archive, then run it from elsewhere against a fresh copy of the sources (working
        // tree, no target/): what a second CI machine that only downloaded the archive and
        // checked out does.
        let tmp = tempfile::tempdir().unwrap();
        let archive = tmp.path().join("tests.tar.zst");
        let archive = archive.to_str().unwrap();
        nextest(
            &root,
            &["archive", "--workspace", "--archive-file", archive],
        );
        let src = tmp.path().join("src");
        let elsewhere = tmp.path().join("elsewhere");
        std::fs::create_dir_all(&src).unwrap();
        std::fs::create_dir_all(&elsewhere).unwrap();
        let copied = Command::new("sh")
            .current_dir(&root)
            .arg("-c")
            .arg("tar -c --exclude=./.git --exclude='./target*' . | tar -x -C \"$1\"")
            .arg("sh")
            .arg(&src)
            .status()
            .expect("tar runs");
        assert!(copied.success(), "copying the sources: {copied}");
        let part = format!("count:1/{SHARDS}");
        let archived = run_names(&nextest(
            &elsewhere,
            &[
                "run",
                "--archive-file",
                archive,
                "--workspace-remap",
                src.to_str().unwrap(),
                "--partition",
                &part,
                "--no-fail-fast",
                "--message-format",
                "libtest-json",
            ],
        ));
        assert_eq!(
            first, archived,
            "shard 1/{SHARDS} from the archive (right) ran other tests than in the workspace (left)"
        );
        kunit::kunit_info!(
            test,
            "archive: shard 1/{SHARDS} ran its {} tests from another folder against a fresh copy",
            archived.len()
        );
    }
}
