//! Parsing `kunit`'s arguments: clap over [`super::options`], errors in
//! kunit.py's words ([`super::usage_error`]), and the one rule clap cannot
//! say: the filter glob given as a positional and as `--filter_glob`.

use clap::{CommandFactory, FromArgMatches};

use super::options::{Command, CommandLine};
use super::usage_error::{self, UsageError};

/// The subcommand `argv` names first (kunit.py's argparse takes only `-h`
/// before it), for the usage line of an error.
fn named_subcommand(cmd: &clap::Command, argv: &[String]) -> Option<String> {
    let first = argv.first()?;
    cmd.find_subcommand(first).map(|c| c.get_name().to_string())
}

/// `filter_glob` as a positional and as `--filter_glob`: one value.
fn merge_glob(
    positional: &mut Option<String>,
    option: &mut Option<String>,
    command: &'static str,
) -> Result<(), UsageError> {
    if let Some(g) = positional.take() {
        if option.as_ref().is_some_and(|o| *o != g) {
            return Err(UsageError {
                command: Some(command.to_string()),
                message: "filter_glob given twice (positional and --filter_glob)".into(),
            });
        }
        *option = Some(g);
    }
    Ok(())
}

/// clap's parse, with argparse's order of errors: clap reports an unknown
/// argument before a bad value given earlier, argparse the first in the
/// command line.
fn clap_parse(cmd: &clap::Command, argv: &[String]) -> Result<CommandLine, clap::Error> {
    let parse = |args: &[String]| {
        cmd.clone()
            .no_binary_name(true)
            .try_get_matches_from(args)
            .and_then(|m| CommandLine::from_arg_matches(&m))
    };
    let e = match parse(argv) {
        Ok(line) => return Ok(line),
        Err(e) => e,
    };
    if e.kind() == clap::error::ErrorKind::UnknownArgument {
        let unknown = match e.get(clap::error::ContextKind::InvalidArg) {
            Some(clap::error::ContextValue::String(s)) => s.clone(),
            _ => String::new(),
        };
        if let Some(at) = argv.iter().position(|a| *a == unknown) {
            // An earlier error, if the arguments before this one have one.
            parse(&argv[..at])?;
        }
    }
    Err(e)
}

/// Parses the arguments after the program name.
pub fn parse_args<I: IntoIterator<Item = String>>(argv: I) -> Result<CommandLine, UsageError> {
    let argv: Vec<String> = argv.into_iter().collect();
    let cmd = CommandLine::command();
    let named = named_subcommand(&cmd, &argv);
    let mut line = clap_parse(&cmd, &argv).map_err(|e| {
        let def = named
            .as_deref()
            .and_then(|n| cmd.find_subcommand(n))
            .unwrap_or(&cmd);
        usage_error::translate(&e, named.clone(), def)
    })?;
    match &mut line.command {
        None if !line.help.help => {
            return Err(UsageError {
                command: None,
                message: "a subcommand is required".into(),
            })
        }
        Some(Command::Run(a)) => merge_glob(
            &mut a.positional_glob,
            &mut a.exec.harness.filter_glob,
            "run",
        )?,
        Some(Command::Exec(a)) => merge_glob(
            &mut a.positional_glob,
            &mut a.exec.harness.filter_glob,
            "exec",
        )?,
        Some(Command::C(a)) => {
            // The positionals are the C files and at most one filter glob (as `kunit run`'s).
            let (files, mut globs): (Vec<String>, Vec<String>) = std::mem::take(&mut a.files)
                .into_iter()
                .partition(|f| f.ends_with(".c"));
            a.files = files;
            if globs.len() > 1 {
                return Err(UsageError {
                    command: Some("c".into()),
                    message: format!("unrecognized arguments: {}", globs[1..].join(" ")),
                });
            }
            let mut glob = globs.pop();
            merge_glob(&mut glob, &mut a.exec.harness.filter_glob, "c")?;
            if a.files.is_empty() && !a.help.help {
                return Err(UsageError {
                    command: Some("c".into()),
                    message: "the following arguments are required: TEST.c".into(),
                });
            }
        }
        _ => {}
    }
    Ok(line)
}

#[cfg(test)]
#[path = "command_line_kunit.rs"]
mod command_line_kunit;
