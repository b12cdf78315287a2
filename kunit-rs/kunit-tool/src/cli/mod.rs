//! The `kunit` command line: argument handling, output setup and dispatch.

pub mod c_cmd;
pub mod command_line;
pub(crate) mod exec_cmd;
pub(crate) mod help;
pub mod options;
pub mod output;
pub(crate) mod parse_cmd;
pub mod tree_cmd;
pub mod usage_error;
pub(crate) mod write_reports;

use std::io::{self, IsTerminal};

pub use command_line::parse_args;
use options::{ColorWhen, Command};
pub use output::{stdout_printer, use_color};
pub use usage_error::UsageError;

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
    // In a kernel tree, run/config/build/exec are kunit.py's (tree mode, its own flags).
    if tree_cmd::wanted(&argv) {
        return tree_cmd::main(argv);
    }
    if argv.first().is_some_and(|c| c == "config") {
        // kunit.py's config writes a kernel's .config: there is none outside a tree.
        eprintln!("usage: kunit config [options]");
        eprintln!(
            "kunit config: error: config is tree mode's (kunit.py's .config): run it in a kernel tree, or give --kernel-tree DIR"
        );
        return 2;
    }
    let line = match parse_args(argv) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{}", help::usage(e.command.as_deref()));
            eprintln!("{e}");
            return 2;
        }
    };
    let command = match line.command {
        Some(c) if !line.help.help => c,
        _ => {
            print!("{}", help::help(None));
            return 0;
        }
    };
    if command.help() {
        print!("{}", help::help(Some(command.name())));
        return 0;
    }
    let tty = io::stdout().is_terminal();
    let color = match &command {
        Command::Run(a) => a.report.color,
        Command::Exec(a) => a.report.color,
        Command::Parse(a) => a.report.color,
        Command::C(a) => a.report.color,
        Command::Build(_) => ColorWhen::Auto,
    };
    let mut out = stdout_printer(color, tty);
    let result = match &command {
        Command::Parse(a) => parse_cmd::run(a, &mut out),
        Command::Build(a) => exec_cmd::build(&a.build, &mut out),
        Command::Exec(a) => exec_cmd::exec(a, &mut out, tty),
        Command::Run(a) => exec_cmd::run(a, &mut out, tty),
        Command::C(a) => c_cmd::run(a, &mut out, tty),
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
