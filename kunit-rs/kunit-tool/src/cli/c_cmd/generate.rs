//! The files kbuild generates before it compiles an object (kunit-kbuild's
//! [`Generated`]: the CRC tables that `gen_crc32table` prints), made as kbuild makes them in
//! an output folder of its layout (kbuild's objtree: `$(obj)/…` below it, its
//! `include/generated/autoconf.h`), never in the tree. Host programs are compiled by the
//! host compiler with kbuild's host flags (not kunit-c's headers or flags) and the recipes
//! run by `sh -c` in that folder. Each program and each file is kept while its inputs (the
//! command, and the contents of every file it read) are unchanged, as objects are.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::objects::{deps_fresh, deps_text, digest, size_and_date, which};
use kunit_kbuild::{Generated, HostProgram, Recipe};

/// Where the generated files of the objects that need them go: `root/$(obj)`, the folder the
/// object's compile command gets as `-I` (kbuild's `-I $(obj)` of an out-of-tree build).
pub struct ObjTree {
    /// The folder (kbuild's objtree).
    pub root: PathBuf,
    /// The kernel tree (kbuild's srctree).
    pub tree: PathBuf,
}

/// The record beside a made file: its key, then the `.deps` text of what it was made from.
fn record_path(made: &Path) -> PathBuf {
    let mut name = made.as_os_str().to_owned();
    name.push(".kunit-made");
    PathBuf::from(name)
}

fn fresh(made: &Path, key: &str) -> bool {
    made.is_file()
        && std::fs::read_to_string(record_path(made)).is_ok_and(|t| {
            t.split_once("\n--\n")
                .is_some_and(|(k, deps)| k == key && (deps.is_empty() || deps_fresh(deps)))
        })
}

fn remember(made: &Path, key: &str, deps: &[PathBuf]) {
    // Without a record the file is made again next time: never wrong, only slower.
    if let Some(text) = deps_text(deps) {
        let _ = std::fs::write(record_path(made), format!("{key}\n--\n{text}"));
    }
}

fn mkdir_for(p: &Path) -> Result<(), String> {
    match p.parent() {
        Some(d) => std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display())),
        None => Ok(()),
    }
}

/// The first line of a compiler's or command's error output that says what went wrong.
fn first_error(stderr: &str) -> String {
    stderr
        .lines()
        .find(|l| l.contains("error"))
        .or_else(|| stderr.lines().find(|l| !l.trim().is_empty()))
        .unwrap_or("(no message)")
        .trim()
        .to_string()
}

impl ObjTree {
    /// Writes `autoconf` as the folder's `include/generated/autoconf.h` (what a host program
    /// that includes `../include/generated/autoconf.h` reads through `-I ./$(obj)`), rewritten
    /// only when its text changed.
    pub fn write_autoconf(&self, autoconf: &str) -> Result<(), String> {
        let p = self.root.join("include/generated/autoconf.h");
        mkdir_for(&p)?;
        if std::fs::read_to_string(&p).ok().as_deref() != Some(autoconf) {
            std::fs::write(&p, autoconf).map_err(|e| format!("{}: {e}", p.display()))?;
        }
        Ok(())
    }

    /// `-I` of the folder where `object`'s (`lib/crc/crc32-main.o`) generated files are.
    pub fn include_flag(&self, object: &str) -> String {
        let dir = object.rsplit_once('/').map_or("", |(d, _)| d);
        format!("-I{}", self.root.join(dir).display())
    }

    /// Makes each of `gens`, in order, for `object`; the files they were made from (for a
    /// rerun's check that nothing changed), or the reason one cannot be made.
    pub fn make(&self, object: &str, gens: &[Generated]) -> Result<Vec<PathBuf>, String> {
        let mut read = Vec::new();
        let mut before: Vec<u8> = Vec::new();
        for g in gens {
            let why = |e: String| {
                format!(
                    "{} (which {object} needs) cannot be made by {}: {e}",
                    g.target, g.rule
                )
            };
            let mut parts: Vec<Vec<u8>> = vec![match &g.recipe {
                Recipe::Shell(c) => format!("sh {c}").into_bytes(),
                Recipe::Stdout(c) => format!("filechk {c}").into_bytes(),
            }];
            for p in &g.programs {
                let (bin, deps) = self.program(p).map_err(why)?;
                parts
                    .push(std::fs::read(&bin).map_err(|e| why(format!("{}: {e}", bin.display())))?);
                read.extend(deps);
            }
            for i in &g.inputs {
                let p = self.tree.join(i);
                parts.push(std::fs::read(&p).map_err(|e| why(format!("{}: {e}", p.display())))?);
                read.push(p);
            }
            // The files made before it in this list may be its prerequisites.
            parts.push(before.clone());
            let refs: Vec<&[u8]> = parts.iter().map(Vec::as_slice).collect();
            let key = format!("{:016x}", digest(&refs));
            let target = self.root.join(&g.target);
            if !fresh(&target, &key) {
                self.run(g, &target).map_err(why)?;
                remember(&target, &key, &[]);
            }
            before.extend(std::fs::read(&target).unwrap_or_default());
        }
        Ok(read)
    }

