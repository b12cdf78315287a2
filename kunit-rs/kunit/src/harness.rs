//! The `cargo test` harness: `kunit::main!()` in a `harness = false` test target.
//!
//! It understands libtest's flags (so `cargo test -- FILTER`, `--list` and `cargo nextest`
//! work) and KUnit's executor parameters as flags, prints KTAP, and ends with libtest's
//! closing line; the exit code is 101 when anything failed and 2 for bad arguments. What the
//! `kunit` runner relies on (the marker, the flag names it passes, the exit statuses) is
//! defined once in the `kunit-protocol` crate.

use crate::executor::{run_plan, Config, Ignored, Plan};
use crate::ktap::{attr_lines, Format};
use crate::output::Sink;
use crate::registry::{registered_suites, Registration};
use kunit_protocol::{env, exit, flags};
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

/// Found in every binary built with `kunit::main!()` (only [`main`] refers to it, so binaries
/// that merely link kunit do not carry it), so the `kunit` runner can tell harness binaries
/// from others without running them.
pub static HARNESS_MARKER: [u8; kunit_protocol::marker::LEN] =
    kunit_protocol::marker::HARNESS_MARKER;

/// What the command line asked for.
#[derive(Clone, Debug, Default)]
pub struct Args {
    /// What to run and how (filters, format, jobs, timeout, shuffle).
    pub config: Config,
    /// libtest `--list` (with `--format terse`: only `name: test` lines).
    pub list: bool,
    /// libtest `--format terse`.
    pub terse: bool,
    /// KUnit `kunit.action=list`.
    pub list_tests: bool,
    /// KUnit `kunit.action=list_attr`.
    pub list_tests_attr: bool,
    /// `--list_suites`: suite names only.
    pub list_suites: bool,
    /// libtest `--bench`: there are no benchmarks, so nothing runs.
    pub bench: bool,
    /// `-h`/`--help`: print the usage.
    pub help: bool,
    /// `--warnings_fail`: an unsuppressed `WARN()` fails its test.
    pub warnings_fail: bool,
    /// libtest `--format json`: libtest's JSON events on stdout instead of KTAP.
    pub json: bool,
    /// libtest `--logfile FILE`: the KTAP stream goes to FILE instead of stdout.
    pub logfile: Option<String>,
    /// libtest `--show-output`: JSON events carry the log of passed tests too.
    pub show_output: bool,
    /// libtest `--report-time`: JSON test events carry their `exec_time`.
    pub report_time: bool,
    explicit_ignored: Option<Ignored>,
}

const USAGE: &str = "\
Usage: <test-binary> [OPTIONS] [FILTERS...]

kunit-rs harness: runs the KUnit suites linked into this binary and prints KTAP.

libtest options:
  FILTERS                  run cases whose 'suite.case' name (or libtest name,
                           'tests::case' of #[kunit_tests]) contains a filter
  --exact                  filters (and --skip) must match the whole name
  --skip FILTER            skip cases matching FILTER (repeatable)
  --list                   list cases ('suite.case: test'); with --format terse only those lines
  --ignored                run (or list) only slow and #[ignore] cases
  --include-ignored        run those too (by default they are reported skipped)
  --nocapture, --no-capture, --quiet, -q, --color WHEN, --ensure-time, --test,
  --exclude-should-panic, --force-run-in-process, -Z OPT
                           accepted; output is never captured
  --test-threads N         same as --jobs N (default: RUST_TEST_THREADS, else the CPUs)
  --bench                  run benchmarks (there are none)
  --format json            libtest's JSON events (needs -Z unstable-options or
                           RUSTC_BOOTSTRAP=1, as libtest); with --list, libtest's listing
  --format pretty|terse    KTAP, as the default; with --list, terse prints only the names
  --logfile FILE           write the KTAP to FILE instead of stdout
  --show-output            with --format json: the log of passed tests too
  --report-time            with --format json: each test's exec_time
  --shuffle-seed N         same as --seed N
  -h, --help               print this help
