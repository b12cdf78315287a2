//! The headers kbuild generates before it compiles anything (kunit-kbuild's
//! `OFFSETS_HEADERS`: `<generated/bounds.h>`), made in the build folder as kbuild makes them:
//! the tree's own C file (`kernel/bounds.c`) compiled to assembly with the command line every
//! object gets (so with the resolved configuration and kunit-c's types), and its markers
//! turned into the header. The tree is never written: the folder is on every object's
//! include path, before the tree's `include/`.

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::cli::c_cmd::objects;

/// The include folder of the generated headers (`<dir>/generated/bounds.h`).
pub fn include_dir(work: &Path) -> PathBuf {
    work.join("gen-include")
}

/// The generated headers whose source the tree has (relative paths).
pub fn sources(tree: &Path) -> Vec<&'static kunit_kbuild::kbuild::generated::OffsetsHeader> {
    kunit_kbuild::kbuild::generated::OFFSETS_HEADERS
        .iter()
        .filter(|h| tree.join(h.source).is_file())
        .collect()
}

/// What [`make`] did.
#[derive(Default)]
pub struct Made {
    /// Each compiled source's `.deps` file (the files it read), for the no-op rerun's plan.
    pub deps: Vec<PathBuf>,
    /// Header (`generated/bounds.h`) → why it could not be made.
    pub failed: HashMap<String, String>,
    /// A header's text changed (or it was removed): what other files made of it is stale.
    pub changed: bool,
}

/// Makes each header of `wanted` from `cmds`, one command per header, in the same order
/// (each file's ordinary compile command: `-S` is added here). A header whose source does
/// not compile is removed, never left stale, and its reason kept in [`Made::failed`].
pub fn make(
    wanted: &[&kunit_kbuild::kbuild::generated::OffsetsHeader],
    cmds: &kunit_c::Commands,
    cache: &Path,
    work: &Path,
    error: &(dyn Fn(&Path, &str) -> String + Sync),
) -> Result<Made, String> {
    let mut asm = cmds.clone();
    for f in &mut asm.files {
        f.args.push(OsString::from("-S"));
    }
    let results = objects::compile_each(&asm, cache, wanted.len(), error)?;
    let mut made = Made::default();
    for (h, r) in wanted.iter().zip(results) {
        let path = include_dir(work).join(h.header);
        match r {
            Ok(o) => {
                made.deps.push(o.deps.clone());
                let text = std::fs::read_to_string(&o.path)
                    .map_err(|e| format!("{}: {e}", o.path.display()))?;
                let header = kunit_kbuild::kbuild::generated::offsets_header(&text, h.guard);
                if std::fs::read_to_string(&path).ok().as_deref() != Some(header.as_str()) {
                    if let Some(d) = path.parent() {
                        std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
                    }
                    std::fs::write(&path, header)
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                    made.changed = true;
                }
            }
            Err(e) => {
                if std::fs::remove_file(&path).is_ok() {
                    made.changed = true;
                }
                made.failed.insert(h.header.to_string(), e);
            }
        }
    }
    Ok(made)
}

/// The skip reason for a missing `<header>` that this module makes, when making it failed.
pub fn missing_reason(failed: &HashMap<String, String>, header: &str) -> Option<String> {
    failed.get(header).map(|why| {
        let source = kunit_kbuild::kbuild::generated::OFFSETS_HEADERS
            .iter()
            .find(|h| h.header == header)
            .map_or("its source", |h| h.source);
        let why = why
            .split_once(" does not compile: ")
            .map_or(why.as_str(), |x| x.1);
        format!("not runnable in userspace: <{header}> is generated from {source}, which does not compile: {why}")
    })
}

#[cfg(test)]
#[path = "generated_kunit.rs"]
mod generated_kunit;
