//! `kunit c`'s build: cargo, or, while only C inputs changed since cargo last built the
//! crate, the crate's build script run directly (it recompiles the changed C files into the
//! archive) and the test binary relinked with the link cargo's rustc ran last
//! (`link_record.rs`): cargo's fingerprinting and the rustc of the test target are skipped.
//!
//! After a cargo build that ran both the build script and the link, a snapshot is kept
//! beside the crate (`rerun.json`): what the rerun checks and what it runs. The rerun is
//! taken only while the snapshot's key still holds (the kunit binary, the generated crate,
//! the `kunit run` options, the current directory, the cargo/rustup environment and
//! configuration files) and no file of the kunit-rs sources nor the test target's Rust
//! inputs changed; it falls back to cargo whenever the build script fails or prints other
//! directives than before, or the link fails, so cargo prints what it prints today (the
//! build script's warnings are printed as cargo prints them).

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{json, Value};

use super::link_record::{self, pairs, strings, Link};
use super::project::{fnv, Crate};
use crate::cli::exec_cmd::TestBuild;
use crate::exec::cargo::{self, Artifact, CargoBuild, CargoError};

/// `kunit c`'s build (cargo's, or the rerun without it).
pub struct CBuild {
    krate: Crate,
    cache: PathBuf,
    src: PathBuf,
    key: String,
    /// The snapshot, when its key holds.
    snapshot: Option<Snapshot>,
}

impl CBuild {
    /// The build of `krate`, which `kunit run ARGV` builds.
    pub fn new(krate: Crate, cache: PathBuf, src: PathBuf, run_argv: &[String]) -> CBuild {
        let key = key(&krate, &src, run_argv);
        let snapshot = Snapshot::read(&krate.dir.join(SNAPSHOT)).filter(|s| s.key == key);
        CBuild {
            krate,
            cache,
            src,
            key,
            snapshot,
        }
    }

    fn record_file(&self) -> PathBuf {
        self.krate.dir.join("link.json")
    }

    fn script_env_file(&self) -> PathBuf {
        self.krate.dir.join("build-script.env")
    }

    /// The environment cargo gets so that the test binary's link is kept; none when the
    /// target or the kunit binary is unknown, or the user set the target's linker.
    fn recording_env(&self) -> Option<Vec<(String, OsString)>> {
        let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
        let out = Command::new(rustc).arg("-vV").output().ok()?;
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let host = text.lines().find_map(|l| l.strip_prefix("host: "))?;
        let var = format!(
            "CARGO_TARGET_{}_LINKER",
            host.to_ascii_uppercase().replace(['-', '.'], "_")
        );
        if std::env::var_os(&var).is_some() {
            return None;
        }
        let script = link_record::write_script(&self.cache).ok()?;
        let exe = std::env::current_exe().ok()?;
        Some(vec![
            (var, script.into_os_string()),
            (link_record::ENV_RECORDER.into(), exe.into_os_string()),
            (
                link_record::ENV_RECORD.into(),
                self.record_file().into_os_string(),
            ),
            (
                link_record::ENV_TARGET.into(),
                self.krate.stem.clone().into(),
            ),
        ])
    }

    /// `cargo test --no-run`, then the snapshot for the next rerun.
    fn cargo_build(&mut self, opts: &CargoBuild) -> Result<Vec<Artifact>, CargoError> {
        for f in [
            self.krate.dir.join(SNAPSHOT),
            self.record_file(),
            self.script_env_file(),
        ] {
            let _ = std::fs::remove_file(f);
        }
        let mut opts = opts.clone();
        let recording = self.recording_env();
        opts.env.extend(recording.iter().flatten().cloned());
        let artifacts = cargo::build_tests(&opts)?;
        if recording.is_some() {
            if let Some(s) = self.snapshot_after(&opts, &artifacts) {
                s.write(&self.krate.dir.join(SNAPSHOT));
            }
        }
        Ok(artifacts)
    }