KUnit options:
  --filter_glob GLOB       suite_glob[.test_glob]
  --filter FILTERS         attribute filters, e.g. 'speed>slow, module=foo'
  --filter_action skip     report filtered-out cases as skipped
  --list_tests             list 'suite' and 'suite.case' lines as the kernel does
  --list_tests_attr        the same with attribute lines
  --list_suites            list suite names
  --timeout SECONDS        base per-case timeout (default 300; x3 slow, x12 very_slow)
  --jobs N                 run N suites, or cases of a parallel suite, at a time
                           (output order unchanged; default: as --test-threads)
  --shuffle, --seed N      shuffle suites and cases (the seed is printed to stderr)
  --stats 0|1|2            kunit.stats_enabled (default 1)
  --format ktap|tap|tap14  output format (default ktap)
  --warnings_fail          an unsuppressed WARN() fails the test that raised it
  --diff                   after a failed multi-line STREQ, print a line diff (not in KUnit)
";

fn value(
    flag: &str,
    inline: Option<String>,
    rest: &mut impl Iterator<Item = String>,
) -> Result<String, String> {
    inline
        .or_else(|| rest.next())
        .ok_or_else(|| format!("option '{flag}' requires a value"))
}

fn number<T: std::str::FromStr>(flag: &str, v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("option '{flag}': invalid number '{v}'"))
}

impl Args {
    /// Parses the arguments after the program name.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Args, String> {
        let mut a = Args::default();
        let mut it = args.into_iter();
        let mut given: Vec<&'static str> = Vec::new();
        let mut unstable = false;
        while let Some(arg) = it.next() {
            if !arg.starts_with('-') || arg == "-" {
                a.config.names.include.push(arg);
                continue;
            }
            let (flag, inline) = match arg.split_once('=') {
                Some((f, v)) if f.starts_with("--") => (f.to_owned(), Some(v.to_owned())),
                _ => (arg.clone(), None),
            };
            if let Some(key) = single_valued(&flag) {
                // A second value would silently replace the first.
                if given.contains(&key) {
                    return Err(format!("option '{key}' given more than once"));
                }
                given.push(key);
            }
            match flag.as_str() {
                "--exact" => a.config.names.exact = true,
                "--skip" => a.config.names.skip.push(value(&flag, inline, &mut it)?),
                "--list" => a.list = true,
                "--ignored" | "--include-ignored" => {
                    let want = if flag == "--ignored" {
                        Ignored::Only
                    } else {
                        Ignored::Include
                    };
                    if a.explicit_ignored.is_some_and(|had| had != want) {
                        return Err(
                            "options '--ignored' and '--include-ignored' are mutually exclusive"
                                .to_owned(),
                        );
                    }
                    a.explicit_ignored = Some(want);
                }
                "--show-output" => a.show_output = true,
                "--report-time" => a.report_time = true,
                "--nocapture"
                | "--no-capture"
                | "--quiet"
                | "-q"
                | "--test"
                | "--ensure-time"
                | "--exclude-should-panic"
                | "--force-run-in-process" => {}
                "--color" => {
                    value(&flag, inline, &mut it)?;
                }
                "--logfile" => a.logfile = Some(value(&flag, inline, &mut it)?),
                "-Z" => unstable |= value(&flag, inline, &mut it)? == "unstable-options",
                z if z.starts_with("-Z") => unstable |= &z[2..] == "unstable-options",
                "--test-threads" | flags::JOBS => {
                    let v = value(&flag, inline, &mut it)?;
                    a.config.jobs = number::<usize>(&flag, &v)?;
                    if a.config.jobs == 0 {
                        return Err(format!("option '{flag}': must be at least 1, not '{v}'"));
                    }
                }
                "--bench" => a.bench = true,
                flags::FORMAT => {
                    let v = value(&flag, inline, &mut it)?;
                    match v.as_str() {
                        "terse" => a.terse = true,
                        "pretty" => {}
                        "json" => a.json = true,
                        other => a.config.format = Format::parse(other).ok_or_else(|| format!("unknown format '{other}' (expected ktap, tap, tap14, pretty, terse or json)"))?,
                    }
                }
                flags::FILTER_GLOB => a.config.filter_glob = Some(value(&flag, inline, &mut it)?),
                flags::FILTER => a.config.filter = Some(value(&flag, inline, &mut it)?),
                flags::FILTER_ACTION => {
                    let v = value(&flag, inline, &mut it)?;
                    if v != "skip" {
                        return Err(format!(
                            "unknown filter action '{v}' (only 'skip' is supported)"
                        ));
                    }
                    a.config.filter_action_skip = true;
                }
                flags::LIST_TESTS => a.list_tests = true,
                flags::LIST_TESTS_ATTR => a.list_tests_attr = true,
                flags::LIST_SUITES => a.list_suites = true,
                flags::TIMEOUT => {
                    let v = value(&flag, inline, &mut it)?;
                    let secs: f64 = number(&flag, &v)?;
                    // try_from: a huge count of seconds would overflow a Duration (a panic
                    // the fuzzer found).
                    a.config.timeout = Duration::try_from_secs_f64(secs)
                        .ok()
                        .filter(|_| secs > 0.0)
                        .ok_or_else(|| {
                            format!(
                                "option '--timeout': must be a positive number of seconds (at most 2^64), not '{v}'"
                            )
                        })?;
                }
                "--shuffle" => {
                    a.config.shuffle_seed.get_or_insert_with(random_seed);
                }
                "--seed" | "--shuffle-seed" => {
                    let v = value(&flag, inline, &mut it)?;
                    a.config.shuffle_seed = Some(number(&flag, &v)?);
                }
                "--stats" => {
                    let v = value(&flag, inline, &mut it)?;
                    a.config.stats_enabled = match v.as_str() {
                        "0" => 0,
                        "1" => 1,
                        "2" => 2,
                        _ => {
                            return Err(format!("option '--stats': expected 0, 1 or 2, not '{v}'"))
                        }
                    };
                }
                "--warnings_fail" => a.warnings_fail = true,
                "--diff" => a.config.diff = true,
                "-h" | "--help" => a.help = true,
                _ => return Err(format!("unrecognized option '{arg}'")),
            }
        }
        let listings: Vec<&str> = [
            (a.list, "--list"),
            (a.list_tests, flags::LIST_TESTS),
            (a.list_tests_attr, flags::LIST_TESTS_ATTR),
            (a.list_suites, flags::LIST_SUITES),
        ]
        .into_iter()
        .filter_map(|(set, name)| set.then_some(name))
        .collect();
        crate::libtest_json::check_args(a.json, &listings, unstable)?;
        if let [first, second, ..] = listings[..] {
            return Err(format!(
                "options '{first}' and '{second}' cannot be used together (each lists differently)"
            ));
        }
        if !given.contains(&flags::JOBS) {
            a.config.jobs = default_jobs(std::env::var_os(env::TEST_THREADS))?;
        }
        // An explicit attribute filter decides about speed itself.
        a.config.ignored = a.explicit_ignored.unwrap_or(if a.config.filter.is_some() {
            Ignored::Include
        } else {
            Ignored::Skip
        });
        Ok(a)
    }
}

