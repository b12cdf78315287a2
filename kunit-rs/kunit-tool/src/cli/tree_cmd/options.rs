//! Tree mode's command line: kunit.py's `run`/`build`/`exec` flags, so that the same command
//! line works with `kunit` swapped for `kunit.py` (tools/testing/kunit/kunit.py). The flags
//! kunit.py has that tree mode cannot honour (another architecture, QEMU, cross compilers,
//! make options) are accepted by the parser and refused with one line ([`refused`]).

use clap::{Args, Parser};

use crate::cli::options::{ExecOptions, HelpFlag, Instrument, InstrumentHelp, ReportOptions};

/// `kunit run|build|exec` in a kernel tree.
#[derive(Parser, Debug)]
#[command(
    name = "kunit",
    disable_help_flag = true,
    disable_version_flag = true,
    infer_long_args = true
)]
pub struct TreeArgs {
    #[command(flatten)]
    /// `-h`/`--help`.
    pub help: HelpFlag,
    #[command(flatten)]
    /// kunit.py's build flags.
    pub build: TreeOptions,
    #[command(flatten, next_help_heading = "kunit-rs additions")]
    /// kunit-rs's additions: not kunit.py flags.
    pub instrument: InstrumentOptions,
    #[command(flatten)]
    /// What runs and how.
    pub exec: ExecOptions,
    #[command(flatten)]
    /// How results are printed and stored.
    pub report: ReportOptions,
    #[arg(value_name = "filter_glob")]
    /// The positional filter glob (merged into `--filter_glob`).
    pub positional_glob: Option<String>,
}

/// kunit.py's configure/build flags.
#[derive(Args, Debug, Clone, Default)]
#[command(next_help_heading = "kernel tree options")]
pub struct TreeOptions {
    /// `--kernel-tree DIR` (default: the current directory).
    #[arg(long = "kernel-tree", value_name = "DIR")]
    pub kernel_tree: Option<String>,
    /// `--build_dir` (default `.kunit-rs` in the tree, beside kunit.py's `.kunit`).
    #[arg(long = "build_dir", value_name = "DIR")]
    pub build_dir: Option<String>,
    /// `--kunitconfig`, repeatable: a fragment or a directory holding `.kunitconfig`.
    #[arg(long = "kunitconfig", value_name = "PATH")]
    pub kunitconfigs: Vec<String>,
    /// `--kconfig_add CONFIG_X=V`, repeatable.
    #[arg(long = "kconfig_add", value_name = "CONFIG_X=V")]
    pub kconfig_add: Vec<String>,
    /// `--alltests`.
    #[arg(long = "alltests")]
    pub alltests: bool,
    /// `--arch` (only `um`).
    #[arg(long = "arch", value_name = "ARCH")]
    pub arch: Option<String>,
    /// `--jobs`: compilers at a time, and suites the test process runs at a time (their
    /// output kept in order; default: the CPUs).
    #[arg(long = "jobs", value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// kunit.py flags tree mode cannot honour, refused by [`refused`].
    #[arg(long = "cross_compile", value_name = "PREFIX", hide = true)]
    pub cross_compile: Option<String>,
    #[arg(long = "qemu_config", value_name = "FILE", hide = true)]
    /// `--qemu_config`.
    pub qemu_config: Option<String>,
    #[arg(long = "qemu_args", value_name = "ARG", hide = true)]
    /// `--qemu_args`.
    pub qemu_args: Vec<String>,
    #[arg(long = "make_options", value_name = "X", hide = true)]
    /// `--make_options`.
    pub make_options: Vec<String>,
    #[arg(long = "kernel_args", value_name = "ARG", hide = true)]
    /// `--kernel_args`.
    pub kernel_args: Vec<String>,
}

/// Tree mode's flags that kunit.py does not have: the build is ours, so the tree's objects
/// can be instrumented (`kunit c`'s flags, the same words, defined once in
/// [`Instrument`]).
pub type InstrumentOptions = Instrument<TreeInstrument>;

/// [`Instrument`]'s help in tree mode: the tree's objects.
#[derive(Debug, Clone, Default)]
pub struct TreeInstrument;

impl InstrumentHelp for TreeInstrument {
    const SANITIZE: &'static str = "Compiles the tree's objects and the test files with these sanitizers (comma-separated: address, undefined, thread; address and thread exclude each other) and runs them with the compiler's runtimes loaded first (LD_PRELOAD). A report fails the case it came in, with the report in the case's log; the run goes on. address stands for KASAN, thread for KCSAN, undefined for the kernel's UBSan (the tree's CONFIG_UBSAN_* options; signed overflow stays defined).";
    const COVERAGE: &'static str = "Measures the line and branch coverage of the tree's code under test (the tree's sources linked into the run but the test files) with gcov and writes DIR/lcov.info and DIR/index.html (kunit's own page). Needs gcc's gcov (9 or later). Default DIR: kunit-coverage in the build folder.";
    const COVERAGE_ALL: &'static str = "With --coverage: counts every file the build instrumented (the test files, kunit-c's headers and the generated file of the skipped entries too).";
}

/// The flags of tree mode's help that are kunit-rs's own (listed apart).
pub const ADDITIONS: &[&str] = &["sanitize", "coverage", "coverage-all", "debugger"];

/// The first kunit.py flag given that tree mode cannot honour, as an error line.
pub fn refused(o: &TreeOptions) -> Option<String> {
    let why = "kunit-rs runs the tests in this process's userspace, not in a kernel";
    if let Some(a) = o.arch.as_deref().filter(|a| *a != "um") {
        return Some(format!(
            "--arch {a} is not supported: tree mode builds for userspace, as kunit.py's default --arch um"
        ));
    }
    let named = [
        ("--cross_compile", o.cross_compile.is_some()),
        ("--qemu_config", o.qemu_config.is_some()),
        ("--qemu_args", !o.qemu_args.is_empty()),
        ("--make_options", !o.make_options.is_empty()),
        ("--kernel_args", !o.kernel_args.is_empty()),
    ];
    named
        .iter()
        .find(|(_, given)| *given)
        .map(|(flag, _)| format!("{flag} is not supported in tree mode: {why}"))
}

/// A `--kconfig_add` value that is not `CONFIG_X=V`.
pub fn bad_kconfig_add(o: &TreeOptions) -> Option<String> {
    o.kconfig_add.iter().find_map(|v| match v.split_once('=') {
        Some((k, _)) if k.starts_with("CONFIG_") && k.len() > 7 => None,
        _ => Some(format!(
            "--kconfig_add: expected CONFIG_NAME=VALUE, got '{v}'"
        )),
    })
}

#[cfg(test)]
#[path = "options_kunit.rs"]
mod options_kunit;
