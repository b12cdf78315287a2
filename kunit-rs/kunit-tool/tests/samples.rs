//! The 24 kunit_tool test logs: `kunit parse` must print what kunit.py printed
//! (timestamps aside), write the same JSON and JUnit documents, and exit with
//! the same status. Every comparison is of whole files.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

mod common;
use common::mask_timestamps;

fn samples_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("KUNIT_KTAP_SAMPLES") {
        return PathBuf::from(d);
    }
    // Project data: the kernel's kunit_tool test logs (see PROVENANCE.md there).
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ktap-samples")
}

/// The oracle JSON files were re-indented from `json.dumps(indent=4)` to one
/// space per level; do the same to ours (JSON strings hold no newlines).
fn reindent_to_one(s: &str) -> String {
    s.split('\n')
        .map(|l| {
            let n = l.len() - l.trim_start_matches(' ').len();
            format!("{}{}", " ".repeat(n / 4), &l[n..])
        })
        .collect::<Vec<_>>()
        .join("\n")
}

struct Sample {
    name: String,
    exit_code: i32,
}

fn samples() -> Vec<Sample> {
    let dir = samples_dir();
    let text = std::fs::read_to_string(dir.join("expected.json"))
        .unwrap_or_else(|e| panic!("{}: {e} (set KUNIT_KTAP_SAMPLES)", dir.display()));
    let Ok(Value::Object(map)) = serde_json::from_str(&text) else {
        panic!("expected.json is not a JSON object")
    };
    map.iter()
        .map(|(file, v)| Sample {
            name: file.trim_end_matches(".log").to_string(),
            exit_code: v
                .get("kunit_py_parse_exit_code")
                .and_then(Value::as_i64)
                .expect("exit code") as i32,
        })
        .collect()
}

#[test]
fn all_24_samples_match_kunit_py() {
    let dir = samples_dir();
    let out_dir = std::env::temp_dir().join(format!("kunit-samples-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let samples = samples();
    assert_eq!(samples.len(), 24);
    let mut failures = Vec::new();
    for s in &samples {
        let log = dir.join(format!("{}.log", s.name));
        let oracle = |ext: &str| {
            std::fs::read_to_string(
                dir.join("kunit-py-output")
                    .join(format!("{}.{ext}", s.name)),
            )
            .unwrap()
        };

        let out = Command::new(env!("CARGO_BIN_EXE_kunit"))
            .arg("parse")
            .arg(&log)
            .output()
            .unwrap();
        let printed = mask_timestamps(&String::from_utf8_lossy(&out.stdout));
        if printed != oracle("txt") {
            failures.push(format!("{}: printed output differs:\n{printed}", s.name));
        }
        if out.status.code() != Some(s.exit_code) {
            failures.push(format!(
                "{}: exit {:?}, kunit.py {}",
                s.name,
                out.status.code(),
                s.exit_code
            ));
        }

        let json = out_dir.join(format!("{}.json", s.name));
        let xml = out_dir.join(format!("{}.xml", s.name));
        let out = Command::new(env!("CARGO_BIN_EXE_kunit"))
            .arg("parse")
            .arg(format!("--json={}", json.display()))
            .arg(format!("--junit={}", xml.display()))
            .arg(&log)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(s.exit_code), "{}", s.name);
        if reindent_to_one(&std::fs::read_to_string(&json).unwrap()) != oracle("json") {
            failures.push(format!("{}: JSON differs", s.name));
        }
        if std::fs::read_to_string(&xml).unwrap() != oracle("junit.xml") {
            failures.push(format!("{}: JUnit differs", s.name));
        }
    }
    let _ = std::fs::remove_dir_all(&out_dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn stdin_summary_and_failed_modes() {
    let dir = samples_dir();
    let log = std::fs::read(dir.join("test_is_test_passed-failure.log")).unwrap();
    let run = |args: &[&str]| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kunit"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child.stdin.take().unwrap().write_all(&log).unwrap();
        let out = child.wait_with_output().unwrap();
        (
            out.status.code(),
            mask_timestamps(&String::from_utf8_lossy(&out.stdout)),
        )
    };
    let (code, text) = run(&["parse", "--summary"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        text,
        "Testing complete. Ran 10 tests: passed: 9, failed: 1\n"
    );

    let (code, text) = run(&["parse", "--failed"]);
    assert_eq!(code, Some(1));
    let expected = "\
============================================================
=================== example (2 subtests) ===================
init_suite
\t# example_simple_test: initializing
\t# example_simple_test: EXPECTATION FAILED at lib/kunit/example-test.c:30
\tExpected 1 + 1 == 3, but
\t\t1 + 1 == 2
\t\t3 == 3
\t# example_simple_test: example_simple_test failed
[FAILED] example_simple_test
kunit example: one or more tests failed
===================== [FAILED] example =====================
============================================================
Testing complete. Ran 10 tests: passed: 9, failed: 1
";
    assert_eq!(text, expected);

    let (code, text) = run(&["parse", "--raw_output=kunit"]);
    assert_eq!(code, Some(0));
    assert!(
        text.starts_with("TAP version 14\n1..2\n\t# Subtest: sysctl_test\n"),
        "{text}"
    );

    let (code, text) = run(&["parse", "--json"]);
    assert_eq!(code, Some(1));
    assert!(
        text.contains("\n{\n    \"name\": \"KUnit Test Group\",\n"),
        "{text}"
    );
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    let out = Command::new(env!("CARGO_BIN_EXE_kunit"))
        .args(["parse", "--raw_output=bogus"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("kunit parse: error: argument --raw_output: invalid choice: 'bogus'"),
        "{err}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_kunit"))
        .arg("frobnicate")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(env!("CARGO_BIN_EXE_kunit"))
        .args(["parse", "/nonexistent/log"])
        .output()
        .unwrap();
    // A file that cannot be read is bad input: exit 2 (issue 11).
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read '/nonexistent/log'"));
}
