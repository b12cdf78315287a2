//! `kunit c`: a kernel-style KUnit test file in C, with the code it tests, built in a
//! throwaway crate against kunit-c and run as `kunit run` runs a project.
//!
//! The crate lives in a cache folder (one per test file) and every such crate shares one
//! target folder, so kunit and kunit-c are compiled once and a rerun after an edit
//! recompiles only the changed C files and relinks. The crate depends on kunit and kunit-c
//! by path: the kunit-rs checkout this binary was built from (or `$KUNIT_RS_SRC`).

pub mod args;
pub mod project;

/// Prepares `kunit c` with the arguments after `c`: writes the throwaway crate and returns
/// the `kunit run` command line that builds and runs it, or the exit status to end with (0
/// after `--help`, 2 for a usage error).
pub fn run_args(argv: Vec<String>) -> Result<Vec<String>, i32> {
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
        let manifest = project::write(&cache, &src, &args, &resolved)?;
        Ok((cache, manifest))
    });
    let (cache, manifest) = match prepared {
        Ok(p) => p,
        Err(e) => {
            eprintln!("kunit c: error: {e}");
            return Err(2);
        }
    };
    let mut run = vec![
        "run".to_owned(),
        "--manifest-path".to_owned(),
        manifest.display().to_string(),
    ];
    if !args.run_args.iter().any(|a| a.starts_with("--build_dir")) {
        run.push(format!("--build_dir={}", cache.join("target").display()));
    }
    run.extend(args.run_args.iter().cloned());
    Ok(run)
}
