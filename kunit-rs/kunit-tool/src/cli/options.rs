//! The `kunit` command line, defined once with clap's derive: each field is
//! an option, and its attributes give the parser (kunit.py's shapes: unique
//! prefixes, a bare `--json`/`--junit`/`--raw_output`/`--color` taking its
//! default, so that a following word stays positional) and the help text
//! (`cli/help.rs` lays it out as argparse does). The harness flags are
//! [`HarnessFlags`], defined where they are forwarded.

use clap::{ArgAction, Args, Parser, Subcommand, ValueEnum};
use std::marker::PhantomData;

use crate::exec::harness_flags::{values, HarnessFlags};
use crate::exec::isolation::Isolation;
use crate::exec::partition::Partition;

/// What a subcommand does and the exit codes, shared by every help page.
pub(crate) const EPILOG: &str = "Exit status (as kunit.py's): 0 when every test passed or was skipped, 1 when a test failed or crashed, no tests ran or the build failed; 2 for a usage error, including an input file that cannot be read and starting run/build/exec outside a cargo project; 130 after Ctrl-C. `kunit parse` exits 0 only when the result is exactly SUCCESS, so an all-skipped log exits 1 there. Run `kunit SUBCOMMAND --help` for a subcommand's options.";

/// The whole command line.
#[derive(Parser, Debug)]
#[command(
    name = "kunit",
    disable_help_flag = true,
    disable_help_subcommand = true,
    disable_version_flag = true,
    infer_long_args = true,
    about = "Helps writing and running KUnit tests written with kunit-rs, as kunit.py does for the kernel. kunit builds the cargo project it is started in (the nearest Cargo.toml at or above the current directory, or the one --manifest-path names), runs the KUnit harnesses among its test targets (those built with kunit::main!()) and parses their KTAP output.",
    after_help = EPILOG
)]
pub struct CommandLine {
    #[command(flatten)]
    /// `-h`/`--help`.
    pub help: HelpFlag,
    /// The subcommand (`None` only with `--help`).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// `-h`/`--help`, in every subcommand (kunit.py's argparse accepts it anywhere).
#[derive(Args, Debug, Default)]
pub struct HelpFlag {
    #[arg(short = 'h', long = "help", action = ArgAction::SetTrue, help = "show this help message and exit")]
    /// `-h`/`--help` was given.
    pub help: bool,
}

/// The subcommands; `about` is the top-level list's line, `long_about` the
/// subcommand's own description.
#[derive(Subcommand, Debug)]
pub enum Command {
    #[command(
        about = "Builds and runs KUnit tests.",
        long_about = "Builds the test targets of the cargo project kunit is started in (or of --manifest-path), runs the KUnit harnesses among them and parses their output: build and exec in one go.",
        after_help = EPILOG
    )]
    /// `kunit run`: build, then exec.
    Run(RunArgs),
    #[command(
        about = "Builds the KUnit harnesses of the cargo project.",
        long_about = "Builds the test targets of the cargo project kunit is started in (or of --manifest-path) with `cargo test --no-run` and lists the KUnit harnesses among them (test executables built with kunit::main!()).",
        after_help = EPILOG
    )]
    /// `kunit build`.
    Build(BuildArgs),
    #[command(
        about = "Runs KUnit harnesses and parses their output.",
        long_about = "Runs the KUnit harnesses of the cargo project kunit is started in (or of --manifest-path), which cargo builds first if they are not up to date, or the harness executables given with --binary, and parses their output. Each harness runs in its own process group; a case that kills its process is reported as crashed and the rest of the run goes on.",
        after_help = EPILOG
    )]
    /// `kunit exec`.
    Exec(ExecArgs),
    #[command(
        about = "Parses KUnit results from files or stdin.",
        long_about = "Parses KUnit results (KTAP, also inside a kernel log) from files, or from stdin when none is given, and prints them formatted. Several files (e.g. the logs of the shards of a --partition run) are reported as one run: their top-level tests in order, one summary line, one JSON and one JUnit document.",
        after_help = EPILOG
    )]
    /// `kunit parse`.
    Parse(ParseArgs),
    #[command(
        about = "Builds and runs kernel-style KUnit tests written in C.",
        long_about = "Compiles a kernel-style KUnit test file written in C, with the C code it tests, as the kernel compiles C (freestanding, against kunit-c's headers, with the kernel's flags), links the objects into one shared object with the C compiler and runs its suites in kunit processes, printing what `kunit run` prints. Objects are cached (in $KUNIT_C_CACHE, else $XDG_CACHE_HOME/kunit-rs/c, else ~/.cache/kunit-rs/c) by the contents of their inputs, so a rerun recompiles only the files whose source, headers, flags or configuration changed. No cargo is involved.",
        after_help = EPILOG
    )]
    /// `kunit c`: compile C test files and run their suites.
    C(CArgs),
}

