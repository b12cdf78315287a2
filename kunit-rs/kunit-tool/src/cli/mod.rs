//! The `kunit` command line: argument handling, output setup and dispatch.

pub(crate) mod args;
pub(crate) mod exec_cmd;
pub(crate) mod help;
pub(crate) mod parse_cmd;
pub(crate) mod report;

use std::io::{self, IsTerminal};

use args::{ColorWhen, Command};

/// The argument parser alone, for the fuzz target (`fuzz/fuzz_targets/kunit_cli_args.rs`).
#[doc(hidden)]
pub use args::parse_args;

use crate::printer::Printer;

/// Colours on a terminal only, unless `--color` says otherwise; `NO_COLOR`
/// (any non-empty value) turns the automatic choice off.
pub fn use_color(when: ColorWhen, is_tty: bool) -> bool {
    match when {
        ColorWhen::Always => true,
        ColorWhen::Never => false,
        ColorWhen::Auto => is_tty && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}

/// A printer on stdout, coloured as `use_color` decides; on a terminal it
/// flushes every line.
pub fn stdout_printer(when: ColorWhen, tty: bool) -> Printer {
    // The printer buffers its output itself.
    Printer::new(Box::new(io::stdout()), use_color(when, tty), tty)
}

/// Runs the command line (the arguments after the program name) as the
/// `kunit` binary does; returns the process exit status (0 passed, 1
/// failed, 2 usage error, 130 interrupted).
///
/// ```
/// use kunit_tool::cli::main_with_args;
///
/// // Prints `kunit parse`'s help to stdout.
/// assert_eq!(main_with_args(vec!["parse".into(), "--help".into()]), 0);
/// // An unknown option is a usage error.
/// assert_eq!(main_with_args(vec!["parse".into(), "--bogus".into()]), 2);
/// // So is a file that cannot be read.
/// assert_eq!(main_with_args(vec!["parse".into(), "/no/such/log".into()]), 2);
/// ```
pub fn main_with_args(argv: Vec<String>) -> i32 {
    // `kunit c` has options of its own and hands the rest to `run` (crate::c_suite).
    if argv.first().is_some_and(|a| a == "c") {
        return crate::c_suite::main(argv[1..].to_vec());
    }
    let args = match args::parse_args(argv) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{}", help::usage(e.command));
            eprintln!("{e}");
            return 2;
        }
    };
    if args.help {
        print!("{}", help::help(args.command));
        return 0;
    }
    let tty = io::stdout().is_terminal();
    let mut out = stdout_printer(args.color, tty);
    let result = match args.command {
        Some(Command::Parse) => parse_cmd::run(&args, &mut out),
        Some(Command::Build) => exec_cmd::build(&args, &mut out),
        Some(Command::Exec) => exec_cmd::exec(&args, &mut out, tty),
        Some(Command::Run) => exec_cmd::run(&args, &mut out, tty),
        None => unreachable_usage(),
    };
    out.flush();
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("kunit: error: {e}");
            1
        }
    }
}

fn unreachable_usage() -> io::Result<i32> {
    eprintln!("{}", help::usage(None));
    Ok(2)
}
