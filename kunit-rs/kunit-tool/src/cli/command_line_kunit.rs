//! `command_line.rs`'s tests (suite `cli_command_line`), declared by `command_line.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(cli_command_line)]
mod tests {
    use crate::cli::command_line::*;
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