/// The options that take one value for the whole run, by the name errors use (`--jobs`
/// and libtest's `--test-threads` are one option), or `None` for repeatable ones.
fn single_valued(flag: &str) -> Option<&'static str> {
    Some(match flag {
        "--test-threads" | flags::JOBS => flags::JOBS,
        flags::FORMAT => flags::FORMAT,
        flags::FILTER_GLOB => flags::FILTER_GLOB,
        flags::FILTER => flags::FILTER,
        flags::FILTER_ACTION => flags::FILTER_ACTION,
        flags::TIMEOUT => flags::TIMEOUT,
        "--seed" | "--shuffle-seed" => "--seed",
        "--stats" => "--stats",
        _ => return None,
    })
}

/// libtest's default thread count: `RUST_TEST_THREADS` if set, else the CPUs available.
fn default_jobs(env: Option<std::ffi::OsString>) -> Result<usize, String> {
    match env {
        Some(v) => v
            .to_str()
            .and_then(|s| s.parse::<usize>().ok())
            .filter(|&n| n > 0)
            .ok_or_else(|| {
                format!(
                    "{} is `{}`, should be a positive integer.",
                    env::TEST_THREADS,
                    v.to_string_lossy()
                )
            }),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(std::process::id() as u64);
    h.finish()
}

fn push_lines(out: &mut String, lines: Vec<String>) {
    for line in lines {
        out.push_str(&line);
        out.push('\n');
    }
}

/// What a listing flag prints, or `None` when the arguments ask for a run.
pub fn listing(args: &Args, plan: &Plan) -> Option<String> {
    let mut out = String::new();
    if args.list {
        // With --ignored the plan holds only the slow cases already.
        let mut n = 0;
        for name in plan.case_names() {
            out.push_str(&format!("{name}: test\n"));
            n += 1;
        }
        if !args.terse {
            out.push_str(&format!("\n{n} tests, 0 benchmarks\n"));
        }
        return Some(out);
    }
    if args.list_suites {
        for s in &plan.suites {
            out.push_str(s.reg.suite.name);
            out.push('\n');
        }
        return Some(out);
    }
    if args.list_tests || args.list_tests_attr {
        out.push_str("KTAP version 1\n");
        for s in &plan.suites {
            out.push_str(s.reg.suite.name);
            out.push('\n');
            if args.list_tests_attr {
                push_lines(&mut out, attr_lines(0, &s.reg, None));
            }
            for c in &s.cases {
                out.push_str(&format!("{}.{}\n", s.reg.suite.name, c.case.name));
                if args.list_tests_attr {
                    push_lines(&mut out, attr_lines(0, &s.reg, Some(c.case)));
                }
            }
        }
        return Some(out);
    }
    None
}

fn print_listing(text: &str) -> i32 {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    0
}

/// libtest's closing line.
pub fn closing_line(report: &crate::Report) -> String {
    format!(
        "test result: {}. {} passed; {} failed; {} ignored; 0 measured; {} filtered out; finished in {:.2}s",
        if report.success() { "ok" } else { "FAILED" },
        report.passed(),
        report.failed(),
        report.skipped(),
        report.filtered_out,
        report.duration.as_secs_f64()
    )
}

/// Runs the harness over `regs` with `args`; returns the process exit code.
pub fn run_with(args: &Args, regs: &[Registration]) -> i32 {
    crate::warn::set_warnings_fail(args.warnings_fail);
    let mut plan = match Plan::new(regs, &args.config) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            eprintln!("kunit executor: error filtering suites: -22");
            return exit::BAD_ARGUMENTS;
        }
    };
    if args.bench {
        plan = Plan {
            suites: Vec::new(),
            filtered_out: plan.filtered_out,
        };
    }
    if args.json && args.list {
        return print_listing(&crate::libtest_json::listing(&plan, args.config.ignored));
    }
    if let Some(text) = listing(args, &plan) {
        return print_listing(&text);
    }
    if let Some(seed) = args.config.shuffle_seed {
        eprintln!("kunit: shuffled with --seed {seed}");
    }
    let logfile: Option<Box<dyn Write + Send>> = match &args.logfile {
        Some(path) => match std::fs::File::create(path) {
            Ok(f) => Some(Box::new(f)),
            Err(e) => {
                eprintln!("error: option '--logfile': cannot create '{path}': {e}");
                return exit::BAD_ARGUMENTS;
            }
        },
        None => None,
    };
    if args.json {
        // libtest's JSON owns stdout: the KTAP goes to the logfile or nowhere.
        let ktap = logfile.unwrap_or_else(|| Box::new(std::io::sink()));
        let options = (args.show_output, args.report_time);
        let events = crate::libtest_json::event_stream();
        let (counts, report) = crate::libtest_json::run(plan, &args.config, options, events, ktap);
        return if counts.failed == 0
            && report.success()
            && !crate::sanitizer::reported_outside_cases()
        {
            exit::PASSED
        } else {
            exit::FAILED
        };
    }
    let ktap = logfile.map_or_else(Sink::stdout, Sink::writer);
    let report = run_plan(plan, &args.config, Arc::new(ktap));
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "\n{}\n", closing_line(&report));
    let _ = out.flush();
    if report.success() && !crate::sanitizer::reported_outside_cases() {
        exit::PASSED
    } else {
        exit::FAILED
    }
}