    /// What the rerun needs, when cargo both ran the build script and linked the test
    /// binary in this build.
    fn snapshot_after(&self, opts: &CargoBuild, artifacts: &[Artifact]) -> Option<Snapshot> {
        let link = Link::read(&self.record_file())?;
        if artifacts.len() != 1 || artifacts[0].path != link.output {
            return None;
        }
        let run = ScriptRun::read(&self.script_env_file())?;
        let out_dir = PathBuf::from(run.env.iter().find(|(k, _)| k == "OUT_DIR")?.1.clone());
        // What cargo added to the environment it was given (less its jobserver); later
        // entries win, as in the command cargo ran.
        let given: BTreeMap<String, String> = std::env::vars_os()
            .chain(opts.env.iter().map(|(k, v)| (OsString::from(k), v.clone())))
            .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)))
            .collect();
        let added = run
            .env
            .into_iter()
            .filter(|(k, _)| !matches!(k.as_str(), "CARGO_MAKEFLAGS" | "MAKEFLAGS" | "MFLAGS"))
            .filter(|(k, v)| given.get(k) != Some(v))
            .collect();
        let output = std::fs::read_to_string(out_dir.parent()?.join("output")).ok()?;
        let mut rust_inputs = dep_info(&link.output.with_extension("d"), &self.krate.dir);
        rust_inputs.extend([self.src.join("Cargo.toml"), self.src.join("Cargo.lock")]);
        let package_dirs = package_dirs(link.output.parent()?, &self.src, &self.krate.dir);
        // kunit and kunit-c at least: without them nothing would notice their edits.
        if package_dirs.is_empty() {
            return None;
        }
        let mut s = Snapshot {
            key: self.key.clone(),
            stamp: String::new(),
            package_dirs,
            rust_inputs,
            script: run.exe,
            script_dir: run.cwd,
            script_env: added,
            directives: directives(&output),
            archives: archives(&out_dir),
            out_dir,
            artifacts: artifacts.to_vec(),
        };
        s.stamp = stamp(&s);
        Some(s)
    }

    /// The rerun without cargo; `None` when cargo has to build.
    fn rerun(&self, s: &Snapshot) -> Option<Vec<Artifact>> {
        // Cargo's lock on the profile's folder, as a cargo build takes it: no cargo build
        // (of this crate or another in the cache) runs meanwhile.
        let _lock = CargoLock::take(s.artifacts.first()?.path.parent()?.parent()?)?;
        if stamp(s) != s.stamp {
            return None;
        }
        let out = Command::new(&s.script)
            .current_dir(&s.script_dir)
            .envs(s.script_env.iter().map(|(k, v)| (k, v)))
            .env_remove("CARGO_MAKEFLAGS")
            .output()
            .ok()?;
        let stdout = String::from_utf8_lossy(&out.stdout);
        // Shown as cargo shows a build script's warnings, also before falling back to cargo
        // (which finds those objects fresh and does not compile them again).
        for w in warnings(&stdout) {
            print_warning(&self.krate.package, w);
        }
        if !out.status.success() || directives(&stdout) != s.directives {
            return None;
        }
        // The script may rewrite a Rust input in OUT_DIR (kunit_c_link.rs).
        if stamp(s) != s.stamp {
            return None;
        }
        let archives = archives(&s.out_dir);
        if archives != s.archives {
            let link = Link::read(&self.record_file())?;
            if !link.run() {
                return None;
            }
            let mut next = s.clone();
            next.archives = archives;
            next.write(&self.krate.dir.join(SNAPSHOT));
        }
        Some(s.artifacts.clone())
    }
}

impl TestBuild for CBuild {
    fn locate(&mut self, opts: &CargoBuild) -> Result<(), CargoError> {
        // The crate was just written and built before with the same text.
        if self.snapshot.is_some() {
            return Ok(());
        }
        cargo::locate_project(opts.manifest_path.as_deref()).map(|_| ())
    }

    fn build(&mut self, opts: &CargoBuild) -> Result<Vec<Artifact>, CargoError> {
        if let Some(artifacts) = self.snapshot.take().and_then(|s| self.rerun(&s)) {
            return Ok(artifacts);
        }
        self.cargo_build(opts)
    }
}

