//! Tree mode's command line: kunit.py's `run`/`build`/`exec` flags, so that the same command
//! line works with `kunit` swapped for `kunit.py` (tools/testing/kunit/kunit.py). The flags
//! kunit.py has that tree mode cannot honour (another architecture, QEMU, cross compilers,
//! make options) are accepted by the parser and refused with one line ([`refused`]).

use clap::{Args, Parser};

use crate::cli::options::{ExecOptions, HelpFlag, ReportOptions};

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
    /// `--jobs`.
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
