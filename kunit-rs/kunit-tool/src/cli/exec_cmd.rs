//! `kunit build`, `kunit exec` and `kunit run` (= build + exec).

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::options::{BuildOptions, ExecArgs, ExecOptions, ReportOptions, RunArgs};
use super::write_reports::parse_and_report;
use crate::exec::cargo::{self, CargoError};
use crate::exec::coverage;
use crate::exec::debugger;
use crate::exec::listing::ListedSuite;
use crate::exec::runner::BinaryRunner;
use crate::exec::sanitize::{self, Sanitizer};
use crate::exec::{self, Control, Job};
use crate::ktap::reader::KtapSource;
use crate::ktap::status::TestStatus;
use crate::report::json::Metadata;
use crate::report::printer::Printer;
use kunit_protocol::{exit, flags};

pub(crate) fn cargo_build(args: &BuildOptions) -> cargo::CargoBuild {
    cargo::CargoBuild {
        manifest_path: args.manifest_path.clone(),
        packages: args.packages.clone(),
        release: args.release,
        features: args.features.clone(),
        all_features: args.all_features,
        jobs: args.jobs,
        target_dir: args.build_dir.clone(),
        env: Vec::new(),
        toolchain: None,
        target: None,
    }
}

fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Reports why cargo gave no harnesses; returns the exit status (kunit.py's
/// 1 for a failed build, argparse's 2 for being started in the wrong place).
/// An I/O error goes back to the caller (`kunit: error: ...`, status 1).
fn report_no_harnesses(e: CargoError, cmd: &str, args: &BuildOptions) -> io::Result<i32> {
    match e {
        CargoError::NoProject(reason) => {
            let hint = if args.manifest_path.is_some() {
                ""
            } else {
                " (kunit builds the cargo project it is started in: run it inside one, or pass --manifest-path PATH)"
            };
            eprintln!("kunit {cmd}: error: {reason}{hint}");
            Ok(2)
        }
        CargoError::BuildFailed(message) => {
            eprintln!("kunit: {message}");
            Ok(1)
        }
        CargoError::Io(e) => Err(e),
    }
}

/// `--sanitize`: the build request for an instrumented build (nightly, the host target, a
/// target folder of its own), or, without nightly, one line saying so and a plain build.
fn instrument(list: &[Sanitizer], opts: &mut cargo::CargoBuild) -> Result<(), CargoError> {
    let rust = list.iter().any(|s| *s != Sanitizer::Undefined);
    let nightly = rust && sanitize::nightly_available();
    if rust && !nightly {
        eprintln!(
            "kunit: --sanitize={}: no nightly toolchain (rustup toolchain install nightly), so Rust code is not instrumented; only C code is",
            sanitize::list_text(list)
        );
    }
    opts.env = sanitize::build_env(list, nightly);
    if nightly {
        let workspace = cargo::locate_workspace(opts.manifest_path.as_deref())?;
        opts.toolchain = Some(sanitize::NIGHTLY.to_string());
        opts.target = sanitize::host_triple();
        let dir = sanitize::target_dir(list, opts.target_dir.as_deref(), &workspace);
        opts.target_dir = Some(dir.to_string_lossy().into_owned());
    }
    Ok(())
}

/// Sets the sanitizer options (`ASAN_OPTIONS`, ...) every harness process inherits. Called
/// before any thread is started.
fn set_sanitizer_env(args: &BuildOptions) {
    for (var, value) in args
        .instrument
        .sanitize
        .as_ref()
        .map(|l| sanitize::run_env(&l.0))
        .unwrap_or_default()
    {
        std::env::set_var(var, value);
    }
}

/// `--coverage` around a run: the tools and folders before, the report after. Rust's counts
/// come from LLVM's profiles; the C that build scripts compile with `kunit_c::Build` (asked
/// for gcov by `$KUNIT_COVERAGE`) writes `.gcda` files under `DIR/gcda`, read with gcov and
/// merged into the same report.
struct Coverage {
    tools: coverage::Tools,
    dir: PathBuf,
    gcda: PathBuf,
}

impl Coverage {
    /// Finds the LLVM tools (else the one-line reason), empties the profile folders and points
    /// `LLVM_PROFILE_FILE` and `GCOV_PREFIX` at them (before any thread is started).
    fn prepare(dir: &str, args: &BuildOptions) -> Result<Coverage, String> {
        let tools = coverage::find_tools()?;
        let dir = if dir.is_empty() {
            let workspace = cargo::locate_workspace(args.manifest_path.as_deref())
                .map_err(|e| format!("kunit: --coverage: {e:?}"))?;
            sanitize::target_base(args.build_dir.as_deref(), &workspace)
                .join(coverage::DEFAULT_DIR_NAME)
        } else {
            PathBuf::from(dir)
        };
        // gcov writes under GCOV_PREFIX from the harnesses' own working directories.
        let dir = std::path::absolute(&dir)
            .map_err(|e| format!("kunit: --coverage: {}: {e}", dir.display()))?;
        let raw = coverage::profraw_dir(&dir);
        let gcda = dir.join("gcda");
        for d in [&raw, &gcda] {
            let _ = std::fs::remove_dir_all(d);
            std::fs::create_dir_all(d)
                .map_err(|e| format!("kunit: --coverage: cannot create {}: {e}", d.display()))?;
        }
        std::env::set_var("LLVM_PROFILE_FILE", coverage::profile_file(&dir));
        std::env::set_var("GCOV_PREFIX", &gcda);
        std::env::remove_var("GCOV_PREFIX_STRIP");
        eprintln!("kunit: --coverage: LLVM tools: {}", tools.found);
        Ok(Coverage { tools, dir, gcda })
    }

    /// Writes `lcov.info` and `index.html` for the run of `bins` (and the C counts the run
    /// wrote), and one line saying where.
    fn report(&self, bins: &[PathBuf], args: &BuildOptions) -> Result<(), String> {
        let mut files = coverage::export(&self.tools, bins, &self.dir)?;
        if !crate::exec::gcov::gcda_files(&self.gcda).is_empty() {
            // The gcov of the compiler the build scripts used (the cc crate's: $CC, else cc).
            let cc = std::env::var_os("CC")
                .filter(|c| !c.is_empty())
                .unwrap_or_else(|| "cc".into());
            let gcov = crate::exec::gcov::gcov_for(Path::new(&cc));
            if !crate::exec::gcov::runs(&gcov) {
                return Err(format!(
                    "kunit: --coverage: the C code wrote gcov counts, but {} (gcc's gcov, 9 or later) does not run (Debian: apt-get install gcc)",
                    gcov.display()
                ));
            }
            for f in crate::exec::gcov::read_all(&gcov, &self.gcda)? {
                match files.iter_mut().find(|g| g.path == f.path) {
                    Some(g) => g.merge(&f),
                    None => files.push(f),
                }
            }
        }
        if !args.instrument.coverage_all {
            let roots = coverage::code_under_test(args.manifest_path.as_deref())?;
            files.retain(|f| coverage::is_code_under_test(&f.path, &roots));
        }
        write_coverage(&self.dir, &files, "kunit run")
    }
}

/// Writes `dir/lcov.info` and `dir/index.html` (kunit's page, titled `title`) for `files`,
/// and one line on stderr with the totals and where they are. Shared by `kunit run` and
/// `kunit c`.
pub(crate) fn write_coverage(
    dir: &Path,
    files: &[crate::report::lcov::FileCov],
    title: &str,
) -> Result<(), String> {
    let write = |name: &str, text: String| {
        let path = dir.join(name);
        std::fs::write(&path, text)
            .map_err(|e| format!("kunit: --coverage: cannot write {}: {e}", path.display()))
    };
    // The page lists the files in lcov.info's order (by path): its `f<index>` anchors are
    // the records' indexes in the file.
    let mut sorted: Vec<crate::report::lcov::FileCov> = files.to_vec();
    sorted.sort_by(|a, b| a.path.cmp(&b.path));
    let files = &sorted[..];
    write("lcov.info", crate::report::lcov::write(files))?;
    let page = crate::report::coverage_html::coverage_page(title, files, &|p| {
        std::fs::read_to_string(p).ok()
    });
    write("index.html", page)?;
    let t = crate::report::lcov::totals(files);
    eprintln!(
        "Coverage: lines {}/{} ({}), functions {}/{}, branches {}/{} in {} files: {} and {} (kunit's page)",
        t.lines_hit,
        t.lines_found,
        crate::report::lcov::percent(t.lines_hit, t.lines_found),
        t.functions_hit,
        t.functions_found,
        t.branches_hit,
        t.branches_found,
        files.len(),
        dir.join("lcov.info").display(),
        dir.join("index.html").display()
    );
    Ok(())
}

/// Builds the test targets; the harness binaries.
fn build_harnesses(args: &BuildOptions, out: &mut Printer) -> Result<Vec<PathBuf>, CargoError> {
    let mut opts = cargo_build(args);
    cargo::locate_project(opts.manifest_path.as_deref())?;
    if let Some(list) = &args.instrument.sanitize {
        instrument(&list.0, &mut opts)?;
    }
    if args.instrument.coverage.is_some() {
        let workspace = cargo::locate_workspace(opts.manifest_path.as_deref())?;
        opts.env = coverage::build_env();
        opts.env
            .push((kunit_c::COVERAGE_ENV.to_string(), "1".into()));
        opts.target = sanitize::host_triple();
        let base = sanitize::target_base(opts.target_dir.as_deref(), &workspace);
        opts.target_dir = Some(
            base.join("kunit-coverage-build")
                .to_string_lossy()
                .into_owned(),
        );
    }
    out.line("Building KUnit harnesses ...");
    out.flush();
    let artifacts = cargo::build_tests(&opts)?;
    Ok(cargo::harnesses(artifacts)
        .into_iter()
        .map(|a| a.path)
        .collect())
}

/// `kunit build`.
pub fn build(args: &BuildOptions, out: &mut Printer) -> io::Result<i32> {
    let start = Instant::now();
    let code = match build_harnesses(args, out) {
        Ok(bins) => {
            for b in bins {
                let line = format!("Harness: {}", b.display());
                out.line(&line);
            }
            0
        }
        // Started in the wrong place: nothing was built, no time to report.
        Err(e @ CargoError::NoProject(_)) => return report_no_harnesses(e, "build", args),
        Err(e) => report_no_harnesses(e, "build", args)?,
    };
    out.flush();
    eprintln!("Elapsed time: {:.3}s", start.elapsed().as_secs_f64());
    Ok(code)
}

/// `--partition`: each binary with the suites of its listing that are in
/// the shard (`None` when that is all of them); binaries with none are
/// left out. Also returns the binaries that could not be listed.
fn shard(
    args: &ExecOptions,
    bins: Vec<PathBuf>,
    opts: &exec::RunnerOptions,
) -> (Vec<Job>, Vec<String>) {
    let Some(partition) = args.partition else {
        let jobs = bins
            .into_iter()
            .map(|bin| Job { bin, suites: None })
            .collect();
        return (jobs, Vec::new());
    };
    let ctl = Control::default();
    let mut sink = |_| {};
    let mut errors = Vec::new();
    let listings: Vec<Vec<ListedSuite>> = bins
        .iter()
        .map(|b| {
            let mut r = BinaryRunner::new(b, opts, &ctl, &mut sink);
            let listing = r.listing();
            errors.append(&mut r.errors);
            listing
        })
        .collect();
    let assigned = partition.assign(&listings);
    let jobs = bins
        .into_iter()
        .zip(listings)
        .zip(assigned)
        .filter(|(_, names)| !names.is_empty())
        .map(|((bin, listing), names)| {
            let all = names.len() == listing.len();
            let suites = listing
                .into_iter()
                .filter(|s| names.contains(&s.name))
                .collect();
            Job {
                bin,
                suites: (!all).then_some(suites),
            }
        })
        .collect();
    (jobs, errors)
}

/// The listing flags: ask every binary and print what it lists.
fn list(args: &ExecOptions, jobs: &[Job], opts: &exec::RunnerOptions, out: &mut Printer) -> i32 {
    let ctl = Control::default();
    let mut sink = |_| {};
    let mut code = 0;
    let flag = if args.list_tests_attr {
        flags::LIST_TESTS_ATTR
    } else {
        flags::LIST_TESTS
    };
    for job in jobs {
        let mut r = BinaryRunner::new(&job.bin, opts, &ctl, &mut sink);
        let text = r.list_raw(flag).unwrap_or_default();
        for e in &r.errors {
            eprintln!("kunit: {e}");
            code = 1;
        }
        let mut suites_seen: Vec<String> = Vec::new();
        // The suite each line belongs to: a bare name opens its section.
        let mut section = String::new();
        for l in text
            .lines()
            .skip_while(|l| !l.starts_with("KTAP version"))
            .skip(1)
        {
            let l = l.trim_end();
            if !l.is_empty() && !l.starts_with('#') && !l.contains(char::is_whitespace) {
                section = l.split_once('.').map_or(l, |(s, _)| s).to_string();
            }
            if let Some(suites) = &job.suites {
                if !suites.iter().any(|s| s.name == section) {
                    continue;
                }
            }
            if args.list_tests_attr {
                out.raw_line(l);
            } else if args.list_suites {
                if !l.contains('.')
                    && !l.is_empty()
                    && !l.contains(char::is_whitespace)
                    && !suites_seen.iter().any(|s| s == l)
                {
                    suites_seen.push(l.to_string());
                    out.raw_line(l);
                }
            } else if is_test_name(l) {
                out.raw_line(l);
            }
        }
    }
    out.flush();
    code
}

/// kunit.py's filter for `--list_tests` output: `^[^\s.]+\.[^\s.]+$`.
fn is_test_name(l: &str) -> bool {
    match l.split_once('.') {
        Some((a, b)) => {
            let ok =
                |s: &str| !s.is_empty() && !s.contains(|c: char| c.is_whitespace() || c == '.');
            ok(a) && ok(b)
        }
        None => false,
    }
}

fn runner_options(args: &ExecOptions) -> exec::RunnerOptions {
    let per_case = args.harness.timeout.unwrap_or(300);
    exec::RunnerOptions {
        harness: args.harness.clone(),
        // Slow cases get 3x and very slow 12x the per-case timeout.
        process_timeout: Duration::from_secs(
            args.process_timeout
                .unwrap_or(per_case.saturating_mul(12).saturating_add(30)),
        ),
        isolation: args.run_isolated,
        suite_jobs: 1,
    }
}

/// Bad filters are usage errors, found before anything runs: the first harness checks them
/// (exactly as it parses them for the run) while listing its suites. Returns the harness's
/// message when it refused them.
fn refused_filters(bin: &Path, opts: &exec::RunnerOptions) -> Option<String> {
    let ctl = Control::default();
    let mut sink = |_| {};
    let runner = BinaryRunner::new(bin, opts, &ctl, &mut sink);
    let filters = runner.filter_args(opts.harness.glob());
    // `--include-ignored` alone (tree mode's, for the slow cases) is no filter a harness can
    // refuse: no process is started to ask.
    if filters.iter().all(|f| f == "--include-ignored") {
        return None;
    }
    let out = std::process::Command::new(bin)
        .arg(flags::LIST_SUITES)
        .args(filters)
        .output()
        .ok()?;
    if out.status.code() != Some(exit::BAD_ARGUMENTS) {
        return None;
    }
    // Up to the usage text, if the harness printed one.
    let stderr = String::from_utf8_lossy(&out.stderr);
    let message: Vec<&str> = stderr.lines().take_while(|l| !l.is_empty()).collect();
    Some(message.join("\n"))
}

/// `--debugger`: the one test the filters select, in the foreground under the debugger;
/// its exit status.
fn run_under_debugger(
    debugger: debugger::Debugger,
    bins: &[PathBuf],
    opts: &exec::RunnerOptions,
) -> io::Result<i32> {
    let ctl = Control::default();
    let mut sink = |_| {};
    let mut candidates = Vec::new();
    for bin in bins {
        let mut r = BinaryRunner::new(bin, opts, &ctl, &mut sink);
        let text = r.list_raw(flags::LIST_TESTS).unwrap_or_default();
        for e in &r.errors {
            eprintln!("kunit: {e}");
        }
        for l in text.lines().map(str::trim_end).filter(|l| is_test_name(l)) {
            candidates.push((bin.clone(), l.to_string()));
        }
    }
    // The attribute filters still apply (the glob is the chosen case).
    let extra = opts.harness.forward("", false);
    let dir = std::env::temp_dir().join(format!("kunit-debugger-{}", std::process::id()));
    if debugger == debugger::Debugger::Valgrind {
        return run_under_valgrind(candidates, opts.harness.glob(), &extra, &dir);
    }
    let (bin, name) = match debugger::choose(candidates) {
        Ok(one) => one,
        Err(message) => {
            eprintln!("{message}");
            return Ok(2);
        }
    };
    std::fs::create_dir_all(&dir)?;
    let mut cmd = match debugger::command(debugger, &bin, &name, &extra, &dir) {
        Ok(cmd) => cmd,
        Err(e) if e.kind() == io::ErrorKind::InvalidInput => {
            eprintln!("kunit: error: {e}");
            let _ = std::fs::remove_dir_all(&dir);
            return Ok(2);
        }
        Err(e) => return Err(e),
    };
    eprintln!("kunit: running {name} under {debugger:?}; it stops at the first failed expectation");
    let status = match cmd.status() {
        Ok(s) => s,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            eprintln!("kunit: error: --debugger: {debugger:?} is not installed");
            let _ = std::fs::remove_dir_all(&dir);
            return Ok(2);
        }
        Err(e) => return Err(e),
    };
    let _ = std::fs::remove_dir_all(&dir);
    Ok(status.code().unwrap_or(1))
}

