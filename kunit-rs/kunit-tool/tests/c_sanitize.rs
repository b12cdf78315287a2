//! `kunit c --sanitize`, `--coverage` and `--debugger` on C files of our own
//! (tests/fixtures/c/sanitize, coverage, debugger): each deliberate bug fails its own case with
//! the sanitizer's report in that case's log and the next case still runs; the same file
//! without the bugs passes with no report; lcov.info counts the code under test only, with
//! the hits the test gives it; gdb stops at a failed C expectation on the test's line. A test
//! that cannot run here (no sanitizer runtime, no gcov, no gdb) says why in one line.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{compiler_has, lldb_with_python, tool_runs, without_sanitizer};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/c")
}

/// `kunit c ARGS` in `dir`, with this test run's cache.
fn kunit_c(dir: &Path, args: &[&str]) -> Output {
    without_sanitizer(&mut Command::new(env!("CARGO_BIN_EXE_kunit")))
        .arg("c")
        .args(args)
        .current_dir(dir)
        .env(
            "KUNIT_C_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("kunit-c-sanitize-cache"),
        )
        .env_remove("LD_PRELOAD")
        .env_remove("GCOV_PREFIX")
        .stdin(Stdio::null())
        .output()
        .expect("run kunit")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The log lines of `case` (`    # case: ...`).
fn case_log<'a>(stdout: &'a str, case: &str) -> Vec<&'a str> {
    let prefix = format!("    # {case}: ");
    stdout.lines().filter(|l| l.starts_with(&prefix)).collect()
}

#[test]
fn each_bug_fails_its_own_case_with_the_report_in_its_log() {
    if !compiler_has("libasan.so") || !compiler_has("libubsan.so") {
        eprintln!("skipped: the C compiler has no shared libasan/libubsan (Debian: apt-get install libasan8 libubsan1)");
        return;
    }
    let out = kunit_c(
        &fixtures().join("sanitize"),
        &[
            "--sanitize=address,undefined",
            "--raw_output=all",
            "bugs_kunit.c",
        ],
    );
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    // --raw_output prints the KTAP and, as kunit.py, does not judge it: status 0.
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    // Exactly the bug cases fail, and the run goes on after each.
    for want in [
        "\n    ok 1 before_bugs\n",
        "\n    not ok 2 kmalloc_overflow\n",
        "\n    ok 3 after_overflow\n",
        "\n    not ok 4 kmalloc_use_after_free\n",
        "\n    not ok 5 shift_out_of_bounds\n",
        "\n    not ok 6 cache_overflow\n",
        "\n    ok 7 expects_kasan_report\n",
        "\n    ok 8 after_bugs\n",
    ] {
        assert!(stdout.contains(want), "{want:?} in\n{stdout}");
    }
    // Each report is in its own case's log, naming the bad line.
    let src = std::fs::read_to_string(fixtures().join("sanitize/bugs_kunit.c")).unwrap();
    let line_of = |needle: &str| {
        src.lines()
            .position(|l| l.contains(needle))
            .map(|i| i + 1)
            .unwrap_or_else(|| panic!("{needle} in the fixture"))
    };
    let checks = [
        (
            "kmalloc_overflow",
            "ERROR: AddressSanitizer: use-after-poison",
            line_of("[at_run_time(10)] = 'x'"),
        ),
        (
            "kmalloc_use_after_free",
            "ERROR: AddressSanitizer: heap-use-after-free",
            line_of("seen = ((volatile int *)p)[1];"),
        ),
        (
            "shift_out_of_bounds",
            "runtime error: shift exponent 40 is too large for 32-bit type 'int'",
            line_of("1 << at_run_time(40)"),
        ),
        (
            "cache_overflow",
            "ERROR: AddressSanitizer: use-after-poison",
            line_of("[at_run_time(24)] = 1"),
        ),
    ];
    for (case, what, line) in checks {
        let log = case_log(&stdout, case);
        assert!(
            log.iter().any(|l| l.contains(what)),
            "{case}: {what} in\n{stdout}"
        );
        assert!(
            log.iter()
                .any(|l| l.contains(&format!("bugs_kunit.c:{line}"))),
            "{case}: line {line} in\n{stdout}"
        );
        // Above the case's result line.
        let at = stdout.find(&format!("    # {case}: ")).unwrap();
        assert!(at < stdout.find(&format!(" {case}\n")).unwrap(), "{stdout}");
    }
    // The expected report is logged by KUNIT_EXPECT_KASAN_FAIL's case, which passes.
    assert!(case_log(&stdout, "expects_kasan_report")
        .iter()
        .any(|l| l.contains("ERROR: AddressSanitizer")));
    // Cases without a bug have no report; nothing unattributed on stderr.
    for case in ["before_bugs", "after_overflow", "after_bugs"] {
        assert!(case_log(&stdout, case).is_empty(), "{case}: {stdout}");
    }
    for stray in ["AddressSanitizer", "runtime error", "LeakSanitizer"] {
        assert!(!stderr.contains(stray), "{stray} on stderr:\n{stderr}");
    }
}