/// The harness entry point behind `kunit::main!()`: slow cases are libtest's "ignored",
/// skipped unless `--include-ignored`, `--ignored` or `--filter` asks for them.
pub fn main() -> ! {
    main_with_slow_default(Ignored::Skip)
}

/// The harness with `default` for slow cases when neither `--ignored`,
/// `--include-ignored` nor `--filter` decides. `kunit c` passes [`Ignored::Include`]:
/// KUnit in the kernel (and kunit.py) runs `KUNIT_SPEED_SLOW` cases unless a filter such
/// as `speed>slow` leaves them out.
pub fn main_with_slow_default(default: Ignored) -> ! {
    std::hint::black_box(&HARNESS_MARKER);
    let args = match Args::parse(std::env::args().skip(1)) {
        Ok(a) if a.help => {
            print!("{USAGE}");
            std::process::exit(exit::PASSED);
        }
        Ok(mut a) => {
            if a.explicit_ignored.is_none() && a.config.filter.is_none() {
                a.config.ignored = default;
            }
            a
        }
        Err(e) => {
            eprintln!("error: {e}\n\n{USAGE}");
            std::process::exit(exit::BAD_ARGUMENTS);
        }
    };
    let regs = registered_suites();
    if let Some(e) = startup_error(&args, &regs) {
        eprintln!("error: {e}");
        std::process::exit(exit::BAD_ARGUMENTS);
    }
    if let Some(note) = empty_run_note(&args, &regs) {
        eprintln!("note: {note}");
    }
    let code = run_with(&args, &regs);
    std::process::exit(code)
}