/// `--debugger=valgrind`: every selected test (`candidates`), each harness once under
/// memcheck with the user's `glob`; a report fails the case it came in, in its log. The exit
/// status is the first failing harness's (valgrind's own is 1 after any report), or 1 when
/// memcheck reported outside any case (printed to stderr).
fn run_under_valgrind(
    candidates: Vec<(PathBuf, String)>,
    glob: &str,
    extra: &[String],
    dir: &Path,
) -> io::Result<i32> {
    if candidates.is_empty() {
        eprintln!("kunit: error: --debugger: the filters select no test");
        return Ok(2);
    }
    let mut bins: Vec<PathBuf> = Vec::new();
    for (bin, _) in &candidates {
        if !bins.contains(bin) {
            bins.push(bin.clone());
        }
    }
    let glob = if glob.is_empty() { "*" } else { glob };
    let mut code = 0;
    for bin in bins {
        // A fresh folder per harness: its own log and read mark.
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir)?;
        let mut cmd = match debugger::command(debugger::Debugger::Valgrind, &bin, glob, extra, dir)
        {
            Ok(cmd) => cmd,
            Err(e) if e.kind() == io::ErrorKind::InvalidInput => {
                eprintln!("kunit: error: {e}");
                let _ = std::fs::remove_dir_all(dir);
                return Ok(2);
            }
            Err(e) => return Err(e),
        };
        eprintln!(
            "kunit: running {} ({glob}) under valgrind's memcheck; a report fails the case it came in",
            bin.display()
        );
        let status = match cmd.status() {
            Ok(s) => s,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                eprintln!("kunit: error: --debugger: valgrind is not installed");
                let _ = std::fs::remove_dir_all(dir);
                return Ok(2);
            }
            Err(e) => return Err(e),
        };
        let outside = debugger::unattributed_valgrind_reports(dir);
        for line in &outside {
            eprintln!("{line}");
        }
        let _ = std::fs::remove_dir_all(dir);
        let this = match status.code().unwrap_or(1) {
            0 if !outside.is_empty() => 1,
            c => c,
        };
        if code == 0 {
            code = this;
        }
    }
    Ok(code)
}

