//! `kunit c --sanitize` and `--coverage` around the run of instrumented C objects (the flags
//! themselves are kunit_c::Build's, in the compile and link commands): the environment of the
//! harness processes, and the coverage report afterwards.
//!
//! The `kunit` binary that loads the objects is not instrumented, and a sanitizer runtime
//! must be in a process before the code it watches (an ASan object loaded by `dlopen` into a
//! process without the runtime aborts), so the harness processes start with the compiler's
//! shared runtimes in `LD_PRELOAD`. The `kunit` harness then captures their reports into the
//! running case's log (kunit's `sanitizer.rs`).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::exec::{gcov, sanitize};

/// Sets, for every harness process this one starts, the sanitizer runtimes of `cmds`'s
/// sanitizers first in `LD_PRELOAD` (before the user's entries) and the runtimes' options
/// (`kunit run --sanitize`'s, see `exec::sanitize::run_env`). Call it after the compilers
/// ran and before any other thread starts.
pub fn set_sanitizer_env(cmds: &kunit_c::Commands) -> Result<(), String> {
    if cmds.sanitizers.is_empty() {
        return Ok(());
    }
    let runtimes = kunit_c::sanitizer_runtimes(&cmds.compiler, &cmds.sanitizers)?;
    let mut preload = OsString::new();
    for r in &runtimes {
        if !preload.is_empty() {
            preload.push(":");
        }
        preload.push(r);
    }
    if let Some(user) = std::env::var_os("LD_PRELOAD").filter(|v| !v.is_empty()) {
        preload.push(":");
        preload.push(user);
    }
    let list = sanitize::parse_list(&cmds.sanitizers.join(","))?;
    std::env::set_var("LD_PRELOAD", preload);
    for (var, value) in sanitize::run_env(&list) {
        std::env::set_var(var, value);
    }
    Ok(())
}

/// The default coverage folder, `kunit run`'s: `kunit-coverage` in `$CARGO_TARGET_DIR`, else
/// in `./target`.
pub fn default_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .filter(|v| !v.is_empty())
        .map_or_else(|| PathBuf::from("target"), PathBuf::from)
        .join(crate::exec::coverage::DEFAULT_DIR_NAME)
}

/// `--coverage` around a `kunit c` run.
pub struct Coverage {
    dir: PathBuf,
    gcda: PathBuf,
    gcov: PathBuf,
}

impl Coverage {
    /// Checks that gcov runs, empties `dir/gcda` and points `GCOV_PREFIX` at it, so the run's
    /// counts are this run's only (the objects are shared by every run). `dir` empty: the
    /// default folder. Call it before any other thread starts.
    pub fn prepare(dir: &str, cmds: &kunit_c::Commands) -> Result<Coverage, String> {
        let dir = if dir.is_empty() {
            default_dir()
        } else {
            PathBuf::from(dir)
        };
        let dir = std::path::absolute(&dir)
            .map_err(|e| format!("kunit c: --coverage: {}: {e}", dir.display()))?;
        let gcov = gcov::gcov_for(&cmds.compiler);
        if !gcov::runs(&gcov) {
            return Err(format!(
                "kunit c: --coverage needs gcc's gcov (9 or later) beside {}: {} does not run (Debian: apt-get install gcc)",
                cmds.compiler.display(),
                gcov.display()
            ));
        }
        let gcda = dir.join("gcda");
        let _ = std::fs::remove_dir_all(&gcda);
        std::fs::create_dir_all(&gcda)
            .map_err(|e| format!("kunit c: --coverage: cannot create {}: {e}", gcda.display()))?;
        std::env::set_var("GCOV_PREFIX", &gcda);
        std::env::remove_var("GCOV_PREFIX_STRIP");
        Ok(Coverage { dir, gcda, gcov })
    }

    /// Reads the run's counts and writes `lcov.info` and `index.html`: every source but
    /// those in `skip_dirs` (kunit-c's headers, the compiler's) and the `tests` files, or
    /// every source with `all`.
    pub fn report(
        &self,
        tests: &[PathBuf],
        skip_dirs: &[PathBuf],
        all: bool,
    ) -> Result<(), String> {
        self.report_with(all, "kunit c", &|p| is_code_under_test(p, tests, skip_dirs))
    }

    /// Reads the run's counts and writes `lcov.info` and `index.html`: the sources `keep`
    /// accepts, or every source with `all`; `who` begins the error lines.
    pub fn report_with(
        &self,
        all: bool,
        who: &str,
        keep: &dyn Fn(&Path) -> bool,
    ) -> Result<(), String> {
        if gcov::gcda_files(&self.gcda).is_empty() {
            return Err(format!(
                "{who}: --coverage: the run wrote no coverage data under {} (did every harness process crash?)",
                self.gcda.display()
            ));
        }
        let mut files = gcov::read_all(&self.gcov, &self.gcda)?;
        if !all {
            files.retain(|f| keep(Path::new(&f.path)));
        }
        crate::cli::exec_cmd::write_coverage(&self.dir, &files, who)
    }
}

/// A source counted by default: not a test file, not under one of `skip_dirs`.
pub fn is_code_under_test(path: &Path, tests: &[PathBuf], skip_dirs: &[PathBuf]) -> bool {
    let canonical = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    !tests.iter().any(|t| *t == canonical || t == path)
        && !skip_dirs
            .iter()
            .any(|d| canonical.starts_with(d) || path.starts_with(d))
}

#[cfg(test)]
#[path = "instrument_kunit.rs"]
mod instrument_kunit;