/// [`main`] for `kunit::main!(macro_use)`, whose crate is its own `::core` with kunit's
/// `core::prelude::v1::test`: the tests that macros from outside a suite write all run.
#[doc(hidden)]
pub fn main_macro_use() -> ! {
    crate::libtest::unseen_macro::core_is_kunits();
    main()
}

/// Why the harness must not run `regs` with `args`: two suites of one name, tests that would
/// not run.
pub fn startup_error(_args: &Args, regs: &[Registration]) -> Option<String> {
    duplicate_suite(regs)
        .or_else(orphan_tests)
        .or_else(crate::libtest::unseen_macro::refusal)
}

/// The note for a run (not a listing) of a binary with no suite: it passes with 0 tests, as
/// libtest's does (a test file switched off by `#![cfg(..)]` in its `#[kunit_tests]` module
/// leaves none), and the note says where suites may have gone.
pub fn empty_run_note(args: &Args, regs: &[Registration]) -> Option<&'static str> {
    let listing = args.list || args.list_tests || args.list_tests_attr || args.list_suites;
    (regs.is_empty() && !listing && !args.bench).then_some(
        "no suites are linked into this binary (0 tests, as libtest): a #[kunit_tests] module \
         switched off by #[cfg(..)] leaves none, and a library's #[cfg(test)] module is compiled \
         only into its own unit tests (run them with `cargo test --lib`; for this target, drop \
         #[cfg(test)] and link the library with `use my_crate as _;`)",
    )
}

/// `#[test]` functions that kunit's `test` attribute registered outside every
/// `#[kunit_tests]` module (through the `#[macro_use]` that `kunit::main!(macro_use)` relies
/// on): no suite would run them, so the harness refuses to start rather than lose them.
fn orphan_tests() -> Option<String> {
    let orphans = crate::libtest::module_cases::orphans();
    (!orphans.is_empty()).then(|| {
        format!(
            "#[test] {} outside every #[kunit_tests] module would not run: \
             put it inside a #[kunit_tests(suite)] module",
            orphans.join(", ")
        )
    })
}

/// Two suites of one name in a binary: their results could not be told apart (by filters,
/// by the runner, by KTAP parsers), so the harness refuses to start.
pub fn duplicate_suite(regs: &[Registration]) -> Option<String> {
    let mut by_name: Vec<&Registration> = regs.iter().collect();
    by_name.sort_by_key(|r| (r.suite.name, r.file, r.line));
    by_name.windows(2).find_map(|w| {
        (w[0].suite.name == w[1].suite.name).then(|| {
            format!(
                "two suites are named '{}' ({}:{} and {}:{}); a suite name must be unique in a binary",
                w[0].suite.name, w[0].file, w[0].line, w[1].file, w[1].line
            )
        })
    })
}
