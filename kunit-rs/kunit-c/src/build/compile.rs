//! Running the compiler: one command line per file, objects reused while their inputs are
//! unchanged, files compiled in parallel, and the C library's names renamed afterwards.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::digest::fnv1a;
use super::kconfig::{Config, Value};
use super::spec::{module_name, Build};
use super::{diagnose, flags, instrument, libc_names, tree};

/// Compiles `build`'s files; returns the objects to link, in file order.
pub(crate) fn compile(build: &Build, name: &str) -> Result<Vec<PathBuf>, String> {
    let out_dir = PathBuf::from(
        std::env::var_os("OUT_DIR").ok_or("kunit_c::Build runs in a build script (no OUT_DIR)")?,
    );
    for var in [
        "CC",
        "CFLAGS",
        "NM",
        "OBJCOPY",
        instrument::SANITIZE_ENV,
        instrument::COVERAGE_ENV,
    ] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    let work = out_dir.join("kunit-c-build").join(name);
    std::fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;

    let tool = cc::Build::new()
        .cargo_metadata(false)
        .warnings(false)
        .extra_warnings(false)
        .get_compiler();
    let tree = build.kernel_tree.as_deref();
    let autoconf = write_autoconf(build, &work)?;
    let include = crate::include_dir();
    let common = common_args(build, &tool, &work, &autoconf, &include)?;

    let files: Vec<PathBuf> = build
        .files
        .iter()
        .map(|f| match tree {
            Some(t) if f.is_relative() => t.join(f),
            _ => f.clone(),
        })
        .collect();
    let jobs = std::env::var("NUM_JOBS")
        .ok()
        .and_then(|j| j.parse().ok())
        .or_else(|| std::thread::available_parallelism().ok().map(|n| n.get()))
        .unwrap_or(1)
        .clamp(1, files.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Compiled, String>>>> =
        Mutex::new((0..files.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(file) = files.get(i) else { break };
                let r = compile_one(&tool, &common, tree, &include, &work, file);
                results.lock().expect("no panics while holding the lock")[i] = Some(r);
            });
        }
    });
    let mut raw = Vec::new();
    let mut errors = Vec::new();
    for r in results
        .into_inner()
        .expect("no panics")
        .into_iter()
        .flatten()
    {
        match r {
            Ok(c) => {
                for w in c.warnings.lines() {
                    println!("cargo:warning={w}");
                }
                for dep in &c.deps {
                    if !dep.starts_with(&out_dir) {
                        println!("cargo:rerun-if-changed={}", dep.display());
                    }
                }
                raw.push(c.object);
            }
            Err(e) => errors.push(e),
        }
    }
    for f in &build.kunitconfigs {
        println!("cargo:rerun-if-changed={}", f.display());
    }
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    rename_libc_names(&tool, &work, raw)
}

/// The build's configuration: the defaults, the sanitizers' (`undefined`: the
/// `CONFIG_UBSAN_*` options), the `.kunitconfig` files, then `kconfig()`.
pub(super) fn configuration(build: &Build) -> Result<Config, String> {
    let mut config = Config::with_defaults();
    for (name, value) in instrument::config_defaults(&build.sanitize) {
        config.set(name, Value::parse(value));
    }
    for f in &build.kunitconfigs {
        let text = std::fs::read_to_string(f)
            .map_err(|e| format!("kunit-c: --kunitconfig {}: {e}", f.display()))?;
        config.read(&text, f)?;
    }
    for (name, value) in &build.kconfig {
        config.set(name, Value::parse(value));
    }
    Ok(config)
}

/// The configuration header, rewritten only when its text changed (so objects stay fresh).
pub(super) fn write_autoconf(build: &Build, work: &Path) -> Result<(PathBuf, Config), String> {
    let config = configuration(build)?;
    let dir = work.join("generated");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join("autoconf.h");
    write_if_changed(&path, config.autoconf_h().as_bytes())?;
    Ok((path, config))
}

