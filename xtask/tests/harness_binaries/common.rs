//! What the cross-checks share: the workspace's harness binaries and the `kunit` runner, each
//! built once per test process (a `OnceLock`; cargo's answer when they are fresh), and the
//! small steps of running a command.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use xtask::build::Executable;

/// The repository's root.
pub fn root() -> PathBuf {
    xtask::repo_root()
}

/// `cargo`, the one that runs us (`$CARGO`), in the repository's root.
pub fn cargo() -> Command {
    let mut c = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    c.current_dir(root());
    c
}

/// Every kunit harness binary of the workspace (`cargo xtask harnesses`), built once.
pub fn harnesses() -> &'static [Executable] {
    static HARNESSES: OnceLock<Vec<Executable>> = OnceLock::new();
    HARNESSES.get_or_init(|| {
        let found = xtask::harnesses::list(&root()).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            !found.is_empty(),
            "no kunit harness binary among the workspace's test executables"
        );
        found
    })
}

/// The `kunit` runner (kunit-tool's binary, debug profile), built once.
pub fn kunit() -> &'static Path {
    static KUNIT: OnceLock<PathBuf> = OnceLock::new();
    KUNIT.get_or_init(|| {
        xtask::build::executables(&root(), &["build", "-p", "kunit-tool", "--bin", "kunit"])
            .unwrap_or_else(|e| panic!("{e}"))
            .into_iter()
            .find(|e| e.target == "kunit" && !e.test)
            .expect("cargo built no kunit binary")
            .path
    })
}

/// Runs `bin args...` in `dir`, as cargo test runs a test (`dir`: its package's folder).
pub fn run_in(dir: &Path, bin: &Path, args: &[&str]) -> Output {
    Command::new(bin)
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", bin.display()))
}

/// Runs harness `h` with `args`, in its package's folder.
pub fn run_harness(h: &Executable, args: &[&str]) -> Output {
    run_in(&h.package_dir, &h.path, args)
}

/// stdout as text (lossy: the checks compare text, and a stray byte shows as U+FFFD).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Whether `tool` is a command on `PATH`.
pub fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}
