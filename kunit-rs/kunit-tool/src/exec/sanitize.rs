//! `--sanitize=address,undefined,thread`: how the harnesses are built and run under the
//! sanitizers. Rust code is instrumented with a nightly toolchain's `-Zsanitizer`, built for
//! the host `--target` (so build scripts and proc-macros, which run inside the compiler, stay
//! plain) into a target folder of its own (so a plain build is not invalidated). The
//! sanitizer runtime's report hooks are exported (`--export-dynamic-symbol`) so that kunit's
//! harness finds them and turns each report into the failure of the case it came in
//! (kunit's `sanitizer.rs`). Without nightly, one line says so and the build is plain.
//!
//! `undefined` has no Rust counterpart (rustc has no UBSan; debug builds check integer
//! overflow already); it instruments C code (`kunit c`, `kunit_c::Build`) through
//! [`C_SANITIZE_ENV`].

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One `--sanitize` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Sanitizer {
    /// AddressSanitizer (with LeakSanitizer).
    Address,
    /// UndefinedBehaviorSanitizer (C code only).
    Undefined,
    /// ThreadSanitizer.
    Thread,
}

impl Sanitizer {
    /// The name `-fsanitize=` / `-Zsanitizer=` take.
    pub fn name(self) -> &'static str {
        match self {
            Sanitizer::Address => "address",
            Sanitizer::Undefined => "undefined",
            Sanitizer::Thread => "thread",
        }
    }
}

/// The environment variable through which a C build (`kunit_c::Build`, `kunit c`) learns the
/// sanitizers to compile with: the `--sanitize` list, comma-separated (`address,undefined`).
pub const C_SANITIZE_ENV: &str = kunit_c::SANITIZE_ENV;

/// The toolchain `-Zsanitizer` needs.
pub const NIGHTLY: &str = "nightly";

/// `--sanitize`'s value: the sanitizers, sorted (a newtype: clap reads a bare `Vec` field
/// as a repeated option).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanitizeList(pub Vec<Sanitizer>);

/// [`parse_list`] as clap's value parser.
pub fn parse_option(v: &str) -> Result<SanitizeList, String> {
    parse_list(v).map(SanitizeList)
}

/// Parses `--sanitize`'s list (clap's value parser): known names, no repeats, and not
/// `address` with `thread` (their runtimes cannot share a process).
pub fn parse_list(v: &str) -> Result<Vec<Sanitizer>, String> {
    let mut out = Vec::new();
    for name in v.split(',').map(str::trim) {
        let s = match name {
            "address" => Sanitizer::Address,
            "undefined" => Sanitizer::Undefined,
            "thread" => Sanitizer::Thread,
            _ => {
                return Err(format!(
                    "unknown sanitizer '{name}' (choose from address, undefined, thread)"
                ))
            }
        };
        if out.contains(&s) {
            return Err(format!("'{name}' is given twice"));
        }
        out.push(s);
    }
    if out.contains(&Sanitizer::Address) && out.contains(&Sanitizer::Thread) {
        return Err("address and thread cannot be combined (one runtime per process)".into());
    }
    out.sort();
    Ok(out)
}

/// The list as `--sanitize` spells it, sorted (`address,undefined`).
pub fn list_text(list: &[Sanitizer]) -> String {
    list.iter().map(|s| s.name()).collect::<Vec<_>>().join(",")
}