    /// Runs `g`'s recipe in the folder.
    fn run(&self, g: &Generated, target: &Path) -> Result<(), String> {
        mkdir_for(target)?;
        let _ = std::fs::remove_file(record_path(target));
        let (cmd, to_stdout) = match &g.recipe {
            Recipe::Shell(c) => (c, false),
            Recipe::Stdout(c) => (c, true),
        };
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("set -e\n{cmd}"))
            .current_dir(&self.root)
            .output()
            .map_err(|e| format!("cannot run sh: {e}"))?;
        if !out.status.success() {
            if !to_stdout {
                // make deletes a target its failed recipe may have half written.
                let _ = std::fs::remove_file(target);
            }
            return Err(format!(
                "`{cmd}` failed ({}): {}",
                out.status,
                first_error(&String::from_utf8_lossy(&out.stderr))
            ));
        }
        if to_stdout {
            // filechk: the file is replaced only when its text changed.
            if std::fs::read(target).ok().as_deref() != Some(&out.stdout[..]) {
                std::fs::write(target, &out.stdout)
                    .map_err(|e| format!("{}: {e}", target.display()))?;
            }
        } else if !target.is_file() {
            return Err(format!("`{cmd}` did not write {}", g.target));
        }
        Ok(())
    }

    /// Compiles host program `p` (or keeps it); the program and the files it was built from.
    fn program(&self, p: &HostProgram) -> Result<(PathBuf, Vec<PathBuf>), String> {
        let cc = kunit_kbuild::kbuild::hostprogs::host_cc();
        let bin = self.root.join(&p.path);
        let mut parts: Vec<Vec<u8>> = vec![cc.clone().into_bytes(), compiler_identity(&cc)];
        for s in &p.sources {
            parts.push(s.source.clone().into_bytes());
            parts.extend(s.cflags.iter().map(|f| f.clone().into_bytes()));
        }
        parts.extend(p.ldflags.iter().map(|f| f.clone().into_bytes()));
        let refs: Vec<&[u8]> = parts.iter().map(Vec::as_slice).collect();
        let key = format!("{:016x}", digest(&refs));
        let deps_of = |bin: &Path| -> Vec<PathBuf> {
            std::fs::read_to_string(record_path(bin))
                .ok()
                .and_then(|t| t.split_once("\n--\n").map(|(_, d)| d.to_string()))
                .map(|d| {
                    d.lines()
                        .filter_map(|l| l.split_once(' ').map(|(_, p)| PathBuf::from(p)))
                        .collect()
                })
                .unwrap_or_default()
        };
        if fresh(&bin, &key) {
            return Ok((bin.clone(), deps_of(&bin)));
        }
        mkdir_for(&bin)?;
        let _ = std::fs::remove_file(record_path(&bin));
        let mut deps = Vec::new();
        let mut objects = Vec::new();
        let single = p.sources.len() == 1;
        for s in &p.sources {
            let src = self.tree.join(&s.source);
            let stem = s.source.strip_suffix(".c").unwrap_or(&s.source);
            let out = if single {
                bin.clone()
            } else {
                self.root.join(format!("{stem}.o"))
            };
            let depfile = self.root.join(format!("{stem}.host.d"));
            let mut c = Command::new(&cc);
            c.current_dir(&self.root)
                .args(&s.cflags)
                .arg("-MD")
                .arg("-MF")
                .arg(&depfile);
            if !single {
                c.arg("-c");
            }
            c.arg("-o").arg(&out).arg(&src);
            if single {
                c.args(&p.ldflags);
            }
            let r = c
                .output()
                .map_err(|e| format!("cannot run the host compiler {cc}: {e}"))?;
            if !r.status.success() {
                return Err(format!(
                    "host program {} does not build with {cc}: {}",
                    p.path,
                    first_error(&String::from_utf8_lossy(&r.stderr))
                ));
            }
            // The depfile's paths are the compiler's: relative ones to the folder it ran in.
            deps.extend(
                kunit_c::depfile_prerequisites(&depfile)
                    .into_iter()
                    .map(|d| self.root.join(d)),
            );
            objects.push(out);
        }
        if !single {
            let r = Command::new(&cc)
                .current_dir(&self.root)
                .arg("-o")
                .arg(&bin)
                .args(&objects)
                .args(&p.ldflags)
                .output()
                .map_err(|e| format!("cannot run the host compiler {cc}: {e}"))?;
            if !r.status.success() {
                return Err(format!(
                    "host program {} does not link: {}",
                    p.path,
                    first_error(&String::from_utf8_lossy(&r.stderr))
                ));
            }
        }
        remember(&bin, &key, &deps);
        Ok((bin, deps))
    }
}

/// The compiler's size and date: another compiler at the same path rebuilds the programs.
fn compiler_identity(cc: &str) -> Vec<u8> {
    which(Path::new(cc))
        .and_then(|p| size_and_date(&p))
        .unwrap_or_default()
        .into_bytes()
}

#[cfg(test)]
#[path = "generate_kunit.rs"]
mod generate_kunit;