const SNAPSHOT: &str = "rerun.json";

/// `.cargo-lock` in a profile's folder, locked as cargo locks it (`flock`, exclusive) until
/// dropped.
struct CargoLock(std::fs::File);

impl CargoLock {
    fn take(profile_dir: &Path) -> Option<CargoLock> {
        use std::os::fd::AsRawFd;
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(profile_dir.join(".cargo-lock"))
            .ok()?;
        // SAFETY: flock on a descriptor this File owns for the call's duration.
        let locked = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX) } == 0;
        locked.then_some(CargoLock(file))
    }
}

impl Drop for CargoLock {
    fn drop(&mut self) {
        use std::os::fd::AsRawFd;
        // SAFETY: as in `take`; closing the file would release the lock as well.
        unsafe { libc::flock(self.0.as_raw_fd(), libc::LOCK_UN) };
    }
}

#[derive(Clone, Debug)]
struct Snapshot {
    key: String,
    /// [`stamp`] of the kunit-rs sources and `rust_inputs`.
    stamp: String,
    /// The kunit-rs package folders the crate is built from.
    package_dirs: Vec<PathBuf>,
    /// The test target's own Rust inputs (its dep-info), the generated OUT_DIR file included.
    rust_inputs: Vec<PathBuf>,
    script: PathBuf,
    script_dir: PathBuf,
    /// What cargo adds to the environment of the build script.
    script_env: Vec<(String, String)>,
    /// The build script's directives but `rerun-if-*` and warnings.
    directives: Vec<String>,
    out_dir: PathBuf,
    /// [`archives`] of `out_dir` as last linked.
    archives: String,
    artifacts: Vec<Artifact>,
}

impl Snapshot {
    fn read(path: &Path) -> Option<Snapshot> {
        let v: Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
        let text = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_owned);
        Some(Snapshot {
            key: text("key")?,
            stamp: text("stamp")?,
            package_dirs: strings(v.get("package_dirs")?)?
                .into_iter()
                .map(PathBuf::from)
                .collect(),
            rust_inputs: strings(v.get("rust_inputs")?)?
                .into_iter()
                .map(PathBuf::from)
                .collect(),
            script: text("script")?.into(),
            script_dir: text("script_dir")?.into(),
            script_env: pairs(v.get("script_env")?)?,
            directives: strings(v.get("directives")?)?,
            out_dir: text("out_dir")?.into(),
            archives: text("archives")?,
            artifacts: pairs(v.get("artifacts")?)?
                .into_iter()
                .map(|(target, path)| Artifact {
                    target,
                    path: path.into(),
                })
                .collect(),
        })
    }

    fn write(&self, path: &Path) {
        let lossy = |p: &Path| p.to_string_lossy().into_owned();
        let v = json!({
            "key": self.key,
            "stamp": self.stamp,
            "package_dirs": self.package_dirs.iter().map(|p| lossy(p)).collect::<Vec<_>>(),
            "rust_inputs": self.rust_inputs.iter().map(|p| lossy(p)).collect::<Vec<_>>(),
            "script": lossy(&self.script),
            "script_dir": lossy(&self.script_dir),
            "script_env": self.script_env.iter().map(|(k, v)| json!([k, v])).collect::<Vec<_>>(),
            "directives": self.directives,
            "out_dir": lossy(&self.out_dir),
            "archives": self.archives,
            "artifacts": self.artifacts.iter()
                .map(|a| json!([a.target, lossy(&a.path)])).collect::<Vec<_>>(),
        });
        // Written whole and renamed: a rerun never reads half a snapshot.
        let tmp = path.with_extension(format!("json.{}", std::process::id()));
        if std::fs::write(&tmp, v.to_string()).is_ok() {
            let _ = std::fs::rename(&tmp, path);
        }
    }
}

/// How cargo ran the build script: its program, folder and environment, as the generated
/// build script kept them (`project::RECORD_SCRIPT_ENV`).
struct ScriptRun {
    exe: PathBuf,
    cwd: PathBuf,
    env: Vec<(String, String)>,
}