/// Runs the binaries and reports; returns the exit status.
pub(crate) fn run_binaries(
    build: &BuildOptions,
    args: &ExecOptions,
    report: &ReportOptions,
    bins: Vec<PathBuf>,
    out: &mut Printer,
    progress: bool,
) -> io::Result<i32> {
    run_binaries_as(
        build,
        args,
        report,
        bins,
        out,
        progress,
        &RunStyle::default(),
    )
}

/// What a caller other than cargo mode changes in a run's output: tree mode prints kunit.py's
/// `Starting KUnit Kernel (1/1)...` and its JSON says `um`.
#[derive(Clone, Debug, Default)]
pub(crate) struct RunStyle {
    /// The line before the results, instead of `Starting KUnit harnesses (N binaries)...`.
    pub start_line: Option<String>,
    /// The JSON's `arch`, instead of this machine's.
    pub arch: Option<String>,
    /// The one process's `1..N` is the document's (`MergedStream::show_single_plan`).
    pub single_plan: bool,
    /// Run each process's suites `--jobs` at a time (tree mode's one process), instead of
    /// one at a time with `--jobs` processes.
    pub parallel_suites: bool,
}

/// [`run_binaries`] with `style`.
pub(crate) fn run_binaries_as(
    build: &BuildOptions,
    args: &ExecOptions,
    report: &ReportOptions,
    bins: Vec<PathBuf>,
    out: &mut Printer,
    progress: bool,
    style: &RunStyle,
) -> io::Result<i32> {
    let mut opts = runner_options(args);
    let n_jobs = build.jobs.unwrap_or_else(default_jobs);
    if style.parallel_suites {
        opts.suite_jobs = n_jobs;
    }
    if let Some(message) = bins.first().and_then(|b| refused_filters(b, &opts)) {
        eprintln!("{message}");
        eprintln!("kunit: error: the harness refused the filters; nothing was run");
        return Ok(2);
    }
    if let Some(debugger) = args.debugger {
        return run_under_debugger(debugger, &bins, &opts);
    }
    let (jobs, shard_errors) = shard(args, bins, &opts);
    for e in &shard_errors {
        eprintln!("kunit: {e}");
    }
    let shard_code = i32::from(!shard_errors.is_empty());
    if args.list_tests || args.list_tests_attr || args.list_suites {
        return Ok(list(args, &jobs, &opts, out).max(shard_code));
    }
    let ctl = Arc::new(Control::default());
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        // A second Ctrl-C ends the runner at once.
        signal_hook::flag::register_conditional_shutdown(sig, 130, ctl.interrupted.clone())?;
        signal_hook::flag::register(sig, ctl.interrupted.clone())?;
    }
    let line = match args.partition {
        _ if style.start_line.is_some() => style.start_line.clone().unwrap_or_default(),
        Some(p) => format!(
            "Starting KUnit harnesses ({} binaries, shard {p})...",
            jobs.len()
        ),
        None => format!("Starting KUnit harnesses ({} binaries)...", jobs.len()),
    };
    out.line(&line);
    let shown = progress.then(|| Arc::new(AtomicBool::new(false)));
    if let Some(flag) = &shown {
        out.set_progress_flag(flag.clone());
    }
    let whole_in_one = jobs.len() == 1 && jobs[0].suites.is_none();
    let (mut stream, workers) = exec::start(jobs, opts, n_jobs, ctl.clone(), shown);
    if style.single_plan && whole_in_one {
        stream.show_single_plan();
    }
    if report.raw_output.is_some() {
        // The merged stream is KTAP already, so `all` and `kunit` print the same.
        while stream.advance().is_some() {
            out.raw_line(stream.line());
        }
        out.flush();
        for e in workers.finish() {
            eprintln!("kunit: {e}");
        }
        return Ok(if ctl.interrupted() { 130 } else { shard_code });
    }
    let meta = Metadata {
        arch: style
            .arch
            .clone()
            .unwrap_or_else(|| std::env::consts::ARCH.to_string()),
        def_config: "kunit_defconfig".to_string(),
        build_dir: build
            .build_dir
            .clone()
            .unwrap_or_else(|| "target".to_string()),
    };
    let test = parse_and_report(stream, report, &meta, out)?;
    let errors = workers.finish();
    for e in &errors {
        eprintln!("kunit: {e}");
    }
    if ctl.interrupted() {
        eprintln!("kunit: interrupted; the harness processes were stopped and the summary covers what finished");
        return Ok(130);
    }
    let ok = matches!(
        test.counts.status(),
        TestStatus::Success | TestStatus::Skipped
    );
    Ok(if ok && errors.is_empty() {
        shard_code
    } else {
        1
    })
}

