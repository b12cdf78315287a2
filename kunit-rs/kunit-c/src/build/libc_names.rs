//! Kernel code that defines C library names (`lib/string.c`: `strlen`, `memcpy`, ...) is
//! tested as the kernel's own while the process keeps the C library's: after compiling, every
//! global symbol the C objects define that the C library also defines is renamed, in the
//! definitions and in every reference of every object, to [`PREFIX`]`name`. Calls from the C
//! files reach the kernel's function; Rust, its runtime and the C library itself keep libc's.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What a kernel definition of a C library name is renamed to: `strlen` becomes
/// `__kunit_c_kernel_strlen`.
pub const PREFIX: &str = "__kunit_c_kernel_";

/// Names kernel lib/ code defines that every C library has, for when the C library's own
/// symbol table cannot be read (no `libc.so.6`, e.g. musl or a cross compiler).
const FALLBACK: &[&str] = &[
    "bcmp",
    "bcopy",
    "bsearch",
    "bzero",
    "ffs",
    "index",
    "memchr",
    "memcmp",
    "memcpy",
    "memmove",
    "memrchr",
    "memset",
    "qsort",
    "rindex",
    "snprintf",
    "sprintf",
    "sscanf",
    "stpcpy",
    "strcasecmp",
    "strcat",
    "strchr",
    "strchrnul",
    "strcmp",
    "strcpy",
    "strcspn",
    "strdup",
    "strlcat",
    "strlcpy",
    "strlen",
    "strncasecmp",
    "strncat",
    "strncmp",
    "strncpy",
    "strndup",
    "strnlen",
    "strpbrk",
    "strrchr",
    "strsep",
    "strspn",
    "strstr",
    "strtol",
    "strtoul",
    "strtoll",
    "strtoull",
    "vsnprintf",
    "vsprintf",
    "vsscanf",
];

/// The binutils (or LLVM) tool `name`, from `$NM`/`$OBJCOPY` or the path.
pub(crate) fn tool(env: &str, names: &[&str]) -> Result<PathBuf, String> {
    if let Some(t) = std::env::var_os(env).filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(t));
    }
    // Looked up on PATH without running it: a build runs this on every rerun.
    let path = std::env::var_os("PATH").unwrap_or_default();
    for n in names {
        if let Some(found) = std::env::split_paths(&path)
            .map(|d| d.join(n))
            .find(|p| p.is_file())
        {
            return Ok(found);
        }
    }
    Err(format!(
        "kunit-c needs {} (binutils or LLVM) to keep the C library's names apart from the \
         kernel code's; install it or set ${env}",
        names.join(" or ")
    ))
}

/// The names the C library defines: its dynamic symbols, read with `nm` from the
/// `libc.so.6` the compiler links, plus [`FALLBACK`].
pub(crate) fn libc_names(compiler: &Path, nm: &Path) -> BTreeSet<String> {
    let mut names: BTreeSet<String> = FALLBACK.iter().map(|s| (*s).to_owned()).collect();
    let libc = Command::new(compiler)
        .arg("-print-file-name=libc.so.6")
        .output()
        .ok()
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
    if let Some(libc) = libc.filter(|p| p.is_absolute() && p.exists()) {
        if let Ok(out) = Command::new(nm)
            .args(["-D", "--defined-only", "-P"])
            .arg(&libc)
            .output()
        {
            for line in String::from_utf8_lossy(&out.stdout).lines() {
                if let Some(name) = line.split_whitespace().next() {
                    // `strlen@@GLIBC_2.2.5`: the version is not part of the C name.
                    let name = name.split('@').next().unwrap_or(name);
                    names.insert(name.to_owned());
                }
            }
        }
    }
    names
}

/// The global symbols `object` defines (`nm -g --defined-only`).
pub(crate) fn defined_globals(nm: &Path, object: &Path) -> Result<Vec<String>, String> {
    let out = Command::new(nm)
        .args(["-g", "--defined-only", "-P"])
        .arg(object)
        .output()
        .map_err(|e| format!("kunit-c: cannot run {}: {e}", nm.display()))?;
    if !out.status.success() {
        return Err(format!(
            "kunit-c: {} {} failed: {}",
            nm.display(),
            object.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .collect())
}

/// The renaming file for `objcopy --redefine-syms`: one `old new` line per name.
pub(crate) fn redefine_syms(names: &BTreeSet<String>) -> String {
    names.iter().map(|n| format!("{n} {PREFIX}{n}\n")).collect()
}

/// Writes `output`: `input` with the names of `map_file` renamed.
pub(crate) fn rename(
    objcopy: &Path,
    map_file: &Path,
    input: &Path,
    output: &Path,
) -> Result<(), String> {
    let out = Command::new(objcopy)
        .arg(format!("--redefine-syms={}", map_file.display()))
        .arg(input)
        .arg(output)
        .output()
        .map_err(|e| format!("kunit-c: cannot run {}: {e}", objcopy.display()))?;
    if !out.status.success() {
        return Err(format!(
            "kunit-c: {} {} failed: {}",
            objcopy.display(),
            input.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(())
}
