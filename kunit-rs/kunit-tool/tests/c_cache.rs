//! `kunit c`'s object cache (src/cli/c_cmd/objects.rs) never runs stale code: after an
//! edit of the C file, of a header under `-I` or in a kernel tree, of a tree Makefile's
//! `CFLAGS_<file>.o`, a changed `-D`, `--kconfig_add`, `.kunitconfig` or `$CFLAGS`, the new
//! code runs; an unchanged rerun compiles and links nothing; no cargo is run on the way (a
//! `cargo` and `rustc` that fail are first on `$PATH`); the cache holds no environment
//! variable's value. Files are written under the test's temporary folder; the cache is the
//! one tests/c_command.rs uses.

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
        .join("c-cache")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("work folder");
    d
}

/// A folder with a `cargo` and a `rustc` that record being run in `ran` and fail.
fn no_cargo() -> (PathBuf, PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let bin = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("c-cache-no-cargo-{}", std::process::id()));
    std::fs::create_dir_all(&bin).expect("bin folder");
    let ran = bin.join("ran");
    for tool in ["cargo", "rustc"] {
        let path = bin.join(tool);
        std::fs::write(
            &path,
            format!(
                "#!/bin/sh\necho {tool} \"$@\" >> '{}'\nexit 101\n",
                ran.display()
            ),
        )
        .expect("write tool");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    (bin, ran)
}

