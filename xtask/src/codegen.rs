//! Generated files: each generator returns `(path, text)` pairs relative to the repository's
//! root; [`write()`] writes them and [`check()`] compares them with what is checked in.

pub mod assert_macros;

use std::path::{Path, PathBuf};

/// Every generated file, as (path relative to the root, contents).
pub fn outputs(root: &Path) -> Result<Vec<(PathBuf, String)>, String> {
    assert_macros::outputs(root)
}

/// Writes every generated file whose contents differ.
pub fn write(root: &Path) -> Result<(), String> {
    for (rel, text) in outputs(root)? {
        let path = root.join(&rel);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
            println!("wrote {}", rel.display());
        }
    }
    Ok(())
}

/// The generated files that differ from what is checked in (missing ones included).
pub fn stale(root: &Path) -> Result<Vec<PathBuf>, String> {
    Ok(outputs(root)?
        .into_iter()
        .filter(|(rel, text)| {
            std::fs::read_to_string(root.join(rel)).ok().as_deref() != Some(text.as_str())
        })
        .map(|(rel, _)| rel)
        .collect())
}

/// `Err` naming every stale file.
pub fn check(root: &Path) -> Result<(), String> {
    let stale = stale(root)?;
    if stale.is_empty() {
        return Ok(());
    }
    Err(stale
        .iter()
        .map(|p| format!("{} is stale: run `cargo xtask codegen`", p.display()))
        .collect::<Vec<_>>()
        .join("\n"))
}
