//! Tree mode (`kunit run|build|exec` in a kernel tree, src/cli/tree_cmd/) over the fixture
//! tree of tests/fixtures/kernel-tree (our own Kconfig, Makefiles and C files): kunit.py's
//! output as a whole, --json, the skip reasons of the test files that cannot run, the tree's
//! lib/ code winning over the C library's (fixture-string: the tree's strlen), an unmet
//! option's error, a no-op rerun that compiles nothing, an edit that recompiles one object,
//! a table a host program generates (fixture-table), the tree's kernel/ file over kunit-c's
//! weak stand-in (fixture-timeconv), and the flags kunit.py has that tree
//! mode refuses. Each test works on its own copy.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::SystemTime;

/// A fresh copy of the fixture tree, named for the test.
fn tree(name: &str) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/kernel-tree");
    let dst = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("tree-mode")
        .join(name);
    let _ = std::fs::remove_dir_all(&dst);
    common::copy_dir(&src, &dst);
    dst
}

fn kunit(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kunit"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("KUNIT_C_HARNESS")
        .output()
        .expect("run kunit")
}

/// stdout with the clock and the durations replaced.
fn normalised(out: &Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .map(|l| {
            let l = match l.get(..11) {
                Some(p) if p.starts_with('[') && p.as_bytes()[3] == b':' && p.ends_with("] ") => {
                    format!("[TIME] {}", &l[11..])
                }
                _ => l.to_string(),
            };
            match l.find("Elapsed time: ") {
                Some(i) => format!("{}Elapsed time: N", &l[..i]),
                None => l,
            }
        })
        .map(|l| l + "\n")
        .collect()
}

/// The object files of the build folder's cache, with their modification times.
fn objects(tree: &Path) -> BTreeMap<String, SystemTime> {
    let dir = tree.join(".kunit-rs/objects");
    std::fs::read_dir(&dir)
        .expect("objects folder")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "o"))
        .map(|e| {
            let m = e.metadata().expect("metadata").modified().expect("mtime");
            (e.file_name().to_string_lossy().into_owned(), m)
        })
        .collect()
}

const GOLDEN: &str = "\
[TIME] Configuring KUnit Kernel ...
[TIME] Building KUnit Kernel ...
[TIME] Starting KUnit Kernel (1/1)...
[TIME] ============================================================
[TIME] ================ fixture-broken (1 subtest) ================
[TIME] [SKIPPED] broken_case (lib/broken_kunit.c does not compile: lib/broken_kunit.c:7:31: error: 'undeclared_thing' undeclared (first use in this function))
[TIME] ================= [SKIPPED] fixture-broken =================
[TIME] ================ fixture-header (1 subtest) ================
[TIME] [SKIPPED] header_case (not runnable in userspace: <linux/fixture_rtc.h> has no stand-in)
[TIME] ================= [SKIPPED] fixture-header =================
[TIME] =============== fixture-mathops (2 subtests) ===============
[TIME] [PASSED] mul_case
[TIME] [PASSED] add_case
[TIME] ================= [PASSED] fixture-mathops =================
[TIME] ================ fixture-orphan (1 subtest) ================
[TIME] [SKIPPED] orphan_case (needs symbol fixture_nowhere which no object defines)
[TIME] ================= [SKIPPED] fixture-orphan =================
[TIME] ================ fixture-string (1 subtest) ================
[TIME] [PASSED] tree_strlen_is_called
[TIME] ================= [PASSED] fixture-string ==================
[TIME] ================= fixture-sum (2 subtests) =================
[TIME] [PASSED] sum_of_three
[TIME] [PASSED] sum_of_none
[TIME] =================== [PASSED] fixture-sum ===================
[TIME] ================ fixture-table (1 subtest) =================
[TIME] [PASSED] table_holds_squares
[TIME] ================== [PASSED] fixture-table ==================
[TIME] ================ fixture-twice (1 subtest) =================
[TIME] [PASSED] twice_doubles
[TIME] ================== [PASSED] fixture-twice ==================
[TIME] ============================================================
[TIME] Testing complete. Ran 10 tests: passed: 7, skipped: 3
[TIME] Elapsed time: N

[TIME] 3 suites of 3 test files cannot run in userspace (skipped above); under UML: ./tools/testing/kunit/kunit.py run --arch um --alltests
";

