//! The same kernel-style C file gives the same results through both doors: through
//! `kunit_c::Build` in a package built with an ordinary debug profile (`opt-level = 0`, no
//! debug info asked for) and through `kunit c`. Both compile kernel C as the kernel does,
//! `-O2 -g` (kunit-c's `kernel_cflags`), whatever cargo's profile. The fixture
//! (`tests/fixtures/c/flex_size_kunit.c`, ours, in the shape of upstream overflow_kunit.c's
//! `DEFINE_FLEX_test`) needs the optimiser: forced back to `-O0` (`CFLAGS`, which comes after
//! kunit-c's flags) the same build fails, so the comparison can tell the two apart.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::without_sanitizer;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/c/flex_size_kunit.c")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A package of its own, in this test's temporary folder, whose build script compiles the
/// fixture with `kunit_c::Build` and whose test target is `kunit::main!()`.
fn write_package(dir: &Path) {
    let kunit_rs = repo().join("kunit-rs");
    std::fs::create_dir_all(dir.join("tests")).expect("package folder");
    let manifest = format!(
        "[package]\nname = \"flex-size\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
         publish = false\nautotests = false\n\n[workspace]\n\n\
         [dependencies]\nkunit = {{ package = \"kunit-rs\", path = {:?} }}\n\
         kunit-c-runtime = {{ path = {:?} }}\n\n\
         [build-dependencies]\nkunit-c = {{ path = {:?} }}\n\n\
         [[test]]\nname = \"flex_size\"\npath = \"tests/flex_size.rs\"\nharness = false\n\n\
         # An ordinary debug build: no optimisation, no debug info asked for.\n\
         [profile.dev]\nopt-level = 0\ndebug = false\n",
        kunit_rs.join("kunit"),
        kunit_rs.join("kunit-c-runtime"),
        kunit_rs.join("kunit-c"),
    );
    let build = format!(
        "fn main() {{\n    println!(\"cargo:warning=flex-size build script: OPT_LEVEL={{}}\", \
         std::env::var(\"OPT_LEVEL\").unwrap_or_default());\n    \
         kunit_c::Build::new().file({:?}).compile(\"flex_size\");\n}}\n",
        fixture()
    );
    for (path, body) in [
        ("Cargo.toml", manifest.as_str()),
        ("build.rs", build.as_str()),
        ("tests/flex_size.rs", "kunit::main!();\n"),
    ] {
        std::fs::write(dir.join(path), body).expect("write the package");
    }
    // The workspace's versions of every dependency (and no network for a resolution).
    std::fs::copy(repo().join("Cargo.lock"), dir.join("Cargo.lock")).expect("copy Cargo.lock");
}

/// Builds the package's test target (with `cflags` as `$CFLAGS`) and runs it: its output,
/// and cargo's stderr (the build script's warnings).
fn through_build(dir: &Path, cflags: &str) -> (Output, String) {
    let mut cargo = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    let built = without_sanitizer(&mut cargo)
        .args([
            "test",
            "--no-run",
            "--message-format=json-render-diagnostics",
        ])
        .current_dir(dir)
        // A target folder of its own: the outer `cargo test` holds the lock on ours.
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .env("CFLAGS", cflags)
        .output()
        .expect("run cargo");
    let stderr = text(&built.stderr);
    assert!(
        built.status.success(),
        "cargo test --no-run failed:\n{stderr}"
    );
    let exe = text(&built.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|m| m["target"]["name"] == "flex_size")
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .expect("cargo names the test executable");
    let run = without_sanitizer(&mut Command::new(exe))
        .output()
        .expect("run the test");
    (run, stderr)
}

/// `kunit c FIXTURE --raw_output`: the KTAP the test binary printed.
fn through_kunit_c() -> Output {
    without_sanitizer(&mut Command::new(env!("CARGO_BIN_EXE_kunit")))
        .args(["c", "flex_size_kunit.c", "--raw_output"])
        .current_dir(fixture().parent().expect("fixtures folder"))
        .env(
            "KUNIT_C_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("kunit-c-cache"),
        )
        .output()
        .expect("run kunit")
}

#[test]
fn debug_profile_build_and_kunit_c_agree() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("kunit-c-opt");
    write_package(&dir);

    let (build, cargo_stderr) = through_build(&dir, "");
    // The build script really ran under the debug profile.
    assert!(
        cargo_stderr.contains("flex-size build script: OPT_LEVEL=0"),
        "{cargo_stderr}"
    );
    let build_ktap = text(&build.stdout);
    assert!(
        build.status.success(),
        "through kunit_c::Build (debug profile):\n{build_ktap}{}",
        text(&build.stderr)
    );
    assert!(
        build_ktap.contains("    ok 1 flex_sizes_are_known\n"),
        "{build_ktap}"
    );
    assert!(build_ktap.contains("\nok 1 flex_size\n"), "{build_ktap}");

    // Debug info is kept although the profile asks for none: a debugger steps through C.
    let objects = find_objects(&dir.join("target/debug/build"), "flex_size_kunit");
    assert!(
        !objects.is_empty(),
        "no flex_size_kunit object under target/"
    );
    for o in &objects {
        let bytes = std::fs::read(o).expect("read the object");
        assert!(
            bytes.windows(11).any(|w| w == b".debug_info"),
            "{} has no .debug_info",
            o.display()
        );
    }

    let kunit = through_kunit_c();
    let kunit_out = text(&kunit.stdout);
    assert!(
        kunit.status.success(),
        "kunit c:\n{kunit_out}{}",
        text(&kunit.stderr)
    );
    // The suite's whole KTAP block, byte for byte (the documents around it differ: kunit c
    // adds its status lines, the harness its summary).
    let build_suite = suite_block(&build_ktap);
    assert_eq!(
        suite_block(&kunit_out),
        build_suite,
        "kunit c:\n{kunit_out}"
    );

    // The comparison can fail: at -O0 the object sizes are unknown ((size_t)-1).
    let (o0, _) = through_build(&dir, "-O0");
    let o0_ktap = text(&o0.stdout);
    assert!(
        !o0.status.success(),
        "at -O0 the fixture should fail:\n{o0_ktap}"
    );
    assert!(
        o0_ktap.contains("    not ok 1 flex_sizes_are_known\n"),
        "{o0_ktap}"
    );
    assert!(
        o0_ktap.contains(
            "        __builtin_dynamic_object_size(five, 0) == -1 (0xffffffffffffffff)\n"
        ),
        "{o0_ktap}"
    );
    assert_ne!(suite_block(&o0_ktap), build_suite);
}

/// The lines of the `flex_size` suite: from its `KTAP version 1` to its result line.
fn suite_block(ktap: &str) -> String {
    let lines: Vec<&str> = ktap.lines().collect();
    let start = lines
        .iter()
        .position(|l| *l == "    # Subtest: flex_size")
        .and_then(|i| i.checked_sub(1))
        .unwrap_or_else(|| panic!("no flex_size suite in:\n{ktap}"));
    let end = lines
        .iter()
        .position(|l| l.ends_with(" 1 flex_size") && !l.starts_with(' '))
        .unwrap_or_else(|| panic!("no flex_size result in:\n{ktap}"));
    lines[start..=end].join("\n")
}

/// Every object file under `dir` whose name starts with `stem` (kunit_c::Build's objects).
fn find_objects(dir: &Path, stem: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            found.extend(find_objects(&path, stem));
        } else if path.extension().is_some_and(|x| x == "o")
            && path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(stem))
        {
            found.push(path);
        }
    }
    found
}
