//! `#[kunit_tests]` counts what libtest counts. Libtest-shaped test files in
//! kunit-rs/kunit-macros/tests/parity/, each built as a libtest target, as a `#[kunit_tests]`
//! suite in a kunit harness, and as that module under libtest (its shims, the library layout),
//! report the same passed / failed / ignored counts, and the same again with `--ignored` and
//! with libtest-style filters:
//! * `tests.rs`: libtest's attributes, return types, assertions, nested modules;
//! * `shapes.rs`: modules that macros write (nested, of another crate, with async tests),
//!   `#[cfg]`-switched tests, `#[tokio::test]` / `#[futures_test::test]` /
//!   `#[async_std::test]`, should_panic, catch_unwind, threads.
//!
//! Both fail on purpose (some cases fail), so only the counts are compared. Then scratch
//! crates built against the workspace's target directory (`--offline`):
//! * a harness with plain `kunit::main!()` whose suite holds another crate's macro-written
//!   module fails to build (kunit's `#[test]` cannot reach it), never drops those tests; one
//!   whose such module holds only async tests builds and refuses to start (exit 2, naming the
//!   call); `kunit::main!(macro_use)` without `extern crate self as core;` fails to build;
//! * whole test files moved under `#[kunit_tests]` as the migration guide says, in an
//!   edition-2015 crate (tests/parity/crate-roots): each file's counts under libtest and under
//!   kunit are equal (`edition2015.rs`, `cfg_off.rs`, `file_mods.rs` with the fixes the build
//!   errors name); `mod common;` and `mod helpers;` inside the module fail to build naming
//!   their fix; an included file with an async test makes plain `kunit::main!()` refuse to
//!   start.

#[kunit::kunit_tests(xtask_libtest_parity)]
mod tests {
    use crate::common::{root, run_in, text};
    use regex_lite::Regex;
    use std::path::{Path, PathBuf};
    use std::process::{Command, Output};
    use std::sync::OnceLock;
    use xtask::build::Executable;

    /// The counts of a closing line, "P passed, F failed, I ignored"; `None` without one.
    fn counts(stdout: &str) -> Option<String> {
        let close =
            Regex::new(r"^test result: .* ([0-9]+) passed; ([0-9]+) failed; ([0-9]+) ignored;")
                .unwrap();
        stdout
            .lines()
            .find_map(|l| close.captures(l))
            .map(|c| format!("{} passed, {} failed, {} ignored", &c[1], &c[2], &c[3]))
    }

    /// Runs test executable `exe` with `args` (split at spaces) as cargo test would.
    fn counts_of(exe: &Executable, args: &str) -> String {
        let args: Vec<&str> = args.split_whitespace().collect();
        let out = run_in(&exe.package_dir, &exe.path, &args);
        counts(&text(&out.stdout))
            .unwrap_or_else(|| panic!("no 'test result:' line from {} {args:?}", exe.target))
    }

    /// Builds test targets `targets` of `package` once (`cargo test --no-run`).
    fn build_tests(package: &str, targets: &[&str]) -> Vec<Executable> {
        let mut args = vec!["test", "--no-run", "-p", package];
        for t in targets {
            args.extend(["--test", t]);
        }
        let built = xtask::build::executables(&root(), &args).unwrap_or_else(|e| panic!("{e}"));
        targets
            .iter()
            .map(|t| {
                built
                    .iter()
                    .find(|e| e.test && e.target == *t)
                    .unwrap_or_else(|| panic!("cargo built no test target {t}"))
                    .clone()
            })
            .collect()
    }

