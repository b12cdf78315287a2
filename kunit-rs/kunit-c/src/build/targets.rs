//! Which kinds of target the package being built has: cargo rejects a link argument for a
//! kind the package lacks (`rustc-link-arg-benches` without a bench target).

use std::path::Path;

/// Does the package at `manifest_dir` have a target of `kind` (`test` or `bench`): a
/// `[[test]]`/`[[bench]]` table, or a file cargo discovers in `tests/`/`benches/` (unless
/// `autotests`/`autobenches` is false)?
pub(crate) fn has(manifest_dir: &Path, kind: &str) -> bool {
    let manifest = std::fs::read_to_string(manifest_dir.join("Cargo.toml")).unwrap_or_default();
    if manifest
        .lines()
        .any(|l| l.trim().replace(' ', "") == format!("[[{kind}]]"))
    {
        return true;
    }
    let auto_off = manifest.lines().any(|l| {
        let l = l.replace(' ', "");
        l.starts_with(&format!("auto{kind}s=false"))
    });
    if auto_off {
        return false;
    }
    let Ok(entries) = std::fs::read_dir(manifest_dir.join(format!("{kind}s"))) else {
        return false;
    };
    entries.flatten().any(|e| {
        let p = e.path();
        p.extension().is_some_and(|x| x == "rs") || p.join("main.rs").is_file()
    })
}
