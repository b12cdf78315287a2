//! `kunit c` end to end: it builds C files of our own (tests/fixtures/c) into its cache
//! and prints `kunit run`'s report; a missing header, an undeclared function and a file
//! without a suite each fail with a clear message; a kernel tree's headers, Makefile flags
//! and a `.kunitconfig` apply, and a tree file's generated table is made first. All runs
//! share one cache.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::without_sanitizer;

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
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("kunit-c-cache"),
        )
        .output()
        .expect("run kunit")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The report's lines without kunit.py's `[HH:MM:SS] ` timestamps.
fn report(out: &Output) -> Vec<String> {
    text(&out.stdout)
        .lines()
        .map(|l| match l.strip_prefix('[') {
            Some(rest) if rest.get(8..10) == Some("] ") => rest[10..].to_owned(),
            _ => l.to_owned(),
        })
        .collect()
}

#[test]
fn a_passing_file_prints_kunit_runs_report() {
    let out = kunit_c(&fixtures(), &["pass_kunit.c"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines = report(&out);
    for want in [
        "[PASSED] adds",
        "[SKIPPED] skips (not here)",
        "Testing complete. Ran 2 tests: passed: 1, skipped: 1",
    ] {
        assert!(lines.iter().any(|l| l == want), "{want:?} in {lines:#?}");
    }
}

#[test]
fn sleeping_in_atomic_context_fails_at_the_callers_line() {
    let out = kunit_c(&fixtures(), &["atomic_context_kunit.c"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let lines = report(&out);
    // The kernel's report, at the caller's file (as the compiler names it) and line.
    for (case, line) in [
        ("sleeps_under_a_spinlock", 21),
        ("takes_a_mutex_with_irqs_disabled", 30),
        ("msleeps_under_a_read_lock", 40),
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("    # {case}: "))
                    && l.contains("BUG: sleeping function called from invalid context at ")
                    && l.ends_with(&format!("atomic_context_kunit.c:{line}"))),
            "{case} at line {line} in {lines:#?}"
        );
    }
    for want in [
        "[FAILED] sleeps_under_a_spinlock",
        "[FAILED] takes_a_mutex_with_irqs_disabled",
        "[FAILED] msleeps_under_a_read_lock",
        "[PASSED] sleeps_after_the_unlock",
        "Testing complete. Ran 4 tests: passed: 1, failed: 3",
    ] {
        assert!(lines.iter().any(|l| l == want), "{want:?} in {lines:#?}");
    }
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("in_atomic(): 1, irqs_disabled(): 0, non_block: 0, pid: ")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l == "preempt_count: 1, expected: 0"),
        "{lines:#?}"
    );
}