/// `kunit exec`.
pub fn exec(args: &ExecArgs, out: &mut Printer, progress: bool) -> io::Result<i32> {
    let start = Instant::now();
    set_sanitizer_env(&args.build);
    let bins = if args.binaries.is_empty() {
        match build_harnesses(&args.build, out) {
            Ok(b) => b,
            Err(e) => return report_no_harnesses(e, "exec", &args.build),
        }
    } else {
        args.binaries.iter().map(PathBuf::from).collect()
    };
    let code = run_binaries(&args.build, &args.exec, &args.report, bins, out, progress)?;
    out.flush();
    eprintln!("Elapsed time: {:.3}s", start.elapsed().as_secs_f64());
    Ok(code)
}

/// `kunit run`.
pub fn run(args: &RunArgs, out: &mut Printer, progress: bool) -> io::Result<i32> {
    let start = Instant::now();
    set_sanitizer_env(&args.build);
    let coverage = match args
        .build
        .instrument
        .coverage
        .as_deref()
        .map(|dir| Coverage::prepare(dir, &args.build))
    {
        None => None,
        Some(Ok(c)) => Some(c),
        Some(Err(message)) => {
            eprintln!("{message}");
            return Ok(2);
        }
    };
    let bins = match build_harnesses(&args.build, out) {
        Ok(b) => b,
        Err(e) => return report_no_harnesses(e, "run", &args.build),
    };
    let built = start.elapsed();
    let mut code = run_binaries(
        &args.build,
        &args.exec,
        &args.report,
        bins.clone(),
        out,
        progress,
    )?;
    if let Some(c) = coverage {
        out.flush();
        if let Err(message) = c.report(&bins, &args.build) {
            eprintln!("{message}");
            code = code.max(1);
        }
    }
    out.flush();
    print_elapsed(start, built);
    Ok(code)
}

/// `kunit run`'s last line (stderr): the total time, and how it splits.
pub(crate) fn print_elapsed(start: Instant, built: Duration) {
    let total = start.elapsed();
    eprintln!(
        "Elapsed time: {:.3}s total, {:.3}s building, {:.3}s running",
        total.as_secs_f64(),
        built.as_secs_f64(),
        (total - built).as_secs_f64()
    );
}
