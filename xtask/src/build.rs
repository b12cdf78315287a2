//! Builds with cargo and returns the executables it wrote, read from cargo's JSON messages
//! (`cargo_metadata`): what `cargo xtask harnesses` and the cross-checks in
//! `tests/harness_binaries/` start from, so that none of them guesses a path under `target/`.

use cargo_metadata::Message;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// An executable cargo built.
#[derive(Clone, Debug)]
pub struct Executable {
    /// The folder of its package's `Cargo.toml` (where `cargo test` runs it).
    pub package_dir: PathBuf,
    /// The target's name (`hello`; a library's test target has the library's name).
    pub target: String,
    /// Whether it is a test executable (`cargo test --no-run`'s), not a `[[bin]]`.
    pub test: bool,
    /// Where it is.
    pub path: PathBuf,
}

/// Runs `cargo ARGS --message-format=json` in `root` (`cargo` is `$CARGO` when cargo started
/// us) and returns the executables it built or found fresh, in cargo's order; cargo's own
/// diagnostics go to our stderr. An error when cargo cannot start or fails.
pub fn executables(root: &Path, args: &[&str]) -> Result<Vec<Executable>, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut child = Command::new(cargo)
        .current_dir(root)
        .args(args)
        .arg("--message-format=json")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let stdout = child.stdout.take().expect("stdout is piped");
    let mut found = Vec::new();
    for message in Message::parse_stream(BufReader::new(stdout)) {
        let message = message.map_err(|e| format!("reading cargo's messages: {e}"))?;
        if let Message::CompilerArtifact(a) = message {
            if let Some(exe) = a.executable {
                found.push(Executable {
                    package_dir: a
                        .manifest_path
                        .parent()
                        .map(|d| d.as_std_path().to_path_buf())
                        .unwrap_or_default(),
                    target: a.target.name.clone(),
                    test: a.profile.test,
                    path: exe.into_std_path_buf(),
                });
            }
        }
    }
    let status = child
        .wait()
        .map_err(|e| format!("waiting for cargo: {e}"))?;
    if !status.success() {
        return Err(format!("cargo {}: {status}", args.join(" ")));
    }
    Ok(found)
}
