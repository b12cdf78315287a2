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
        _ => {}
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::options::{RawOutput, ReportDest};
    use crate::exec::isolation::Isolation;
    use crate::exec::partition::Partition;

    fn p(s: &str) -> Result<CommandLine, UsageError> {
        parse_args(s.split_whitespace().map(String::from))
    }

    fn exec(s: &str) -> crate::cli::options::ExecArgs {
        match p(s).unwrap().command {
            Some(Command::Exec(a)) => a,
            other => panic!("{other:?}"),
        }
    }

    fn parse(s: &str) -> crate::cli::options::ParseArgs {
        match p(s).unwrap().command {
            Some(Command::Parse(a)) => a,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bare_json_does_not_swallow_the_glob() {
        let a = exec("exec --json suite_name");
        assert_eq!(a.report.json, Some(ReportDest::Stdout));
        assert_eq!(a.exec.harness.glob(), "suite_name");
        let a = parse("parse --json=out.json --junit log.txt");
        assert_eq!(a.report.json, Some(ReportDest::File("out.json".into())));
        assert_eq!(a.report.junit, Some(ReportDest::Stdout));
        assert_eq!(a.files, ["log.txt"]);
    }

    #[test]
    fn raw_output_shapes() {
        assert_eq!(
            parse("parse --raw_output").report.raw_output,
            Some(RawOutput::Kunit)
        );
        assert_eq!(
            parse("parse --raw_output=full").report.raw_output,
            Some(RawOutput::Full)
        );
        let e = p("parse --raw_output=x").unwrap_err();
        assert_eq!(
            e.to_string(),
            "kunit parse: error: argument --raw_output: invalid choice: 'x' (choose from 'all', 'full', 'kunit')"
        );
    }

    #[test]
    fn values_prefixes_and_errors() {
        let a = exec("exec --timeout 5 --run_isolated=suite --sum -p a --package b --jobs=3 x.y*");
        assert_eq!(a.exec.harness.timeout, Some(5));
        assert_eq!(a.exec.run_isolated, Some(Isolation::Suite));
        assert!(a.report.summary);
        assert_eq!(a.build.packages, ["a", "b"]);
        assert_eq!(a.build.jobs, Some(3));
        assert_eq!(a.exec.harness.glob(), "x.y*");
        // The exact name wins over the longer names it is a prefix of.
        let a = exec("exec --filter speed>slow --filter_g a*");
        assert_eq!(a.exec.harness.filter.as_deref(), Some("speed>slow"));
        assert_eq!(a.exec.harness.glob(), "a*");
        let message = |s: &str| p(s).unwrap_err().message;
        assert_eq!(
            message("exec --timeout abc"),
            "argument --timeout: invalid int value: 'abc'"
        );
        assert_eq!(
            message("parse --timeout 3"),
            "unrecognized arguments: --timeout"
        );
        assert_eq!(
            message("exec --j 3"),
            "ambiguous option: --j could match --jobs, --json, --junit"
        );
        assert_eq!(
            message("exec --summary=1"),
            "argument --summary: ignored explicit argument"
        );
        assert!(p("frob").is_err());
        assert_eq!(p("").unwrap_err().message, "a subcommand is required");
        assert_eq!(parse("parse a b -- -c").files, ["a", "b", "-c"]);
        assert_eq!(message("exec a b"), "unrecognized arguments: b");
        assert_eq!(message("build a"), "unrecognized arguments: a");
        assert!(p("exec --filter_action=keep").is_err());
        assert_eq!(
            exec("exec --partition 2/3").exec.partition,
            Some(Partition { index: 2, count: 3 })
        );
        for bad in ["0/2", "3/2", "x", "1/0"] {
            let e = p(&format!("exec --partition={bad}")).unwrap_err();
            assert!(
                e.to_string().starts_with(&format!(
                    "kunit exec: error: argument --partition: invalid value: '{bad}' ("
                )),
                "{e}"
            );
            // The first error in the command line is the one reported.
            let e = p(&format!("exec --partition={bad} --bogus")).unwrap_err();
            assert!(e.message.starts_with("argument --partition"), "{e}");
        }
        assert!(p("parse --partition 1/2").is_err());
        assert!(p("build --partition 1/2").is_err());
        assert_eq!(
            message("exec --timeout"),
            "argument --timeout: expected one argument"
        );
        // A value never starts with `--`, except a filter's.
        assert_eq!(
            message("exec --timeout --json"),
            "argument --timeout: expected one argument"
        );
        assert_eq!(
            message("exec --list_suites --list_tests"),
            "argument --list_tests: not allowed with argument --list_suites"
        );
        assert!(p("parse x.log -h").unwrap().command.unwrap().help());
        assert!(p("-h").unwrap().help.help);
    }
}
