//! C coverage: the `.gcda` files a run of gcov-instrumented objects wrote (under
//! `$GCOV_PREFIX`), turned into the LCOV model with gcc's `gcov --json-format` (gcc 9 and
//! later): per line its count and its branch outcomes, per function its first line and count.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::report::lcov::{Branch, FileCov};

/// The `gcov` of C compiler `cc`: the same prefix and version suffix (`gcc-12` →
/// `gcov-12`, `x86_64-linux-gnu-gcc` → `x86_64-linux-gnu-gcov`); `gcov` otherwise.
pub fn gcov_for(cc: &Path) -> PathBuf {
    let name = cc
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    match name.rfind("gcc") {
        Some(at) if !name.contains("clang") => {
            cc.with_file_name(format!("{}gcov{}", &name[..at], &name[at + 3..]))
        }
        _ => PathBuf::from("gcov"),
    }
}

/// Every `.gcda` file under `dir`, sorted.
pub fn gcda_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == "gcda") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Whether `gcov` runs (`gcov --version`).
pub fn runs(gcov: &Path) -> bool {
    Command::new(gcov)
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The coverage in every `.gcda` written under `prefix` (`$GCOV_PREFIX`), one record per
/// source, merged across objects and processes; empty when the run wrote none.
pub fn read_all(gcov: &Path, prefix: &Path) -> Result<Vec<FileCov>, String> {
    let mut files: Vec<FileCov> = Vec::new();
    for gcda in gcda_files(prefix) {
        for f in read_gcda(gcov, prefix, &gcda)? {
            match files.iter_mut().find(|g| g.path == f.path) {
                Some(g) => g.merge(&f),
                None => files.push(f),
            }
        }
    }
    Ok(files)
}

/// The coverage in one `.gcda` written under `prefix` (`$GCOV_PREFIX`): its notes file is
/// the `.gcno` beside the object it names (the `.gcda`'s path without `prefix`), copied
/// next to it for `gcov`.
pub fn read_gcda(gcov: &Path, prefix: &Path, gcda: &Path) -> Result<Vec<FileCov>, String> {
    let original = Path::new("/").join(gcda.strip_prefix(prefix).unwrap_or(gcda));
    let gcno = original.with_extension("gcno");
    let beside = gcda.with_extension("gcno");
    std::fs::copy(&gcno, &beside).map_err(|e| {
        format!(
            "kunit c: --coverage: the notes of {} ({}): {e}",
            gcda.display(),
            gcno.display()
        )
    })?;
    let mut arg = OsString::from(gcda.as_os_str());
    if arg.is_empty() {
        arg.push(".");
    }
    let out = Command::new(gcov)
        .args(["--branch-probabilities", "--json-format", "--stdout"])
        .arg(&arg)
        .current_dir(gcda.parent().unwrap_or(Path::new(".")))
        .output()
        .map_err(|e| {
            format!(
                "kunit c: --coverage: cannot run {} (gcc's gcov, 9 or later): {e}",
                gcov.display()
            )
        })?;
    if !out.status.success() {
        return Err(format!(
            "kunit c: --coverage: {} {} failed: {}",
            gcov.display(),
            gcda.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    from_json(&String::from_utf8_lossy(&out.stdout))
}

/// gcov's JSON (one document per line, as `--stdout` prints them) as LCOV records; a
/// source's relative path is taken in the compiler's working directory the JSON names.
pub fn from_json(text: &str) -> Result<Vec<FileCov>, String> {
    let mut files: Vec<FileCov> = Vec::new();
    for doc in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(doc)
            .map_err(|e| format!("kunit c: --coverage: gcov's JSON: {e}"))?;
        let cwd = v["current_working_directory"].as_str().unwrap_or("");
        for f in v["files"].as_array().into_iter().flatten() {
            let name = f["file"].as_str().unwrap_or("");
            let path = if Path::new(name).is_absolute() || cwd.is_empty() {
                PathBuf::from(name)
            } else {
                Path::new(cwd).join(name)
            };
            let mut cov = FileCov {
                path: normalize(&path),
                ..FileCov::default()
            };
            for func in f["functions"].as_array().into_iter().flatten() {
                let name = func["demangled_name"]
                    .as_str()
                    .or(func["name"].as_str())
                    .unwrap_or("?");
                let line = func["start_line"].as_u64().unwrap_or(0) as u32;
                let count = func["execution_count"].as_u64().unwrap_or(0);
                let e = cov.functions.entry(name.to_owned()).or_insert((line, 0));
                e.1 += count;
            }
            for l in f["lines"].as_array().into_iter().flatten() {
                let line = l["line_number"].as_u64().unwrap_or(0) as u32;
                let count = l["count"].as_u64().unwrap_or(0);
                *cov.lines.entry(line).or_insert(0) += count;
                for (i, b) in l["branches"].as_array().into_iter().flatten().enumerate() {
                    // Exception edges are not the code's branches (as geninfo).
                    if b["throw"].as_bool() == Some(true) {
                        continue;
                    }
                    cov.branches.push(Branch {
                        line,
                        block: 0,
                        branch: i as u32,
                        taken: (count > 0).then(|| b["count"].as_u64().unwrap_or(0)),
                    });
                }
            }
            match files.iter_mut().find(|g| g.path == cov.path) {
                Some(g) => g.merge(&cov),
                None => files.push(cov),
            }
        }
    }
    Ok(files)
}

/// `path` without `.` and `..` components (no file system access).
fn normalize(path: &Path) -> String {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out.to_string_lossy().into_owned()
}

#[cfg(test)]
#[path = "gcov_kunit.rs"]
mod gcov_kunit;