    /// The workspace's target directory (a scratch crate builds into it, sharing its
    /// dependencies and its lock).
    fn target_dir() -> &'static Path {
        static DIR: OnceLock<PathBuf> = OnceLock::new();
        DIR.get_or_init(|| {
            cargo_metadata::MetadataCommand::new()
                .current_dir(root())
                .no_deps()
                .exec()
                .expect("cargo metadata")
                .target_directory
                .into_std_path_buf()
        })
    }

    /// `cargo --offline ARGS` in scratch crate `dir`, into the workspace's target directory.
    fn scratch_cargo(dir: &Path, args: &[&str]) -> Output {
        Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
            .current_dir(dir)
            .arg("--offline")
            .args(args)
            .env("CARGO_TARGET_DIR", target_dir())
            .output()
            .expect("cargo runs")
    }

    fn both(out: &Output) -> String {
        format!("{}{}", text(&out.stdout), text(&out.stderr))
    }

    #[test]
    #[ignore = "builds the parity fixtures: scripts/test.sh libtest-parity"]
    fn libtest_shaped_files_count_the_same_three_ways(test: &mut kunit::Kunit) {
        for (file, arg_sets) in [
            (
                "parity",
                &[
                    "",
                    "--ignored",
                    "--include-ignored",
                    "tests::inner",
                    "tests::passes --exact",
                ][..],
            ),
            (
                "shapes",
                &[
                    "",
                    "--ignored",
                    "--include-ignored",
                    "shapes::u8",
                    "shapes::level",
                    "shapes::foreign",
                    "shapes::foreign_async",
                    "tokio",
                    "shapes::tokio_use",
                    "libtest_by_path",
                    "shapes::configured_out",
                    "shapes::catch_unwind_inside --exact",
                ][..],
            ),
        ] {
            let names = ["libtest", "kunit", "shims"].map(|way| format!("{file}_{way}"));
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let exes = build_tests("kunit-rs-macros", &names);
            let mut mismatches = Vec::new();
            for args in arg_sets {
                let [libtest, kunit, shims] = [0, 1, 2].map(|i| counts_of(&exes[i], args));
                if libtest == kunit && libtest == shims {
                    kunit::kunit_info!(test, "ok: {file} [{args}] {kunit}");
                } else {
                    mismatches.push(format!(
                        "{file} [{args}] libtest: {libtest}; kunit harness: {kunit}; libtest shims: {shims}"
                    ));
                }
            }
            assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
        }
    }

    /// A scratch crate `strict-fixture` depending on kunit and the fixture macros, with
    /// `extra` dependencies.
    fn strict_crate(dir: &Path, extra: &str) {
        let ws = root();
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(
            dir.join("Cargo.toml"),
            format!(
                "[package]\nname = \"strict-fixture\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n[workspace]\n[dependencies]\nkunit = {{ package = \"kunit-rs\", path = \"{}\" }}\nkunit-fixture-macros = {{ path = \"{}\" }}\n{extra}",
                ws.join("kunit-rs/kunit").display(),
                ws.join("kunit-rs/kunit-macros/tests/foreign-macros").display()
            ),
        )
        .unwrap();
        std::fs::copy(ws.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    }

    #[test]
    #[ignore = "builds scratch crates: scripts/test.sh libtest-parity"]
    fn plain_main_never_drops_another_crate_s_tests(test: &mut kunit::Kunit) {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        strict_crate(dir, "");
        std::fs::write(
            dir.join("src/main.rs"),
            "#[kunit::kunit_tests(strict)]\nmod strict {\n    #[test]\n    fn own() {}\n    kunit_fixture_macros::foreign_module!(foreign);\n}\nkunit::main!();\n",
        )
        .unwrap();
        let out = scratch_cargo(dir, &["build"]);
        assert!(
            !out.status.success(),
            "another crate's macro-written #[test]s under plain kunit::main!() built (they would be lost)"
        );
        let all = both(&out);
        assert!(
            all.contains("error[E0659]: `test` is ambiguous")
                && all.contains("foreign_module!(foreign)"),
            "the strict build failed for another reason:\n{all}"
        );
        kunit::kunit_info!(
            test,
            "ok: strict kunit::main!() refuses another crate's macro-written #[test]s (E0659 at the macro call)"
        );

        // Only async tests in another crate's module: a refusal to start.
        strict_crate(
            dir,
            "tokio = { version = \"1\", features = [\"rt\", \"rt-multi-thread\", \"macros\"] }\nfutures-test = \"0.3\"\nasync-std = { version = \"1\", features = [\"attributes\"] }\n",
        );
        std::fs::write(
            dir.join("src/main.rs"),
            "#[kunit::kunit_tests(strict_async)]\nmod strict_async {\n    #[test]\n    fn own() {}\n    kunit_fixture_macros::foreign_async_module!(foreign_async);\n}\nkunit::main!();\n",
        )
        .unwrap();
        let out = scratch_cargo(dir, &["build"]);
        assert!(
            out.status.success(),
            "the strict async fixture failed to build:\n{}",
            both(&out)
        );
        let run = Command::new(target_dir().join("debug/strict-fixture"))
            .current_dir(dir)
            .output()
            .expect("the strict fixture runs");
        let all = both(&run);
        assert!(
            run.status.code() == Some(2)
                && all.lines().any(|l| l.starts_with(
                    "error: kunit cannot see into `kunit_fixture_macros::foreign_async_module!` at src/main.rs:5"
                ))
                && !all
                    .lines()
                    .any(|l| l.starts_with("ok") || l.starts_with("not ok")),
            "the strict async fixture ran ({}):\n{all}",
            run.status
        );
        kunit::kunit_info!(
            test,
            "ok: strict kunit::main!() refuses to start with another crate's macro-written async tests (exit 2, names the call)"
        );

        // kunit::main!(macro_use) needs `extern crate self as core;`.
        std::fs::write(
            dir.join("src/main.rs"),
            "#[macro_use(test)]\nextern crate kunit;\n#[kunit::kunit_tests(no_core)]\nmod no_core {\n    #[test]\n    fn own() {}\n}\nkunit::main!(macro_use);\n",
        )
        .unwrap();
        let out = scratch_cargo(dir, &["build"]);
        assert!(
            !out.status.success(),
            "kunit::main!(macro_use) without extern crate self as core built"
        );
        let all = both(&out);
        assert!(
            all.contains(
                "kunit_main_macro_use_needs__extern_crate_self_as_core__at_the_crate_root"
            ),
            "the macro_use build failed for another reason:\n{all}"
        );
        kunit::kunit_info!(
            test,
            "ok: kunit::main!(macro_use) without `extern crate self as core;` fails to build, naming it"
        );
    }

    /// The file as a `#[kunit_tests]` module, the one edit the guide asks of every file
    /// (`above`: lines that go above the module).
    fn wrap(name: &str, body: &str, above: &str) -> String {
        let above = if above.is_empty() {
            String::new()
        } else {
            format!("{above}\n")
        };
        format!("{above}#[kunit::kunit_tests({name})]\nmod {name} {{\n{body}}}\nkunit::main!();\n")
    }

    /// The edition-2015 crate of tests/parity/crate-roots, each fixture file as a libtest
    /// target and wrapped as a kunit harness.
    fn crate_roots(dir: &Path) {
        let ws = root();
        let fixtures = ws.join("kunit-rs/kunit-macros/tests/parity/crate-roots");
        let read = |f: &str| std::fs::read_to_string(fixtures.join(f)).unwrap();
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::create_dir_all(dir.join("tests/common")).unwrap();
        std::fs::write(dir.join("src/lib.rs"), read("lib.rs")).unwrap();
        for f in std::fs::read_dir(fixtures.join("common")).unwrap() {
            let f = f.unwrap().path();
            std::fs::copy(&f, dir.join("tests/common").join(f.file_name().unwrap())).unwrap();
        }
        for f in ["helpers.rs", "async_inner.rs"] {
            std::fs::write(dir.join("tests").join(f), read(f)).unwrap();
        }
        let mut manifest = format!(
            "[package]\nname = \"crate-roots\"\nversion = \"0.0.0\"\nedition = \"2015\"\npublish = false\nautotests = false\n[workspace]\n[features]\nabsent = []\n[dev-dependencies]\nkunit = {{ package = \"kunit-rs\", path = \"{}\" }}\ntokio = {{ version = \"1\", features = [\"rt\", \"rt-multi-thread\", \"macros\", \"time\", \"test-util\"] }}\n",
            ws.join("kunit-rs/kunit").display()
        );
        let mut test = |name: &str, text: String, harness: bool| {
            std::fs::write(dir.join(format!("tests/{name}.rs")), text).unwrap();
            manifest.push_str(&format!(
                "[[test]]\nname = \"{name}\"\npath = \"tests/{name}.rs\"\n{}",
                if harness { "harness = false\n" } else { "" }
            ));
        };
        for f in ["edition2015", "cfg_off", "file_mods"] {
            let src = read(&format!("{f}.rs"));
            test(&format!("{f}_libtest"), src.clone(), false);
            let kunit = if f == "file_mods" {
                // The form the build error names.
                let fixed: String = src
                    .lines()
                    .map(|l| match l {
                        "mod common;" => "mod common { include!(\"common/mod.rs\"); }\n".to_owned(),
                        "mod helpers;" => "use super::helpers;\n".to_owned(),
                        l => format!("{l}\n"),
                    })
                    .collect();
                wrap(f, &fixed, "mod helpers;")
            } else {
                wrap(f, &src, "")
            };
            test(&format!("{f}_kunit"), kunit, true);
        }
        let file_mods = read("file_mods.rs");
        test(
            "file_mods_verbatim",
            wrap("file_mods", &file_mods, ""),
            true,
        );
        let without_common: String = file_mods
            .lines()
            .filter(|l| *l != "mod common;")
            .map(|l| format!("{l}\n"))
            .collect();
        test(
            "file_mods_helpers",
            wrap("file_mods_helpers", &without_common, ""),
            true,
        );
        test(
            "async_include",
            "#[kunit::kunit_tests(async_include)]\nmod async_include {\n    mod inner { include!(\"async_inner.rs\"); }\n    #[test]\n    fn own() {}\n}\nkunit::main!();\n".into(),
            true,
        );
        // (async fn needs a later edition)
        manifest.push_str("edition = \"2021\"\n");
        std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
        std::fs::copy(ws.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    }

    #[test]
    #[ignore = "builds scratch crates: scripts/test.sh libtest-parity"]
    fn whole_test_files_moved_under_kunit_tests_count_the_same(test: &mut kunit::Kunit) {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        crate_roots(dir);
        let mut mismatches = Vec::new();
        for f in ["edition2015", "cfg_off", "file_mods"] {
            let [libtest, kunit] = [format!("{f}_libtest"), format!("{f}_kunit")];
            for args in ["", "--include-ignored"] {
                let mut cargo_args = vec!["test", "--test", &libtest, "--"];
                cargo_args.extend(args.split_whitespace());
                let lib = counts(&text(&scratch_cargo(dir, &cargo_args).stdout));
                cargo_args[2] = &kunit;
                let out = scratch_cargo(dir, &cargo_args);
                let kun = counts(&text(&out.stdout));
                if lib.is_some() && lib == kun {
                    kunit::kunit_info!(
                        test,
                        "ok: crate-roots/{f}.rs (edition 2015) [{args}] {}",
                        kun.unwrap()
                    );
                } else {
                    let tail: Vec<&str> = std::str::from_utf8(&out.stderr)
                        .unwrap_or_default()
                        .lines()
                        .rev()
                        .take(30)
                        .collect();
                    mismatches.push(format!(
                        "crate-roots/{f}.rs (edition 2015) [{args}] libtest: {lib:?}; kunit: {kun:?}\n{}",
                        tail.into_iter().rev().collect::<Vec<_>>().join("\n")
                    ));
                }
            }
        }
        assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));

        let out = scratch_cargo(dir, &["build", "--test", "file_mods_verbatim"]);
        assert!(
            !out.status.success(),
            "`mod common;` inside #[kunit_tests] built (rustc refuses file modules in macro input)"
        );
        let all = both(&out);
        assert!(
            all.contains("error: `mod common;` inside #[kunit_tests] loads tests/common/mod.rs")
                && all.contains("mod common { include!(\"common/mod.rs\"); }"),
            "the file-module build failed for another reason:\n{all}"
        );
        kunit::kunit_info!(test, "ok: `mod common;` inside #[kunit_tests] fails to build, naming tests/common/mod.rs and the include! form");

        let out = scratch_cargo(dir, &["build", "--test", "file_mods_helpers"]);
        assert!(
            !out.status.success(),
            "`mod helpers;` inside #[kunit_tests] built"
        );
        let all = both(&out);
        assert!(
            all.contains("error: `mod helpers;` inside #[kunit_tests] loads tests/helpers.rs")
                && all.contains("It holds no test: declare `mod helpers;` above the #[kunit_tests] module and write `use super::helpers;` here"),
            "the helper-module build failed for another reason:\n{all}"
        );
        kunit::kunit_info!(test, "ok: `mod helpers;` (no tests) inside #[kunit_tests] fails to build, naming tests/helpers.rs and the use super:: form");

        // An included file with an async test: kunit cannot see it, so plain main!() refuses
        // to start.
        let all = both(&scratch_cargo(dir, &["test", "--test", "async_include"]));
        assert!(
            all.contains("error: kunit cannot see into `include!` at tests/async_include.rs:3")
                && !all.lines().any(|l| l.starts_with("test result:")),
            "the included async test:\n{all}"
        );
        kunit::kunit_info!(test, "ok: an included file with an async test makes plain kunit::main!() refuse to start, naming the include!");
    }
}
