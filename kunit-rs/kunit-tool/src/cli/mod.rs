//! The `kunit` command line: argument handling, output setup and dispatch.

pub mod args;
pub mod exec_cmd;
pub mod help;
pub mod parse_cmd;
pub mod report;

use std::io::{self, IsTerminal};

use args::{ColorWhen, Command};

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

pub fn stdout_printer(when: ColorWhen, tty: bool) -> Printer {
    // The printer buffers its output itself.
    Printer::new(Box::new(io::stdout()), use_color(when, tty), tty)
}

/// Runs the command line; returns the process exit status.
pub fn main_with_args(argv: Vec<String>) -> i32 {
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