impl Command {
    /// The subcommand's name, as typed.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Run(_) => "run",
            Command::Build(_) => "build",
            Command::Exec(_) => "exec",
            Command::Parse(_) => "parse",
            Command::C(_) => "c",
        }
    }

    /// Was `--help` given to the subcommand?
    pub fn help(&self) -> bool {
        match self {
            Command::Run(a) => a.help.help,
            Command::Build(a) => a.help.help,
            Command::Exec(a) => a.help.help,
            Command::Parse(a) => a.help.help,
            Command::C(a) => a.help.help,
        }
    }
}

const GLOB_HELP: &str =
    "Filter which KUnit suites/tests run, e.g. list* or list*.*del_test (the same as --filter_glob).";

/// `kunit run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    /// `-h`/`--help`.
    pub help: HelpFlag,
    #[command(flatten)]
    /// How cargo builds the harnesses.
    pub build: BuildOptions,
    #[command(flatten)]
    /// What runs and how.
    pub exec: ExecOptions,
    #[command(flatten)]
    /// How results are printed and stored.
    pub report: ReportOptions,
    #[arg(value_name = "filter_glob", help = GLOB_HELP)]
    /// The positional filter glob (merged into `--filter_glob`).
    pub positional_glob: Option<String>,
}

/// `kunit build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    #[command(flatten)]
    /// `-h`/`--help`.
    pub help: HelpFlag,
    #[command(flatten)]
    /// How cargo builds the harnesses.
    pub build: BuildOptions,
}

/// `kunit exec`.
#[derive(Args, Debug)]
pub struct ExecArgs {
    #[command(flatten)]
    /// `-h`/`--help`.
    pub help: HelpFlag,
    #[command(flatten)]
    /// How cargo builds the harnesses.
    pub build: BuildOptions,
    #[command(flatten)]
    /// What runs and how.
    pub exec: ExecOptions,
    /// Harness executables to run instead of asking cargo.
    #[arg(
        long = "binary",
        value_name = "PATH",
        help_heading = "exec options",
        help = "Runs this harness executable instead of building the cargo project's. Can be repeated."
    )]
    pub binaries: Vec<String>,
    #[command(flatten)]
    /// How results are printed and stored.
    pub report: ReportOptions,
    #[arg(value_name = "filter_glob", help = GLOB_HELP)]
    /// The positional filter glob (merged into `--filter_glob`).
    pub positional_glob: Option<String>,
}

/// `kunit parse`.
#[derive(Args, Debug)]
pub struct ParseArgs {
    #[command(flatten)]
    /// `-h`/`--help`.
    pub help: HelpFlag,
    #[command(flatten)]
    /// How results are printed and stored.
    pub report: ReportOptions,
    /// Input files, merged into one report (stdin when empty).
    #[arg(
        value_name = "input_file",
        help = "Files to read results from; stdin when none is given. Several files are merged into one report."
    )]
    pub files: Vec<String>,
}

