//! Shared by the integration tests that need a real harness binary.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Builds the chaos fixture (its own workspace) once per test process.
pub fn chaos_binary() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let manifest =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/chaos/Cargo.toml");
        // A target dir of its own: the outer `cargo test` holds the lock on ours.
        let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("chaos-target");
        let mut cargo = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
        // Under scripts/check-asan.sh, RUSTFLAGS carries -Zsanitizer, which this build (no
        // --target) would also apply to proc-macros, and they cannot load into rustc. The
        // fixture is the subject of the tests; kunit itself stays instrumented.
        if std::env::var("RUSTFLAGS").is_ok_and(|f| f.contains("-Zsanitizer")) {
            cargo.env_remove("RUSTFLAGS");
        }
        let status = cargo
            .args(["build", "--quiet", "--manifest-path"])
            .arg(&manifest)
            .arg("--target-dir")
            .arg(&target)
            .status()
            .expect("run cargo");
        assert!(status.success(), "building the chaos fixture failed");
        target.join("debug/kunit-chaos")
    })
}
