//! `cargo xtask harnesses`: the path of every kunit harness binary of the workspace, one a
//! line — the test executables `cargo test --workspace --no-run` builds (test targets and the
//! libraries' own test targets, e.g. kunit-tool's `[lib] harness = false`) that carry the
//! harness marker (`kunit_protocol::marker`, the one the `kunit` runner looks for). The checks
//! that run every harness (`--jobs` identity, TAP 14 oracle, libtest JSON) start from it.

use cargo_metadata::Message;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Builds the workspace's test executables in `root` and returns the harness binaries among
/// them, in cargo's order.
pub fn list(root: &Path) -> Result<Vec<PathBuf>, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut child = Command::new(cargo)
        .current_dir(root)
        .args(["test", "--workspace", "--no-run", "--message-format=json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let stdout = child.stdout.take().expect("stdout is piped");
    let mut executables = Vec::new();
    for message in Message::parse_stream(BufReader::new(stdout)) {
        let message = message.map_err(|e| format!("reading cargo's messages: {e}"))?;
        if let Message::CompilerArtifact(a) = message {
            if let (true, Some(exe)) = (a.profile.test, a.executable) {
                executables.push(exe.into_std_path_buf());
            }
        }
    }
    let status = child
        .wait()
        .map_err(|e| format!("waiting for cargo: {e}"))?;
    if !status.success() {
        return Err(format!("cargo test --workspace --no-run: {status}"));
    }
    let mut harnesses = Vec::new();
    for exe in executables {
        let bytes = std::fs::read(&exe).map_err(|e| format!("{}: {e}", exe.display()))?;
        if kunit_protocol::marker::contains(&bytes) {
            harnesses.push(exe);
        }
    }
    Ok(harnesses)
}
