//! `help.rs`'s tests (suite `cli_help`), declared by `help.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(cli_help)]
mod tests {
    use crate::cli::help::*;

    const SUBCOMMANDS: [&str; 5] = ["run", "build", "exec", "parse", "c"];

    #[test]
    fn every_option_of_every_subcommand_is_described() {
        for name in SUBCOMMANDS {
            let text = help(Some(name));
            let cmd = definition(Some(name));
            for a in cmd.get_arguments() {
                assert!(
                    a.get_help().is_some_and(|h| !h.to_string().is_empty()),
                    "{name}: {} has no help text",
                    a.get_id()
                );
                assert!(
                    text.contains(&format!("\n  {}", invocation(a))),
                    "{name}: {a}"
                );
                // Every option the parser takes is in the usage line.
                assert!(usage(Some(name)).contains(&usage_form(a)), "{a}");
            }
        }
    }

    #[test]
    fn layout_is_argparse_s() {
        let text = help(Some("build"));
        // Fits in 79 columns, help texts start at column 24.
        for line in text.lines() {
            assert!(line.chars().count() <= WIDTH, "too long: {line:?}");
        }
        assert!(text.starts_with("usage: kunit build [-h] "), "{text}");
        assert!(text.contains("\n  --release             Builds with cargo's release profile.\n"));
        // A long invocation puts its help on the next line.
        assert!(text.contains("\n  --manifest-path PATH  The Cargo.toml"));
        assert!(text.contains("\n  -p PKG, --package PKG\n"), "{text}");
        let run = help(Some("run"));
        assert!(run.contains(
            "\n  --run_isolated {suite,test}\n                        If set, starts a harness process"
        ));
        assert!(
            run.contains("\n  --raw_output [{all,full,kunit}]\n"),
            "{run}"
        );
        assert!(
            run.contains("\n  --json [FILE]         Stores test results in a JSON"),
            "{run}"
        );
        assert!(run.contains("\nparse options:\n"), "{run}");
        let top = help(None);
        assert!(top.starts_with("usage: kunit [-h] {run,build,exec,parse,c} ...\n\n"));
        assert!(
            top.contains("\n    parse               Parses KUnit results from files or stdin.\n")
        );
    }

    #[test]
    fn usage_lines_wrap_under_the_program_name() {
        let u = usage(Some("exec"));
        let mut lines = u.lines();
        assert!(lines.next().unwrap().starts_with("usage: kunit exec [-h] "));
        for l in lines {
            assert!(
                l.starts_with(&" ".repeat("usage: kunit exec ".len())),
                "{l:?}"
            );
            assert!(l.len() <= WIDTH);
        }
        assert!(u.ends_with("[filter_glob]"), "{u}");
        assert!(usage(Some("parse")).ends_with("[input_file ...]"));
    }
}
