//! `kunit exec --partition K/N` over the workspace's real harnesses: over the N shards every
//! suite runs exactly once, and `kunit parse` of the shards' KTAP logs reports the same counts
//! as one unsharded run.

#[kunit::kunit_tests(xtask_kunit_shards)]
mod tests {
    use crate::common::{kunit, root, run_in, text};
    use regex_lite::Regex;

    const SHARDS: usize = 2;

    /// `kunit exec ARGS` in the repository's root: its stdout.
    fn exec(args: &[&str]) -> String {
        let mut all = vec!["exec"];
        all.extend_from_slice(args);
        text(&run_in(&root(), kunit(), &all).stdout)
    }

    /// Listed names, without the runner's own timestamped progress lines.
    fn names(listing: &str) -> Vec<String> {
        let progress = Regex::new(r"^\[..:..:..\] ").unwrap();
        listing
            .lines()
            .filter(|l| !progress.is_match(l))
            .map(str::to_owned)
            .collect()
    }

    /// The summary line without kunit.py's timestamp.
    fn summary(out: &str) -> Vec<String> {
        let line = Regex::new(r"^\[..:..:..\] (Testing complete\..*)$").unwrap();
        out.lines()
            .filter_map(|l| line.captures(l).map(|c| c[1].to_owned()))
            .collect()
    }

    #[test]
    #[ignore = "builds and runs every harness binary: scripts/test.sh kunit-shards"]
    fn shards_hold_every_suite_once_and_merge_to_the_whole_run(test: &mut kunit::Kunit) {
        let mut all = names(&exec(&["--list_suites"]));
        all.sort();
        assert!(!all.is_empty(), "kunit exec --list_suites found no suites");
        let tmp = tempfile::tempdir().unwrap();
        let mut union = Vec::new();
        let mut logs = Vec::new();
        for k in 1..=SHARDS {
            let part = format!("{k}/{SHARDS}");
            union.extend(names(&exec(&["--partition", &part, "--list_suites"])));
            let log = tmp.path().join(format!("shard-{k}.ktap"));
            std::fs::write(&log, exec(&["--partition", &part, "--raw_output=kunit"])).unwrap();
            logs.push(log.display().to_string());
        }
        union.sort();
        assert_eq!(
            union, all,
            "the {SHARDS} shards do not hold every suite exactly once (left: the shards' suites)"
        );
        // Failing tests do not stop the comparison: only the summary lines are compared.
        let whole = summary(&exec(&["--summary"]));
        assert!(
            !whole.is_empty(),
            "kunit exec --summary printed no summary line"
        );
        let mut parse = vec!["parse", "--summary"];
        parse.extend(logs.iter().map(String::as_str));
        let merged = summary(&text(&run_in(&root(), kunit(), &parse).stdout));
        assert_eq!(whole, merged, "merged shards differ from the whole run");
        kunit::kunit_info!(
            test,
            "{} suites in {SHARDS} shards, each once; {}",
            all.len(),
            merged.join(" ")
        );
    }
}
