//! The no-op rerun's fast path: the last build's result kept with the size and modification
//! time of every file it read (Makefiles, scanned sources, each object's prerequisites). A
//! rerun with the same configuration and inputs reuses it after nothing but `stat()`s: no
//! Makefile is read, no source scanned, no compiler, `nm` or linker started.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::cli::c_cmd::objects::size_and_date;

/// A file's size and modification time (nanoseconds), as a word; `-` when it is absent (so
/// a file that appears later counts as a change).
pub fn stamp(p: &Path) -> String {
    // One word in the plan's text: `SIZE.NANOS`, `-` for a file that is not there.
    size_and_date(p).map_or_else(|| "-".into(), |s| s.replacen(' ', ".", 1))
}

/// The files a build read, gathered while it runs.
#[derive(Debug, Default)]
pub struct Watched {
    files: BTreeSet<PathBuf>,
    /// Something was decided from an input not in `files`: no plan is kept.
    incomplete: bool,
}

impl Watched {
    /// Records a file the build's outcome depends on.
    pub fn add(&mut self, p: PathBuf) {
        self.files.insert(p);
    }

    /// Records the files of a dependency list: kunit-c's `.deps` text (`<digest> <path>` per
    /// line, the file at `deps`). An unreadable list makes the plan incomplete.
    pub fn add_deps_file(&mut self, deps: &Path) {
        match std::fs::read_to_string(deps) {
            Ok(t) => self.add_deps_text(&t),
            Err(_) => self.incomplete = true,
        }
    }

    /// [`add_deps_file`](Watched::add_deps_file) on the text itself.
    pub fn add_deps_text(&mut self, text: &str) {
        for line in text.lines() {
            match line.split_once(' ') {
                Some((_, path)) => self.add(PathBuf::from(path)),
                None => self.incomplete = true,
            }
        }
    }

    /// Takes in the files `other` recorded.
    pub fn merge(&mut self, other: Watched) {
        self.files.extend(other.files);
        self.incomplete |= other.incomplete;
    }

    /// Marks the plan as not to be kept.
    pub fn give_up(&mut self) {
        self.incomplete = true;
    }

    /// The plan file's text: the key, the result, then one `stamp\tpath` line per file;
    /// `None` when incomplete or a path cannot be written on one line.
    pub fn plan_text(&self, key: &str, result: &str) -> Option<String> {
        if self.incomplete || key.contains('\n') || result.contains('\n') {
            return None;
        }
        let mut text = format!("{key}\n{result}\n");
        for f in &self.files {
            let p = f.to_str().filter(|p| !p.contains('\n'))?;
            text.push_str(&format!("{}\t{p}\n", stamp(f)));
        }
        Some(text)
    }
}

/// The kept result of a plan text whose key is `key` and whose every file has its recorded
/// stamp; `None` on any difference.
pub fn fresh_result(text: &str, key: &str) -> Option<String> {
    let mut lines = text.split('\n');
    if lines.next()? != key {
        return None;
    }
    let result = lines.next()?.to_string();
    for line in lines.filter(|l| !l.is_empty()) {
        let (st, path) = line.split_once('\t')?;
        if stamp(Path::new(path)) != st {
            return None;
        }
    }
    Some(result)
}

/// Writes a plan atomically (a crash leaves the old plan or the new, never half of one).
pub fn write(path: &Path, text: &str) {
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    if std::fs::write(&tmp, text).is_ok() {
        let _ = std::fs::rename(&tmp, path);
    }
}

#[cfg(test)]
#[path = "plan_cache_kunit.rs"]
mod plan_cache_kunit;