/// `kunit c`.
#[derive(Args, Debug)]
pub struct CArgs {
    #[command(flatten)]
    /// `-h`/`--help`.
    pub help: HelpFlag,
    #[command(flatten)]
    /// What is compiled and how.
    pub c: COptions,
    #[command(flatten)]
    /// What runs and how.
    pub exec: ExecOptions,
    #[command(flatten)]
    /// How results are printed and stored.
    pub report: ReportOptions,
    #[arg(
        value_names = ["TEST.c", "CODE.c"],
        num_args = 1..,
        help = "The test file, then the code under test (relative paths are taken in the kernel tree when one is given). A word that does not end in .c is the filter glob (e.g. list* or list*.*del_test, the same as --filter_glob)."
    )]
    /// The C files, the test file first, and at most one filter glob.
    pub files: Vec<String>,
}

/// What `kunit c` compiles and how.
#[derive(Args, Debug, Clone, Default)]
#[command(next_help_heading = "C options")]
pub struct COptions {
    #[arg(
        long = "kernel-tree",
        value_name = "DIR",
        help = "A kernel tree: relative paths are taken in it, its include/ is searched after kunit-c's headers, and its Makefiles' CFLAGS_<file>.o lines are applied."
    )]
    /// `--kernel-tree DIR`.
    pub kernel_tree: Option<String>,
    #[arg(
        short = 'I',
        value_name = "DIR",
        help = "An include directory, searched before kunit-c's headers. Can be repeated."
    )]
    /// `-I DIR`.
    pub includes: Vec<String>,
    #[arg(
        short = 'D',
        value_name = "NAME[=VALUE]",
        help = "A preprocessor definition for every file. Can be repeated."
    )]
    /// `-D NAME[=VALUE]`.
    pub defines: Vec<String>,
    #[arg(
        long = "kunitconfig",
        value_name = "FILE",
        help = "A .kunitconfig (or a directory holding one): CONFIG_X=y|n|m|VALUE lines. Can be repeated."
    )]
    /// `--kunitconfig FILE`.
    pub kunitconfigs: Vec<String>,
    #[arg(
        long = "kconfig_add",
        value_name = "CONFIG_X=VALUE",
        value_parser = kconfig_option,
        help = "One more option, applied after the kunitconfig files. Can be repeated."
    )]
    /// `--kconfig_add CONFIG_X=VALUE`.
    pub kconfig: Vec<(String, String)>,
    #[arg(
        long = "build_dir",
        value_name = "DIR",
        help = "The cache directory objects and the shared object go to. Default: $KUNIT_C_CACHE, else $XDG_CACHE_HOME/kunit-rs/c, else ~/.cache/kunit-rs/c."
    )]
    /// `--build_dir`: the cache.
    pub build_dir: Option<String>,
    #[command(flatten)]
    /// `--sanitize`, `--coverage[=DIR]`, `--coverage-all`.
    pub instrument: Instrument<CInstrument>,
    #[arg(
        long = "jobs",
        value_name = "N",
        value_parser = jobs,
        help = "The number of compilers and of harness processes at a time. Default: the number of CPUs available."
    )]
    /// `--jobs`.
    pub jobs: Option<usize>,
}

fn kconfig_option(v: &str) -> Result<(String, String), String> {
    match v.split_once('=') {
        Some((k, val)) if k.starts_with("CONFIG_") && k.len() > 7 => {
            Ok((k.to_owned(), val.to_owned()))
        }
        _ => Err(format!("expected CONFIG_NAME=VALUE, got '{v}'")),
    }
}

