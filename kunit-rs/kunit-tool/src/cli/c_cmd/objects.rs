//! The object cache of `kunit c`: each C file's object is kept under a key of its compile
//! command (compiler, its size and date, every argument) and reused while each file the
//! compiler read for it (the source and every header, from its depfile) still has the same
//! contents. The cache holds objects and, beside each, the hash and path of each file it was
//! built from; never an environment variable's value (`$CFLAGS` reaches the cache only
//! through the key, a hash).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

pub use kunit_c::digest;
use kunit_c::{Commands, FileCommand};

fn file_digest(path: &Path) -> Option<u64> {
    std::fs::read(path).ok().map(|b| digest(&[&b]))
}

/// The lines of a `.deps` file: `HASH PATH`, one per file the object was built from.
pub fn deps_text(files: &[PathBuf]) -> Option<String> {
    let mut text = String::new();
    for f in files {
        let path = f.to_str().filter(|p| !p.contains('\n'))?;
        text.push_str(&format!("{:016x} {path}\n", file_digest(f)?));
    }
    Some(text)
}

/// Does every file of a `.deps` text still have its recorded contents?
pub fn deps_fresh(text: &str) -> bool {
    deps_fresh_with(text, &|p| file_digest(p))
}

/// [`deps_fresh`] with `digest` giving a file's contents' hash.
fn deps_fresh_with(text: &str, digest: &dyn Fn(&Path) -> Option<u64>) -> bool {
    let mut any = false;
    for line in text.lines() {
        let Some((hash, path)) = line.split_once(' ') else {
            return false;
        };
        match digest(Path::new(path)) {
            Some(now) if format!("{now:016x}") == hash => any = true,
            _ => return false,
        }
    }
    any
}

/// The digests of the files one [`compile_each`] call has read, so that a header that many
/// objects include is read and hashed once per call, not once per object (tree mode checks
/// about 50 objects' inputs, most of them the same headers). Only for one call: nothing
/// this process writes is an input of the objects of one call.
#[derive(Default)]
struct Digests(Mutex<HashMap<PathBuf, Option<u64>>>);

impl Digests {
    fn get(&self, path: &Path) -> Option<u64> {
        if let Some(d) = self.0.lock().unwrap_or_else(|e| e.into_inner()).get(path) {
            return *d;
        }
        // Hashed outside the lock: the other compile threads go on meanwhile.
        let d = file_digest(path);
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(path.to_path_buf(), d);
        d
    }
}

/// The key of one file's compile command.
fn key(cmds: &Commands, file: &FileCommand) -> u64 {
    let mut parts: Vec<Vec<u8>> = vec![cmds.compiler.as_os_str().as_encoded_bytes().to_vec()];
    // The compiler itself: another compiler at the same path recompiles everything.
    if let Some(s) = which(&cmds.compiler).and_then(|p| size_and_date(&p)) {
        parts.push(s.into_bytes());
    }
    for (k, v) in &cmds.envs {
        parts.push(k.as_encoded_bytes().to_vec());
        parts.push(v.as_encoded_bytes().to_vec());
    }
    for a in &file.args {
        parts.push(a.as_encoded_bytes().to_vec());
    }
    let refs: Vec<&[u8]> = parts.iter().map(Vec::as_slice).collect();
    digest(&refs)
}

/// `program` as the shell would find it on `$PATH`.
/// A file's size and modification time (nanoseconds since the epoch) as `SIZE NANOS`: how
/// the caches tell a file they do not hash (a compiler, the `kunit` binary, an object) from
/// another at the same path. `None` when it cannot be read.
pub fn size_and_date(path: &Path) -> Option<String> {
    let m = std::fs::metadata(path).ok()?;
    let date = m
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    Some(format!("{} {date}", m.len()))
}

