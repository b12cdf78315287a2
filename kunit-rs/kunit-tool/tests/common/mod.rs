//! Helpers shared by kunit-tool's integration tests.
#![allow(dead_code)] // each test crate uses its own subset

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// Builds the fixture harnesses (their own workspace, tests/fixtures/chaos)
/// once per test process and returns the path of the binary `name`.
pub fn fixture_binary(name: &str) -> PathBuf {
    static TARGET: OnceLock<PathBuf> = OnceLock::new();
    let target = TARGET.get_or_init(|| {
        let manifest =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/chaos/Cargo.toml");
        // A target dir of its own: the outer `cargo test` holds the lock on ours.
        let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("chaos-target");
        let status = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
            .args(["build", "--quiet", "--manifest-path"])
            .arg(&manifest)
            .arg("--target-dir")
            .arg(&target)
            .status()
            .expect("run cargo");
        assert!(status.success(), "building the fixture harnesses failed");
        target
    });
    target.join("debug").join(name)
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
