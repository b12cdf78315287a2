//! `kunit c`'s rerun without cargo (src/cli/c_cmd/rerun.rs) never runs a stale binary:
//! after an edit of the C file or of a header it includes, the rerun skips cargo (its
//! `Finished` line is not printed) and the new code runs; a changed `-D`, `--kconfig_add`,
//! `.kunitconfig`, a kernel tree's header or Makefile flags, a header of kunit-c's own
//! `include/` or another kunit binary each take effect too; warnings are shown as cargo
//! shows them and a compile error is cargo's report. Files are written under the test's
//! temporary folder; the cache is the one tests/c_command.rs uses, so kunit and kunit-c are
//! built once.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::without_sanitizer;

fn cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("kunit-c-cache")
}

/// A folder of the test's own.
fn workdir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("c-rerun")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("work folder");
    d
}

/// `kunit c ARGS` in `dir` with `kunit` (the binary under test unless another is given).
fn kunit_c_with(kunit: &Path, dir: &Path, args: &[&str], env: &[(&str, &Path)]) -> Output {
    let mut cmd = Command::new(kunit);
    without_sanitizer(&mut cmd)
        .arg("c")
        .args(args)
        .current_dir(dir)
        .env("KUNIT_C_CACHE", cache());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run kunit")
}

fn kunit_c(dir: &Path, args: &[&str]) -> Output {
    kunit_c_with(Path::new(env!("CARGO_BIN_EXE_kunit")), dir, args, &[])
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Did cargo build (it prints `Finished` to stderr on every build, fresh or not)?
fn cargo_ran(out: &Output) -> bool {
    text(&out.stderr).contains("Finished `test` profile")
}

/// The `Expected ... == N` figure of the failed expectation the run printed.
fn expected(out: &Output) -> String {
    let stdout = text(&out.stdout);
    stdout
        .lines()
        .find_map(|l| l.split_once("Expected ").map(|(_, e)| e.trim().to_owned()))
        .unwrap_or_else(|| panic!("no failed expectation in:\n{stdout}{}", text(&out.stderr)))
}

/// A test file whose one case compares `VALUE` (from the code, a header or a flag) with 0,
/// so that the report names the value the binary was built with.
fn suite(include: &str) -> String {
    format!(
        "#include <kunit/test.h>\n{include}\n\
         int c_rerun_value = VALUE;\n\
         static void value(struct kunit *test)\n{{\n\tKUNIT_EXPECT_EQ(test, c_rerun_value, 0);\n}}\n\
         static struct kunit_case rerun_cases[] = {{ KUNIT_CASE(value), {{}} }};\n\
         static struct kunit_suite rerun_suite = {{ .name = \"c_rerun\", .test_cases = rerun_cases }};\n\
         kunit_test_suite(rerun_suite);\n"
    )
}

/// Writes `path` with a new modification time even on a coarse clock.
fn write(path: &Path, text: &str) {
    let before = std::fs::metadata(path).and_then(|m| m.modified()).ok();
    loop {
        std::fs::write(path, text).expect("write");
        let now = std::fs::metadata(path).and_then(|m| m.modified()).ok();
        if now != before {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

#[test]
fn a_c_edit_reruns_without_cargo_and_runs_the_new_code() {
    let dir = workdir("c_edit");
    let test = dir.join("edit_kunit.c");
    write(&test, &suite("#define VALUE 1"));
    let out = kunit_c(&dir, &["edit_kunit.c"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(expected(&out), "c_rerun_value == 0, but");
    assert!(text(&out.stdout).contains("c_rerun_value == 1 (0x1)"));
    for value in [2, 3] {
        write(&test, &suite(&format!("#define VALUE {value}")));
        let out = kunit_c(&dir, &["edit_kunit.c"]);
        assert!(
            !cargo_ran(&out),
            "cargo built after a C edit: {}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stdout).contains(&format!("c_rerun_value == {value} (0x{value})")),
            "{}",
            text(&out.stdout)
        );
    }
    // Back to passing: the report is kunit run's, as through cargo.
    write(&test, &suite("#define VALUE 0"));
    let out = kunit_c(&dir, &["edit_kunit.c"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(!cargo_ran(&out));
    assert!(text(&out.stdout).contains("[PASSED] value"));
}

#[test]
fn a_header_edit_takes_effect() {
    let dir = workdir("header_edit");
    std::fs::create_dir_all(dir.join("inc")).expect("inc");
    write(&dir.join("inc/value.h"), "#define VALUE 4\n");
    write(&dir.join("header_kunit.c"), &suite("#include <value.h>"));
    let args = ["header_kunit.c", "-I", "inc"];
    let out = kunit_c(&dir, &args);
    assert!(text(&out.stdout).contains("c_rerun_value == 4 (0x4)"));
    write(&dir.join("inc/value.h"), "#define VALUE 5\n");
    let out = kunit_c(&dir, &args);
    assert!(!cargo_ran(&out), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("c_rerun_value == 5 (0x5)"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn flags_and_kconfig_take_effect() {
    let dir = workdir("flags");
    write(
        &dir.join("flags_kunit.c"),
        &suite("#ifndef VALUE\n#define VALUE (CONFIG_RERUN_VALUE + CONFIG_RERUN_OTHER)\n#endif"),
    );
    write(&dir.join(".kunitconfig"), "CONFIG_RERUN_OTHER=0\n");
    let run = |args: &[&str]| {
        let mut all = vec!["flags_kunit.c", "--kunitconfig", "."];
        all.extend(args);
        kunit_c(&dir, &all)
    };
    let out = run(&["-DVALUE=6"]);
    assert!(text(&out.stdout).contains("c_rerun_value == 6 (0x6)"));
    let out = run(&["-DVALUE=7"]);
    assert!(cargo_ran(&out), "a new flag builds with cargo");
    assert!(text(&out.stdout).contains("c_rerun_value == 7 (0x7)"));
    let out = run(&["--kconfig_add", "CONFIG_RERUN_VALUE=8"]);
    assert!(
        text(&out.stdout).contains("c_rerun_value == 8 (0x8)"),
        "{}",
        text(&out.stdout)
    );
    let out = run(&["--kconfig_add", "CONFIG_RERUN_VALUE=9"]);
    assert!(cargo_ran(&out));
    assert!(
        text(&out.stdout).contains("c_rerun_value == 9 (0x9)"),
        "{}",
        text(&out.stdout)
    );
    // The .kunitconfig is read by the build script on every run.
    write(&dir.join(".kunitconfig"), "CONFIG_RERUN_OTHER=1\n");
    let out = run(&["--kconfig_add", "CONFIG_RERUN_VALUE=9"]);
    assert!(
        text(&out.stdout).contains("c_rerun_value == 10 (0xa)"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn another_kunit_binary_builds_with_cargo() {
    let dir = workdir("other_binary");
    write(&dir.join("binary_kunit.c"), &suite("#define VALUE 1"));
    let out = kunit_c(&dir, &["binary_kunit.c"]);
    assert!(text(&out.stdout).contains("c_rerun_value == 1 (0x1)"));
    // Another kunit (a new version, an installed one): cargo decides what to rebuild.
    let other = dir.join("kunit-copy");
    std::fs::copy(env!("CARGO_BIN_EXE_kunit"), &other).expect("copy kunit");
    write(&dir.join("binary_kunit.c"), &suite("#define VALUE 2"));
    let out = kunit_c_with(&other, &dir, &["binary_kunit.c"], &[]);
    assert!(cargo_ran(&out), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("c_rerun_value == 2 (0x2)"));
}

/// Copies the kunit-rs sources (no build output, no hidden folders) to `to`.
fn copy_sources(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create");
    for e in std::fs::read_dir(from).expect("read sources") {
        let e = e.expect("entry");
        let name = e.file_name();
        if name.to_string_lossy().starts_with('.') || name == "target" {
            continue;
        }
        if e.file_type().expect("type").is_dir() {
            copy_sources(&e.path(), &to.join(&name));
        } else {
            std::fs::copy(e.path(), to.join(&name)).expect("copy");
        }
    }
}

#[test]
fn a_kunit_c_header_edit_takes_effect() {
    let dir = workdir("kunit_c_header");
    let src = dir.join("kunit-rs-copy");
    copy_sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."), &src);
    write(
        &dir.join("own_header_kunit.c"),
        &suite("#ifdef KUNIT_C_RERUN_PROBE\n#define VALUE 2\n#else\n#define VALUE 1\n#endif"),
    );
    let kunit = Path::new(env!("CARGO_BIN_EXE_kunit"));
    let env = [("KUNIT_RS_SRC", src.as_path())];
    let out = kunit_c_with(kunit, &dir, &["own_header_kunit.c"], &env);
    assert!(
        text(&out.stdout).contains("c_rerun_value == 1 (0x1)"),
        "{}",
        text(&out.stderr)
    );
    let header = src.join("kunit-rs/kunit-c/include/kunit/test.h");
    let mut text_h = std::fs::read_to_string(&header).expect("kunit/test.h");
    text_h.push_str("\n#define KUNIT_C_RERUN_PROBE 1\n");
    write(&header, &text_h);
    let out = kunit_c_with(kunit, &dir, &["own_header_kunit.c"], &env);
    assert!(cargo_ran(&out), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("c_rerun_value == 2 (0x2)"),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
}

#[test]
fn a_warning_is_shown_as_cargo_shows_it() {
    let dir = workdir("warning");
    let with_warning = |value: u32| {
        suite(&format!(
            "#define VALUE {value}\nstatic void warns(void) {{ int c_rerun_unused; }}"
        ))
    };
    let warning_lines = |out: &Output| -> Vec<String> {
        text(&out.stderr)
            .lines()
            .filter(|l| l.starts_with("warning: kunit-c-warning_kunit@0.0.0: "))
            .map(str::to_owned)
            .collect()
    };
    // A flag of this run's own: the first build goes through cargo.
    let run_id = format!("-DC_RERUN_RUN={}", std::process::id());
    let args = ["warning_kunit.c", run_id.as_str()];
    write(&dir.join("warning_kunit.c"), &with_warning(1));
    let through_cargo = kunit_c(&dir, &args);
    assert!(cargo_ran(&through_cargo));
    let shown = warning_lines(&through_cargo);
    assert!(
        shown
            .iter()
            .any(|l| l.contains("unused variable 'c_rerun_unused'")),
        "{}",
        text(&through_cargo.stderr)
    );
    write(&dir.join("warning_kunit.c"), &with_warning(2));
    let rerun = kunit_c(&dir, &args);
    assert!(!cargo_ran(&rerun), "{}", text(&rerun.stderr));
    assert_eq!(warning_lines(&rerun), shown);
    assert!(text(&rerun.stdout).contains("c_rerun_value == 2 (0x2)"));
}

#[test]
fn a_kernel_tree_header_and_makefile_edit_take_effect() {
    let tree = workdir("tree");
    std::fs::create_dir_all(tree.join("include/rerun")).expect("include");
    std::fs::create_dir_all(tree.join("lib/tests")).expect("lib/tests");
    write(&tree.join("include/rerun/value.h"), "#define BASE 10\n");
    write(
        &tree.join("lib/tests/Makefile"),
        "CFLAGS_tree_kunit.o := -DEXTRA=1\n",
    );
    write(
        &tree.join("lib/tests/tree_kunit.c"),
        &suite("#include <rerun/value.h>\n#define VALUE (BASE + EXTRA)"),
    );
    let args = ["--kernel-tree", ".", "lib/tests/tree_kunit.c"];
    let out = kunit_c(&tree, &args);
    assert!(
        text(&out.stdout).contains("c_rerun_value == 11 (0xb)"),
        "{}",
        text(&out.stderr)
    );
    write(&tree.join("include/rerun/value.h"), "#define BASE 20\n");
    let out = kunit_c(&tree, &args);
    assert!(!cargo_ran(&out), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("c_rerun_value == 21 (0x15)"),
        "{}",
        text(&out.stdout)
    );
    // The Makefile's CFLAGS_<file>.o line is read on every run.
    write(
        &tree.join("lib/tests/Makefile"),
        "CFLAGS_tree_kunit.o := -DEXTRA=2\n",
    );
    let out = kunit_c(&tree, &args);
    assert!(
        text(&out.stdout).contains("c_rerun_value == 22 (0x16)"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_compile_error_after_an_edit_is_reported_by_cargo() {
    let dir = workdir("compile_error");
    let test = dir.join("error_kunit.c");
    write(&test, &suite("#define VALUE 0"));
    let out = kunit_c(&dir, &["error_kunit.c"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    write(&test, &suite("#define VALUE c_rerun_not_declared()"));
    let out = kunit_c(&dir, &["error_kunit.c"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(cargo_ran(&out) || text(&out.stderr).contains("failed to run custom build command"));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("implicit declaration of function 'c_rerun_not_declared'")
            || stderr.contains("call to undeclared function 'c_rerun_not_declared'"),
        "{stderr}"
    );
    write(&test, &suite("#define VALUE 0"));
    let out = kunit_c(&dir, &["error_kunit.c"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("[PASSED] value"));
}
