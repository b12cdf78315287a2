//! `kunit parse FILE...`: several KTAP logs (e.g. one per CI shard) reported
//! as one run — one printed report with one summary line, one JSON and one
//! JUnit document, and the exit status of the merged result. The goldens in
//! tests/fixtures/merge are compared whole.

mod common;

use std::path::{Path, PathBuf};

use common::{kunit, mask_timestamps};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/merge")
        .join(name)
}

fn fixture_text(name: &str) -> String {
    std::fs::read_to_string(fixture(name)).expect("golden file")
}

fn parse(files: &[&str], extra: &[&str]) -> std::process::Output {
    let paths: Vec<String> = files
        .iter()
        .map(|f| fixture(f).to_str().unwrap().to_string())
        .collect();
    let mut args = vec!["parse"];
    args.extend(paths.iter().map(String::as_str));
    args.extend_from_slice(extra);
    kunit(&args)
}

const SHARDS: &[&str] = &["shard1.log", "shard2.log", "no_ktap.log"];

#[test]
fn merged_report_is_one_run() {
    let out = parse(SHARDS, &[]);
    assert_eq!(
        mask_timestamps(&String::from_utf8_lossy(&out.stdout)),
        fixture_text("merged.txt")
    );
    // A log without KTAP fails the merged run, as it fails on its own.
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn merged_json_and_junit_documents() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let json = dir.join(format!("merged-{}.json", std::process::id()));
    let junit = dir.join(format!("merged-{}.xml", std::process::id()));
    let out = parse(
        SHARDS,
        &[
            &format!("--json={}", json.display()),
            &format!("--junit={}", junit.display()),
            "--summary",
        ],
    );
    assert_eq!(
        mask_timestamps(&String::from_utf8_lossy(&out.stdout)),
        format!(
            "Testing complete. Ran 7 tests: passed: 5, failed: 1, skipped: 1, errors: 1\n\
             Test results stored in {}\nTest results stored in {}\n",
            json.display(),
            junit.display()
        )
    );
    assert_eq!(
        std::fs::read_to_string(&json).unwrap(),
        fixture_text("merged.json")
    );
    assert_eq!(
        std::fs::read_to_string(&junit).unwrap(),
        fixture_text("merged.xml")
    );
    let _ = std::fs::remove_file(json);
    let _ = std::fs::remove_file(junit);
}

#[test]
fn exit_status_is_that_of_the_merged_result() {
    let status = |files: &[&str]| parse(files, &["--summary"]).status.code();
    assert_eq!(status(&["shard2.log"]), Some(0));
    assert_eq!(status(&["shard2.log", "shard2.log"]), Some(0));
    assert_eq!(status(&["shard1.log", "shard2.log"]), Some(1));
    assert_eq!(status(&["shard2.log", "no_ktap.log"]), Some(1));
    let out = parse(&["shard2.log", "shard2.log"], &["--summary"]);
    assert_eq!(
        mask_timestamps(&String::from_utf8_lossy(&out.stdout)),
        "Testing complete. Ran 6 tests: passed: 6\n"
    );
}

#[test]
fn raw_output_prints_each_file_in_turn() {
    let out = parse(&["shard2.log", "shard1.log"], &["--raw_output=all"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        fixture_text("shard2.log") + &fixture_text("shard1.log")
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn unreadable_inputs_are_usage_errors() {
    let dir = fixture("");
    let missing = fixture("no_such_shard.log");
    for (bad, why) in [
        (dir.to_str().unwrap(), "it is a directory"),
        (missing.to_str().unwrap(), "No such file or directory"),
    ] {
        // The good file first: nothing may be printed before the error.
        let good = fixture("shard2.log");
        let out = kunit(&["parse", good.to_str().unwrap(), bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(out.stdout.is_empty(), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with(&format!("kunit parse: error: cannot read '{bad}': ")),
            "{err}"
        );
        assert!(err.contains(why), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
