//! `kunit c`: a kernel-style KUnit test file in C, with the code it tests, built in a
//! throwaway crate against kunit-c and run as `kunit run` runs a project.
//!
//! The crate lives in a cache folder (one per test file) and every such crate shares one
//! target folder, so kunit and kunit-c are compiled once; a rerun after an edit of C inputs
//! only recompiles the changed C files and relinks without cargo (`rerun.rs`). The crate
//! depends on kunit and kunit-c by path: the kunit-rs checkout this binary was built from
//! (or `$KUNIT_RS_SRC`).

pub mod args;
pub mod link_record;
pub mod project;
pub mod rerun;

/// Prepares `kunit c` with the arguments after `c`: writes the throwaway crate and returns
/// the `kunit run` command line that builds and runs it, with the build that runs it (cargo,
/// or a relink without cargo while only C inputs changed: `rerun.rs`), or the exit status
/// to end with (0 after `--help`, 2 for a usage error).
pub fn prepare(argv: Vec<String>) -> Result<(Vec<String>, rerun::CBuild), i32> {
    let args = match args::parse(argv) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{}", args::USAGE);
            eprintln!("kunit c: error: {e}");
            return Err(2);
        }
    };
    if args.help {
        print!("{}", args::help());
        return Err(0);
    }
    let prepared = project::sources().and_then(|src| {
        let resolved = project::resolve(&args)?;
        let cache = project::cache_dir();
        let krate = project::write(&cache, &src, &args, &resolved)?;
        Ok((src, cache, krate))
    });
    let (src, cache, krate) = match prepared {
        Ok(p) => p,
        Err(e) => {
            eprintln!("kunit c: error: {e}");
            return Err(2);
        }
    };
    let mut run = vec![
        "run".to_owned(),
        "--manifest-path".to_owned(),
        krate.manifest.display().to_string(),
    ];
    if !args.run_args.iter().any(|a| a.starts_with("--build_dir")) {
        run.push(format!("--build_dir={}", cache.join("target").display()));
    }
    run.extend(args.run_args.iter().cloned());
    let build = rerun::CBuild::new(krate, cache, src, &run);
    Ok((run, build))
}
