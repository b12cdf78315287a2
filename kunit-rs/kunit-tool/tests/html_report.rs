//! `kunit exec --html` over a real harness: the page has the run's counts, a
//! duration for every suite and case (the runner times the harness's lines),
//! and the crashed cases among the failures with their reasons. The page in a
//! browser is scripts/check-html-report.sh's part.

mod common;

use std::process::Command;

use common::chaos_binary;

#[test]
fn exec_writes_a_timed_report() {
    let page_path = std::env::temp_dir().join(format!("kunit-html-{}.html", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_kunit"))
        .args(["exec", "--summary", "--binary"])
        .arg(chaos_binary())
        .arg("--html")
        .arg(&page_path)
        .arg("chaos_[bc]*")
        .output()
        .expect("run kunit");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("Ran 10 tests: passed: 5, failed: 1, crashed: 4"),
        "{stdout}"
    );
    let page = std::fs::read_to_string(&page_path).expect("the report was written");
    let _ = std::fs::remove_file(&page_path);
    for (what, n) in [
        ("total", 10),
        ("passed", 5),
        ("failed", 1),
        ("crashed", 4),
        ("suites", 2),
        ("failures", 5),
    ] {
        let shown = format!("data-count=\"{what}\">{n}<");
        assert!(page.contains(&shown), "{shown}");
    }
    // Both suites and the slowest-cases table have measured times.
    for suite in ["chaos_basic", "chaos_crash"] {
        let row = page
            .lines()
            .find(|l| l.starts_with(&format!("<tr class=\"suite\" data-name=\"{suite}\">")))
            .unwrap_or_else(|| panic!("no row for {suite}"));
        assert!(row.ends_with(" s</td></tr>"), "{row}");
    }
    assert!(page.contains("<table id=\"slowest\">"));
    assert_eq!(page.matches("<tr class=\"case\"").count(), 10);
    // A crashed case is a failure with the runner's reason in its log.
    assert!(
        page.contains("<b>chaos_crash.segfaults</b> <span class=\"crashed\">TEST_CRASHED</span>"),
        "{page}"
    );
    assert!(page.contains("segfaults: crashed: the harness process"));
}
