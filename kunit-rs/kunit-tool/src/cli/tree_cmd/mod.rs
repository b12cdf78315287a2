//! Tree mode: `kunit run|config|build|exec` in a kernel tree (the current directory, or
//! `--kernel-tree DIR`) does kunit.py's job with kunit.py's flags. The tree's Kconfig gives
//! the configuration (kunit-kbuild), its Makefiles the objects; the enabled KUnit test files
//! are compiled (kunit-c's flags, cached), each linked with the tree objects that define what
//! it leaves undefined, all into one shared object run by `kunit c`'s harness. A test file
//! that cannot run is reported as skipped with its reason (`skips`).
//!
//! * `options` — the command line (kunit.py's flags).
//! * `source_scan` — what a C source declares, read without compiling it.
//! * `skips` — the skipped entries of the files that cannot run.
//! * `generated` — kbuild's generated headers (`<generated/bounds.h>`), made from the tree.
//! * `pipeline` — configure, compile, resolve, link.
//! * `plan_cache` — the no-op rerun's fast path.

pub mod generated;
pub mod options;
pub mod pipeline;
pub mod plan_cache;
pub mod skips;
pub mod source_scan;

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{CommandFactory, FromArgMatches};

use super::c_cmd::{harness, instrument};
use super::exec_cmd::{run_binaries_as, RunStyle};
use super::options::BuildOptions;
use crate::report::printer::Printer;
use options::TreeArgs;

/// The default build folder, beside kunit.py's `.kunit` so that the two never fight.
pub const DEFAULT_BUILD_DIR: &str = ".kunit-rs";

/// Is `dir` the top of a kernel tree (its Kconfig, Makefile and kunit.py's configs)?
pub fn is_kernel_tree(dir: &Path) -> bool {
    dir.join("Kconfig").is_file()
        && dir.join("Makefile").is_file()
        && dir.join("tools/testing/kunit/configs").is_dir()
}

/// Does this command line ask for tree mode? `run`, `config`, `build` or `exec` with `--kernel-tree`,
/// or started in a kernel tree that is not a cargo project (a Cargo.toml in the current
/// directory, or `--manifest-path`, keeps cargo mode).
pub fn wanted(argv: &[String]) -> bool {
    if !argv
        .first()
        .is_some_and(|c| matches!(c.as_str(), "run" | "config" | "build" | "exec"))
    {
        return false;
    }
    let rest = &argv[1..];
    if rest.iter().any(|a| a.starts_with("--kernel-tree")) {
        return true;
    }
    if rest.iter().any(|a| a.starts_with("--manifest-path")) {
        return false;
    }
    std::env::current_dir().is_ok_and(|d| !d.join("Cargo.toml").exists() && is_kernel_tree(&d))
}

/// Runs tree mode's `run`, `config`, `build` or `exec`; the exit status (kunit.py's: 0 passed or
/// skipped, 1 failed or a failed configuration/build, 2 a usage error).
pub fn main(argv: Vec<String>) -> i32 {
    let command = argv[0].clone();
    let cmd = TreeArgs::command().no_binary_name(true);
    let parsed = cmd
        .try_get_matches_from(&argv[1..])
        .and_then(|m| TreeArgs::from_arg_matches(&m));
    let mut args = match parsed {
        Ok(a) => a,
        Err(e) => {
            if matches!(
                e.kind(),
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion
            ) {
                let _ = e.print();
                return 0;
            }
            eprintln!("usage: kunit {command} [options] [filter_glob]");
            eprintln!("kunit {command}: error: {}", e.kind());
            let _ = e.print();
            return 2;
        }
    };
    if args.help.help {
        print!("{}", help(&command));
        return 0;
    }
    if let Some(g) = args.positional_glob.take() {
        if args
            .exec
            .harness
            .filter_glob
            .as_ref()
            .is_some_and(|o| *o != g)
        {
            eprintln!(
                "kunit {command}: error: filter_glob given twice (positional and --filter_glob)"
            );
            return 2;
        }
        args.exec.harness.filter_glob = Some(g);
    }
    if let Some(e) = options::refused(&args.build).or_else(|| options::bad_kconfig_add(&args.build))
    {
        eprintln!("kunit {command}: error: {e}");
        return 2;
    }
    // KUnit runs slow cases unless a filter leaves them out; kunit-rs's harness skips them by
    // default (cargo's convention), so tree mode asks for them.
    args.exec.harness.include_ignored = true;
    let tty = io::stdout().is_terminal();
    let mut out = super::output::stdout_printer(args.report.color, tty);
    let code = match run(&command, &args, &mut out, tty) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("kunit: error: {e}");
            1
        }
    };
    out.flush();
    code
}

