//! Building harnesses with cargo and finding them: `cargo test --no-run
//! --message-format=json` lists every test executable, and the ones built with
//! `kunit::main!()` carry a marker string in their bytes.

use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// Does the file contain the kunit harness marker (`kunit_protocol::marker`)?
pub fn is_harness(path: &Path) -> io::Result<bool> {
    let needle = kunit_protocol::marker::needle();
    let mut f = std::fs::File::open(path)?;
    let mut buf = vec![0u8; 1 << 20];
    let mut keep = 0usize;
    loop {
        let n = f.read(&mut buf[keep..])?;
        if n == 0 {
            return Ok(false);
        }
        let filled = keep + n;
        if buf[..filled].windows(needle.len()).any(|w| w == needle) {
            return Ok(true);
        }
        keep = (needle.len() - 1).min(filled);
        buf.copy_within(filled - keep..filled, 0);
    }
}

/// What `build` passes to cargo.
#[derive(Clone, Debug, Default)]
pub struct CargoBuild {
    /// `--manifest-path`: the project's `Cargo.toml` (cargo finds it otherwise).
    pub manifest_path: Option<String>,
    /// `-p`: build only these packages (all when empty).
    pub packages: Vec<String>,
    /// `--release`: cargo's release profile.
    pub release: bool,
    /// `--features`, each passed on to cargo.
    pub features: Vec<String>,
    /// `--all-features`.
    pub all_features: bool,
    /// cargo's `-j`.
    pub jobs: Option<usize>,
    /// cargo's `--target-dir` (kunit's `--build_dir`).
    pub target_dir: Option<String>,
    /// Environment variables cargo gets on top of kunit's own.
    pub env: Vec<(String, std::ffi::OsString)>,
    /// A rustup toolchain to build with (`rustup run TOOLCHAIN cargo`; `--sanitize`'s
    /// nightly), instead of kunit's `cargo`.
    pub toolchain: Option<String>,
    /// cargo's `--target` (`--sanitize` builds for the host triple, so that build scripts and
    /// proc-macros are not instrumented).
    pub target: Option<String>,
}

/// A test executable cargo built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Artifact {
    /// The target's name (e.g. `checksum`).
    pub target: String,
    /// The executable cargo wrote.
    pub path: PathBuf,
}

/// Why cargo gave no harnesses; callers report each differently.
#[derive(Debug)]
pub enum CargoError {
    /// cargo could not be started or read.
    Io(io::Error),
    /// No cargo project here (or at `--manifest-path`): cargo's reason.
    NoProject(String),
    /// The build failed; cargo's messages went to stderr.
    BuildFailed(String),
}

impl From<io::Error> for CargoError {
    fn from(e: io::Error) -> Self {
        CargoError::Io(e)
    }
}

fn cargo_command() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// The `Cargo.toml` of the project a build would use (`cargo
/// locate-project`), or cargo's one-line reason why there is none (e.g.
/// started outside any cargo project).
pub fn locate_project(manifest_path: Option<&str>) -> Result<PathBuf, CargoError> {
    let out = run_locate_project(&[], manifest_path)?;
    if out.status.success() {
        let path = String::from_utf8_lossy(&out.stdout).trim_end().to_string();
        return Ok(PathBuf::from(path));
    }
    let err = String::from_utf8_lossy(&out.stderr);
    let reason = err
        .lines()
        .map(|l| l.trim().trim_start_matches("error:").trim())
        .find(|l| !l.is_empty())
        .unwrap_or("cargo locate-project failed")
        .to_string();
    Err(CargoError::NoProject(reason))
}

/// `cargo locate-project EXTRA --message-format plain [--manifest-path M]`, run.
fn run_locate_project(
    extra: &[&str],
    manifest_path: Option<&str>,
) -> io::Result<std::process::Output> {
    let mut cmd = cargo_command();
    cmd.arg("locate-project")
        .args(extra)
        .args(["--message-format", "plain"]);
    if let Some(m) = manifest_path {
        cmd.args(["--manifest-path", m]);
    }
    cmd.stdin(Stdio::null())
        .output()
        .map_err(|e| io::Error::new(e.kind(), format!("cannot run cargo: {e}")))
}

