//! Tree mode's own additions to kunit.py's flags, `--sanitize`, `--coverage` and `--debugger`,
//! over a copy of tests/fixtures/kernel-tree with tests/fixtures/tree-instrument added: a
//! planted heap overflow in the tree's code (`lib/fill.c`) fails its case under ASan with the
//! report naming the tree's line, while the plain run does not see it; coverage counts the
//! tree's code, not its tests; `exec` runs the build as it was instrumented; gdb stops at a
//! tree test's failed expectation. A test that cannot run here says why in one line.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{compiler_has, copy_dir, tool_runs, without_sanitizer};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// A fresh copy of the fixture tree with the fill fixture added, named for the test.
fn tree(name: &str) -> PathBuf {
    let dst = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("tree-instrument")
        .join(name);
    let _ = std::fs::remove_dir_all(&dst);
    copy_dir(&fixtures().join("kernel-tree"), &dst);
    copy_dir(&fixtures().join("tree-instrument"), &dst);
    for f in ["Kconfig", "Makefile"] {
        let add = dst.join(format!("lib/{f}.add"));
        let text = std::fs::read_to_string(&add).expect("fragment");
        let mut base = std::fs::read_to_string(dst.join("lib").join(f)).expect("lib file");
        base.push_str(&text);
        std::fs::write(dst.join("lib").join(f), base).expect("append");
        std::fs::remove_file(add).expect("fragment");
    }
    std::fs::canonicalize(dst).expect("canonical")
}

fn kunit(dir: &Path, args: &[&str]) -> Output {
    without_sanitizer(&mut Command::new(env!("CARGO_BIN_EXE_kunit")))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("KUNIT_C_HARNESS")
        .env_remove("LD_PRELOAD")
        .env_remove("GCOV_PREFIX")
        .stdin(Stdio::null())
        .output()
        .expect("run kunit")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// 1-based line of the first line of `file` (in the tree) containing `needle`.
fn line_of(tree: &Path, file: &str, needle: &str) -> usize {
    let src = std::fs::read_to_string(tree.join(file)).expect("source");
    src.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle} in {file}"))
        + 1
}

const FILL: &str = "CONFIG_FILL_KUNIT_TEST=y";

#[test]
fn a_heap_overflow_in_the_trees_code_fails_its_case_with_the_report() {
    if !compiler_has("libasan.so") || !compiler_has("libubsan.so") {
        eprintln!("skipped: the C compiler has no shared libasan/libubsan (Debian: apt-get install libasan8 libubsan1)");
        return;
    }
    let t = tree("asan");
    // Without a sanitizer the byte past the buffer goes unnoticed.
    let plain = kunit(&t, &["run", "--kconfig_add", FILL]);
    let stdout = text(&plain.stdout);
    assert_eq!(
        plain.status.code(),
        Some(0),
        "{stdout}{}",
        text(&plain.stderr)
    );
    assert!(stdout.contains("] [PASSED] fill_overflows\n"), "{stdout}");
    // With ASan: that case fails with the report, the others still run and pass.
    let out = kunit(
        &t,
        &["run", "--kconfig_add", FILL, "--sanitize=address,undefined"],
    );
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    for want in [
        "] [FAILED] fill_overflows\n",
        "] [PASSED] count_on_stack\n",
        "] [PASSED] sum_of_three\n",
        "] [PASSED] sum_of_none\n",
        "Ran 4 tests: passed: 3, failed: 1\n",
    ] {
        assert!(stdout.contains(want), "{want:?} in\n{stdout}");
    }
    let log: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains("] # fill_overflows: "))
        .collect();
    assert!(
        log.iter()
            .any(|l| l.contains("ERROR: AddressSanitizer: use-after-poison")),
        "{stdout}"
    );
    let bad = line_of(&t, "lib/fill.c", "PLANTED-OVERFLOW");
    let at = format!(" in fixture_fill {}:{bad}", t.join("lib/fill.c").display());
    assert!(log.iter().any(|l| l.contains(&at)), "{at} in\n{stdout}");
    // Above the case's result; no other case has a report; nothing unattributed on stderr.
    assert!(stdout.find(&at).unwrap() < stdout.find("[FAILED] fill_overflows").unwrap());
    assert_eq!(
        stdout.matches("ERROR: AddressSanitizer").count(),
        1,
        "{stdout}"
    );
    for stray in ["AddressSanitizer", "runtime error"] {
        assert!(!stderr.contains(stray), "{stray} on stderr:\n{stderr}");
    }
}

#[test]
fn thread_sanitizer_links_and_runs_the_tree() {
    if !compiler_has("libtsan.so") {
        eprintln!(
            "skipped: the C compiler has no shared libtsan (Debian: apt-get install libtsan2)"
        );
        return;
    }
    let t = tree("tsan");
    let out = kunit(&t, &["run", "--kconfig_add", FILL, "--sanitize=thread"]);
    let stdout = text(&out.stdout);
    // TSan checks no bounds: every case runs and passes, none is skipped for a symbol of
    // TSan's (its objects unwind through libgcc_s, the process's).
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("Ran 4 tests: passed: 4\n"), "{stdout}");
}

