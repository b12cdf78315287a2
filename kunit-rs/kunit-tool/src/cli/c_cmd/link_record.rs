//! The linker of `kunit c`'s crates: `cc`, as rustc's default, through a script at a fixed
//! path in the cache (the linker is part of cargo's fingerprints, so it must not move when
//! the kunit binary does). Under `kunit c` the script hands the link to the kunit binary,
//! which runs `cc` and keeps the test binary's command line, with copies of the objects
//! rustc deletes afterwards, so that `rerun.rs` can relink the binary without cargo.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{json, Value};

/// The first argument the script passes to the kunit binary.
pub const LINK_COMMAND: &str = "__kunit-c-link";

/// The kunit binary to hand links to (the script links with `cc` itself without it).
pub const ENV_RECORDER: &str = "KUNIT_C_LINK_RECORDER";
/// Where to keep the test binary's link (JSON).
pub const ENV_RECORD: &str = "KUNIT_C_LINK_RECORD";
/// The test target's name: only its link is kept.
pub const ENV_TARGET: &str = "KUNIT_C_LINK_TARGET";

const SCRIPT: &str = "#!/bin/sh\n\
# Written by `kunit c`: the linker of its crates. It links with cc, as rustc would; under\n\
# `kunit c` the kunit binary links and keeps the test binary's command line.\n\
if [ -n \"$KUNIT_C_LINK_RECORDER\" ]; then\n\
    exec \"$KUNIT_C_LINK_RECORDER\" __kunit-c-link \"$@\"\n\
fi\n\
exec cc \"$@\"\n";

/// Writes the linker script into `cache` (unchanged when it is there); returns its path.
pub fn write_script(cache: &Path) -> Result<PathBuf, String> {
    use std::os::unix::fs::PermissionsExt;
    let dir = cache.join("bin");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join("kunit-c-link");
    if std::fs::read_to_string(&path).ok().as_deref() != Some(SCRIPT) {
        // A new file renamed into place: the old one may be running.
        let tmp = dir.join(format!("kunit-c-link.{}", std::process::id()));
        std::fs::write(&tmp, SCRIPT).map_err(|e| format!("{}: {e}", tmp.display()))?;
        std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| format!("{}: {e}", tmp.display()))?;
        std::fs::rename(&tmp, &path).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(path)
}

/// `kunit __kunit-c-link ARGS`: links with `cc`, then keeps the command line when it made
/// the test binary. Returns the exit status.
pub fn link(args: Vec<OsString>) -> i32 {
    let status = match Command::new("cc").args(&args).status() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("kunit c: cannot run the linker cc: {e}");
            return 1;
        }
    };
    if status.success() {
        // Without a record the next rerun goes through cargo: nothing to report.
        let _ = record(&args);
    }
    status.code().unwrap_or(1)
}

/// The link's output (`-o PATH`).
fn output(args: &[String]) -> Option<&str> {
    let i = args.iter().position(|a| a == "-o")?;
    args.get(i + 1).map(String::as_str)
}

/// Is `name` cargo's name for the test target `stem` (`stem-<16 hex digits>`)?
fn is_test_binary(name: &str, stem: &str) -> bool {
    name.strip_prefix(stem)
        .and_then(|r| r.strip_prefix('-'))
        .is_some_and(|h| h.len() == 16 && h.bytes().all(|b| b.is_ascii_hexdigit()))
}

fn record(args: &[OsString]) -> Option<()> {
    let file = PathBuf::from(std::env::var_os(ENV_RECORD)?);
    let stem = std::env::var(ENV_TARGET).ok()?;
    let args: Vec<String> = args
        .iter()
        .map(|a| a.to_str().map(str::to_owned))
        .collect::<Option<_>>()?;
    let out = output(&args)?.to_owned();
    if !is_test_binary(Path::new(&out).file_name()?.to_str()?, &stem) {
        return None;
    }
    // A response file (a very long command line) is not kept.
    if args.iter().any(|a| a.starts_with('@')) {
        return None;
    }
    // rustc removes its objects (the crate's, symbols.o) after the link: keep copies.
    let objects = file.with_extension("objects");
    let _ = std::fs::remove_dir_all(&objects);
    std::fs::create_dir_all(&objects).ok()?;
    let mut kept = Vec::with_capacity(args.len());
    for (i, a) in args.iter().enumerate() {
        let p = Path::new(a);
        if a.ends_with(".o") && p.is_file() {
            let copy = objects.join(format!("{i}-{}", p.file_name()?.to_str()?));
            std::fs::copy(p, &copy).ok()?;
            kept.push(copy.to_str()?.to_owned());
        } else {
            kept.push(a.clone());
        }
    }
    let env: Vec<Value> = std::env::vars_os()
        .map(|(k, v)| Some(json!([k.to_str()?, v.to_str()?])))
        .collect::<Option<_>>()?;
    let text = json!({ "output": out, "args": kept, "env": env }).to_string();
    std::fs::write(&file, text).ok()
}

/// A kept link: the command line (`cc ARGS`) and the environment rustc gave it.
#[derive(Clone, Debug)]
pub struct Link {
    /// The binary it writes.
    pub output: PathBuf,
    args: Vec<String>,
    env: Vec<(String, String)>,
}

impl Link {
    /// The link kept in `file`, if there is one.
    pub fn read(file: &Path) -> Option<Link> {
        let v: Value = serde_json::from_str(&std::fs::read_to_string(file).ok()?).ok()?;
        Some(Link {
            output: PathBuf::from(v.get("output")?.as_str()?),
            args: strings(v.get("args")?)?,
            env: pairs(v.get("env")?)?,
        })
    }

    /// Runs the link again; true when it succeeded.
    pub fn run(&self) -> bool {
        Command::new("cc")
            .args(&self.args)
            .env_clear()
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .output()
            .is_ok_and(|o| o.status.success())
    }
}

/// A JSON array of strings (as kept in link records and `rerun.rs`'s snapshots).
pub(super) fn strings(v: &Value) -> Option<Vec<String>> {
    v.as_array()?
        .iter()
        .map(|s| s.as_str().map(str::to_owned))
        .collect()
}

/// A JSON array of two-string arrays.
pub(super) fn pairs(v: &Value) -> Option<Vec<(String, String)>> {
    v.as_array()?
        .iter()
        .map(|p| {
            let p = strings(p)?;
            (p.len() == 2).then(|| (p[0].clone(), p[1].clone()))
        })
        .collect()
}
