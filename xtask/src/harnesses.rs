//! `cargo xtask harnesses`: the path of every kunit harness binary of the workspace, one a
//! line — the test executables `cargo test --workspace --no-run` builds (test targets and the
//! libraries' own test targets, e.g. kunit-tool's `[lib] harness = false`) that carry the
//! harness marker (`kunit_protocol::marker`, the one the `kunit` runner looks for). The checks
//! that run every harness (`tests/harness_binaries/`: `--jobs` identity, TAP 14 oracle,
//! libtest JSON) start from it.

use crate::build::{executables, Executable};
use std::path::Path;

/// Builds the workspace's test executables in `root` and returns the harness binaries among
/// them, in cargo's order.
pub fn list(root: &Path) -> Result<Vec<Executable>, String> {
    let built = executables(root, &["test", "--workspace", "--no-run"])?;
    let mut harnesses = Vec::new();
    for exe in built.into_iter().filter(|e| e.test) {
        let bytes = std::fs::read(&exe.path).map_err(|e| format!("{}: {e}", exe.path.display()))?;
        if kunit_protocol::marker::contains(&bytes) {
            harnesses.push(exe);
        }
    }
    Ok(harnesses)
}
