//! `kunit run --coverage[=DIR]`: line, function (and, where the compiler gives them, branch)
//! coverage of the code under test, as `DIR/lcov.info` and `DIR/index.html`.
//!
//! Rust: the harnesses are built with `-C instrument-coverage` (stable) for the host
//! `--target` (build scripts and proc-macros stay plain and write no profiles) into a target
//! folder of their own; each harness process writes its own profile
//! (`LLVM_PROFILE_FILE=DIR/profraw/kunit-%p-%m.profraw`); after the run `llvm-profdata merge`
//! and `llvm-cov export -format=lcov` turn them into LCOV, which is filtered to the code
//! under test: the workspace's packages other than kunit-rs's own, without their test files
//! (`tests/`, `benches/`, `*_kunit.rs`), unless `--coverage-all`.
//!
//! The LLVM tools must match rustc's LLVM (`rustc -vV`): rustup's `llvm-tools` component,
//! else `llvm-profdata-<major>`/`llvm-cov-<major>` (Debian's `llvm-<major>` package), else
//! unversioned ones of that major. None: one line, exit 2, before anything is built.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::report::lcov::{self, FileCov};

/// Where `--coverage` without a folder writes (under the build folder base, as the
/// instrumented build).
pub const DEFAULT_DIR_NAME: &str = "kunit-coverage";

/// The packages of kunit-rs itself: never the code under test (unless `--coverage-all`).
const FRAMEWORK: &[&str] = &[
    "kunit-rs",
    "kunit-rs-macros",
    "kunit-protocol",
    "kunit-c",
    "kunit-c-runtime",
    "run-in-irq",
];

/// The LLVM tools found, and where from (printed once).
#[derive(Clone, Debug)]
pub struct Tools {
    /// `llvm-profdata`.
    pub profdata: PathBuf,
    /// `llvm-cov`.
    pub cov: PathBuf,
    /// How they were found, for the one line kunit prints.
    pub found: String,
}

/// The LLVM major version in `rustc -vV` output (`LLVM version: 22.1.2`).
pub fn llvm_major(rustc_vv: &str) -> Option<u32> {
    rustc_vv
        .lines()
        .find_map(|l| l.strip_prefix("LLVM version: "))
        .and_then(|v| v.split('.').next())
        .and_then(|m| m.trim().parse().ok())
}

/// The LLVM major version of `tool --version` (`LLVM version 22.1.8`).
fn tool_major(tool: &Path) -> Option<u32> {
    let out = Command::new(tool).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let at = text.find("LLVM version ")?;
    text[at + "LLVM version ".len()..]
        .split('.')
        .next()?
        .trim()
        .parse()
        .ok()
}

fn on_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    })
}

/// Finds `llvm-profdata` and `llvm-cov` for rustc's LLVM; the one-line reason otherwise.
pub fn find_tools() -> Result<Tools, String> {
    let vv = Command::new("rustc")
        .arg("-vV")
        .output()
        .map_err(|e| format!("kunit: --coverage: cannot run rustc -vV: {e}"))?;
    let vv = String::from_utf8_lossy(&vv.stdout).into_owned();
    let major = llvm_major(&vv).ok_or("kunit: --coverage: rustc -vV names no LLVM version")?;
    // 1. rustup's llvm-tools component, beside rustc's sysroot.
    let host = vv
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .unwrap_or("");
    if let Ok(out) = Command::new("rustc").args(["--print", "sysroot"]).output() {
        let bin = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim())
            .join("lib/rustlib")
            .join(host)
            .join("bin");
        let (p, c) = (bin.join("llvm-profdata"), bin.join("llvm-cov"));
        if p.is_file() && c.is_file() {
            return Ok(Tools {
                profdata: p,
                cov: c,
                found: "rustup's llvm-tools component".into(),
            });
        }
    }
    // 2. Versioned (Debian's llvm-N), 3. unversioned of the same major.
    for suffix in [format!("-{major}"), String::new()] {
        let (p, c) = (
            on_path(&format!("llvm-profdata{suffix}")),
            on_path(&format!("llvm-cov{suffix}")),
        );
        if let (Some(p), Some(c)) = (p, c) {
            if tool_major(&p) == Some(major) && tool_major(&c) == Some(major) {
                return Ok(Tools {
                    found: format!("{} and {}", p.display(), c.display()),
                    profdata: p,
                    cov: c,
                });
            }
        }
    }
    Err(format!(
        "kunit: --coverage: no llvm-profdata/llvm-cov for LLVM {major} (rustc's): rustup component add llvm-tools, or apt-get install llvm-{major}"
    ))
}