impl ScriptRun {
    fn read(path: &Path) -> Option<ScriptRun> {
        let bytes = std::fs::read(path).ok()?;
        let mut parts = bytes.split(|&b| b == 0);
        let exe = PathBuf::from(std::str::from_utf8(parts.next()?).ok()?);
        let cwd = PathBuf::from(std::str::from_utf8(parts.next()?).ok()?);
        let mut env = Vec::new();
        for p in parts.filter(|p| !p.is_empty()) {
            let (k, v) = std::str::from_utf8(p).ok()?.split_once('=')?;
            env.push((k.to_owned(), v.to_owned()));
        }
        Some(ScriptRun { exe, cwd, env })
    }
}

/// A build script's directives (`cargo:NAME=VALUE` or `cargo::NAME=VALUE`).
fn script_directives(stdout: &str) -> impl Iterator<Item = &str> {
    stdout.lines().filter_map(|line| {
        line.strip_prefix("cargo::")
            .or_else(|| line.strip_prefix("cargo:"))
    })
}

/// The directives that shape the Rust build: all but `rerun-if-*` and warnings.
fn directives(stdout: &str) -> Vec<String> {
    script_directives(stdout)
        .filter(|d| !d.starts_with("rerun-if-") && !d.starts_with("warning="))
        .map(str::to_owned)
        .collect()
}

/// The build script's warnings.
fn warnings(stdout: &str) -> impl Iterator<Item = &str> {
    script_directives(stdout).filter_map(|d| d.strip_prefix("warning="))
}

/// A build script's warning as cargo prints it: `warning: PACKAGE@0.0.0: TEXT`, the word
/// in bold yellow when stderr is a terminal (unless `CARGO_TERM_COLOR=never`).
fn print_warning(package: &str, text: &str) {
    use std::io::IsTerminal;
    let color = match std::env::var("CARGO_TERM_COLOR").as_deref() {
        Ok("always") => true,
        Ok("never") => false,
        _ => std::io::stderr().is_terminal(),
    };
    if color {
        eprintln!("\x1b[1m\x1b[33mwarning\x1b[0m\x1b[1m:\x1b[0m {package}@0.0.0: {text}");
    } else {
        eprintln!("warning: {package}@0.0.0: {text}");
    }
}

/// The static archives in `out_dir` and their contents' hash.
fn archives(out_dir: &Path) -> String {
    let mut names: Vec<PathBuf> = std::fs::read_dir(out_dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "a"))
        .collect();
    names.sort();
    let mut text = String::new();
    for n in names {
        let bytes = std::fs::read(&n).unwrap_or_default();
        text.push_str(&format!("{} {:016x}\n", n.display(), fnv(&bytes)));
    }
    text
}

/// The prerequisites of a rustc dep-info file, relative ones taken in `base`.
fn dep_info(path: &Path, base: &Path) -> Vec<PathBuf> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut deps = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let Some((_, rest)) = line.split_once(": ") else {
            continue;
        };
        let mut current = String::new();
        let mut chars = rest.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if chars.peek() == Some(&' ') => {
                    current.push(' ');
                    chars.next();
                }
                ' ' if !current.is_empty() => deps.push(base.join(std::mem::take(&mut current))),
                ' ' => {}
                _ => current.push(c),
            }
        }
        if !current.is_empty() {
            deps.push(base.join(current));
        }
    }
    deps.sort();
    deps.dedup();
    deps
}

/// One line per file: its path and what changes when it is written or replaced.
fn stat_line(path: &Path, out: &mut String) {
    match std::fs::metadata(path) {
        Ok(m) => out.push_str(&format!(
            "{} {} {} {} {} {} {}\n",
            path.display(),
            m.len(),
            m.mtime(),
            m.mtime_nsec(),
            m.ctime(),
            m.ctime_nsec(),
            m.ino()
        )),
        Err(_) => out.push_str(&format!("{} -\n", path.display())),
    }
}