/// How cargo builds the harnesses.
#[derive(Args, Debug, Clone, Default)]
#[command(next_help_heading = "build options")]
pub struct BuildOptions {
    #[arg(
        long = "manifest-path",
        value_name = "PATH",
        help = "The Cargo.toml of the project to build (passed to cargo). Default: the nearest Cargo.toml at or above the current directory."
    )]
    /// `--manifest-path`: the project's `Cargo.toml`.
    pub manifest_path: Option<String>,
    #[arg(
        short = 'p',
        long = "package",
        value_name = "PKG",
        help = "Builds only the test targets of package PKG (cargo's -p). Can be repeated."
    )]
    /// `-p`/`--package`: build only these packages.
    pub packages: Vec<String>,
    #[arg(long = "release", help = "Builds with cargo's release profile.")]
    /// `--release`.
    pub release: bool,
    #[arg(
        long = "features",
        value_name = "FEATURES",
        help = "Cargo features to enable, as cargo's --features. Can be repeated."
    )]
    /// `--features`, each passed on to cargo.
    pub features: Vec<String>,
    #[arg(
        long = "all-features",
        help = "Enables all features (cargo's --all-features)."
    )]
    /// `--all-features`.
    pub all_features: bool,
    #[arg(
        long = "build_dir",
        value_name = "DIR",
        help = "As in cargo's --target-dir: the directory build output goes to. Default: cargo's (target)."
    )]
    /// `--build_dir`: cargo's `--target-dir`.
    pub build_dir: Option<String>,
    #[arg(
        long = "jobs",
        value_name = "N",
        value_parser = jobs,
        help = "As in the make command, \"Specifies the number of jobs (commands) to run simultaneously\": cargo's -j, and the number of harness processes at a time (the output order does not depend on it). Default: the number of CPUs available."
    )]
    /// `--jobs`: cargo's `-j` and the harness processes at a time.
    pub jobs: Option<usize>,
    #[command(flatten)]
    /// `--sanitize`, `--coverage[=DIR]`, `--coverage-all`.
    pub instrument: Instrument<CargoInstrument>,
}

/// The help texts of [`Instrument`]'s flags, which say what a mode instruments.
pub trait InstrumentHelp {
    /// `--sanitize`'s.
    const SANITIZE: &'static str;
    /// `--coverage`'s.
    const COVERAGE: &'static str;
    /// `--coverage-all`'s.
    const COVERAGE_ALL: &'static str;
}

/// `--sanitize LIST`, `--coverage[=DIR]` and `--coverage-all`, defined once for `kunit
/// run|build|exec` ([`CargoInstrument`]), `kunit c` ([`CInstrument`]) and tree mode
/// (`tree_cmd::options::TreeInstrument`): the same spelling, values and rules (`--coverage`
/// excludes `--sanitize`, `--coverage-all` needs `--coverage`); `H` gives the help texts.
#[derive(Args, Debug, Clone, Default)]
pub struct Instrument<H: InstrumentHelp> {
    #[arg(
        long = "sanitize",
        value_name = "LIST",
        value_parser = crate::exec::sanitize::parse_option,
        help = H::SANITIZE
    )]
    /// `--sanitize`: the sanitizers to build and run with (`None`: none).
    pub sanitize: Option<crate::exec::sanitize::SanitizeList>,
    #[arg(
        long = "coverage",
        value_name = "DIR",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "",
        conflicts_with = "sanitize",
        help = H::COVERAGE
    )]
    /// `--coverage[=DIR]`: where the coverage report goes (`""`: the default folder).
    pub coverage: Option<String>,
    #[arg(long = "coverage-all", requires = "coverage", help = H::COVERAGE_ALL)]
    /// `--coverage-all`: no filter on the coverage report.
    pub coverage_all: bool,
    #[arg(skip)]
    /// The help texts' type.
    pub texts: PhantomData<H>,
}

impl<H: InstrumentHelp> Instrument<H> {
    /// The sanitizers asked for, in kunit_c's words.
    pub fn sanitizers(&self) -> Vec<String> {
        self.sanitize
            .as_ref()
            .map(|l| l.0.iter().map(|s| s.name().to_owned()).collect())
            .unwrap_or_default()
    }
}

/// [`Instrument`]'s help in `kunit run|build|exec`: the cargo project's Rust and C.
#[derive(Debug, Clone, Default)]
pub struct CargoInstrument;

