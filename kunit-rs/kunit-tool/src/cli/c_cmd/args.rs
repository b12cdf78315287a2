//! `kunit c`'s own options; every other argument goes on to `kunit run`.

use std::path::PathBuf;

/// What `kunit c` was asked to build and how to run it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CArgs {
    /// `--kernel-tree DIR`: relative paths are taken in it; its `include/` is searched after
    /// kunit-c's headers.
    pub kernel_tree: Option<PathBuf>,
    /// The C files, the test file first (`TEST.c [CODE.c ...]`).
    pub files: Vec<PathBuf>,
    /// `-I DIR`: include directories searched before kunit-c's headers.
    pub includes: Vec<PathBuf>,
    /// `-D NAME[=VALUE]`.
    pub defines: Vec<(String, Option<String>)>,
    /// `--kunitconfig FILE` (or a directory holding `.kunitconfig`).
    pub kunitconfigs: Vec<PathBuf>,
    /// `--kconfig_add CONFIG_X=VALUE`.
    pub kconfig: Vec<(String, String)>,
    /// Arguments for `kunit run` (harness and runner flags).
    pub run_args: Vec<String>,
    /// `--help`.
    pub help: bool,
}

/// The usage line of `kunit c`.
pub const USAGE: &str = "usage: kunit c [-h] [--kernel-tree DIR] TEST.c [CODE.c ...] [-I DIR ...] \
[-D NAME[=VALUE] ...] [--kunitconfig FILE] [--kconfig_add CONFIG_X=VALUE ...] [run options]";

/// `kunit c --help`.
pub fn help() -> String {
    format!(
        "{USAGE}\n\n\
Builds a kernel-style KUnit test file written in C, with the C code it tests, against\n\
kunit-c's headers (freestanding, with the kernel's flags), in a throwaway crate in a cache\n\
folder, runs it and prints what `kunit run` prints.\n\n\
positional arguments:\n\
  TEST.c [CODE.c ...]   the test file, then the code under test (relative paths are taken\n\
                        in the kernel tree when one is given)\n\n\
options:\n\
  -h, --help            show this help message and exit\n\
  --kernel-tree DIR     a kernel tree: relative paths are taken in it, its include/ is\n\
                        searched after kunit-c's headers, and its Makefiles' CFLAGS_<file>.o\n\
                        lines are applied\n\
  -I DIR                an include directory, searched before kunit-c's headers\n\
  -D NAME[=VALUE]       a preprocessor definition for every file\n\
  --kunitconfig FILE    a .kunitconfig (or a directory holding one): CONFIG_X=y|n|m|VALUE\n\
  --kconfig_add CONFIG_X=VALUE\n\
                        one more option, applied after the kunitconfig files\n\n\
Every other option (--json, --junit, --raw_output, --filter_glob, --timeout, ...) is\n\
`kunit run`'s. The cache is $KUNIT_C_CACHE, else $XDG_CACHE_HOME/kunit-rs/c, else\n\
~/.cache/kunit-rs/c; all its crates share one target folder, so a rerun recompiles only\n\
the changed C files and relinks.\n"
    )
}

fn value(
    it: &mut std::vec::IntoIter<String>,
    opt: &str,
    inline: Option<String>,
) -> Result<String, String> {
    inline
        .or_else(|| it.next())
        .ok_or_else(|| format!("argument {opt}: expected one argument"))
}

/// Parses the arguments after `c`. A usage error is the message to print (exit status 2).
pub fn parse(argv: Vec<String>) -> Result<CArgs, String> {
    let mut a = CArgs::default();
    let mut it = argv.into_iter();
    while let Some(arg) = it.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n.to_owned(), Some(v.to_owned())),
            _ => (arg.clone(), None),
        };
        match name.as_str() {
            "-h" | "--help" => a.help = true,
            "--kernel-tree" => {
                a.kernel_tree = Some(value(&mut it, "--kernel-tree", inline)?.into())
            }
            "--kunitconfig" => a
                .kunitconfigs
                .push(value(&mut it, "--kunitconfig", inline)?.into()),
            "--kconfig_add" => {
                let v = value(&mut it, "--kconfig_add", inline)?;
                match v.split_once('=') {
                    Some((k, val)) if k.starts_with("CONFIG_") && k.len() > 7 => {
                        a.kconfig.push((k.to_owned(), val.to_owned()))
                    }
                    _ => {
                        return Err(format!(
                            "argument --kconfig_add: expected CONFIG_NAME=VALUE, got '{v}'"
                        ))
                    }
                }
            }
            "-I" => a.includes.push(value(&mut it, "-I", None)?.into()),
            "-D" => a.defines.push(define(&value(&mut it, "-D", None)?)),
            _ if arg.starts_with("-I") && arg.len() > 2 => a.includes.push(arg[2..].into()),
            _ if arg.starts_with("-D") && arg.len() > 2 => a.defines.push(define(&arg[2..])),
            _ if !arg.starts_with('-') && arg.ends_with(".c") => a.files.push(arg.into()),
            _ => a.run_args.push(arg),
        }
    }
    if a.files.is_empty() && !a.help {
        return Err("the following arguments are required: TEST.c".into());
    }
    Ok(a)
}

fn define(d: &str) -> (String, Option<String>) {
    match d.split_once('=') {
        Some((n, v)) => (n.to_owned(), Some(v.to_owned())),
        None => (d.to_owned(), None),
    }
}
