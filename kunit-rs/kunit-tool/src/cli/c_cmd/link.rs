//! Linking `kunit c`'s objects with the C compiler into one shared object, which a `kunit`
//! harness process loads (`harness.rs`). Every object goes on the command line itself (not
//! through an archive), so each one's constructors, the suites' registration, are kept;
//! `-Bsymbolic` binds the objects' references to their own definitions, so a linked
//! `lib/string.c`'s `strlen` is the C code's while the `kunit` process keeps the C library's.
//! The object exports nothing (a version script makes every symbol local; the harness needs
//! none of them, the constructors register the suites), so `--gc-sections` drops what no
//! constructor reaches, as the kernel's and a test binary's static links do: an unused
//! function's call to a symbol nothing defines (`lib/string_helpers.c`'s `get_options`, from
//! `lib/cmdline.c`) does not keep the object from loading.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::objects::{digest, Object};
use kunit_c::Commands;

/// The link's flags, before the version script.
const FLAGS: &[&str] = &["-shared", "-Wl,-Bsymbolic", "-Wl,--gc-sections"];
/// Every symbol local: the shared object exports nothing.
const VERSION_SCRIPT: &str = "{ local: *; };\n";

/// Links `objects` into `work/c-suites.so`, unless the one there was linked from exactly
/// these objects (the same files, built from the same inputs); returns its path.
pub fn link(cmds: &Commands, objects: &[Object], work: &Path) -> Result<PathBuf, String> {
    let so = work.join("c-suites.so");
    let stamp = work.join("c-suites.key");
    // The link command's own flags are part of the key: another kunit links anew.
    let mut parts: Vec<Vec<u8>> = vec![
        cmds.compiler.as_os_str().as_encoded_bytes().to_vec(),
        FLAGS.join(" ").into_bytes(),
        VERSION_SCRIPT.as_bytes().to_vec(),
    ];
    // The sanitizers' and gcov's runtimes (`--sanitize`, `--coverage`).
    for f in &cmds.link_flags {
        parts.push(f.as_encoded_bytes().to_vec());
    }
    for o in objects {
        parts.push(o.path.as_os_str().as_encoded_bytes().to_vec());
        parts.push(std::fs::read(&o.deps).unwrap_or_default());
    }
    let refs: Vec<&[u8]> = parts.iter().map(Vec::as_slice).collect();
    let key = format!("{:016x}", digest(&refs));
    let compiled = objects.iter().any(|o| o.compiled);
    if !compiled && so.is_file() && std::fs::read_to_string(&stamp).is_ok_and(|k| k == key) {
        return Ok(so);
    }
    let _ = std::fs::remove_file(&stamp);
    let map = work.join("c-suites.map");
    std::fs::write(&map, VERSION_SCRIPT).map_err(|e| format!("{}: {e}", map.display()))?;
    let mut version_script = std::ffi::OsString::from("-Wl,--version-script=");
    version_script.push(&map);
    // A harness of an earlier run may still have the old one open: a new file, renamed.
    let tmp = work.join(format!("c-suites.{}.so", std::process::id()));
    let out = Command::new(&cmds.compiler)
        .args(FLAGS)
        .args(&cmds.link_flags)
        .arg(&version_script)
        .arg("-o")
        .arg(&tmp)
        .args(objects.iter().map(|o| &o.path))
        .envs(cmds.envs.iter().map(|(k, v)| (k, v)))
        .output()
        .map_err(|e| format!("kunit c: cannot run {}: {e}", cmds.compiler.display()))?;
    if !out.status.success() {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!(
            "kunit c: linking the C objects failed:\n{}",
            String::from_utf8_lossy(&out.stderr).trim_end()
        ));
    }
    std::fs::rename(&tmp, &so).map_err(|e| format!("{}: {e}", so.display()))?;
    std::fs::write(&stamp, key).map_err(|e| format!("{}: {e}", stamp.display()))?;
    Ok(so)
}