/// `kunit c ARGS` in `dir` with `kunit` and the extra environment `env`; with a `cargo` and
/// `rustc` on `$PATH` (and in `$CARGO`, `$RUSTC`) that fail the test if anything runs them.
fn kunit_c_with(kunit: &Path, dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let (bin, ran) = no_cargo();
    let path = std::env::join_paths(std::iter::once(bin.clone()).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .expect("PATH");
    let mut cmd = Command::new(kunit);
    without_sanitizer(&mut cmd)
        .arg("c")
        .args(args)
        .current_dir(dir)
        .env("KUNIT_C_CACHE", cache())
        .env("PATH", path)
        .env("CARGO", bin.join("cargo"))
        .env("RUSTC", bin.join("rustc"));
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run kunit");
    assert!(
        !ran.exists(),
        "kunit c ran {}",
        std::fs::read_to_string(&ran).unwrap_or_default()
    );
    out
}

fn kunit_c(dir: &Path, args: &[&str]) -> Output {
    kunit_c_with(Path::new(env!("CARGO_BIN_EXE_kunit")), dir, args, &[])
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The `Expected ... == N` figure of the failed expectation the run printed.
fn expected(out: &Output) -> String {
    let stdout = text(&out.stdout);
    stdout
        .lines()
        .find_map(|l| l.split_once("Expected ").map(|(_, e)| e.trim().to_owned()))
        .unwrap_or_else(|| panic!("no failed expectation in:\n{stdout}{}", text(&out.stderr)))
}

/// Did the run print `c_rerun_value == VALUE`?
fn shows(out: &Output, value: &str) -> bool {
    text(&out.stdout).contains(&format!("c_rerun_value == {value}"))
}

/// A test file whose one case compares `VALUE` (from the code, a header or a flag) with 0,
/// so that the report names the value the shared object was built with.
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
fn a_c_edit_runs_the_new_code() {
    let dir = workdir("c_edit");
    let test = dir.join("edit_kunit.c");
    write(&test, &suite("#define VALUE 1"));
    let out = kunit_c(&dir, &["edit_kunit.c"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(expected(&out), "c_rerun_value == 0, but");
    assert!(shows(&out, "1 (0x1)"));
    for value in [2, 3] {
        write(&test, &suite(&format!("#define VALUE {value}")));
        let out = kunit_c(&dir, &["edit_kunit.c"]);
        assert!(
            shows(&out, &format!("{value} (0x{value})")),
            "{}",
            text(&out.stdout)
        );
    }
    // Back to passing: the report is kunit run's.
    write(&test, &suite("#define VALUE 0"));
    let out = kunit_c(&dir, &["edit_kunit.c"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("[PASSED] value"));
}

/// The object and shared object of the one run folder of `stem` (modification times).
fn built_times(stem: &str) -> Vec<std::time::SystemTime> {
    let runs = cache().join("runs");
    let run = std::fs::read_dir(&runs)
        .expect("runs")
        .map(|e| e.expect("entry").path())
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(&format!("{stem}-")))
        })
        .expect("the run folder");
    let mut files = vec![run.join("c-suites.so")];
    files.extend(
        std::fs::read_dir(cache().join("objects"))
            .expect("objects")
            .map(|e| e.expect("entry").path())
            .filter(|p| {
                p.extension().is_some_and(|x| x == "o")
                    && p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with(&format!("{stem}-")))
            }),
    );
    files
        .iter()
        .map(|f| {
            std::fs::metadata(f)
                .and_then(|m| m.modified())
                .expect("built file")
        })
        .collect()
}

#[test]
fn an_unchanged_rerun_compiles_and_links_nothing() {
    let dir = workdir("unchanged");
    // The cache outlives a test run: an earlier run with other kunit-c headers left objects
    // of this file under other digests, which this test would count.
    for sub in ["objects", "runs"] {
        for e in std::fs::read_dir(cache().join(sub)).into_iter().flatten() {
            let p = e.expect("entry").path();
            if p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("unchanged_kunit-"))
            {
                let _ = std::fs::remove_dir_all(&p).or_else(|_| std::fs::remove_file(&p));
            }
        }
    }
    write(&dir.join("unchanged_kunit.c"), &suite("#define VALUE 0"));
    let out = kunit_c(&dir, &["unchanged_kunit.c"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let before = built_times("unchanged_kunit");
    assert_eq!(before.len(), 2, "one object and one shared object");
    std::thread::sleep(std::time::Duration::from_millis(20));
    let out = kunit_c(&dir, &["unchanged_kunit.c"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(built_times("unchanged_kunit"), before);
    // A touched file with the same contents is the same input.
    write(&dir.join("unchanged_kunit.c"), &suite("#define VALUE 0"));
    let out = kunit_c(&dir, &["unchanged_kunit.c"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(built_times("unchanged_kunit"), before);
}

#[test]
fn a_header_edit_takes_effect() {
    let dir = workdir("header_edit");
    std::fs::create_dir_all(dir.join("inc")).expect("inc");
    write(&dir.join("inc/value.h"), "#define VALUE 4\n");
    write(&dir.join("header_kunit.c"), &suite("#include <value.h>"));
    let args = ["header_kunit.c", "-I", "inc"];
    let out = kunit_c(&dir, &args);
    assert!(shows(&out, "4 (0x4)"), "{}", text(&out.stderr));
    write(&dir.join("inc/value.h"), "#define VALUE 5\n");
    let out = kunit_c(&dir, &args);
    assert!(shows(&out, "5 (0x5)"), "{}", text(&out.stdout));
}

#[test]
fn flags_and_kconfig_take_effect() {
    let dir = workdir("flags");
    write(
        &dir.join("flags_kunit.c"),
        &suite("#ifndef VALUE\n#define VALUE (CONFIG_RERUN_VALUE + CONFIG_RERUN_OTHER)\n#endif"),
    );
    write(&dir.join(".kunitconfig"), "CONFIG_RERUN_OTHER=0\n");
    let run = |args: &[&str], env: &[(&str, &str)]| {
        let mut all = vec!["flags_kunit.c", "--kunitconfig", "."];
        all.extend(args);
        kunit_c_with(Path::new(env!("CARGO_BIN_EXE_kunit")), &dir, &all, env)
    };
    assert!(shows(&run(&["-DVALUE=6"], &[]), "6 (0x6)"));
    assert!(shows(&run(&["-DVALUE=7"], &[]), "7 (0x7)"));
    assert!(shows(&run(&["-D", "VALUE=6"], &[]), "6 (0x6)"));
    let out = run(&["--kconfig_add", "CONFIG_RERUN_VALUE=8"], &[]);
    assert!(shows(&out, "8 (0x8)"), "{}", text(&out.stdout));
    let out = run(&["--kconfig_add", "CONFIG_RERUN_VALUE=9"], &[]);
    assert!(shows(&out, "9 (0x9)"), "{}", text(&out.stdout));
    // The .kunitconfig is read on every run.
    write(&dir.join(".kunitconfig"), "CONFIG_RERUN_OTHER=1\n");
    let out = run(&["--kconfig_add", "CONFIG_RERUN_VALUE=9"], &[]);
    assert!(shows(&out, "10 (0xa)"), "{}", text(&out.stdout));
    // So is $CFLAGS.
    let out = run(&[], &[("CFLAGS", "-DVALUE=11")]);
    assert!(shows(&out, "11 (0xb)"), "{}", text(&out.stdout));
    let out = run(&[], &[("CFLAGS", "-DVALUE=12")]);
    assert!(shows(&out, "12 (0xc)"), "{}", text(&out.stdout));
}

#[test]
fn another_kunit_binary_runs_from_the_same_cache() {
    let dir = workdir("other_binary");
    write(&dir.join("binary_kunit.c"), &suite("#define VALUE 1"));
    let out = kunit_c(&dir, &["binary_kunit.c"]);
    assert!(shows(&out, "1 (0x1)"));
    // Another kunit (an installed copy, far from any checkout) is a whole run time.
    let other = dir.join("kunit-copy");
    std::fs::copy(env!("CARGO_BIN_EXE_kunit"), &other).expect("copy kunit");
    write(&dir.join("binary_kunit.c"), &suite("#define VALUE 2"));
    let out = kunit_c_with(&other, &dir, &["binary_kunit.c"], &[]);
    assert!(shows(&out, "2 (0x2)"), "{}", text(&out.stderr));
}

#[test]
fn a_warning_is_shown_when_the_file_is_compiled() {
    let dir = workdir("warning");
    let with_warning = |value: u32| {
        suite(&format!(
            "#define VALUE {value}\nstatic void warns(void) {{ int c_rerun_unused; }}"
        ))
    };
    let warned = |out: &Output| text(&out.stderr).contains("unused variable 'c_rerun_unused'");
    // A flag of this run's own: the first run compiles.
    let run_id = format!("-DC_RERUN_RUN={}", std::process::id());
    let args = ["warning_kunit.c", run_id.as_str()];
    write(&dir.join("warning_kunit.c"), &with_warning(1));
    let first = kunit_c(&dir, &args);
    assert!(warned(&first), "{}", text(&first.stderr));
    write(&dir.join("warning_kunit.c"), &with_warning(2));
    let edited = kunit_c(&dir, &args);
    assert!(warned(&edited), "{}", text(&edited.stderr));
    assert!(shows(&edited, "2 (0x2)"));
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
    assert!(shows(&out, "11 (0xb)"), "{}", text(&out.stderr));
    write(&tree.join("include/rerun/value.h"), "#define BASE 20\n");
    let out = kunit_c(&tree, &args);
    assert!(shows(&out, "21 (0x15)"), "{}", text(&out.stdout));
    // The Makefile's CFLAGS_<file>.o line is read on every run.
    write(
        &tree.join("lib/tests/Makefile"),
        "CFLAGS_tree_kunit.o := -DEXTRA=2\n",
    );
    let out = kunit_c(&tree, &args);
    assert!(shows(&out, "22 (0x16)"), "{}", text(&out.stdout));
}

#[test]
fn a_compile_error_after_an_edit_fails_the_build() {
    let dir = workdir("compile_error");
    let test = dir.join("error_kunit.c");
    write(&test, &suite("#define VALUE 0"));
    let out = kunit_c(&dir, &["error_kunit.c"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    write(&test, &suite("#define VALUE c_rerun_not_declared()"));
    let out = kunit_c(&dir, &["error_kunit.c"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("implicit declaration of function 'c_rerun_not_declared'")
            || stderr.contains("call to undeclared function 'c_rerun_not_declared'"),
        "{stderr}"
    );
    assert!(!text(&out.stdout).contains("Starting KUnit harnesses"));
    write(&test, &suite("#define VALUE 0"));
    let out = kunit_c(&dir, &["error_kunit.c"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("[PASSED] value"));
}

#[test]
fn a_symbol_nothing_defines_fails_the_build_naming_it() {
    let dir = workdir("undefined");
    // Called by the case: code a constructor reaches (what no constructor reaches is left
    // out of the link, as from the kernel's).
    write(
        &dir.join("undefined_kunit.c"),
        "#include <kunit/test.h>\n\
         int c_cache_nowhere(void);\n\
         static void calls(struct kunit *test)\n{\n\tKUNIT_EXPECT_EQ(test, c_cache_nowhere(), 0);\n}\n\
         static struct kunit_case undefined_cases[] = { KUNIT_CASE(calls), {} };\n\
         static struct kunit_suite undefined_suite = { .name = \"c_undefined\", .test_cases = undefined_cases };\n\
         kunit_test_suite(undefined_suite);\n",
    );
    let out = kunit_c(&dir, &["undefined_kunit.c"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("kunit c: error: the C objects do not load: ")
            && stderr.contains("undefined symbol: c_cache_nowhere"),
        "{stderr}"
    );
    assert!(!text(&out.stdout).contains("Starting KUnit harnesses"));
}

/// Every file under `dir`.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("read cache") {
        let p = e.expect("entry").path();
        if p.is_dir() {
            files_under(&p, out);
        } else {
            out.push(p);
        }
    }
}

#[test]
fn a_symbol_only_unused_code_needs_does_not_stop_the_run() {
    let dir = workdir("unused_undefined");
    write(
        &dir.join("unused_kunit.c"),
        &suite("int c_cache_nowhere(void);\nint c_cache_unused(void) { return c_cache_nowhere(); }\n#define VALUE 0"),
    );
    let out = kunit_c(&dir, &["unused_kunit.c"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("[PASSED] value"));
}

#[test]
fn a_kernel_function_the_c_files_define_is_theirs() {
    // The `kunit` binary defines `strlen` for C code too (kunit-c's glue, on the C
    // library's): the C files' own definition (here a wrong one) is the one they call.
    let dir = workdir("own_strlen");
    write(
        &dir.join("own_strlen.c"),
        "#include <linux/string.h>\nsize_t strlen(const char *s) { (void)s; return 42; }\n",
    );
    write(
        &dir.join("strlen_kunit.c"),
        "#include <kunit/test.h>\n#include <linux/string.h>\n\
         static void own(struct kunit *test)\n{\n\
         \tconst char *volatile s = \"abc\";\n\tKUNIT_EXPECT_EQ(test, strlen(s), 42);\n}\n\
         static struct kunit_case strlen_cases[] = { KUNIT_CASE(own), {} };\n\
         static struct kunit_suite strlen_suite = { .name = \"c_own_strlen\", .test_cases = strlen_cases };\n\
         kunit_test_suite(strlen_suite);\n",
    );
    let out = kunit_c(&dir, &["strlen_kunit.c", "own_strlen.c"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(text(&out.stdout).contains("[PASSED] own"));
}

#[test]
fn the_cache_holds_no_environment_value() {
    let dir = workdir("secret");
    let secret = format!("kunit-c-secret-{}-value", std::process::id());
    write(&dir.join("secret_kunit.c"), &suite("#define VALUE 0"));
    let kunit = Path::new(env!("CARGO_BIN_EXE_kunit"));
    let env = [
        ("KUNIT_C_TEST_SECRET", secret.as_str()),
        ("CARGO_REGISTRY_TOKEN", secret.as_str()),
        ("GITHUB_TOKEN", secret.as_str()),
    ];
    let out = kunit_c_with(kunit, &dir, &["secret_kunit.c", "-DSECRET_RUN=1"], &env);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let mut files = Vec::new();
    files_under(&cache(), &mut files);
    assert!(files.len() > 3, "{files:?}");
    for f in files {
        let bytes = std::fs::read(&f).unwrap_or_default();
        assert!(
            !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
            "{} holds an environment variable's value",
            f.display()
        );
    }
}
