//! `kunit c`: kernel-style KUnit test files in C, with the C code they test, compiled by the
//! C compiler as the kernel compiles C (kunit-c's flags and headers), linked into one shared
//! object and run in `kunit` processes, which are the C suites' run time: kunit, kunit-c's C
//! ABI and its glue are linked into the `kunit` binary and exported to the object it loads.
//! No cargo, no generated crate: an installed `kunit` is all it needs.
//!
//! * `inputs` — the paths given, resolved; the cache folder.
//! * `objects` — compiling, each object cached by the contents of its inputs.
//! * `generate` — the files kbuild generates first (host programs' tables), outside the tree.
//! * `link` — the shared object, linked with the C compiler.
//! * `harness` — the `kunit` process that loads it and runs the suites.
//! * `instrument` — `--sanitize` and `--coverage`: the harnesses' environment, the report.

pub mod generate;
pub mod harness;
pub mod inputs;
pub mod instrument;
pub mod link;
pub mod objects;

use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use super::exec_cmd::{print_elapsed, run_binaries};
use super::options::{BuildOptions, CArgs, COptions};
use crate::report::printer::Printer;
use inputs::Resolved;
use objects::digest;

/// `kunit c`: builds, then runs the suites as `kunit run` runs a project's harnesses, with
/// the same output; the exit status (2 for a missing input, 1 for a failed build).
pub fn run(args: &CArgs, out: &mut Printer, progress: bool) -> io::Result<i32> {
    let start = Instant::now();
    let resolved = match inputs::resolve(&args.c, &args.files) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("kunit c: error: {e}");
            return Ok(2);
        }
    };
    let cache = inputs::cache_dir(&args.c);
    out.line("Building KUnit harnesses ...");
    out.flush();
    let jobs = args
        .c
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let exe = std::env::current_exe()?;
    let (so, cmds, include) = match build(&args.c, &resolved, &cache, jobs) {
        Ok(built) => built,
        Err(e) => {
            eprintln!("{e}");
            return Ok(1);
        }
    };
    // The runtimes the instrumented objects need, for the harness processes (the compilers
    // have ended; no other thread runs yet).
    if let Err(e) = instrument::set_sanitizer_env(&cmds) {
        eprintln!("{e}");
        return Ok(2);
    }
    let coverage = match args.c.instrument.coverage.as_deref() {
        None => None,
        Some(dir) => match instrument::Coverage::prepare(dir, &cmds) {
            Ok(c) => Some(c),
            Err(e) => {
                eprintln!("{e}");
                return Ok(2);
            }
        },
    };
    let so = match loads(&exe, &so) {
        Ok(so) => so,
        Err(e) => {
            eprintln!("{e}");
            return Ok(1);
        }
    };
    // Every harness process this one starts is the run time of these suites. No other
    // thread runs yet (the compilers' have ended; the runner's start later).
    std::env::set_var(harness::HARNESS_ENV, &so);
    let built = start.elapsed();
    let build = BuildOptions {
        jobs: args.c.jobs,
        build_dir: Some(cache.display().to_string()),
        ..BuildOptions::default()
    };
    let mut code = run_binaries(&build, &args.exec, &args.report, vec![exe], out, progress)?;
    out.flush();
    if let Some(c) = coverage {
        // The test file is the first; kunit-c's headers are not the code under test.
        let headers = include.parent().map(Path::to_path_buf).unwrap_or(include);
        if let Err(e) = c.report(
            &resolved.files[..1],
            &[headers],
            args.c.instrument.coverage_all,
        ) {
            eprintln!("{e}");
            code = code.max(1);
        }
    }
    print_elapsed(start, built);
    Ok(code)
}

