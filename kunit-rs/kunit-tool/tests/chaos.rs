//! `kunit exec` on the chaos fixture: cases that panic, abort, segfault,
//! overflow the stack, loop forever, exit(0), stop the process, print 100 MB
//! and print from several threads, next to passing cases. Every case must be
//! reported with the right status and none may be lost, whole, isolated, and
//! with the binary run twice concurrently; Ctrl-C must stop the run and still
//! print the summary.

mod common;

use std::process::{Command, Output, Stdio};
use std::time::Duration;

use common::{chaos_binary, kunit};
use serde_json::Value;

/// (suite, case) -> JSON status, from a `--json` document.
fn statuses(json: &str) -> Vec<(String, String, String)> {
    let doc: Value = serde_json::from_str(json).expect("valid JSON");
    let mut out = Vec::new();
    for g in doc
        .get("sub_groups")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let suite = g
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        for c in g
            .get("test_cases")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            out.push((
                suite.clone(),
                c.get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string(),
                c.get("status")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string(),
            ));
        }
    }
    out
}

const EXPECTED: &[(&str, &str, &str)] = &[
    ("chaos_basic", "pass_first", "PASS"),
    ("chaos_basic", "panics", "FAIL"),
    ("chaos_basic", "pass_second", "PASS"),
    ("chaos_crash", "pass_before", "PASS"),
    ("chaos_crash", "aborts", "ERROR"),
    ("chaos_crash", "pass_after_abort", "PASS"),
    ("chaos_crash", "segfaults", "ERROR"),
    ("chaos_crash", "overflows_stack", "ERROR"),
    ("chaos_crash", "exits_zero", "ERROR"),
    ("chaos_crash", "pass_last", "PASS"),
    ("chaos_hang", "loops_forever", "FAIL"),
    ("chaos_hang", "pass_after_loop", "PASS"),
    ("chaos_hang", "stops_process", "ERROR"),
    ("chaos_hang", "pass_after_stop", "PASS"),
    ("chaos_output", "prints_100mb", "PASS"),
    ("chaos_output", "prints_from_threads", "PASS"),
    ("chaos_output", "pass_after_output", "PASS"),
];

fn expected(times: usize) -> Vec<(String, String, String)> {
    let one: Vec<_> = EXPECTED
        .iter()
        .map(|(s, c, st)| (s.to_string(), c.to_string(), st.to_string()))
        .collect();
    one.iter()
        .cycle()
        .take(one.len() * times)
        .cloned()
        .collect()
}

fn run_chaos(extra: &[&str], times: usize) -> (Output, String) {
    let bin = chaos_binary().to_str().unwrap().to_string();
    let json = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "chaos-{}-{}.json",
        std::process::id(),
        extra.join("_")
    ));
    let json_arg = format!("--json={}", json.display());
    let mut args = vec![
        "exec",
        "--timeout",
        "3",
        "--process_timeout",
        "6",
        &json_arg,
    ];
    args.extend_from_slice(extra);
    for _ in 0..times {
        args.push("--binary");
        args.push(&bin);
    }
    let out = kunit(&args);
    let doc = std::fs::read_to_string(&json).expect("JSON written");
    let _ = std::fs::remove_file(&json);
    (out, doc)
}

#[test]
fn every_case_is_reported_with_its_status() {
    let (out, json) = run_chaos(&[], 1);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert_eq!(statuses(&json), expected(1), "{text}");
    for reason in [
        "# aborts: crashed: the harness process was killed by signal 6 (SIGABRT)",
        "# segfaults: crashed: the harness process was killed by signal 11 (SIGSEGV)",
        "# overflows_stack: crashed: the harness process was killed by signal 6 (SIGABRT)",
        "has overflowed its stack",
        "# exits_zero: crashed: the harness process exited with status 0 before reporting it",
        "# stops_process: crashed: timed out: no output for 6 s, the harness process was killed",
        "] [CRASHED] segfaults\n",
    ] {
        assert!(text.contains(reason), "missing {reason:?} in:\n{text}");
    }
    assert!(
        text.contains("Testing complete. Ran 17 tests: passed: 10, failed: 2, crashed: 5\n"),
        "{text}"
    );
}

#[test]
fn isolated_runs_agree() {
    for mode in ["--run_isolated=suite", "--run_isolated=test"] {
        let (out, json) = run_chaos(&[mode], 1);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{mode}: {text}");
        assert_eq!(statuses(&json), expected(1), "{mode}: {text}");
    }
}

#[test]
fn concurrent_binaries_keep_their_order() {
    let (out, json) = run_chaos(&["--jobs", "2", "--summary"], 2);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(statuses(&json), expected(2), "{text}");
    assert!(
        text.contains("Testing complete. Ran 34 tests: passed: 20, failed: 4, crashed: 10\n"),
        "{text}"
    );
}

#[test]
fn listing_flags() {
    let bin = chaos_binary().to_str().unwrap().to_string();
    let out = kunit(&["exec", "--list_suites", "--binary", &bin]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "chaos_basic\nchaos_crash\nchaos_hang\nchaos_output\n"
    );
    let out = kunit(&["exec", "--list_tests", "chaos_h*", "--binary", &bin]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "chaos_hang.loops_forever\nchaos_hang.pass_after_loop\nchaos_hang.stops_process\nchaos_hang.pass_after_stop\n"
    );
}

#[test]
fn ctrl_c_stops_children_and_prints_the_summary() {
    let bin = chaos_binary().to_str().unwrap().to_string();
    let child = Command::new(env!("CARGO_BIN_EXE_kunit"))
        .args([
            "exec",
            "chaos_hang.*stop*",
            "--process_timeout",
            "60",
            "--binary",
            &bin,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kunit");
    std::thread::sleep(Duration::from_millis(1500));
    // SAFETY: plain syscall to our own child.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let start = std::time::Instant::now();
    let out = child.wait_with_output().unwrap();
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "did not stop promptly"
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{text}");
    assert!(
        text.contains("[SKIPPED] stops_process (interrupted)"),
        "{text}"
    );
    assert!(
        text.contains("[SKIPPED] pass_after_stop (interrupted)"),
        "{text}"
    );
    assert!(
        text.contains("Testing complete. Ran 2 tests: skipped: 2\n"),
        "{text}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("interrupted"));
}