/// The workspace root's `Cargo.toml` (`cargo locate-project --workspace`).
pub fn locate_workspace(manifest_path: Option<&str>) -> Result<PathBuf, CargoError> {
    let out = run_locate_project(&["--workspace"], manifest_path)?;
    if !out.status.success() {
        return Err(CargoError::NoProject(
            String::from_utf8_lossy(&out.stderr).trim().to_string(),
        ));
    }
    Ok(PathBuf::from(
        String::from_utf8_lossy(&out.stdout).trim_end(),
    ))
}

/// Builds every test target and returns the test executables, sorted by
/// target name (cargo reports them in scheduling order). On a build failure
/// cargo's own messages went to stderr.
pub fn build_tests(opts: &CargoBuild) -> Result<Vec<Artifact>, CargoError> {
    let mut cmd = match &opts.toolchain {
        Some(toolchain) => {
            let mut cmd = Command::new("rustup");
            cmd.args(["run", toolchain, "cargo"]);
            cmd
        }
        None => cargo_command(),
    };
    cmd.args([
        "test",
        "--no-run",
        "--message-format=json-render-diagnostics",
    ]);
    if let Some(m) = &opts.manifest_path {
        cmd.args(["--manifest-path", m]);
    }
    for p in &opts.packages {
        cmd.args(["-p", p]);
    }
    if opts.release {
        cmd.arg("--release");
    }
    for f in &opts.features {
        cmd.args(["--features", f]);
    }
    if opts.all_features {
        cmd.arg("--all-features");
    }
    if let Some(j) = opts.jobs {
        cmd.args(["-j", &j.to_string()]);
    }
    if let Some(d) = &opts.target_dir {
        cmd.args(["--target-dir", d]);
    }
    if let Some(t) = &opts.target {
        cmd.args(["--target", t]);
    }
    cmd.envs(opts.env.iter().map(|(k, v)| (k, v)));
    cmd.stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .stdin(Stdio::null());
    let mut child = cmd
        .spawn()
        .map_err(|e| io::Error::new(e.kind(), format!("cannot run cargo: {e}")))?;
    let mut found = Vec::new();
    if let Some(out) = child.stdout.take() {
        for line in io::BufReader::new(out).lines() {
            if let Some(a) = line.ok().and_then(|l| artifact(&l)) {
                if !found.contains(&a) {
                    found.push(a);
                }
            }
        }
    }
    let status = child.wait()?;
    if !status.success() {
        return Err(CargoError::BuildFailed(format!(
            "cargo test --no-run failed ({status})"
        )));
    }
    found.sort_by(|a, b| (&a.target, &a.path).cmp(&(&b.target, &b.path)));
    Ok(found)
}

/// A test executable from one `compiler-artifact` message.
fn artifact(line: &str) -> Option<Artifact> {
    let v: Value = serde_json::from_str(line).ok()?;
    if v.get("reason")?.as_str()? != "compiler-artifact" {
        return None;
    }
    if v.get("profile")
        .and_then(|p| p.get("test"))
        .and_then(Value::as_bool)
        != Some(true)
    {
        return None;
    }
    let path = v.get("executable")?.as_str()?;
    let target = v
        .get("target")
        .and_then(|t| t.get("name"))
        .and_then(Value::as_str)
        .unwrap_or("");
    Some(Artifact {
        target: target.to_string(),
        path: PathBuf::from(path),
    })
}

/// Does the binary answer `--list_tests` as a kunit harness does (status 0,
/// `KTAP version 1` first)? Any binary linking the kunit crate carries the
/// marker, including libtest unit-test binaries, which reject the flag.
pub fn answers_list_tests(path: &Path) -> bool {
    let Ok(mut child) = Command::new(path)
        .arg(kunit_protocol::flags::LIST_TESTS)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        return false;
    };
    let mut first = [0u8; 15];
    let got = child
        .stdout
        .take()
        .is_some_and(|mut o| o.read_exact(&mut first).is_ok());
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(2)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    got && &first == b"KTAP version 1\n" && status.is_some_and(|s| s.success())
}

/// Keeps the artifacts built with `kunit::main!()`.
pub fn harnesses(artifacts: Vec<Artifact>) -> Vec<Artifact> {
    artifacts
        .into_iter()
        .filter(|a| is_harness(&a.path).unwrap_or(false) && answers_list_tests(&a.path))
        .collect()
}

#[cfg(test)]
#[path = "cargo_kunit.rs"]
mod cargo_kunit;