fn run(command: &str, args: &TreeArgs, out: &mut Printer, progress: bool) -> io::Result<i32> {
    let start = Instant::now();
    let cwd = std::env::current_dir()?;
    let tree = match &args.build.kernel_tree {
        Some(t) => cwd.join(t),
        None => cwd.clone(),
    };
    if !is_kernel_tree(&tree) {
        eprintln!(
            "kunit {command}: error: {}: not a kernel tree (no Kconfig, Makefile and tools/testing/kunit/configs)",
            tree.display()
        );
        return Ok(2);
    }
    let tree = std::fs::canonicalize(&tree)?;
    let build_dir = tree.join(args.build.build_dir.as_deref().unwrap_or(DEFAULT_BUILD_DIR));
    std::fs::create_dir_all(&build_dir)?;
    let jobs = args
        .build
        .jobs
        .map(usize::from)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let exe = std::env::current_exe()?;
    let inputs = pipeline::Inputs {
        tree: tree.clone(),
        cwd,
        build_dir: build_dir.clone(),
        kunitconfigs: args.build.kunitconfigs.clone(),
        kconfig_add: args.build.kconfig_add.clone(),
        alltests: args.build.alltests,
        jobs,
        exe: exe.clone(),
        sanitizers: args.instrument.sanitizers(),
        coverage: args.instrument.coverage.is_some(),
    };
    if command == "config" {
        // kunit.py's config_handler: the time is printed whether or not the options held.
        let code = match pipeline::configure(&inputs, out)? {
            Ok(_) => 0,
            Err(2) => return Ok(2),
            Err(c) => c,
        };
        print_elapsed_alone(out, start);
        return Ok(code);
    }
    let last = build_dir.join("last-build");
    let (b, configured, built) = if command == "exec" {
        // kunit.py's exec runs what the last build left.
        match pipeline::Built::read(&last) {
            Some(b) => (b, start.elapsed(), start.elapsed()),
            None => {
                eprintln!(
                    "kunit exec: error: nothing built in {} yet: run `kunit build` (or `kunit run`) first",
                    build_dir.display()
                );
                return Ok(1);
            }
        }
    } else {
        match pipeline::build(&inputs, out)? {
            Ok(b) => {
                b.write(&last)?;
                let t = (b.configured, start.elapsed());
                (b, t.0, t.1)
            }
            Err(code) => return Ok(code),
        }
    };
    if command == "build" {
        out.flush();
        print_elapsed_alone(out, start);
        return Ok(0);
    }
    // exec runs the objects as the last build instrumented them: other flags are an error,
    // not a run that silently counts or checks nothing.
    let wanted = (
        args.instrument.sanitizers(),
        args.instrument.coverage.is_some(),
    );
    if wanted != (b.sanitizers.clone(), b.coverage) {
        let said = |s: &[String], c: bool| match (s.is_empty(), c) {
            (true, false) => "no --sanitize or --coverage".to_string(),
            (_, true) => "--coverage".to_string(),
            (false, false) => format!("--sanitize={}", s.join(",")),
        };
        eprintln!(
            "kunit exec: error: the last build was made with {}, this exec asks for {}: give exec the build's flags, or build again",
            said(&b.sanitizers, b.coverage),
            said(&wanted.0, wanted.1)
        );
        return Ok(2);
    }
    let unrunnable = b.unrunnable.clone();
    // The runtimes the instrumented objects need, for the harness processes (the compilers
    // have ended; no other thread runs yet).
    let cmds = kunit_c::Commands {
        compiler: b.compiler.clone(),
        envs: Vec::new(),
        files: Vec::new(),
        link_flags: Vec::new(),
        sanitizers: b.sanitizers.clone(),
    };
    if let Err(e) = instrument::set_sanitizer_env(&cmds) {
        eprintln!("{e}");
        return Ok(2);
    }
    let coverage = match args.instrument.coverage.as_deref() {
        None => None,
        Some(dir) => {
            let dir = if dir.is_empty() {
                build_dir.join(crate::exec::coverage::DEFAULT_DIR_NAME)
            } else {
                PathBuf::from(dir)
            };
            match instrument::Coverage::prepare(&dir.display().to_string(), &cmds) {
                Ok(c) => Some(c),
                Err(e) => {
                    eprintln!("{e}");
                    return Ok(2);
                }
            }
        }
    };
    // Every harness process started from here runs the suites of this shared object.
    std::env::set_var(harness::HARNESS_ENV, &b.so);
    let build = BuildOptions {
        jobs: args.build.jobs.map(usize::from),
        build_dir: Some(build_dir.display().to_string()),
        ..BuildOptions::default()
    };
    let style = RunStyle {
        start_line: Some("Starting KUnit Kernel (1/1)...".into()),
        arch: Some("um".into()),
        single_plan: true,
        // An instrumented run keeps one suite at a time: a sanitizer report names its case,
        // and gcov's counters are not updated atomically.
        parallel_suites: b.sanitizers.is_empty() && !b.coverage,
    };
    let code = run_binaries_as(
        &build,
        &args.exec,
        &args.report,
        vec![exe],
        out,
        progress,
        &style,
    )?;
    let listing = args.exec.list_tests || args.exec.list_tests_attr || args.exec.list_suites;
    let mut code = code;
    if let (Some(c), false) = (coverage, listing) {
        out.flush();
        // The tree's code: not the test files, not the build folder (kunit-c's headers,
        // the skipped entries' file), not the compiler's headers.
        let keep = |p: &Path| {
            p.starts_with(&tree) && !p.starts_with(&build_dir) && !b.tests.iter().any(|t| t == p)
        };
        if let Err(e) = c.report_with(args.instrument.coverage_all, "kunit", &keep) {
            eprintln!("{e}");
            code = code.max(1);
        }
    }
    if !listing {
        if command == "exec" {
            print_elapsed_alone(out, start);
        } else {
            print_elapsed(out, start, configured, built);
        }
        // Only the suites the filter glob selects (they were in the results).
        let glob = args.exec.harness.filter_glob.as_deref().map(|g| {
            let suite = g.split_once('.').map_or(g, |(s, _)| s).to_string();
            move |name: &str| kunit::filter::glob_match(&suite, name)
        });
        let unrunnable: Vec<skips::Unrunnable> = unrunnable
            .into_iter()
            .filter_map(|mut u| {
                if let Some(m) = &glob {
                    u.suites.retain(|s| m(&s.name));
                }
                (!u.suites.is_empty()).then_some(u)
            })
            .collect();
        if !unrunnable.is_empty() && args.report.raw_output.is_none() {
            let mut config_args = Vec::new();
            for k in &args.build.kunitconfigs {
                config_args.push(format!("--kunitconfig={k}"));
            }
            for k in &args.build.kconfig_add {
                config_args.push(format!("--kconfig_add={k}"));
            }
            if args.build.alltests {
                config_args.push("--alltests".into());
            }
            let n: usize = unrunnable.iter().map(|u| u.suites.len()).sum();
            out.line(&format!(
                "{n} suites of {} test files cannot run in userspace (skipped above); under UML: {}",
                unrunnable.len(),
                skips::kunit_py_line(
                    &config_args,
                    &unrunnable,
                    args.exec.harness.filter_glob.as_deref()
                )
            ));
        }
    }
    out.flush();
    Ok(code)
}

