//! `kunit exec --partition K/N` on the fixture harness `kunit-shards` (seven
//! suites, registered out of name order): over N shards every suite runs in
//! exactly one shard, the split is the documented one (sorted names dealt
//! out in turn), the shards' KTAP merges back into the whole run with
//! `kunit parse FILE...`, and bad values are usage errors.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::{kunit, mask_timestamps};
use serde_json::Value;

/// The fixture's one test target, found as `kunit build` finds harnesses.
fn shards_binary() -> &'static str {
    let (out, harnesses) = common::fixture_build();
    assert_eq!(harnesses.len(), 1, "{out:?}");
    harnesses[0].to_str().unwrap()
}

const SUITES: [&str; 7] = [
    "shard_alpha",
    "shard_bravo",
    "shard_charlie",
    "shard_delta",
    "shard_echo",
    "shard_foxtrot",
    "shard_golf",
];

fn sorted_lines(out: &[u8]) -> Vec<String> {
    let mut v: Vec<String> = String::from_utf8_lossy(out)
        .lines()
        .map(String::from)
        .collect();
    v.sort();
    v
}

/// (suite, number of cases) for every suite group of a `--json` document.
fn json_suites(doc: &str) -> Vec<(String, usize)> {
    let doc: Value = serde_json::from_str(doc).expect("valid JSON");
    doc["sub_groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["name"].as_str().unwrap().to_string(),
                g["test_cases"].as_array().unwrap().len(),
            )
        })
        .collect()
}

#[test]
fn listings_of_all_shards_cover_every_suite_once() {
    let bin = shards_binary();
    let all = kunit(&["exec", "--list_suites", "--binary", bin]);
    assert_eq!(sorted_lines(&all.stdout), SUITES);
    for n in 1..=8u32 {
        let mut union = Vec::new();
        for k in 1..=n {
            let p = format!("--partition={k}/{n}");
            let out = kunit(&["exec", "--list_suites", &p, "--binary", bin]);
            assert_eq!(out.status.code(), Some(0), "{p}");
            let shard = sorted_lines(&out.stdout);
            // Sorted names dealt out in turn: the k-th, (k+n)-th, ... name.
            let expected: Vec<&str> = SUITES
                .iter()
                .copied()
                .skip(k as usize - 1)
                .step_by(n as usize)
                .collect();
            assert_eq!(shard, expected, "{p}");
            // --list_tests agrees with --list_suites.
            let tests = kunit(&["exec", "--list_tests", &p, "--binary", bin]);
            let suites_of_tests: Vec<String> = sorted_lines(&tests.stdout)
                .iter()
                .map(|t| t.split_once('.').unwrap().0.to_string())
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            assert_eq!(suites_of_tests, shard, "{p}");
            union.extend(shard);
        }
        union.sort();
        assert_eq!(union, SUITES, "N={n}");
    }
}

/// Runs shard `k` of `n` over `bins`; its exit status, its JSON suites and
/// its KTAP (saved with `--raw_output`, as a CI job would keep it).
fn run_shard(k: u32, n: u32, bins: &[&str]) -> (Option<i32>, Vec<(String, usize)>, PathBuf) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let tag = format!("{}-{k}-of-{n}-{}", std::process::id(), bins.len());
    let json = dir.join(format!("shard-{tag}.json"));
    let ktap = dir.join(format!("shard-{tag}.ktap"));
    let mut args = vec![
        "exec".to_string(),
        format!("--partition={k}/{n}"),
        format!("--json={}", json.display()),
        "--summary".to_string(),
    ];
    for b in bins {
        args.push("--binary".into());
        args.push(b.to_string());
    }
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = kunit(&argv);
    let doc = std::fs::read_to_string(&json).expect("JSON written");
    let _ = std::fs::remove_file(&json);
    let mut raw = argv.clone();
    raw.retain(|a| !a.starts_with("--json") && *a != "--summary");
    raw.push("--raw_output=kunit");
    let raw_out = kunit(&raw);
    assert_eq!(raw_out.status.code(), Some(0));
    std::fs::write(&ktap, &raw_out.stdout).unwrap();
    (out.status.code(), json_suites(&doc), ktap)
}

#[test]
fn shards_run_every_suite_once_and_merge_back() {
    let bin = shards_binary();
    for bins in [vec![bin], vec![bin, bin]] {
        let n = 3;
        let mut ran: BTreeMap<String, usize> = BTreeMap::new();
        let mut logs = Vec::new();
        for k in 1..=n {
            let (code, suites, ktap) = run_shard(k, n, &bins);
            // Only the shard holding shard_echo (one failing case) fails.
            let failing = suites.iter().any(|(s, _)| s == "shard_echo");
            assert_eq!(code, Some(i32::from(failing)), "{k}/{n}: {suites:?}");
            for (s, cases) in suites {
                assert_eq!(cases, 2, "{s}");
                *ran.entry(s).or_default() += 1;
            }
            logs.push(ktap);
        }
        // Each copy of the binary is its own entry: every suite once per copy.
        let expected: BTreeMap<String, usize> =
            SUITES.iter().map(|s| (s.to_string(), bins.len())).collect();
        assert_eq!(ran, expected);

        let mut args = vec!["parse", "--summary"];
        args.extend(logs.iter().map(|p| p.to_str().unwrap()));
        let merged = kunit(&args);
        let total = 14 * bins.len();
        assert_eq!(
            mask_timestamps(&String::from_utf8_lossy(&merged.stdout)),
            format!(
                "Testing complete. Ran {total} tests: passed: {}, failed: {}\n",
                total - bins.len(),
                bins.len()
            )
        );
        assert_eq!(merged.status.code(), Some(1));
        for l in logs {
            let _ = std::fs::remove_file(l);
        }
    }
}

#[test]
fn bad_partitions_are_usage_errors() {
    let bin = shards_binary();
    for bad in ["0/2", "3/2", "x", "1/0", "1/", "/2", "1/2/3"] {
        for cmd in ["exec", "run"] {
            let out = kunit(&[cmd, "--partition", bad, "--binary", bin]);
            assert_eq!(out.status.code(), Some(2), "{cmd} {bad}");
            assert!(out.stdout.is_empty(), "{cmd} {bad}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                err.contains(&format!(
                    "kunit {cmd}: error: argument --partition: invalid value: '{bad}' ("
                )),
                "{cmd} {bad}: {err}"
            );
        }
    }
}