/// Whether `rustup run nightly rustc` works.
pub fn nightly_available() -> bool {
    Command::new("rustup")
        .args(["run", NIGHTLY, "rustc", "--version"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The host triple (`rustc -vV`'s `host:`).
pub fn host_triple() -> Option<String> {
    let out = Command::new("rustc").arg("-vV").output().ok()?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .map(str::to_string)
}

/// The rustc flags for `list`, on top of the user's `RUSTFLAGS` (`existing`).
pub fn rustflags(list: &[Sanitizer], existing: &str) -> String {
    let mut flags: Vec<String> = existing.split_whitespace().map(str::to_string).collect();
    for s in list {
        match s {
            Sanitizer::Address => {
                flags.push("-Zsanitizer=address".into());
                // Reports continue with the next case instead of ending the run.
                flags.push("-Zsanitizer-recover=address".into());
            }
            // std is not rebuilt with the sanitizer (no -Zbuild-std): rustc refuses the mix
            // unless told; TSan then misses races inside std only.
            Sanitizer::Thread => {
                flags.push("-Zsanitizer=thread".into());
                flags.push("-Cunsafe-allow-abi-mismatch=sanitizer".into());
            }
            Sanitizer::Undefined => {}
        }
    }
    if list.iter().any(|s| *s != Sanitizer::Undefined) {
        // The static runtime's hooks, visible to dlsym (kunit's sanitizer.rs).
        for sym in [
            "__sanitizer_set_report_fd",
            "__sanitizer_set_death_callback",
            "__lsan_do_recoverable_leak_check",
        ] {
            flags.push(format!("-Clink-arg=-Wl,--export-dynamic-symbol={sym}"));
        }
    }
    flags.join(" ")
}

/// The sanitizer options the harness processes run with, each before the user's own (a
/// user's `ASAN_OPTIONS` entry wins: the runtimes take the last value of a key).
pub fn run_env(list: &[Sanitizer]) -> Vec<(&'static str, String)> {
    let mut env = Vec::new();
    let mut add = |var: &'static str, ours: &str| {
        let user = std::env::var(var).unwrap_or_default();
        let value = if user.is_empty() {
            ours.to_string()
        } else {
            format!("{ours}:{user}")
        };
        env.push((var, value));
    };
    for s in list {
        match s {
            // The leak check runs once after the last suite (kunit's sanitizer.rs), not again
            // at exit.
            Sanitizer::Address => add(
                "ASAN_OPTIONS",
                "halt_on_error=0:detect_leaks=1:leak_check_at_exit=0",
            ),
            Sanitizer::Undefined => add("UBSAN_OPTIONS", "halt_on_error=0:print_stacktrace=1"),
            Sanitizer::Thread => add("TSAN_OPTIONS", "halt_on_error=0"),
        }
    }
    env
}

/// The target folder of an instrumented build: `<base>/kunit-sanitize-<list>`, `base` being
/// `--build_dir`, else `CARGO_TARGET_DIR`, else the workspace's `target` beside `manifest`
/// (the workspace root's `Cargo.toml`).
pub fn target_dir(
    list: &[Sanitizer],
    build_dir: Option<&str>,
    workspace_manifest: &Path,
) -> PathBuf {
    target_base(build_dir, workspace_manifest).join(format!(
        "kunit-sanitize-{}",
        list_text(list).replace(',', "-")
    ))
}

/// The folder instrumented builds and reports go under: `--build_dir`, else
/// `CARGO_TARGET_DIR`, else the workspace's `target` beside `workspace_manifest`.
pub fn target_base(build_dir: Option<&str>, workspace_manifest: &Path) -> PathBuf {
    build_dir
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from))
        .unwrap_or_else(|| {
            workspace_manifest
                .parent()
                .unwrap_or(Path::new("."))
                .join("target")
        })
}

/// The cargo environment of an instrumented build: `RUSTFLAGS` and the C list.
pub fn build_env(list: &[Sanitizer], rust: bool) -> Vec<(String, OsString)> {
    let mut env = vec![(C_SANITIZE_ENV.to_string(), OsString::from(list_text(list)))];
    if rust {
        let existing = std::env::var("RUSTFLAGS").unwrap_or_default();
        env.push(("RUSTFLAGS".into(), rustflags(list, &existing).into()));
    }
    env
}

#[cfg(test)]
#[path = "sanitize_kunit.rs"]
mod sanitize_kunit;