/// Tree mode's help: the usage line and one line per flag (its clap help, or doc comment).
fn help(command: &str) -> String {
    let cmd = TreeArgs::command();
    let mut text = format!(
        "usage: kunit {command} [options] [filter_glob]\n\n\
         In a kernel tree (the current directory, or --kernel-tree DIR), {command} does what \
         kunit.py {command} does, with kunit.py's flags: the tree's Kconfig and Makefiles decide \
         what is compiled; the tests run in userspace, and a test file that cannot is reported \
         as skipped with its reason.\n\noptions:\n"
    );
    let mut additions = String::from(
        "\nkunit-rs additions (not kunit.py flags: the build is ours, so the tree's objects are \
         instrumented and run under the tools userspace has):\n",
    );
    for a in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
        let Some(long) = a.get_long() else { continue };
        let into = if options::ADDITIONS.contains(&long) {
            &mut additions
        } else {
            &mut text
        };
        let value = a
            .get_value_names()
            .filter(|_| a.get_action().takes_values())
            .map(|v| {
                // An optional value goes after `=` (`--coverage[=DIR]`).
                if a.get_num_args().is_some_and(|n| n.min_values() == 0) {
                    format!("[={}]", v.join(" "))
                } else {
                    format!(" {}", v.join(" "))
                }
            })
            .unwrap_or_default();
        let what = a
            .get_help()
            .map(|h| h.to_string())
            .unwrap_or_default()
            .replace('`', "");
        into.push_str(&format!("  --{long}{value}\n        {what}\n"));
    }
    text.push_str(&additions);
    text
}

/// kunit.py's `config`, `build` and `exec` end with the time alone (and an empty line).
fn print_elapsed_alone(out: &mut Printer, start: Instant) {
    out.line(&format!(
        "Elapsed time: {:.3}s\n",
        start.elapsed().as_secs_f64()
    ));
}

/// kunit.py's `run` ends with the time of each phase: `Elapsed time: Ts total, Cs
/// configuring, Bs building, Rs running` (and an empty line).
fn print_elapsed(
    out: &mut Printer,
    start: Instant,
    configured: std::time::Duration,
    built: std::time::Duration,
) {
    let total = start.elapsed();
    // kunit.py's message ends in a newline of its own: an empty line follows.
    out.line(&format!(
        "Elapsed time: {:.3}s total, {:.3}s configuring, {:.3}s building, {:.3}s running\n",
        total.as_secs_f64(),
        configured.as_secs_f64(),
        (built.saturating_sub(configured)).as_secs_f64(),
        (total.saturating_sub(built)).as_secs_f64()
    ));
}