#[test]
fn slow_cases_run_by_default_as_in_the_kernel() {
    let out = kunit_c(&fixtures(), &["slow_kunit.c"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines = report(&out);
    for want in [
        "[PASSED] quick",
        "[PASSED] slow_sum",
        "[PASSED] very_slow_product",
        "Testing complete. Ran 3 tests: passed: 3",
    ] {
        assert!(lines.iter().any(|l| l == want), "{want:?} in {lines:#?}");
    }
    // The kernel's filter leaves them out (not run, not reported).
    let out = kunit_c(&fixtures(), &["slow_kunit.c", "--filter", "speed>slow"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines = report(&out);
    assert!(lines.iter().any(|l| l == "[PASSED] quick"), "{lines:#?}");
    assert!(
        !lines
            .iter()
            .any(|l| l.contains("slow_sum") || l.contains("very_slow")),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "Testing complete. Ran 1 tests: passed: 1"),
        "{lines:#?}"
    );
}

#[test]
fn memory_without_a_struct_page_fails_at_the_callers_line() {
    let out = kunit_c(&fixtures(), &["no_struct_page_kunit.c"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let lines = report(&out);
    for (case, line, why) in [
        (
            "gup_of_user_memory",
            20,
            "user memory is not the page pool's, so it has no struct page to take",
        ),
        (
            "vmalloc_to_page_of_vmalloc",
            28,
            "vmalloc()'s memory is not the page pool's, so it has no struct page",
        ),
    ] {
        // The reason, at the C caller's file and line.
        assert!(
            lines
                .iter()
                .any(|l| l.trim_start().starts_with(&format!("# {case}: "))
                    && l.contains(&format!("no_struct_page_kunit.c:{line}: kunit-c: "))
                    && l.contains(why)),
            "{case} at line {line}: {why:?} in {lines:#?}"
        );
    }
    for want in [
        "[FAILED] gup_of_user_memory",
        "[FAILED] vmalloc_to_page_of_vmalloc",
        "[PASSED] vmalloc_to_page_of_vmap",
        "Testing complete. Ran 3 tests: passed: 1, failed: 2",
    ] {
        assert!(lines.iter().any(|l| l == want), "{want:?} in {lines:#?}");
    }
}

#[test]
fn sleeping_in_the_irq_stand_ins_contexts_fails_as_run_in_irq_reports_it() {
    let out = kunit_c(&fixtures(), &["irq_sleep_kunit.c"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let lines = report(&out);
    let at = |suffix: &str| {
        lines
            .iter()
            .filter(|l| {
                l.starts_with("BUG: sleeping function called from invalid context at ")
                    && l.ends_with(suffix)
            })
            .count()
    };
    // might_sleep() in hardirq and in softirq: one report each, at the C caller's line.
    assert_eq!(at("irq_sleep_kunit.c:13"), 2, "{lines:#?}");
    // kmalloc(GFP_KERNEL) in hardirq: the kernel's might_alloc(), in the allocator.
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("BUG: sleeping function") && l.contains("/glue/slab.c:"))
            .count(),
        1,
        "{lines:#?}"
    );
    for context in ["hardirq", "softirq"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("(in {context} context"))),
            "{context} in {lines:#?}"
        );
    }
    assert!(
        lines
            .iter()
            .any(|l| l == "preempt_count: 10000, expected: 0"),
        "{lines:#?}"
    );
    for want in [
        "[FAILED] might_sleep_in_irq",
        "[FAILED] kmalloc_gfp_kernel_in_hardirq",
        "[PASSED] kmalloc_gfp_atomic_in_irq",
        "Testing complete. Ran 3 tests: passed: 1, failed: 2",
    ] {
        assert!(lines.iter().any(|l| l == want), "{want:?} in {lines:#?}");
    }
}

#[test]
fn sleeping_in_timer_and_hrtimer_callbacks_fails_the_test_that_armed_them() {
    let out = kunit_c(&fixtures(), &["timer_sleep_kunit.c"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let lines = report(&out);
    // might_sleep() in the timer's callback (softirq) and the hrtimer's (hardirq), at its line.
    for (line, context) in [("19", "softirq"), ("25", "hardirq")] {
        let at = format!("timer_sleep_kunit.c:{line}");
        assert!(
            lines.iter().any(|l| l
                .contains("BUG: sleeping function called from invalid context at ")
                && l.ends_with(&at)),
            "{at} in {lines:#?}"
        );
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("(in {context} context"))),
            "{context} in {lines:#?}"
        );
    }
    assert!(
        lines
            .iter()
            .any(|l| l.contains("a timer's own callback waits for that callback to end")),
        "{lines:#?}"
    );
    for want in [
        "[FAILED] might_sleep_in_timer",
        "[FAILED] might_sleep_in_hrtimer",
        "[PASSED] msleep_in_work",
        "[FAILED] del_timer_sync_in_own_callback",
        "Testing complete. Ran 4 tests: passed: 1, failed: 3",
    ] {
        assert!(lines.iter().any(|l| l == want), "{want:?} in {lines:#?}");
    }
}

#[test]
fn json_goes_to_stdout() {
    let out = kunit_c(&fixtures(), &["pass_kunit.c", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("\"name\": \"c_pass\""), "{stdout}");
}

#[test]
fn a_missing_header_is_one_clear_error() {
    let out = kunit_c(&fixtures(), &["missing_header_kunit.c"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(
            "kunit-c has no <linux/no_such_header.h> (included at missing_header_kunit.c:3)"
        ) || stderr.contains("kunit-c has no <linux/no_such_header.h> (included at /"),
        "{stderr}"
    );
}

#[test]
fn an_undeclared_function_is_an_error() {
    let out = kunit_c(&fixtures(), &["undeclared_kunit.c"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("error: implicit declaration of function 'not_declared_anywhere'")
            || stderr.contains("error: call to undeclared function 'not_declared_anywhere'"),
        "{stderr}"
    );
}

#[test]
fn a_file_without_a_suite_fails() {
    let out = kunit_c(&fixtures(), &["no_suite_kunit.c"]);
    assert_eq!(out.status.code(), Some(1));
    let lines = report(&out);
    assert!(
        lines
            .iter()
            .any(|l| l == "[ERROR] Test: main: 0 tests run!"),
        "{lines:#?}"
    );
    // The harness itself says why, and fails: run it as `kunit c` does, on the shared
    // object in the cache.
    let runs = Path::new(env!("CARGO_TARGET_TMPDIR")).join("kunit-c-cache/runs");
    let objects: Vec<PathBuf> = std::fs::read_dir(&runs)
        .expect("the cache's runs folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("no_suite_kunit-"))
        })
        .map(|p| p.join("c-suites.so"))
        .collect();
    assert!(
        !objects.is_empty(),
        "no shared object in {}",
        runs.display()
    );
    for so in objects {
        let run = without_sanitizer(&mut Command::new(env!("CARGO_BIN_EXE_kunit")))
            .env("KUNIT_C_HARNESS", &so)
            .output()
            .expect("run the harness");
        assert_eq!(run.status.code(), Some(1), "{}", so.display());
        assert!(text(&run.stdout).is_empty());
        assert!(
            text(&run.stderr).contains("kunit-c: no C suite is registered in this test binary"),
            "{}",
            text(&run.stderr)
        );
    }
}

#[test]
fn a_kernel_tree_with_kconfig() {
    let out = kunit_c(
        &fixtures(),
        &[
            "--kernel-tree",
            "tree",
            "lib/tests/answer_kunit.c",
            "lib/answer.c",
            "--kunitconfig",
            "tree",
            "-DUNUSED_DEFINE=1",
            "--kconfig_add",
            "CONFIG_ANSWER=42",
            "--kconfig_add=CONFIG_ANSWER_NAME=\"deep thought\"",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(report(&out).iter().any(|l| l == "[PASSED] answers"));
}

#[test]
fn a_kernel_tree_files_generated_table_is_made_first() {
    // The fixture kernel tree's lib/table.c includes squares.h, which its Makefile makes with
    // the host program gen_squares; the tree itself is only read.
    let tree = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/kernel-tree");
    let args = [
        "--kernel-tree",
        tree.to_str().expect("utf-8 path"),
        "lib/table_kunit.c",
        "lib/table.c",
        "--kconfig_add",
        "CONFIG_TABLE_ENTRIES=6",
    ];
    let out = kunit_c(&fixtures(), &args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(report(&out)
        .iter()
        .any(|l| l == "[PASSED] table_holds_squares"));
    assert!(!tree.join("lib/squares.h").exists() && !tree.join("lib/gen_squares").exists());
}

#[test]
fn bad_arguments_exit_2() {
    let dir = fixtures();
    let out = kunit_c(&dir, &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("kunit c: error: the following arguments are required: TEST.c")
    );
    let out = kunit_c(&dir, &["no_such_file_kunit.c"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no_such_file_kunit.c: No such file"));
    let out = kunit_c(&dir, &["pass_kunit.c", "--kconfig_add", "ANSWER=1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("argument --kconfig_add: expected CONFIG_NAME=VALUE"));
    let out = kunit_c(&dir, &["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout);
    assert!(
        help.starts_with("usage: kunit c [-h] [--kernel-tree DIR]"),
        "{help}"
    );
    assert!(help.contains(" TEST.c [CODE.c ...]\n"), "{help}");
    // `kunit --help` lists it.
    let out = kunit_c(&dir, &[]);
    assert_eq!(out.status.code(), Some(2));
    let top = without_sanitizer(&mut Command::new(env!("CARGO_BIN_EXE_kunit")))
        .arg("--help")
        .output()
        .expect("run kunit");
    let top = text(&top.stdout);
    assert!(
        top.starts_with("usage: kunit [-h] {run,build,exec,parse,c} ..."),
        "{top}"
    );
    assert!(
        top.contains(
            "\n    c                   Builds and runs kernel-style KUnit tests written in C.\n"
        ),
        "{top}"
    );
}

/// The names of kunit-c's C ABI: every `#[no_mangle]` function under `src/abi/`.
fn abi_names() -> Vec<String> {
    let abi = Path::new(env!("CARGO_MANIFEST_DIR")).join("../kunit-c-runtime/src/abi");
    let mut names = Vec::new();
    for e in std::fs::read_dir(&abi).expect("kunit-c-runtime/src/abi") {
        let text = std::fs::read_to_string(e.expect("entry").path()).expect("read");
        let mut lines = text.lines();
        while let Some(l) = lines.next() {
            if l.trim() != "#[no_mangle]" {
                continue;
            }
            let def = lines.next().unwrap_or("");
            if let Some(name) = def
                .split("fn ")
                .nth(1)
                .and_then(|r| r.split(['(', '<']).next())
            {
                names.push(name.trim().to_owned());
            }
        }
    }
    names
}

/// The `kunit` binary is `kunit c`'s run time: it exports every function of kunit-c's C ABI
/// to the shared objects it loads (nothing references most of them in the binary itself).
#[test]
fn the_binary_exports_kunit_c_s_abi() {
    let names = abi_names();
    assert!(names.len() > 20, "{names:?}");
    let out = Command::new(std::env::var_os("NM").unwrap_or_else(|| "nm".into()))
        .args(["-D", "--defined-only"])
        .arg(env!("CARGO_BIN_EXE_kunit"))
        .output()
        .expect("run nm (binutils)");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let exported: std::collections::BTreeSet<String> = text(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2).map(str::to_owned))
        .collect();
    let missing: Vec<&String> = names.iter().filter(|n| !exported.contains(*n)).collect();
    assert!(missing.is_empty(), "not exported: {missing:?}");
    // The glue too (whole-archive): a function only C test code calls.
    assert!(exported.contains("devm_kmemdup"), "devm_kmemdup");
}
