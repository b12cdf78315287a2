//! The command line as a new user meets it: `--help` for the runner and each
//! subcommand, usage errors, `--manifest-path`, and one clear error (exit
//! status 2) when started outside any cargo project.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{fixture_build, fixture_target, kunit, mask_timestamps, without_sanitizer};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn help_explains_each_subcommand_and_flag() {
    for flag in ["--help", "-h"] {
        let out = kunit(&[flag]);
        assert_eq!(out.status.code(), Some(0));
        let help = text(&out.stdout);
        assert!(help.starts_with("usage: kunit [-h] {run,build,exec,parse,c} ...\n"));
        assert!(help.contains("kunit builds the cargo project it is started in"));
        for line in [
            "    run                 Builds and runs KUnit tests.\n",
            "    build               Builds the KUnit harnesses of the cargo project.\n",
            "    exec                Runs KUnit harnesses and parses their output.\n",
            "    parse               Parses KUnit results from files or stdin.\n",
            "    c                   Builds and runs kernel-style KUnit tests written in C.\n",
        ] {
            assert!(help.contains(line), "{line:?} in\n{help}");
        }
    }
    let has = |cmd: &str, flag: &str| {
        let out = kunit(&[cmd, "--help"]);
        assert_eq!(out.status.code(), Some(0), "{cmd}");
        assert!(out.stderr.is_empty());
        let help = text(&out.stdout);
        assert!(
            help.starts_with(&format!("usage: kunit {cmd} [-h] ")),
            "{help}"
        );
        help.contains(&format!("\n  {flag}"))
    };
    for cmd in ["run", "exec"] {
        for flag in [
            "--partition K/N",
            "--manifest-path PATH",
            "--json [FILE]",
            "filter_glob",
        ] {
            assert!(has(cmd, flag), "{cmd} {flag}");
        }
    }
    assert!(has("exec", "--binary PATH"));
    assert!(!has("run", "--binary PATH"));
    assert!(has("build", "--manifest-path PATH"));
    assert!(!has("build", "--json"));
    assert!(has("parse", "input_file"));
    for flag in [
        "--kernel-tree DIR",
        "--kconfig_add CONFIG_X=VALUE",
        "--json [FILE]",
        "TEST.c [CODE.c ...]",
    ] {
        assert!(has("c", flag), "c {flag}");
    }
    assert!(!has("c", "--manifest-path"));
    assert!(!has("parse", "--partition"));
    // -h after other arguments works too.
    let out = kunit(&["parse", "x.log", "-h"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("usage: kunit parse [-h] "));
}

#[test]
fn usage_errors_print_the_usage_and_exit_2() {
    let out = kunit(&["run", "--bogus"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(err.starts_with("usage: kunit run [-h] "), "{err}");
    assert!(
        err.ends_with("\nkunit run: error: unrecognized arguments: --bogus\n"),
        "{err}"
    );
    let out = kunit(&[]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "usage: kunit [-h] {run,build,exec,parse,c} ...\nkunit: error: a subcommand is required\n"
    );
}

/// `kunit exec` never takes the runner itself for a harness binary: it links kunit's harness
/// (it is `kunit c`'s run time, a harness only when `kunit c` starts it so), but started as a
/// harness is, it does not answer `--list_tests`.
#[test]
fn the_runner_binary_is_not_a_harness() {
    let runner = Path::new(env!("CARGO_BIN_EXE_kunit"));
    let artifact = kunit_tool::exec::cargo::Artifact {
        target: "kunit".into(),
        path: runner.to_path_buf(),
    };
    assert!(kunit_tool::exec::cargo::harnesses(vec![artifact]).is_empty());
}

/// An empty directory with no `Cargo.toml` in it or above it.
fn outside_any_project() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kunit-no-project-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for d in dir.ancestors() {
        assert!(
            !d.join("Cargo.toml").exists(),
            "the test needs a temporary directory outside any cargo project: {}",
            d.display()
        );
    }
    dir
}

fn kunit_in(dir: &Path, args: &[&str]) -> Output {
    without_sanitizer(&mut Command::new(env!("CARGO_BIN_EXE_kunit")))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run kunit")
}

#[test]
fn outside_a_project_one_error_and_exit_2() {
    let dir = outside_any_project();
    for cmd in ["run", "build", "exec"] {
        let out = kunit_in(&dir, &[cmd]);
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        assert!(out.stdout.is_empty(), "{cmd}: {}", text(&out.stdout));
        assert_eq!(
            text(&out.stderr),
            format!(
                "kunit {cmd}: error: could not find `Cargo.toml` in `{}` or any parent directory \
                 (kunit builds the cargo project it is started in: run it inside one, or pass \
                 --manifest-path PATH)\n",
                dir.display()
            )
        );
    }
    let missing = dir.join("Cargo.toml");
    let out = kunit_in(&dir, &["run", "--manifest-path", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!(
            "kunit run: error: manifest path `{}` does not exist\n",
            missing.display()
        )
    );
    // Given harness binaries, exec needs no project.
    let bin = shards_harness();
    let out = kunit_in(
        &dir,
        &[
            "exec",
            "--summary",
            "shard_alpha",
            "--binary",
            bin.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        mask_timestamps(&text(&out.stdout)),
        "Starting KUnit harnesses (1 binaries)...\nTesting complete. Ran 2 tests: passed: 2\n"
    );
    let _ = std::fs::remove_dir(&dir);
}

fn shards_harness() -> PathBuf {
    let (out, harnesses) = fixture_build();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(harnesses.len(), 1, "{}", text(&out.stdout));
    harnesses[0].clone()
}

#[test]
fn manifest_path_builds_and_runs_that_project() {
    let bin = shards_harness();
    let (out, _) = fixture_build();
    let stdout = mask_timestamps(&text(&out.stdout));
    assert!(
        stdout.starts_with("Building KUnit harnesses ...\nHarness: "),
        "{stdout}"
    );
    let name = bin.file_name().unwrap().to_str().unwrap();
    assert!(name.starts_with("kunit_shards-"), "{name}");

    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/chaos/Cargo.toml");
    let target = fixture_target();
    let out = kunit_in(
        &std::env::temp_dir(),
        &[
            "run",
            "--manifest-path",
            manifest.to_str().unwrap(),
            "--build_dir",
            target.to_str().unwrap(),
            "--summary",
            "shard_[ab]*",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        mask_timestamps(&text(&out.stdout)),
        "Building KUnit harnesses ...\nStarting KUnit harnesses (1 binaries)...\n\
         Testing complete. Ran 4 tests: passed: 4\n"
    );
}
