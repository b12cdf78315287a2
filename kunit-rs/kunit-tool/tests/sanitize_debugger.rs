//! `kunit run --sanitize` and `--debugger` on the fixture tests/fixtures/sanitize: an
//! out-of-bounds heap read fails exactly its case under AddressSanitizer, with the report in
//! the case's log and the run going on; gdb stops at a failed expectation with the test's
//! line selected, and lldb too. (`kunit c`'s are in c_sanitize.rs.) Each test says in one line
//! why it is skipped (no nightly, no gdb, no lldb or its Python).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{lldb_with_python, tool_runs, without_sanitizer};

fn fixture_manifest() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sanitize/Cargo.toml")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `kunit ARGS` on the fixture, into `target` under this test's temporary folder.
fn kunit_on_fixture(target: &str, args: &[&str]) -> Output {
    let build_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(target);
    without_sanitizer(&mut Command::new(env!("CARGO_BIN_EXE_kunit")))
        .arg("run")
        .arg("--manifest-path")
        .arg(fixture_manifest())
        .arg("--build_dir")
        .arg(&build_dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run kunit")
}

fn nightly() -> bool {
    Command::new("rustup")
        .args(["run", "nightly", "rustc", "--version"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn sanitize_address_fails_the_out_of_bounds_case_with_its_report() {
    if !nightly() {
        eprintln!("skipped: no nightly toolchain, so --sanitize=address cannot instrument Rust (rustup toolchain install nightly)");
        return;
    }
    let out = kunit_on_fixture(
        "sanitize-target",
        &["--sanitize=address", "--raw_output=all", "sanitize_memory"],
    );
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    // Exactly the bad case fails; the one after it ran (the run went on).
    assert!(stdout.contains("\n    ok 1 before_oob\n"), "{stdout}");
    assert!(stdout.contains("\n    not ok 2 oob_read\n"), "{stdout}");
    assert!(stdout.contains("\n    ok 3 after_oob\n"), "{stdout}");
    assert!(stdout.contains("\nnot ok 1 sanitize_memory\n"), "{stdout}");
    // The report is in the case's log, as `# ` lines, naming the line of the read.
    let report: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("    # oob_read: "))
        .collect();
    assert!(
        report
            .iter()
            .any(|l| l.contains("ERROR: AddressSanitizer: heap-buffer-overflow")),
        "{stdout}"
    );
    assert!(
        report
            .iter()
            .any(|l| l.contains("in memory::oob_read ") && l.contains("tests/memory.rs:12:")),
        "{stdout}"
    );
    // Above the failing case's result line, nowhere else, and never on stderr.
    let report_at = stdout.find("# oob_read: ").unwrap();
    assert!(report_at > stdout.find("ok 1 before_oob").unwrap());
    assert!(report_at < stdout.find("not ok 2 oob_read").unwrap());
    assert!(!stderr.contains("AddressSanitizer"), "{stderr}");
    // Built apart from a plain build.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sanitize-target/kunit-sanitize-address");
    assert!(dir.is_dir(), "{}", dir.display());
}

/// The line of the fixture's failing expectation.
fn debugger_line() -> usize {
    let src = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sanitize/tests/memory.rs"),
    )
    .unwrap();
    src.lines()
        .position(|l| l.contains("// DEBUGGER-LINE"))
        .unwrap()
        + 1
}

#[test]
fn debugger_stops_at_the_failed_expectation_with_the_tests_line_on_top() {
    if !tool_runs("gdb") {
        eprintln!("skipped: gdb is not installed (apt-get install gdb)");
        return;
    }
    let line = debugger_line();
    for extra in [&[][..], &["--run_isolated", "test"][..]] {
        let mut args = vec!["sanitize_debug.expect_fails", "--debugger"];
        args.extend_from_slice(extra);
        let out = kunit_on_fixture("plain-target", &args);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        // The failure was logged before the stop, and the selected frame is the test's line.
        assert!(
            stdout.contains("# expect_fails: EXPECTATION FAILED at tests/memory.rs:"),
            "{stdout}"
        );
        let at = stdout
            .find("in memory::expect_fails ")
            .unwrap_or_else(|| panic!("{stdout}"));
        let shown = &stdout[at..];
        assert!(
            shown.contains(&format!("at tests/memory.rs:{line}\n{line}\t")),
            "{stdout}"
        );
    }
}

#[test]
fn lldb_stops_at_the_failed_expectation_with_the_tests_line_on_top() {
    if let Err(skip) = lldb_with_python() {
        eprintln!("{skip}");
        return;
    }
    let line = debugger_line();
    let out = kunit_on_fixture(
        "plain-target",
        &["sanitize_debug.expect_fails", "--debugger=lldb"],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        stdout.contains("# expect_fails: EXPECTATION FAILED at tests/memory.rs:"),
        "{stdout}"
    );
    // kunit-select chose the test's frame (lldb names it with its hash) and marks its line.
    assert!(
        stdout.contains("kunit: the first failed expectation;"),
        "{stdout}"
    );
    let at = stdout
        .find("`memory::expect_fails")
        .unwrap_or_else(|| panic!("{stdout}"));
    let shown = &stdout[at..];
    assert!(
        shown.contains(&format!(" at memory.rs:{line}:")),
        "{stdout}"
    );
    assert!(shown.contains(&format!("-> {line} ")), "{stdout}");
}

#[test]
fn debugger_needs_exactly_one_test() {
    let out = kunit_on_fixture("plain-target", &["sanitize_debug.*", "--debugger"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains(
            "kunit: error: --debugger runs one test; the filters select 2 (narrow them, e.g. kunit run SUITE.CASE --debugger):\n  sanitize_debug.expect_fails\n  sanitize_debug.expect_passes\n"
        ),
        "{}",
        text(&out.stderr)
    );
}