impl InstrumentHelp for CargoInstrument {
    const SANITIZE: &'static str = "Builds and runs under these sanitizers (comma-separated: address, undefined, thread; address and thread exclude each other). A sanitizer report fails the case it came in, with the report in the case's log. Rust code needs a nightly toolchain (-Zsanitizer, into a target folder of its own); without one, one line says so and only C code is instrumented. undefined instruments C code only (rustc has no UBSan).";
    const COVERAGE: &'static str = "Measures the coverage of the code under test (the workspace's packages but kunit-rs's own, without their tests/, benches/ and *_kunit.rs) and writes DIR/lcov.info and DIR/index.html (kunit's own page). Rust is built with -C instrument-coverage into a target folder of its own; needs llvm-profdata and llvm-cov of rustc's LLVM (rustup component add llvm-tools, or Debian's llvm-N). Default DIR: target/kunit-coverage.";
    const COVERAGE_ALL: &'static str = "With --coverage: counts every file the build instrumented (kunit-rs, tests and dependencies too), not only the code under test.";
}

/// [`Instrument`]'s help in `kunit c`: the C files.
#[derive(Debug, Clone, Default)]
pub struct CInstrument;

impl InstrumentHelp for CInstrument {
    const SANITIZE: &'static str = "Compiles the C files with these sanitizers (comma-separated: address, undefined, thread; address and thread exclude each other) and runs them with the compiler's runtimes loaded first (LD_PRELOAD). A report fails the case it came in, with the report in the case's log; the run goes on. undefined is the kernel's UBSan (CONFIG_UBSAN_* options; signed overflow stays defined).";
    const COVERAGE: &'static str = "Measures the line and branch coverage of the code under test (the C files but the test file, which is the first, and kunit-c's headers) with gcov and writes DIR/lcov.info and DIR/index.html (kunit's own page). Needs gcc's gcov (9 or later). Default DIR: target/kunit-coverage.";
    const COVERAGE_ALL: &'static str = "With --coverage: counts every file the build instrumented (the test file and kunit-c's headers too).";
}

fn jobs(v: &str) -> Result<usize, String> {
    match values::seconds(v)? {
        0 => Err("must be at least 1".into()),
        n => usize::try_from(n).map_err(|_| format!("invalid int value: '{v}'")),
    }
}

/// What runs and how.
#[derive(Args, Debug, Clone, Default)]
#[command(next_help_heading = "exec options")]
pub struct ExecOptions {
    #[command(flatten)]
    /// The flags forwarded to every harness process.
    pub harness: HarnessFlags,
    /// Kill a harness process that prints nothing for this long.
    #[arg(
        long = "process_timeout",
        value_name = "SECONDS",
        value_parser = values::seconds,
        help = "Kills a harness process that prints nothing for this long and reports its running case as crashed. Default: 12 x --timeout + 30."
    )]
    pub process_timeout: Option<u64>,
    #[arg(
        long = "run_isolated",
        value_enum,
        help = "If set, starts a harness process for each individual suite/test. This can be useful for debugging a non-hermetic test, one that might pass/fail based on what ran before it."
    )]
    /// `--run_isolated`: one process per suite or per case.
    pub run_isolated: Option<Isolation>,
    #[arg(
        long = "partition",
        value_name = "K/N",
        value_parser = Partition::parse,
        help = "Runs only shard K (from 1) of N: the suites of all harnesses, sorted by name, are dealt out in turn, so N runs with K = 1..N run every suite exactly once (as cargo nextest's --partition count:K/N). Merge the shards' logs with `kunit parse FILE...`."
    )]
    /// `--partition K/N`: run only shard K of N.
    pub partition: Option<Partition>,
    #[arg(
        long = "list_tests",
        help = "If set, lists all tests that will be run (suite.test) and exits."
    )]
    /// `--list_tests`.
    pub list_tests: bool,
    #[arg(
        long = "debugger",
        value_enum,
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "gdb",
        help = "Runs the one test the filters select in the foreground under the debugger (gdb, what a bare --debugger means, or lldb), stopped at its first failed expectation with the test's line selected (an error, exit 2, when the filters select no test or several); or, with valgrind, the tests the filters select under memcheck, which sees reads of uninitialised memory: a report fails the case it came in, in its log."
    )]
    /// `--debugger`: one test under gdb or lldb, or the selected tests under valgrind.
    pub debugger: Option<crate::exec::debugger::Debugger>,
    #[arg(
        long = "list_tests_attr",
        conflicts_with = "list_tests",
        help = "If set, lists all tests that will be run and their attributes, and exits."
    )]
    /// `--list_tests_attr`.
    pub list_tests_attr: bool,
    #[arg(
        long = "list_suites",
        conflicts_with_all = ["list_tests", "list_tests_attr"],
        help = "If set, lists all suites that will be run and exits."
    )]
    /// `--list_suites`.
    pub list_suites: bool,
}