fn write_if_changed(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if std::fs::read(path).ok().as_deref() != Some(bytes) {
        std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// The arguments every file gets, before its own.
pub(super) fn common_args(
    build: &Build,
    tool: &cc::Tool,
    work: &Path,
    (autoconf, config): &(PathBuf, Config),
    include: &Path,
) -> Result<Vec<OsString>, String> {
    // cc's own `-w` (what its warnings(false) asks for) would silence the kernel's
    // -Werror=... as well, and its -O/-g follow cargo's profile, which the kernel's
    // optimisation replaces: the warnings and the optimisation are set below.
    let mut args: Vec<OsString> = tool
        .args()
        .iter()
        .filter(|a| *a != "-w" && !flags::is_profile_flag(&a.to_string_lossy()))
        .cloned()
        .collect();
    args.extend(
        flags::kernel_cflags(tool.is_like_clang(), |f| supported(tool, work, f))
            .into_iter()
            .map(OsString::from),
    );
    // The configuration's code-generation choices, each only when the compiler takes it
    // (an older compiler then behaves as the kernel's Kconfig would have chosen for it).
    for (name, flag) in flags::CONFIG_FLAGS {
        if config.is_yes(name) && supported(tool, work, flag) {
            args.push(flag.into());
        }
    }
    // Freestanding: the compiler's own headers (stddef.h, stdarg.h, ...) and no others.
    args.push("-nostdinc".into());
    args.push("-isystem".into());
    args.push(compiler_include_dir(tool, work)?.into());
    for dir in &build.includes {
        args.push(format!("-I{}", dir.display()).into());
    }
    args.push(format!("-I{}", include.display()).into());
    if let Some(t) = &build.kernel_tree {
        args.push(format!("-I{}", t.join("include").display()).into());
        args.push(format!("-I{}", t.join("include/uapi").display()).into());
        // __FILE__ relative to the tree, as in the kernel's messages.
        args.push(format!("-fmacro-prefix-map={}/=", t.display()).into());
    }
    // kunit-c's headers appear as include/..., as kernel headers do in KUnit's messages,
    // wherever they were written out.
    let include_parent = include.parent().expect("include/ has a parent");
    args.push(format!("-fmacro-prefix-map={}/=", include_parent.display()).into());
    // What kbuild force-includes into every file: the configuration, <linux/kconfig.h> and
    // (when kunit-c has it) <linux/compiler_types.h>.
    args.push("-include".into());
    args.push(autoconf.into());
    args.push("-include".into());
    args.push("linux/kconfig.h".into());
    if include.join("linux/compiler_types.h").exists() {
        args.push("-include".into());
        args.push("linux/compiler_types.h".into());
    }
    // Sanitizers and coverage: before the user's flags, which may refine them.
    instrument::check(&build.sanitize)?;
    args.extend(
        instrument::compile_flags(
            &build.sanitize,
            build.coverage,
            tool.is_like_clang(),
            config,
        )
        .into_iter()
        .map(OsString::from),
    );
    // The user's flags last, so they override ours.
    args.extend(build.flags.iter().map(OsString::from));
    for (name, value) in &build.defines {
        args.push(
            match value {
                Some(v) => format!("-D{name}={v}"),
                None => format!("-D{name}"),
            }
            .into(),
        );
    }
    Ok(args)
}

/// `cc -print-file-name=include`: the compiler's own headers, the only system headers a
/// kernel file sees.
fn compiler_include_dir(tool: &cc::Tool, work: &Path) -> Result<PathBuf, String> {
    let memo = work.join(format!(
        "include-dir-{:016x}",
        fnv1a(tool.path().as_os_str().as_encoded_bytes())
    ));
    if let Ok(dir) = std::fs::read_to_string(&memo) {
        if Path::new(&dir).join("stddef.h").exists() {
            return Ok(PathBuf::from(dir));
        }
    }
    let out = Command::new(tool.path())
        .arg("-print-file-name=include")
        .output()
        .map_err(|e| format!("kunit-c: cannot run {}: {e}", tool.path().display()))?;
    let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    if !out.status.success() || !dir.is_absolute() || !dir.join("stddef.h").exists() {
        return Err(format!(
            "kunit-c: {} -print-file-name=include does not name the compiler's include \
             folder (got {:?}); kunit-c needs GCC or Clang",
            tool.path().display(),
            dir
        ));
    }
    let _ = std::fs::write(&memo, dir.as_os_str().as_encoded_bytes());
    Ok(dir)
}

/// Does the compiler take `flag` (an empty file compiles with it, warnings as errors)?
/// The answer is kept in `work`, so it is asked once per compiler and flag.
fn supported(tool: &cc::Tool, work: &Path, flag: &str) -> bool {
    let key = format!("{}{flag}", tool.path().display());
    let memo = work.join(format!("flag-{:016x}", fnv1a(key.as_bytes())));
    if let Ok(s) = std::fs::read_to_string(&memo) {
        return s == "1";
    }
    let probe = work.join("probe.c");
    let _ = std::fs::write(&probe, "int kunit_c_probe;\n");
    let ok = Command::new(tool.path())
        .args(["-Werror", flag, "-c", "-o"])
        .arg(work.join("probe.o"))
        .arg(&probe)
        .output()
        .is_ok_and(|o| o.status.success());
    let _ = std::fs::write(&memo, if ok { "1" } else { "0" });
    ok
}

struct Compiled {
    object: PathBuf,
    deps: Vec<PathBuf>,
    warnings: String,
}

fn compile_one(
    tool: &cc::Tool,
    common: &[OsString],
    tree: Option<&Path>,
    include: &Path,
    work: &Path,
    file: &Path,
) -> Result<Compiled, String> {
    let (abs, mut args) = file_args(common, tree, include, file)?;
    let stem = abs
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let base = format!("{stem}-{:016x}", fnv1a(abs.as_os_str().as_encoded_bytes()));
    let object = work.join(format!("{base}.o"));
    let depfile = work.join(format!("{base}.d"));
    let cmdfile = work.join(format!("{base}.cmd"));
    args.extend(["-MD".into(), "-MF".into(), depfile.clone().into_os_string()]);
    args.push("-o".into());
    args.push(object.clone().into_os_string());

    let command_line = args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("\x1f");
    if let Some(deps) = fresh(&object, &depfile, &cmdfile, &command_line) {
        return Ok(Compiled {
            object,
            deps,
            warnings: String::new(),
        });
    }
    let _ = std::fs::remove_file(&cmdfile);
    let out = Command::new(tool.path())
        .args(&args)
        .envs(tool.get_envs())
        .output()
        .map_err(|e| format!("kunit-c: cannot run {}: {e}", tool.path().display()))?;
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        return Err(compile_error(file, tree, &stderr));
    }
    let _ = std::fs::write(&cmdfile, &command_line);
    Ok(Compiled {
        object,
        deps: read_depfile(&depfile),
        warnings: stderr,
    })
}

/// The message of a file that did not compile: a missing header named as kunit-c's, else
/// the compiler's output under one headline.
pub(super) fn compile_error(file: &Path, tree: Option<&Path>, stderr: &str) -> String {
    let headline = match diagnose::missing_header(stderr) {
        Some(m) => m.message(tree),
        None => format!("kunit-c: {} does not compile", file.display()),
    };
    format!("{headline}\n{}", stderr.trim_end())
}

/// One file's canonical path and its command line up to `-c FILE` (the caller adds the
/// output and depfile): `common`, then the file's own flags (its folder for `"..."`
/// includes, `KBUILD_MODNAME`, its tree Makefile's `CFLAGS_<name>.o`, kunit-c's stand-ins
/// for the tree's private headers it includes (from `include`, kunit-c's headers), `$CFLAGS`).
pub(super) fn file_args(
    common: &[OsString],
    tree: Option<&Path>,
    include: &Path,
    file: &Path,
) -> Result<(PathBuf, Vec<OsString>), String> {
    let abs = std::fs::canonicalize(file)
        .map_err(|e| format!("kunit-c: C file {}: {e}", file.display()))?;
    let module = module_name(&abs);
    let mut args = common.to_vec();
    if let Some(dir) = abs.parent() {
        // The test's own folder, for its "*-testvecs.h" and templates.
        args.push("-iquote".into());
        args.push(dir.into());
    }
    args.push(format!("-DKBUILD_MODNAME=\"{module}\"").into());
    args.push(format!("-DKBUILD_BASENAME=\"{module}\"").into());
    if let Some(t) = tree {
        args.extend(tree::makefile_cflags(&abs).into_iter().map(OsString::from));
        for standin in tree::private_standins(&abs, t, include) {
            args.push("-include".into());
            args.push(standin.into());
        }
    }
    args.extend(tool_user_flags());
    let source_arg: OsString = match tree {
        // Compiled by its path in the tree, so diagnostics and __FILE__ read lib/...
        Some(t) => abs
            .strip_prefix(t)
            .map(|r| t.join(r))
            .unwrap_or(abs.clone())
            .into(),
        None => file.into(),
    };
    args.extend(["-c".into(), source_arg]);
    Ok((abs, args))
}

/// Flags from `$CFLAGS`, for the user's extra warnings or debugging flags.
fn tool_user_flags() -> Vec<OsString> {
    std::env::var("CFLAGS")
        .map(|f| f.split_whitespace().map(OsString::from).collect())
        .unwrap_or_default()
}

/// The object's dependencies, when it is newer than each of them and was compiled with the
/// same command line.
fn fresh(
    object: &Path,
    depfile: &Path,
    cmdfile: &Path,
    command_line: &str,
) -> Option<Vec<PathBuf>> {
    if std::fs::read_to_string(cmdfile).ok()? != command_line {
        return None;
    }
    let built = std::fs::metadata(object).ok()?.modified().ok()?;
    let deps = read_depfile(depfile);
    if deps.is_empty() {
        return None;
    }
    for dep in &deps {
        let changed = std::fs::metadata(dep).ok()?.modified().ok()?;
        if changed >= built {
            return None;
        }
    }
    Some(deps)
}

/// The prerequisites of a make-style depfile (`obj.o: a.c b.h \`).
pub(super) fn read_depfile(path: &Path) -> Vec<PathBuf> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    let joined = text.replace("\\\n", " ");
    let Some((_, prereqs)) = joined.split_once(": ") else {
        return Vec::new();
    };
    let mut deps = Vec::new();
    let mut current = String::new();
    let mut chars = prereqs.lines().next().unwrap_or("").chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&' ') => {
                current.push(' ');
                chars.next();
            }
            ' ' | '\t' => {
                if !current.is_empty() {
                    deps.push(PathBuf::from(std::mem::take(&mut current)));
                }
            }
            _ => current.push(c),
        }
    }
    if !current.is_empty() {
        deps.push(PathBuf::from(current));
    }
    deps
}