/// The build environment: `-C instrument-coverage` on top of the user's `RUSTFLAGS`.
pub fn build_env() -> Vec<(String, OsString)> {
    let mut flags = std::env::var("RUSTFLAGS").unwrap_or_default();
    if !flags.is_empty() {
        flags.push(' ');
    }
    flags.push_str("-C instrument-coverage");
    vec![("RUSTFLAGS".into(), flags.into())]
}

/// The folder the harness processes write their profiles to (emptied before the run).
pub fn profraw_dir(out_dir: &Path) -> PathBuf {
    out_dir.join("profraw")
}

/// `LLVM_PROFILE_FILE` for the harness processes: one file per process and binary.
pub fn profile_file(out_dir: &Path) -> PathBuf {
    profraw_dir(out_dir).join("kunit-%p-%m.profraw")
}

/// The folders whose files are the code under test: each workspace package's folder but
/// kunit-rs's own (`cargo metadata --no-deps`).
pub fn code_under_test(manifest_path: Option<&str>) -> Result<Vec<PathBuf>, String> {
    let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cmd.args(["metadata", "--no-deps", "--format-version", "1"]);
    if let Some(m) = manifest_path {
        cmd.args(["--manifest-path", m]);
    }
    let out = cmd
        .output()
        .map_err(|e| format!("kunit: --coverage: cannot run cargo metadata: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "kunit: --coverage: cargo metadata failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    let v: serde_json::Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("kunit: --coverage: cargo metadata: {e}"))?;
    Ok(v["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| !FRAMEWORK.contains(&p["name"].as_str().unwrap_or("")))
        .filter_map(|p| p["manifest_path"].as_str())
        .filter_map(|m| Path::new(m).parent().map(Path::to_path_buf))
        .collect())
}

/// Whether `path` (Rust, or C a build script compiled) is code under test: inside one of
/// `roots`, and not a test file.
pub fn is_code_under_test(path: &str, roots: &[PathBuf]) -> bool {
    let p = Path::new(path);
    let Some(root) = roots.iter().find(|r| p.starts_with(r)) else {
        return false;
    };
    let rel = p.strip_prefix(root).unwrap_or(p);
    let first = rel
        .components()
        .next()
        .map(|c| c.as_os_str().to_string_lossy().into_owned());
    !matches!(
        first.as_deref(),
        Some("tests" | "benches" | "examples" | "target")
    ) && !path.ends_with("_kunit.rs")
        // A C test file outside tests/ (the kernel's lib/foo_kunit.c layout).
        && !path.ends_with("_kunit.c")
}

/// Merges the profiles and exports the LCOV of `bins`; the files (all of them, unfiltered).
pub fn export(tools: &Tools, bins: &[PathBuf], out_dir: &Path) -> Result<Vec<FileCov>, String> {
    let raw: Vec<PathBuf> = std::fs::read_dir(profraw_dir(out_dir))
        .map_err(|e| format!("kunit: --coverage: no profiles were written: {e}"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "profraw"))
        .collect();
    if raw.is_empty() {
        return Err("kunit: --coverage: the harnesses wrote no profiles".into());
    }
    let profdata = out_dir.join("kunit.profdata");
    let st = Command::new(&tools.profdata)
        .args(["merge", "-sparse", "-o"])
        .arg(&profdata)
        .args(&raw)
        .status()
        .map_err(|e| {
            format!(
                "kunit: --coverage: cannot run {}: {e}",
                tools.profdata.display()
            )
        })?;
    if !st.success() {
        return Err(format!(
            "kunit: --coverage: llvm-profdata merge failed ({st})"
        ));
    }
    let mut cmd = Command::new(&tools.cov);
    cmd.args(["export", "-format=lcov"])
        .arg(format!("-instr-profile={}", profdata.display()));
    for (i, b) in bins.iter().enumerate() {
        if i > 0 {
            cmd.arg("-object");
        }
        cmd.arg(b);
    }
    let out = cmd
        .output()
        .map_err(|e| format!("kunit: --coverage: cannot run {}: {e}", tools.cov.display()))?;
    if !out.status.success() {
        return Err(format!(
            "kunit: --coverage: llvm-cov export failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    lcov::parse(&String::from_utf8_lossy(&out.stdout))
}

#[cfg(test)]
#[path = "coverage_kunit.rs"]
mod coverage_kunit;