#[test]
fn a_report_fails_the_run_and_is_named_in_the_summary() {
    if !compiler_has("libasan.so") || !compiler_has("libubsan.so") {
        eprintln!("skipped: the C compiler has no shared libasan/libubsan (Debian: apt-get install libasan8 libubsan1)");
        return;
    }
    let out = kunit_c(
        &fixtures().join("sanitize"),
        &["--sanitize=address,undefined", "bugs_kunit.c"],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("Testing complete. Ran 8 tests: passed: 4, failed: 4"),
        "{stdout}"
    );
    for case in [
        "kmalloc_overflow",
        "kmalloc_use_after_free",
        "shift_out_of_bounds",
        "cache_overflow",
    ] {
        assert!(
            stdout.contains(&format!("] [FAILED] {case}\n")),
            "{case}: {stdout}"
        );
    }
}

#[test]
fn a_leak_fails_the_run_with_its_report() {
    if !compiler_has("libasan.so") {
        eprintln!(
            "skipped: the C compiler has no shared libasan (Debian: apt-get install libasan8)"
        );
        return;
    }
    let out = kunit_c(
        &fixtures().join("sanitize"),
        &["--sanitize=address", "leak_kunit.c"],
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    // The case itself passed: a leak belongs to no case.
    assert!(
        stdout.contains("] [PASSED] leaks_ten_objects\n"),
        "{stdout}"
    );
    assert!(
        stderr.contains(
            "a sanitizer report outside any case (exited with status 101):\n# kunit-sanitizer: "
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("# kunit-sanitizer: SUMMARY: AddressSanitizer: ")
            && stderr.contains(" byte(s) leaked in 10 allocation(s)."),
        "{stderr}"
    );
}

#[test]
fn the_file_without_its_bugs_passes_with_no_report() {
    if !compiler_has("libasan.so") || !compiler_has("libubsan.so") {
        eprintln!("skipped: the C compiler has no shared libasan/libubsan (Debian: apt-get install libasan8 libubsan1)");
        return;
    }
    let out = kunit_c(
        &fixtures().join("sanitize"),
        &[
            "--sanitize=address,undefined",
            "--raw_output=all",
            "-D",
            "CLEAN",
            "bugs_kunit.c",
        ],
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(stdout.contains("\nok 1 c_sanitize_bugs\n"), "{stdout}");
    assert!(
        stdout.contains("# Totals: pass:7 fail:0 skip:0 total:7"),
        "{stdout}"
    );
    for report in ["Sanitizer", "runtime error"] {
        assert!(!stdout.contains(report), "{stdout}");
        assert!(!stderr.contains(report), "{stderr}");
    }
}

/// kunit-c's word-at-a-time loads read past a short object on purpose (strscpy() of a string
/// literal in lib/string.c, as the kernel does with loads KASAN does not see): under
/// `--sanitize=address` that is no report. Its header suite passes whole, with no report.
#[test]
fn word_at_a_time_reads_past_an_object_are_no_report() {
    if !compiler_has("libasan.so") || !compiler_has("libubsan.so") {
        eprintln!("skipped: the C compiler has no shared libasan/libubsan (Debian: apt-get install libasan8 libubsan1)");
        return;
    }
    let headers = Path::new(env!("CARGO_MANIFEST_DIR")).join("../kunit-c/tests/headers/lib");
    let out = kunit_c(
        &headers,
        &[
            "--sanitize=address,undefined",
            "--raw_output=all",
            "checksum_kunit.c",
        ],
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("    ok 6 load_unaligned_zeropad_reads_past_a_short_object\n"),
        "{stdout}"
    );
    assert!(stdout.contains("\nok 1 kunit-c-checksum\n"), "{stdout}");
    for report in ["Sanitizer", "runtime error"] {
        assert!(!stdout.contains(report), "{stdout}");
        assert!(!stderr.contains(report), "{stderr}");
    }
}

#[test]
fn without_address_sanitizer_the_kasan_expectation_is_skipped() {
    let out = kunit_c(
        &fixtures().join("sanitize"),
        &[
            "--raw_output=all",
            "bugs_kunit.c",
            "c_sanitize_bugs.expects_kasan_report",
        ],
    );
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        text(&out.stderr)
    );
    assert!(
        stdout.contains(
            "ok 1 expects_kasan_report # SKIP KUNIT_EXPECT_KASAN_FAIL needs AddressSanitizer (kunit c --sanitize=address)"
        ),
        "{stdout}"
    );
}

#[test]
fn an_unknown_sanitizer_is_a_usage_error() {
    let out = kunit_c(&fixtures(), &["--sanitize=memory", "pass_kunit.c"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr)
            .contains("unknown sanitizer 'memory' (choose from address, undefined, thread)"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn coverage_counts_the_code_under_test_with_the_tests_hits() {
    if !tool_runs("gcov") {
        eprintln!("skipped: gcov is not installed (it comes with gcc)");
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c-coverage");
    let _ = std::fs::remove_dir_all(&dir);
    let arg = format!("--coverage={}", dir.display());
    let out = kunit_c(
        &fixtures().join("coverage"),
        &[&arg, "clamp_kunit.c", "clamp.c"],
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let lcov = std::fs::read_to_string(dir.join("lcov.info")).expect("lcov.info");
    // Only the code under test: not the test file, not kunit-c's headers.
    let sources: Vec<&str> = lcov.lines().filter(|l| l.starts_with("SF:")).collect();
    let code = fixtures().join("coverage/clamp.c");
    assert_eq!(
        sources,
        vec![format!("SF:{}", code.display()).as_str()],
        "{lcov}"
    );
    let src = std::fs::read_to_string(&code).unwrap();
    let line_of = |needle: &str| src.lines().position(|l| l.contains(needle)).unwrap() + 1;
    // Three calls: the low check ran 3 times, one of them took the early return (the
    // optimiser's lines, -O2 as in the kernel, keep the condition's count).
    let low = line_of("if (v < lo)");
    assert!(lcov.contains(&format!("\nDA:{low},3\n")), "{lcov}");
    assert!(lcov.contains(&format!("\nBRDA:{low},0,0,2\n")), "{lcov}");
    assert!(lcov.contains(&format!("\nBRDA:{low},0,1,1\n")), "{lcov}");
    // Never called: counted, zero.
    assert!(
        lcov.contains(&format!("\nDA:{},0\n", line_of("NEVER-CALLED"))),
        "{lcov}"
    );
    assert!(lcov.contains("\nFNDA:3,fixture_clamp\n"), "{lcov}");
    assert!(lcov.contains("\nFNDA:0,fixture_never_called\n"), "{lcov}");
    assert!(lcov.contains("\nFNF:2\nFNH:1\n"), "{lcov}");
    // The page and the summary line.
    let page = std::fs::read_to_string(dir.join("index.html")).expect("index.html");
    assert!(page.contains("clamp.c"), "the page names the file");
    assert!(
        stderr.contains(&format!(
            "Coverage: lines 3/5 (60.0%), functions 1/2, branches 2/2 in 1 files: {}",
            dir.join("lcov.info").display()
        )),
        "{stderr}"
    );
    // --coverage-all keeps the test file and kunit-c's headers.
    let out = kunit_c(
        &fixtures().join("coverage"),
        &[&arg, "--coverage-all", "clamp_kunit.c", "clamp.c"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lcov = std::fs::read_to_string(dir.join("lcov.info")).unwrap();
    assert!(lcov.contains("clamp_kunit.c\n"), "{lcov}");
    assert!(lcov.contains("/include/kunit/"), "{lcov}");
}

#[test]
fn debugger_stops_at_the_failed_c_expectation_on_the_tests_line() {
    if !tool_runs("gdb") {
        eprintln!("skipped: gdb is not installed (apt-get install gdb)");
        return;
    }
    let dir = fixtures().join("debugger");
    let src = std::fs::read_to_string(dir.join("expect_kunit.c")).unwrap();
    let line = src
        .lines()
        .position(|l| l.contains("// DEBUGGER-LINE"))
        .unwrap()
        + 1;
    let out = kunit_c(
        &dir,
        &["expect_kunit.c", "c_debug.c_expect_fails", "--debugger"],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        stdout.contains(&format!(
            "# c_expect_fails: EXPECTATION FAILED at {}:{line}",
            dir.join("expect_kunit.c").display()
        )),
        "{stdout}"
    );
    let at = stdout
        .find(" in c_expect_fails ")
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(
        stdout[at..].contains(&format!("expect_kunit.c:{line}\n{line}\t")),
        "{stdout}"
    );
}

#[test]
fn lldb_stops_at_the_failed_c_expectation_on_the_tests_line() {
    if let Err(skip) = lldb_with_python() {
        eprintln!("{skip}");
        return;
    }
    let dir = fixtures().join("debugger");
    let src = std::fs::read_to_string(dir.join("expect_kunit.c")).unwrap();
    let line = src
        .lines()
        .position(|l| l.contains("// DEBUGGER-LINE"))
        .unwrap()
        + 1;
    let out = kunit_c(
        &dir,
        &[
            "expect_kunit.c",
            "c_debug.c_expect_fails",
            "--debugger=lldb",
        ],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        stdout.contains(&format!(
            "# c_expect_fails: EXPECTATION FAILED at {}:{line}",
            dir.join("expect_kunit.c").display()
        )),
        "{stdout}"
    );
    // kunit-select (lldb's Python) chose the C test's frame: lldb shows it and marks its line.
    assert!(
        stdout.contains("kunit: the first failed expectation;"),
        "lldb ran no Python (Debian: apt-get install python3-lldb-N): {stdout}"
    );
    let at = stdout
        .find("`c_expect_fails(")
        .unwrap_or_else(|| panic!("{stdout}"));
    let shown = &stdout[at..];
    assert!(
        shown.contains(&format!(" at expect_kunit.c:{line}:")),
        "{stdout}"
    );
    assert!(shown.contains(&format!("-> {line} ")), "{stdout}");
}

#[test]
fn valgrind_reports_the_uninitialised_kmalloc_read_asan_cannot_see() {
    if !tool_runs("valgrind") {
        eprintln!("skipped: valgrind is not installed (apt-get install valgrind)");
        return;
    }
    let dir = fixtures().join("sanitize");
    let src = std::fs::read_to_string(dir.join("uninit_kunit.c")).unwrap();
    let line_of = |mark: &str| src.lines().position(|l| l.contains(mark)).unwrap() + 1;
    let (alloc, used) = (line_of("// ALLOC-LINE"), line_of("// UNINIT-USE-LINE"));
    let args = ["uninit_kunit.c", "c_uninit*", "--debugger=valgrind"];
    let out = kunit_c(&dir, &args);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    let all = format!("{stdout}\n--- stderr:\n{stderr}");
    // memcheck's report is a test result: the case it came in fails, with the report in its
    // log, and the cases around it pass; the run fails.
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(stdout.contains("    ok 1 before_uninit\n"), "{all}");
    assert!(stdout.contains("    not ok 2 uninit_read\n"), "{all}");
    assert!(stdout.contains("    ok 3 after_uninit\n"), "{all}");
    let case = stdout
        .find("    # uninit_read: ")
        .map(|at| &stdout[at..stdout.find("    not ok 2 uninit_read").unwrap()])
        .unwrap_or_else(|| panic!("{all}"));
    let report = case
        .find("Conditional jump or move depends on uninitialised value(s)")
        .map(|at| &case[at..])
        .unwrap_or_else(|| panic!("{all}"));
    // Every line of the report is a `# uninit_read: ` log line of the case.
    let report_lines: Vec<&str> = case.lines().filter(|l| l.contains("==")).collect();
    assert!(!report_lines.is_empty(), "{all}");
    assert!(
        report_lines
            .iter()
            .all(|l| l.starts_with("    # uninit_read: ==")),
        "{all}"
    );
    assert!(
        report.contains(&format!("uninit_read (uninit_kunit.c:{used})")),
        "{all}"
    );
    let origin = report
        .find("Uninitialised value was created by a heap allocation")
        .unwrap_or_else(|| panic!("{all}"));
    assert!(
        report[origin..].contains(&format!("uninit_read (uninit_kunit.c:{alloc})")),
        "{all}"
    );
    // Run again (the second suite), the same place is not printed again: the case fails on
    // valgrind's error count.
    let again = stdout
        .find("# Subtest: c_uninit_again")
        .map(|at| &stdout[at..])
        .unwrap_or_else(|| panic!("{all}"));
    assert!(
        again.contains(
            "    # uninit_read: valgrind: 1 more error(s) at a place reported earlier (memcheck prints each place once)\n    not ok 1 uninit_read\n"
        ),
        "{all}"
    );
    // Nothing is left unattributed: no report on stderr.
    assert!(!stderr.contains("uninitialised"), "{all}");
    assert!(!stderr.contains("outside any case"), "{all}");
    // The same file with the bytes written first: no report, every case passes.
    let mut clean = vec!["-D", "CLEAN"];
    clean.extend_from_slice(&args);
    let out = kunit_c(&dir, &clean);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    let all = format!("{stdout}\n--- stderr:\n{stderr}");
    assert_eq!(out.status.code(), Some(0), "{all}");
    assert!(stdout.contains("    ok 2 uninit_read\n"), "{all}");
    assert!(stdout.contains("    ok 1 uninit_read\n"), "{all}");
    assert!(!stdout.contains("not ok"), "{all}");
    assert!(!all.contains("uninitialised"), "{all}");
}