/// Renames, in every object, each global the objects define that the C library defines too
/// (see `libc_names`); returns the objects to link.
fn rename_libc_names(
    tool: &cc::Tool,
    work: &Path,
    raw: Vec<PathBuf>,
) -> Result<Vec<PathBuf>, String> {
    let nm = libc_names::tool("NM", &["nm", "llvm-nm"])?;
    let mut defined = BTreeSet::new();
    for object in &raw {
        defined.extend(globals_of(&nm, object)?);
    }
    let libc = libc_names_cached(tool, &nm, work);
    let clashes: BTreeSet<String> = defined.intersection(&libc).cloned().collect();
    if clashes.is_empty() {
        return Ok(raw);
    }
    let objcopy = libc_names::tool("OBJCOPY", &["objcopy", "llvm-objcopy"])?;
    let map = work.join("kernel-libc-names.txt");
    write_if_changed(&map, libc_names::redefine_syms(&clashes).as_bytes())?;
    let mut renamed = Vec::new();
    for object in raw {
        let out = object.with_extension("kernel.o");
        libc_names::rename(&objcopy, &map, &object, &out)?;
        renamed.push(out);
    }
    Ok(renamed)
}

/// The globals an object defines, kept beside it (`.syms`) while it is unchanged.
fn globals_of(nm: &Path, object: &Path) -> Result<Vec<String>, String> {
    let memo = object.with_extension("syms");
    let fresh = |m: &Path| -> Option<String> {
        let built = std::fs::metadata(object).ok()?.modified().ok()?;
        let listed = std::fs::metadata(m).ok()?.modified().ok()?;
        (listed >= built).then(|| std::fs::read_to_string(m).ok())?
    };
    if let Some(text) = fresh(&memo) {
        return Ok(text.lines().map(str::to_owned).collect());
    }
    let names = libc_names::defined_globals(nm, object)?;
    let _ = std::fs::write(&memo, names.join("\n"));
    Ok(names)
}

/// The C library's names, read once per compiler (`libc_names::libc_names`).
fn libc_names_cached(tool: &cc::Tool, nm: &Path, work: &Path) -> BTreeSet<String> {
    let memo = work.join(format!(
        "libc-names-{:016x}",
        fnv1a(tool.path().as_os_str().as_encoded_bytes())
    ));
    if let Ok(text) = std::fs::read_to_string(&memo) {
        return text.lines().map(str::to_owned).collect();
    }
    let names = libc_names::libc_names(tool.path(), nm);
    let text: Vec<&str> = names.iter().map(String::as_str).collect();
    let _ = std::fs::write(&memo, text.join("\n"));
    names
}