#[test]
fn alltests_prints_what_kunit_py_prints_with_the_skip_reasons() {
    let t = tree("golden");
    let out = kunit(&t, &["run", "--alltests"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got = normalised(&out);
    // gcc and clang word the undeclared identifier differently: the line is checked apart.
    let broken = got
        .lines()
        .find(|l| l.contains("broken_case"))
        .expect("broken case")
        .to_string();
    assert!(
        broken.starts_with("[TIME] [SKIPPED] broken_case (lib/broken_kunit.c does not compile: lib/broken_kunit.c:7:")
            && broken.contains("undeclared_thing"),
        "{broken}"
    );
    let want_broken = GOLDEN
        .lines()
        .find(|l| l.contains("broken_case"))
        .expect("golden");
    assert_eq!(got.replace(&broken, want_broken), GOLDEN);
    // The configuration is written where kunit.py writes it, in our own build folder.
    let config = std::fs::read_to_string(t.join(".kunit-rs/.config")).expect(".config");
    assert!(config.contains("CONFIG_SUM_KUNIT_TEST=y\n"), "{config}");
    assert!(!t.join(".kunit").exists());
}

#[test]
fn json_counts_the_skipped_test_files() {
    let t = tree("json");
    let out = kunit(&t, &["run", "--alltests", "--json=results.json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(t.join("results.json")).expect("json file"))
            .expect("json");
    let misc = &v["misc"];
    assert_eq!(misc["tests"], 10);
    assert_eq!(misc["passed"], 7);
    assert_eq!(misc["skipped"], 3);
    assert_eq!(v["arch"], "um");
}

#[test]
fn one_option_enables_one_test() {
    let t = tree("one");
    let out = kunit(&t, &["run", "--kconfig_add", "CONFIG_MATHOPS_KUNIT_TEST=y"]);
    assert_eq!(out.status.code(), Some(0));
    let got = normalised(&out);
    // default.config (no --kunitconfig given) enables fixture-sum, the option fixture-mathops.
    assert!(got.contains("Ran 4 tests: passed: 4\n"), "{got}");
    assert!(got.contains("[PASSED] fixture-mathops"), "{got}");
    assert!(!got.contains("fixture-broken"), "{got}");
}

/// kunit-c's glue defines some kernel functions weakly (time64_to_tm, for trees without
/// kernel/time/timeconv.c); in a tree that has the file, the tree's definition is the one the
/// test runs, as a link would choose it, even outside lib/ (the fixture's counts from 2000).
#[test]
fn a_tree_file_wins_over_a_weak_stand_in_outside_lib() {
    let t = tree("weak");
    let out = kunit(
        &t,
        &[
            "run",
            "--kconfig_add",
            "CONFIG_TIMECONV_KUNIT_TEST=y",
            "fixture-timeconv",
        ],
    );
    let got = normalised(&out);
    assert_eq!(out.status.code(), Some(0), "{got}");
    assert!(
        got.contains("[PASSED] tree_time64_to_tm_is_linked\n"),
        "{got}"
    );
    assert!(got.contains("Ran 1 tests: passed: 1\n"), "{got}");
}

#[test]
fn a_file_that_includes_its_test_is_the_test_object_and_names_its_module() {
    let t = tree("includer");
    let out = kunit(
        &t,
        &[
            "run",
            "--kconfig_add",
            "CONFIG_TWICE_KUNIT_TEST=y",
            "--raw_output",
            "fixture-twice",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got = String::from_utf8_lossy(&out.stdout);
    // lib/twice.c's static twice() is reached by the test it includes, and the symbol its
    // unreached function needs (defined nowhere) does not keep the test from running.
    assert!(
        got.contains(
            "    # Subtest: fixture-twice\n    # module: twice_mod\n    1..1\n    ok 1 twice_doubles\n"
        ),
        "{got}"
    );
    assert!(got.contains("ok 1 fixture-twice\n"), "{got}");
}

#[test]
fn raw_output_has_the_kernels_plan_and_each_skipped_files_module() {
    let t = tree("raw");
    let out = kunit(&t, &["run", "--alltests", "--raw_output"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got = String::from_utf8_lossy(&out.stdout);
    // One process runs every suite, so its plan is the document's, as the kernel prints it.
    assert!(
        got.contains("KTAP version 1\n1..8\n    KTAP version 1\n"),
        "{got}"
    );
    // A file that cannot run keeps kbuild's module name for its suite.
    for (suite, module) in [
        ("fixture-broken", "broken_kunit"),
        ("fixture-header", "header_kunit"),
        ("fixture-orphan", "orphan_kunit"),
    ] {
        let want = format!("    # Subtest: {suite}\n    # module: {module}\n");
        assert!(got.contains(&want), "{want:?} in {got}");
    }
}

#[test]
fn an_unmet_option_is_one_error_naming_its_dependency() {
    let t = tree("unmet");
    let out = kunit(&t, &["run", "--kconfig_add", "CONFIG_UNMET_KUNIT_TEST=y"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "CONFIG_UNMET_KUNIT_TEST=y was asked, but it depends on NEVER_ENABLED, which is n"
        ),
        "{err}"
    );
}

#[test]
fn a_rerun_compiles_nothing_and_an_edit_recompiles_one_object() {
    let t = tree("rerun");
    assert_eq!(kunit(&t, &["run", "--alltests"]).status.code(), Some(0));
    let first = objects(&t);
    assert!(first.len() >= 5, "{first:?}");
    let out = kunit(&t, &["run", "--alltests"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(objects(&t), first, "a no-op rerun compiled something");
    // An edit of the code under test: only its object is new, and the new code runs.
    let sum = t.join("lib/sum.c");
    let text = std::fs::read_to_string(&sum).expect("sum.c");
    std::fs::write(&sum, text.replace("int s = 0;", "int s = 1;")).expect("edit");
    let out = kunit(&t, &["run", "--alltests"]);
    assert_eq!(out.status.code(), Some(1), "the edit must fail the sums");
    let after = objects(&t);
    // Objects are named by their command line: the edited one is rewritten in place.
    let new: Vec<&String> = after
        .iter()
        .filter(|(k, m)| first.get(*k) != Some(*m))
        .map(|(k, _)| k)
        .collect();
    assert_eq!(new.len(), 1, "{new:?}");
    assert!(new[0].starts_with("sum-"), "{new:?}");
    assert!(normalised(&out).contains("[FAILED] sum_of_three"));
}

#[test]
fn a_no_op_rerun_reuses_the_plan_and_header_and_makefile_edits_rebuild() {
    let t = tree("plan");
    assert_eq!(kunit(&t, &["build", "--alltests"]).status.code(), Some(0));
    let plan = t.join(".kunit-rs/plan.cache");
    let kept = std::fs::read_to_string(&plan).expect("a build keeps its plan");
    assert!(kept.contains("/include/linux/fixture_sum.h\n"), "{kept}");
    assert!(kept.contains("/lib/Makefile\n"), "{kept}");
    assert_eq!(kunit(&t, &["build", "--alltests"]).status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&plan).expect("plan"), kept);
    // A header the code under test includes: the plan is stale, lib/sum.c is compiled
    // again (and no longer compiles), then compiles again once undone.
    let h = t.join("include/linux/fixture_sum.h");
    let text = std::fs::read_to_string(&h).expect("header");
    std::fs::write(
        &h,
        text.replace(
            "#endif",
            "#define fixture_sum(v, n) (fixture_sum(v, n) + 1)\n#endif",
        ),
    )
    .expect("edit");
    let out = kunit(&t, &["run", "--alltests", "fixture-sum"]);
    let got = normalised(&out);
    assert!(
        got.contains("[SKIPPED] sum_of_three (needs symbol fixture_sum from lib/sum.o, which does not compile: include/linux/fixture_sum.h:"),
        "{got}"
    );
    std::fs::write(&h, text).expect("undo");
    let out = kunit(&t, &["run", "--alltests", "fixture-sum"]);
    assert_eq!(out.status.code(), Some(0), "{}", normalised(&out));
    assert!(normalised(&out).contains("[PASSED] sum_of_three"));
    // A Makefile's flags: read again.
    let mk = t.join("lib/Makefile");
    let text = std::fs::read_to_string(&mk).expect("Makefile");
    std::fs::write(&mk, text.replace("SUM_BASE=10", "SUM_BASE=11")).expect("edit");
    let out = kunit(&t, &["run", "--alltests", "fixture-sum"]);
    assert_eq!(out.status.code(), Some(1), "{}", normalised(&out));
    assert!(normalised(&out).contains("[FAILED] sum_of_three"));
}

/// kunit.py's `config`: the configuration written, the time alone; an option that cannot
/// hold fails after the time as kunit.py's config_handler does.
#[test]
fn config_writes_the_configuration_and_nothing_else() {
    let t = tree("config");
    let out = kunit(&t, &["config", "--kconfig_add", "CONFIG_SUM_KUNIT_TEST=y"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        normalised(&out),
        "[TIME] Configuring KUnit Kernel ...\n[TIME] Elapsed time: N\n\n"
    );
    let config = std::fs::read_to_string(t.join(".kunit-rs/.config")).expect(".config");
    assert!(config.contains("CONFIG_SUM_KUNIT_TEST=y\n"), "{config}");
    assert!(
        !t.join(".kunit-rs/last-build").exists(),
        "config built nothing"
    );
    let out = kunit(&t, &["config", "--kconfig_add", "CONFIG_NO_SUCH_OPTION=y"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(normalised(&out).ends_with("Elapsed time: N\n\n"));
    // Outside a tree there is no kernel configuration to write.
    let elsewhere = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let out = kunit(elsewhere, &["config"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--kernel-tree"));
}

#[test]
fn a_host_program_generates_the_table_a_lib_file_includes() {
    let t = tree("hostprogs");
    let run = |extra: &[&str]| {
        let mut args = vec!["run", "--kconfig_add", "CONFIG_TABLE_KUNIT_TEST=y"];
        args.extend_from_slice(extra);
        args.push("fixture-table");
        let out = kunit(&t, &args);
        (out.status.code(), normalised(&out))
    };
    let (code, got) = run(&[]);
    assert_eq!(code, Some(0), "{got}");
    assert!(got.contains("[PASSED] table_holds_squares"), "{got}");
    // Made where kbuild's $(obj) is in the build folder; nothing is written in the tree.
    let made = t.join(".kunit-rs/objtree/lib/squares.h");
    let text = std::fs::read_to_string(&made).expect("the generated table");
    assert!(text.starts_with("/* generated by gen_squares */\nstatic const int squares[8] = {\n"));
    assert!(text.contains("\t49,\n"), "{text}");
    assert!(!t.join("lib/squares.h").exists() && !t.join("lib/gen_squares").exists());
    let date = |p: &Path| {
        std::fs::metadata(p)
            .and_then(|m| m.modified())
            .expect("date")
    };
    let (table_date, prog_date) = (
        date(&made),
        date(&t.join(".kunit-rs/objtree/lib/gen_squares")),
    );
    // Another build with the same inputs (an edit of the test only): nothing made again.
    let test = t.join("lib/table_kunit.c");
    let text = std::fs::read_to_string(&test).expect("test");
    std::fs::write(&test, text.replace("/* Tests", "/* Checks")).expect("edit");
    assert_eq!(run(&[]).0, Some(0));
    assert_eq!(date(&made), table_date);
    assert_eq!(
        date(&t.join(".kunit-rs/objtree/lib/gen_squares")),
        prog_date
    );
    // The program reads the configuration: another value, another table.
    let (code, got) = run(&["--kconfig_add", "CONFIG_TABLE_ENTRIES=12"]);
    assert_eq!(code, Some(0), "{got}");
    assert!(std::fs::read_to_string(&made)
        .expect("table")
        .contains("squares[12]"));
    // An edit of the host program makes the table again, and the test sees it.
    let gen = t.join("lib/gen_squares.c");
    let text = std::fs::read_to_string(&gen).expect("gen_squares.c");
    std::fs::write(&gen, text.replace("i * i)", "i * i + 1)")).expect("edit");
    let (code, got) = run(&[]);
    assert_eq!(code, Some(1), "{got}");
    assert!(got.contains("[FAILED] table_holds_squares"), "{got}");
    // A rule that cannot be read is named in the skip reason, never skipped silently.
    let mk = t.join("lib/Makefile");
    let text = std::fs::read_to_string(&mk).expect("Makefile");
    let line = text
        .lines()
        .position(|l| l.starts_with("$(obj)/squares.h:"))
        .expect("the rule")
        + 1;
    std::fs::write(
        &mk,
        text.replace("$(call cmd,squares)", "$(call cmd,nosuch)"),
    )
    .expect("edit");
    let (code, got) = run(&[]);
    assert_eq!(code, Some(0), "{got}");
    assert!(
        got.contains(&format!(
            "[SKIPPED] table_holds_squares (needs symbol fixture_square from lib/table.o, which \
             does not compile: lib/Makefile:{line}: the recipe of lib/squares.h calls cmd with nosuch, but \
             lib/Makefile defines no cmd_nosuch)"
        )),
        "{got}"
    );
}

#[test]
fn build_then_exec_runs_the_last_build() {
    let t = tree("exec");
    let out = kunit(&t, &["exec"]);
    assert_eq!(out.status.code(), Some(1), "exec before any build");
    assert_eq!(kunit(&t, &["build", "--alltests"]).status.code(), Some(0));
    let out = kunit(&t, &["exec", "fixture-sum"]);
    assert_eq!(out.status.code(), Some(0));
    let got = normalised(&out);
    assert!(got.contains("Ran 2 tests: passed: 2\n"), "{got}");
    // kunit.py's exec (and build) end with the time alone.
    assert!(got.ends_with("[TIME] Elapsed time: N\n\n"), "{got}");
}

#[test]
fn kunit_py_flags_that_cannot_hold_are_refused() {
    let t = tree("refused");
    for args in [
        &["run", "--arch", "x86_64"][..],
        &["run", "--qemu_args", "-smp 2"],
        &["run", "--cross_compile", "aarch64-linux-gnu-"],
        &["run", "--kconfig_add", "NOT_CONFIG"],
        &["run", "--kunitconfig", "no/such/file"],
    ] {
        let out = kunit(&t, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("error"), "{args:?}: {err}");
    }
}

/// Tree mode always passes the harness --include-ignored (slow cases run, as in the kernel);
/// a filter beside it is still checked before anything runs.
#[test]
fn a_bad_filter_is_refused_before_anything_runs() {
    let t = tree("bad-filter");
    let out = kunit(&t, &["run", "--alltests", "--filter", "module==x"]);
    assert_eq!(out.status.code(), Some(2), "{}", normalised(&out));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("kunit: error: the harness refused the filters; nothing was run"),
        "{err}"
    );
    assert!(!normalised(&out).contains("Testing complete."));
}

#[test]
fn a_cargo_project_is_not_taken_for_a_tree() {
    let t = tree("cargo");
    std::fs::write(t.join("Cargo.toml"), "not a manifest").expect("Cargo.toml");
    let out = kunit(&t, &["build"]);
    // cargo mode: cargo's own complaint, never the tree's output.
    assert!(!String::from_utf8_lossy(&out.stdout).contains("Configuring KUnit Kernel"));
    let out = kunit(&t, &["build", "--kernel-tree", "."]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Suites run two at a time in one process; when it crashes, the suites it did not report
/// run again one at a time, so the crash is pinned on its case and the other suites' results
/// are the serial run's, byte for byte.
#[test]
fn a_crash_among_parallel_suites_is_reported_as_a_serial_run_reports_it() {
    let t = tree("parallel-crash");
    let f = t.join("lib/math/mathops_kunit.c");
    let text = std::fs::read_to_string(&f).expect("mathops_kunit.c");
    std::fs::write(
        &f,
        text.replace(
            "KUNIT_EXPECT_EQ(test, fixture_mul(6, 7), 42);",
            "if (fixture_mul(6, 7) == 42)\n\t\t__builtin_trap();",
        ),
    )
    .expect("edit");
    let serial = kunit(&t, &["run", "--alltests", "--jobs", "1"]);
    let parallel = kunit(&t, &["run", "--alltests", "--jobs", "2"]);
    assert_eq!(serial.status.code(), Some(1));
    assert_eq!(parallel.status.code(), Some(1));
    let got = normalised(&parallel);
    assert_eq!(got, normalised(&serial));
    assert!(got.contains("[CRASHED] mul_case"), "{got}");
    assert!(got.contains("[PASSED] add_case"), "{got}");
    assert!(
        got.contains("=================== [PASSED] fixture-sum ===================\n"),
        "{got}"
    );
    let note = String::from_utf8_lossy(&parallel.stderr);
    assert!(
        note.starts_with("kunit: the process running 2 suites at a time ended early"),
        "{note}"
    );
    // The crashing suite first in plan order: the process dies before it reports any suite,
    // so its `1..3` must still be the document's plan, not a rerun's `1..1`.
    let glob = "fixture-[ms]*";
    let serial = kunit(&t, &["run", "--alltests", "--jobs", "1", glob]);
    let parallel = kunit(&t, &["run", "--alltests", "--jobs", "2", glob]);
    assert_eq!(parallel.status.code(), Some(1));
    let got = normalised(&parallel);
    assert_eq!(got, normalised(&serial));
    assert!(
        got.contains("Testing complete. Ran 5 tests: passed: 4, crashed: 1\n"),
        "{got}"
    );
}