/// `program` as the shell finds it: a path as it is, a name on `PATH`.
pub fn which(program: &Path) -> Option<PathBuf> {
    if program.components().count() > 1 {
        return Some(program.to_path_buf());
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

/// One object, and whether it was compiled now (not reused).
pub struct Object {
    /// The object file in the cache.
    pub path: PathBuf,
    /// Its `.deps` file.
    pub deps: PathBuf,
    /// Compiled by this run.
    pub compiled: bool,
}

/// Compiles (or reuses) every file's object, `jobs` compilers at a time; the objects in file
/// order. The compiler's warnings go to stderr; a file that does not compile is the error
/// (every failing file's, in file order).
pub fn compile_all(
    cmds: &Commands,
    tree: Option<&Path>,
    cache: &Path,
    jobs: usize,
) -> Result<Vec<Object>, String> {
    let mut objects = Vec::new();
    let mut errors = Vec::new();
    for r in compile_each(cmds, cache, jobs, &|file, stderr| {
        kunit_c::compile_error_message(file, tree, stderr)
    })? {
        match r {
            Ok(o) => objects.push(o),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(objects)
    } else {
        Err(errors.join("\n"))
    }
}

/// Compiles (or reuses) every file's object, `jobs` compilers at a time: each file's object,
/// or its error as `error(source, compiler's stderr)` words it, in file order (tree mode
/// needs each file's own outcome). The error is only for a cache folder that cannot be made.
pub fn compile_each(
    cmds: &Commands,
    cache: &Path,
    jobs: usize,
    error: &(dyn Fn(&Path, &str) -> String + Sync),
) -> Result<Vec<Result<Object, String>>, String> {
    let dir = cache.join("objects");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Object, String>>>> =
        Mutex::new((0..cmds.files.len()).map(|_| None).collect());
    let digests = Digests::default();
    std::thread::scope(|s| {
        for _ in 0..jobs.clamp(1, cmds.files.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(file) = cmds.files.get(i) else { break };
                let r = compile_one(cmds, file, error, &dir, &digests);
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(r);
            });
        }
    });
    Ok(results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .flatten()
        .collect())
}

fn compile_one(
    cmds: &Commands,
    file: &FileCommand,
    error: &(dyn Fn(&Path, &str) -> String + Sync),
    dir: &Path,
    digests: &Digests,
) -> Result<Object, String> {
    let stem = file
        .source
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let base = format!("{stem}-{:016x}", key(cmds, file));
    let object = dir.join(format!("{base}.o"));
    let deps = dir.join(format!("{base}.deps"));
    if object.is_file()
        && std::fs::read_to_string(&deps).is_ok_and(|t| deps_fresh_with(&t, &|p| digests.get(p)))
    {
        return Ok(Object {
            path: object,
            deps,
            compiled: false,
        });
    }
    // Written under temporary names and renamed: another `kunit c` never sees half a file.
    let tmp = |ext: &str| dir.join(format!("{base}.{}.{ext}", std::process::id()));
    let (tmp_o, tmp_d) = (tmp("o"), tmp("d"));
    let out = Command::new(&cmds.compiler)
        .args(&file.args)
        .arg("-MD")
        .arg("-MF")
        .arg(&tmp_d)
        .arg("-o")
        .arg(&tmp_o)
        .envs(cmds.envs.iter().map(|(k, v)| (k, v)))
        .output()
        .map_err(|e| format!("kunit c: cannot run {}: {e}", cmds.compiler.display()))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        let _ = std::fs::remove_file(&tmp_o);
        let _ = std::fs::remove_file(&tmp_d);
        return Err(error(&file.source, &stderr));
    }
    if !stderr.trim().is_empty() {
        eprint!("{stderr}");
    }
    let inputs = kunit_c::depfile_prerequisites(&tmp_d);
    let _ = std::fs::remove_file(&tmp_d);
    std::fs::rename(&tmp_o, &object).map_err(|e| format!("{}: {e}", object.display()))?;
    // Without a readable record of its inputs the object is rebuilt next time.
    match deps_text(&inputs) {
        Some(text) if !inputs.is_empty() => {
            let tmp_deps = tmp("deps");
            std::fs::write(&tmp_deps, text)
                .and_then(|()| std::fs::rename(&tmp_deps, &deps))
                .map_err(|e| format!("{}: {e}", deps.display()))?;
        }
        _ => {
            let _ = std::fs::remove_file(&deps);
        }
    }
    Ok(Object {
        path: object,
        deps,
        compiled: true,
    })
}

#[cfg(test)]
#[path = "objects_kunit.rs"]
mod objects_kunit;
