//! Helpers shared by kunit-tool's integration tests.
#![allow(dead_code)] // each test crate uses its own subset

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

fn fixture_manifest() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/chaos/Cargo.toml")
}

/// The fixture workspace's target dir: one of its own, since the outer
/// `cargo test` holds the lock on ours.
pub fn fixture_target() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("chaos-target")
}

/// Builds the fixture workspace's binaries (tests/fixtures/chaos) once per
/// test process and returns the path of the binary `name`.
pub fn fixture_binary(name: &str) -> PathBuf {
    static BUILT: OnceLock<()> = OnceLock::new();
    BUILT.get_or_init(|| {
        let mut cargo = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
        let status = without_sanitizer(&mut cargo)
            .args(["build", "--quiet", "--manifest-path"])
            .arg(fixture_manifest())
            .arg("--target-dir")
            .arg(fixture_target())
            .status()
            .expect("run cargo");
        assert!(status.success(), "building the fixture binaries failed");
    });
    fixture_target().join("debug").join(name)
}

/// Keeps scripts/check-asan.sh's `-Zsanitizer` RUSTFLAGS off a build of the fixture
/// workspace (cargo, or a `kunit run`/`build` that runs it): without `--target` cargo would apply them to proc-macros too, and those cannot
/// load into rustc. The fixture is the subject of the tests; kunit-tool stays instrumented.
pub fn without_sanitizer(cmd: &mut Command) -> &mut Command {
    if std::env::var("RUSTFLAGS").is_ok_and(|f| f.contains("-Zsanitizer")) {
        cmd.env_remove("RUSTFLAGS");
    }
    cmd
}

/// The chaos fixture's harness (`kunit-chaos`), built once per test process.
pub fn chaos_binary() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| fixture_binary("kunit-chaos"))
}

/// `kunit build --manifest-path` of the fixture workspace, once per test
/// process: its output and the harnesses it found (its test targets).
pub fn fixture_build() -> &'static (Output, Vec<PathBuf>) {
    static BUILT: OnceLock<(Output, Vec<PathBuf>)> = OnceLock::new();
    BUILT.get_or_init(|| {
        let manifest = fixture_manifest();
        let target = fixture_target();
        // `kunit build` runs cargo on the fixture workspace.
        let out = without_sanitizer(&mut Command::new(env!("CARGO_BIN_EXE_kunit")))
            .args(["build", "--manifest-path"])
            .arg(&manifest)
            .arg("--build_dir")
            .arg(&target)
            .output()
            .expect("run kunit");
        let harnesses = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| l.split_once("Harness: ").map(|(_, p)| PathBuf::from(p)))
            .collect();
        (out, harnesses)
    })
}

/// Runs the `kunit` binary with `args`.
pub fn kunit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kunit"))
        .args(args)
        .output()
        .expect("run kunit")
}

/// Drops the `[HH:MM:SS] ` kunit.py puts before every printed line.
pub fn mask_timestamps(s: &str) -> String {
    s.split_inclusive('\n')
        .map(|l| {
            let b = l.as_bytes();
            let stamped = b.len() >= 11
                && b[0] == b'['
                && b[3] == b':'
                && b[6] == b':'
                && b[9] == b']'
                && b[10] == b' '
                && [1, 2, 4, 5, 7, 8].iter().all(|&i| b[i].is_ascii_digit());
            if stamped {
                &l[11..]
            } else {
                l
            }
        })
        .collect()
}

/// Copies the folder `from` into `to`, recursively (a fixture tree a test may edit).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("folder");
    for e in std::fs::read_dir(from).expect("read fixture") {
        let e = e.expect("entry");
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).expect("copy");
        }
    }
}

/// Does `tool --version` run and succeed?
pub fn tool_runs(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Can lldb run kunit's frame choice, a Python command? `Err` is the one skip line: no lldb,
/// or an lldb without its Python module (with the `PYTHONPATH` kunit gives it).
pub fn lldb_with_python() -> Result<(), &'static str> {
    if !tool_runs("lldb") {
        return Err("skipped: lldb is not installed (apt-get install lldb)");
    }
    let mut probe = Command::new("lldb");
    probe.args(["-b", "-o", "script import lldb.embedded_interpreter"]);
    if let Some(path) = kunit_tool::exec::debugger::lldb_python() {
        probe.env("PYTHONPATH", path);
    }
    let ok = probe
        .stdin(std::process::Stdio::null())
        .output()
        .is_ok_and(|o| o.status.success());
    if ok {
        Ok(())
    } else {
        Err("skipped: lldb has no Python module (Debian: apt-get install python3-lldb-N)")
    }
}

/// Does the C compiler have `lib` (`cc -print-file-name=` gives a path, not the bare name)?
pub fn compiler_has(lib: &str) -> bool {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    Command::new(cc)
        .arg(format!("-print-file-name={lib}"))
        .output()
        .is_ok_and(|o| Path::new(String::from_utf8_lossy(&o.stdout).trim()).is_absolute())
}