/// `--raw_output`'s modes (`full` is kunit.py's other name for `all`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RawOutput {
    /// Every input line.
    All,
    /// The same as `all`.
    Full,
    /// Only the KTAP lines.
    Kunit,
}

/// `--color`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, ValueEnum)]
pub enum ColorWhen {
    /// On a terminal, unless `NO_COLOR` is set.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Where `--json`/`--junit` go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReportDest {
    /// Printed after the summary.
    Stdout,
    /// Written to this file.
    File(String),
}

fn report_dest(v: &str) -> Result<ReportDest, String> {
    Ok(if v == "stdout" {
        ReportDest::Stdout
    } else {
        ReportDest::File(v.to_string())
    })
}

/// How results are printed and stored.
#[derive(Args, Debug, Clone, Default)]
#[command(next_help_heading = "parse options")]
pub struct ReportOptions {
    #[arg(
        long = "raw_output",
        value_enum,
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "kunit",
        help = "If set don't format output from the tests. If set to --raw_output=kunit (what a bare --raw_output means), filters to just KUnit output."
    )]
    /// `--raw_output`: print the input instead of the report.
    pub raw_output: Option<RawOutput>,
    #[arg(
        long = "json",
        value_name = "FILE",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "stdout",
        value_parser = report_dest,
        help = "Stores test results in a JSON, and either prints to stdout or saves to file if a filename is specified."
    )]
    /// `--json`: where the JSON document goes.
    pub json: Option<ReportDest>,
    #[arg(
        long = "junit",
        value_name = "FILE",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "stdout",
        value_parser = report_dest,
        help = "Stores test results in a JUnit XML, and either prints to stdout or saves to file if a filename is specified."
    )]
    /// `--junit`: where the JUnit document goes.
    pub junit: Option<ReportDest>,
    /// `--html`: where the HTML report goes.
    #[arg(
        long = "html",
        value_name = "FILE",
        help = "Writes an HTML report of the results to FILE: one self-contained page (totals, a bar per suite with its duration, the slowest cases, each failure with its log, a filter box)."
    )]
    pub html: Option<String>,
    /// `--summary`: only the summary line.
    #[arg(
        long = "summary",
        help = "Prints only the summary line for parsed test results. Does nothing if --raw_output is set."
    )]
    pub summary: bool,
    #[arg(
        long = "failed",
        help = "Prints only the failed parsed test results and the summary line. Does nothing if --raw_output is set."
    )]
    /// `--failed`: only the failures and the summary line.
    pub failed: bool,
    #[arg(
        long = "color",
        value_enum,
        num_args = 0..=1,
        require_equals = true,
        default_value = "auto",
        hide_default_value = true,
        default_missing_value = "always",
        help = "When to colour the output: auto (the default) colours a terminal unless NO_COLOR is set; a bare --color means always."
    )]
    /// `--color`: when to colour the output.
    pub color: ColorWhen,
}