#[test]
fn coverage_counts_the_trees_code_not_its_tests() {
    if !tool_runs("gcov") {
        eprintln!("skipped: gcov is not installed (it comes with gcc)");
        return;
    }
    let t = tree("coverage");
    let dir = t.join("cov");
    let arg = format!("--coverage={}", dir.display());
    let out = kunit(&t, &["run", "--kconfig_add", FILL, &arg]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let lcov = std::fs::read_to_string(dir.join("lcov.info")).expect("lcov.info");
    let sources: Vec<&str> = lcov.lines().filter(|l| l.starts_with("SF:")).collect();
    let fill = t.join("lib/fill.c");
    let sum = t.join("lib/sum.c");
    assert_eq!(
        sources,
        [
            format!("SF:{}", fill.display()),
            format!("SF:{}", sum.display())
        ],
        "{lcov}"
    );
    // The fill loop's body ran 8 + 1 times (the planted byte too); the untested function
    // is counted, zero.
    let body = line_of(&t, "lib/fill.c", "PLANTED-OVERFLOW");
    assert!(lcov.contains(&format!("\nDA:{body},9\n")), "{lcov}");
    let never = line_of(&t, "lib/fill.c", "NEVER-CALLED");
    assert!(lcov.contains(&format!("\nDA:{never},0\n")), "{lcov}");
    assert!(lcov.contains("\nFNDA:0,fixture_triple\n"), "{lcov}");
    assert!(lcov.contains("\nFNDA:2,fixture_count\n"), "{lcov}");
    assert!(lcov.contains("\nFNDA:2,fixture_sum\n"), "{lcov}");
    let page = std::fs::read_to_string(dir.join("index.html")).expect("index.html");
    assert!(page.contains("fill.c") && page.contains("sum.c"), "{page}");
    assert!(
        stderr.contains(&format!("in 2 files: {}", dir.join("lcov.info").display())),
        "{stderr}"
    );
    // --coverage-all: the test files too.
    let out = kunit(&t, &["run", "--kconfig_add", FILL, &arg, "--coverage-all"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lcov = std::fs::read_to_string(dir.join("lcov.info")).expect("lcov.info");
    assert!(lcov.contains("lib/fill_kunit.c\n"), "{lcov}");
    assert!(lcov.contains("lib/sum_kunit.c\n"), "{lcov}");
}

#[test]
fn exec_runs_the_build_as_it_was_instrumented() {
    if !compiler_has("libasan.so") {
        eprintln!(
            "skipped: the C compiler has no shared libasan (Debian: apt-get install libasan8)"
        );
        return;
    }
    let t = tree("exec");
    let out = kunit(&t, &["build", "--kconfig_add", FILL, "--sanitize=address"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Other flags than the build's: an error, not a run without the runtime.
    let out = kunit(&t, &["exec"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("the last build was made with --sanitize=address"),
        "{}",
        text(&out.stderr)
    );
    let out = kunit(&t, &["exec", "--sanitize=address", "fixture-fill"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("] [FAILED] fill_overflows\n"), "{stdout}");
    assert!(stdout.contains("ERROR: AddressSanitizer"), "{stdout}");
}

#[test]
fn debugger_stops_at_the_failed_expectation_of_a_tree_test() {
    if !tool_runs("gdb") {
        eprintln!("skipped: gdb is not installed (apt-get install gdb)");
        return;
    }
    let t = tree("debugger");
    let sum = t.join("lib/sum.c");
    let code = std::fs::read_to_string(&sum).expect("sum.c");
    std::fs::write(&sum, code.replace("int s = 0;", "int s = 1;")).expect("edit");
    let line = line_of(&t, "lib/sum_kunit.c", "fixture_sum(v, 3), 13");
    let out = kunit(&t, &["run", "fixture-sum.sum_of_three", "--debugger"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains(&format!(
            "# sum_of_three: EXPECTATION FAILED at lib/sum_kunit.c:{line}"
        )),
        "{stdout}"
    );
    let at = stdout
        .find(" in sum_of_three ")
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(
        stdout[at..].contains(&format!("sum_kunit.c:{line}\n{line}\t")),
        "{stdout}"
    );
}

#[test]
fn debugger_under_asan_stops_at_the_reported_line_of_the_trees_code() {
    if !tool_runs("gdb") || !compiler_has("libasan.so") {
        eprintln!(
            "skipped: needs gdb and the C compiler's shared libasan (apt-get install gdb libasan8)"
        );
        return;
    }
    let t = tree("debugger-asan");
    let bad = line_of(&t, "lib/fill.c", "PLANTED-OVERFLOW");
    let out = kunit(
        &t,
        &[
            "run",
            "--kconfig_add",
            FILL,
            "--sanitize=address",
            "fixture-fill.fill_overflows",
            "--debugger",
        ],
    );
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("kunit: the sanitizer's report"), "{stdout}");
    let at = stdout
        .find(" in fixture_fill ")
        .unwrap_or_else(|| panic!("{stdout}"));
    let frame = &stdout[at..];
    assert!(
        frame.contains(&format!("lib/fill.c:{bad}\n{bad}\t")),
        "{frame}"
    );
    // LeakSanitizer, which cannot run under ptrace, is off for the program under gdb.
    assert!(
        !stdout.contains("LeakSanitizer has encountered a fatal error"),
        "{stdout}"
    );
}

#[test]
fn help_lists_the_additions_apart_from_kunit_py_flags() {
    let t = tree("help");
    let out = kunit(&t, &["run", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout);
    let apart = help
        .find("\nkunit-rs additions (not kunit.py flags")
        .unwrap_or_else(|| panic!("{help}"));
    for flag in [
        "--sanitize LIST\n",
        "--coverage[=DIR]\n",
        "--coverage-all\n",
        "--debugger[=DEBUGGER]\n",
    ] {
        let at = help
            .find(&format!("\n  {flag}"))
            .unwrap_or_else(|| panic!("{flag} in {help}"));
        assert!(at > apart, "{flag} before the additions' heading:\n{help}");
    }
    assert!(help.find("\n  --kunitconfig ").unwrap() < apart, "{help}");
}
