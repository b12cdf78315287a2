//! What a kernel tree's Makefiles say about compiling one of its files, and which of its
//! private headers kunit-c stands in for.

use std::path::{Component, Path, PathBuf};

/// The folder of kunit-c's `include/` holding stand-ins for a tree's private headers, by
/// their path in the tree (`tree-private/mm/internal.h` for `mm/internal.h`).
pub(crate) const PRIVATE_STANDINS: &str = "tree-private";

/// The files a C source includes with quotes (`#include "../mm/internal.h"`), as written.
pub(crate) fn quoted_includes(source: &str) -> Vec<&str> {
    source
        .lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix('#')?.trim_start();
            let rest = rest.strip_prefix("include")?.trim_start();
            rest.strip_prefix('"')?
                .split_once('"')
                .map(|(name, _)| name)
        })
        .collect()
}

/// `dir/name` with its `.` and `..` taken away lexically (symlinks kept), as the
/// preprocessor resolves a quoted include against the including file's folder; an absolute
/// `name` stands alone.
pub fn lexical_join(dir: &Path, name: &str) -> PathBuf {
    let mut out = PathBuf::new();
    for c in dir.join(name).components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// kunit-c's stand-ins for the tree's private headers `file` includes with quotes: each
/// quoted include that resolves to `TREE/P` for which `include/tree-private/P` exists. The
/// caller force-includes them (`-include`) before the file: a stand-in defines the tree
/// header's include guard, so the tree's own copy, still included unmodified, reads as
/// empty. `lib/vsprintf.c` takes three tables from `../mm/internal.h`, whose 1,700 lines
/// of mm internals need a running kernel's memory manager.
pub(crate) fn private_standins(file: &Path, tree: &Path, include: &Path) -> Vec<PathBuf> {
    let (Some(dir), Ok(text)) = (file.parent(), std::fs::read_to_string(file)) else {
        return Vec::new();
    };
    let tree = std::fs::canonicalize(tree).unwrap_or_else(|_| tree.to_path_buf());
    let mut standins = Vec::new();
    for name in quoted_includes(&text) {
        let Ok(rel) = lexical_join(dir, name)
            .strip_prefix(&tree)
            .map(Path::to_path_buf)
        else {
            continue;
        };
        let standin = include.join(PRIVATE_STANDINS).join(rel);
        if standin.is_file() && !standins.contains(&standin) {
            standins.push(standin);
        }
    }
    standins
}

/// The flags the Makefile beside `file` gives it with `CFLAGS_<name>.o := / += / = ...`
/// (`lib/Makefile`: `CFLAGS_string.o := -ffreestanding`). Lines that call make functions
/// (`$(call cc-option, ...)`) or depend on a condition inside `ifdef` are taken as written
/// only when they hold plain flags; the rest are skipped.
pub(crate) fn makefile_cflags(file: &Path) -> Vec<String> {
    let (Some(dir), Some(stem)) = (file.parent(), file.file_stem()) else {
        return Vec::new();
    };
    let Ok(text) = std::fs::read_to_string(dir.join("Makefile")) else {
        return Vec::new();
    };
    cflags_for(&text, &stem.to_string_lossy())
}

/// [`makefile_cflags`] on a Makefile's text.
pub(crate) fn cflags_for(makefile: &str, stem: &str) -> Vec<String> {
    let target = format!("CFLAGS_{stem}.o");
    let mut flags = Vec::new();
    for line in makefile.lines() {
        let Some(rest) = line.trim_start().strip_prefix(&target) else {
            continue;
        };
        let rest = rest.trim_start();
        let (assign, value) = if let Some(v) = rest.strip_prefix(":=") {
            (true, v)
        } else if let Some(v) = rest.strip_prefix("+=") {
            (false, v)
        } else if let Some(v) = rest.strip_prefix('=') {
            (true, v)
        } else {
            continue;
        };
        let value = value.split('#').next().unwrap_or("");
        if value.contains("$(") || value.contains("${") {
            continue;
        }
        if assign {
            flags.clear();
        }
        flags.extend(value.split_whitespace().map(str::to_owned));
    }
    flags
}