/// Compiles and links; the shared object, the commands it was built with and kunit-c's
/// include folder.
fn build(
    opts: &COptions,
    r: &Resolved,
    cache: &Path,
    jobs: usize,
) -> Result<(PathBuf, kunit_c::Commands, PathBuf), String> {
    let include = headers(cache)?;
    // One folder per set of files (its autoconf.h and the shared object).
    let mut key: Vec<&[u8]> = r
        .files
        .iter()
        .map(|f| f.as_os_str().as_encoded_bytes())
        .collect();
    if let Some(t) = &r.kernel_tree {
        key.push(t.as_os_str().as_encoded_bytes());
    }
    // An instrumented build links a shared object of its own beside the plain one.
    let sanitize = opts
        .instrument
        .sanitize
        .as_ref()
        .map(|l| crate::exec::sanitize::list_text(&l.0))
        .unwrap_or_default();
    if !sanitize.is_empty() {
        key.push(sanitize.as_bytes());
    }
    if opts.instrument.coverage.is_some() {
        key.push(b"coverage");
    }
    let stem = kunit_c::module_name(&r.files[0]);
    let work = cache
        .join("runs")
        .join(format!("{stem}-{:016x}", digest(&key)));
    let mut cmds = inputs::build(opts, r).commands(&work, &include)?;
    if let Some(tree) = &r.kernel_tree {
        generate_for_tree(opts, tree, &work, &mut cmds)?;
    }
    let objects = objects::compile_all(&cmds, r.kernel_tree.as_deref(), cache, jobs)?;
    let so = link::link(&cmds, &objects, &work)?;
    Ok((so, cmds, include))
}

/// The files kbuild generates before compiling a file of the tree (the CRC tables of
/// lib/crc/crc32-main.c): found in the file's folder Makefile (with the `--kconfig_add`
/// values), made in the run's folder (`work/objtree`, kbuild's output folder layout, with the
/// run's autoconf.h), and that folder's `$(obj)` put on the file's include path as kbuild's
/// `-I $(obj)`. A rule that cannot be read, or a file that cannot be made, fails the build
/// with the reason.
fn generate_for_tree(
    opts: &COptions,
    tree: &Path,
    work: &Path,
    cmds: &mut kunit_c::Commands,
) -> Result<(), String> {
    let vars: Vec<(String, String)> = opts.kconfig.clone();
    let objtree = generate::ObjTree {
        root: work.join("objtree"),
        tree: tree.to_path_buf(),
    };
    let mut autoconf_written = false;
    for f in &mut cmds.files {
        let Ok(rel) = f.source.strip_prefix(tree) else {
            continue;
        };
        let rel = rel.display().to_string();
        let gens = kunit_kbuild::generated_for_source(tree, &rel, &vars)
            .map_err(|e| format!("kunit c: {e}"))?;
        if gens.is_empty() {
            continue;
        }
        if !autoconf_written {
            // The configuration the C files see, for the host programs that read it.
            let p = work.join("generated/autoconf.h");
            let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            objtree.write_autoconf(&text)?;
            autoconf_written = true;
        }
        let obj = format!("{}.o", rel.strip_suffix(".c").unwrap_or(&rel));
        objtree
            .make(&obj, &gens)
            .map_err(|e| format!("kunit c: {e}"))?;
        let at = f.args.len().saturating_sub(2);
        f.args.insert(at, objtree.include_flag(&obj).into());
    }
    Ok(())
}

/// kunit-c's headers (embedded in this binary), written out once per set of headers.
pub(crate) fn headers(cache: &Path) -> Result<PathBuf, String> {
    let all: Vec<&[u8]> = kunit_c::headers()
        .iter()
        .flat_map(|(name, text)| [name.as_bytes(), *text])
        .collect();
    let dir = cache.join(format!("headers-{:016x}", digest(&all)));
    let include = dir.join("include");
    let done = dir.join("complete");
    if !done.exists() {
        kunit_c::write_headers(&include)?;
        std::fs::write(&done, "").map_err(|e| format!("{}: {e}", done.display()))?;
    }
    Ok(include)
}

/// `so` if a harness loads it; else the loader's reason (a symbol nothing defines), found
/// before anything runs: a link error is a failed build, not a crashed test.
pub(crate) fn loads(exe: &Path, so: &Path) -> Result<PathBuf, String> {
    let out = Command::new(exe)
        .arg("--list_suites")
        .env(harness::HARNESS_ENV, so)
        .output()
        .map_err(|e| format!("kunit c: cannot run {}: {e}", exe.display()))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    match stderr.find(harness::LOAD_ERROR) {
        Some(at) if out.status.code() == Some(2) => Err(stderr[at..].trim_end().to_owned()),
        _ => Ok(so.to_path_buf()),
    }
}