/// Every file under `dir` but build output (`target/`) and hidden folders, sorted.
fn walk(dir: &Path, out: &mut String) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name();
        let path = e.path();
        if name.as_bytes().starts_with(b".") {
            continue;
        }
        match e.file_type() {
            Ok(t) if t.is_dir() => {
                if name != "target" {
                    walk(&path, out);
                }
            }
            _ => stat_line(&path, out),
        }
    }
}

/// The state of the Rust side: every file of the kunit-rs packages the crate depends on
/// (kunit, kunit-c and its headers, ...), the workspace's manifest and lock file, and the
/// test target's own inputs.
fn stamp(s: &Snapshot) -> String {
    let mut text = String::new();
    for dir in &s.package_dirs {
        walk(dir, &mut text);
    }
    for p in &s.rust_inputs {
        stat_line(p, &mut text);
    }
    format!("{:016x}", fnv(text.as_bytes()))
}

/// The kunit-rs packages the crate's units were compiled from: the folders, under `src`,
/// of the sources named in the dep-info files in `deps` (proc-macro crates included).
fn package_dirs(deps: &Path, src: &Path, krate: &Path) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    for e in std::fs::read_dir(deps).into_iter().flatten().flatten() {
        let p = e.path();
        if p.extension().is_none_or(|x| x != "d") {
            continue;
        }
        for f in dep_info(&p, krate) {
            // Sources only: not build output (`target/` in the checkout, or reached
            // through `..`).
            let Ok(rel) = f.strip_prefix(src) else {
                continue;
            };
            let built = rel
                .components()
                .any(|c| c == std::path::Component::ParentDir || c.as_os_str() == "target");
            if built || f.starts_with(krate) {
                continue;
            }
            let package = f
                .ancestors()
                .skip(1)
                .take_while(|a| a.starts_with(src))
                .find(|a| a.join("Cargo.toml").is_file());
            if let Some(d) = package {
                if !dirs.iter().any(|x: &PathBuf| x == d) {
                    dirs.push(d.to_path_buf());
                }
            }
        }
    }
    dirs.sort();
    dirs
}

/// What must be as it was for the snapshot to hold: the kunit binary, the crate's text, the
/// `kunit run` options, the current directory, the environment cargo and rustup read and
/// their configuration files.
fn key(krate: &Crate, src: &Path, run_argv: &[String]) -> String {
    let mut text = String::new();
    let exe = std::env::current_exe().unwrap_or_default();
    stat_line(&exe, &mut text);
    let cwd = std::env::current_dir().unwrap_or_default();
    text.push_str(&format!(
        "{}\n{}\n{}\n{:016x}\n",
        cwd.display(),
        src.display(),
        run_argv.join("\x1f"),
        fnv(krate.text.as_bytes())
    ));
    let mut env: Vec<(String, String)> = std::env::vars_os()
        .map(|(k, v)| {
            (
                k.to_string_lossy().into_owned(),
                v.to_string_lossy().into_owned(),
            )
        })
        .filter(|(k, _)| k.starts_with("CARGO") || k.starts_with("RUST") || k == "PATH")
        .collect();
    env.sort();
    for (k, v) in env {
        text.push_str(&format!("{k}={v}\n"));
    }
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_default();
    let dir = |var: &str, default: &str| {
        std::env::var_os(var)
            .map(PathBuf::from)
            .unwrap_or_else(|| home.join(default))
    };
    let cargo_home = dir("CARGO_HOME", ".cargo");
    let rustup_home = dir("RUSTUP_HOME", ".rustup");
    let mut configs = vec![
        cargo_home.join("config.toml"),
        cargo_home.join("config"),
        rustup_home.join("settings.toml"),
    ];
    for a in cwd.ancestors() {
        for f in [
            ".cargo/config.toml",
            ".cargo/config",
            "rust-toolchain.toml",
            "rust-toolchain",
        ] {
            configs.push(a.join(f));
        }
    }
    for c in configs {
        stat_line(&c, &mut text);
    }
    text
}
