//! `kunit --help` and `kunit SUBCOMMAND --help`, laid out as Python's
//! argparse lays out kunit.py's help (usage line, description, one entry per
//! argument with its help text from column 24), and the usage line printed
//! before a usage error. The option list comes from the argument parser's own
//! table, so every option a subcommand accepts is described.

use super::args::{self, Command};

/// Help column and line width of argparse's default formatter.
const HELP_COLUMN: usize = 24;
const WIDTH: usize = 79;

const SUBCOMMANDS: [Command; 4] = [Command::Run, Command::Build, Command::Exec, Command::Parse];

const DESCRIPTION: &str = "Helps writing and running KUnit tests written with kunit-rs, as kunit.py does for the kernel. kunit builds the cargo project it is started in (the nearest Cargo.toml at or above the current directory, or the one --manifest-path names), runs the KUnit harnesses among its test targets (those built with kunit::main!()) and parses their KTAP output.";

const EPILOG: &str = "Exit status (as kunit.py's): 0 when every test passed or was skipped, 1 when a test failed or crashed, no tests ran or the build failed; 2 for a usage error, including an input file that cannot be read and starting run/build/exec outside a cargo project; 130 after Ctrl-C. `kunit parse` exits 0 only when the result is exactly SUCCESS, so an all-skipped log exits 1 there. Run `kunit SUBCOMMAND --help` for a subcommand's options.";

/// One-line summary of a subcommand (the top-level help's list).
fn summary(cmd: Command) -> &'static str {
    match cmd {
        Command::Run => "Builds and runs KUnit tests.",
        Command::Build => "Builds the KUnit harnesses of the cargo project.",
        Command::Exec => "Runs KUnit harnesses and parses their output.",
        Command::Parse => "Parses KUnit results from files or stdin.",
    }
}

/// What a subcommand does (its own help's description).
fn description(cmd: Command) -> &'static str {
    match cmd {
        Command::Run => "Builds the test targets of the cargo project kunit is started in (or of --manifest-path), runs the KUnit harnesses among them and parses their output: build and exec in one go.",
        Command::Build => "Builds the test targets of the cargo project kunit is started in (or of --manifest-path) with `cargo test --no-run` and lists the KUnit harnesses among them (test executables built with kunit::main!()).",
        Command::Exec => "Runs the KUnit harnesses of the cargo project kunit is started in (or of --manifest-path), which cargo builds first if they are not up to date, or the harness executables given with --binary, and parses their output. Each harness runs in its own process group; a case that kills its process is reported as crashed and the rest of the run goes on.",
        Command::Parse => "Parses KUnit results (KTAP, also inside a kernel log) from files, or from stdin when none is given, and prints them formatted. Several files (e.g. the logs of the shards of a --partition run) are reported as one run: their top-level tests in order, one summary line, one JSON and one JUnit document.",
    }
}

/// The positional argument of a subcommand: (usage form, name, help).
fn positional(cmd: Command) -> Option<(&'static str, &'static str, &'static str)> {
    let glob = (
        "[filter_glob]",
        "filter_glob",
        "Filter which KUnit suites/tests run, e.g. list* or list*.*del_test (the same as --filter_glob).",
    );
    match cmd {
        Command::Run | Command::Exec => Some(glob),
        Command::Build => None,
        Command::Parse => Some((
            "[input_file ...]",
            "input_file",
            "Files to read results from; stdin when none is given. Several files are merged into one report.",
        )),
    }
}

/// How an option is written in the help list and its help text; `None` for
/// options the table does not describe (a unit test rules that out).
fn option_help(name: &str) -> Option<(&'static str, &'static str)> {
    Some(match name {
        "--help" => ("-h, --help", "show this help message and exit"),
        "--raw_output" => (
            "--raw_output [{all,full,kunit}]",
            "If set don't format output from the tests. If set to --raw_output=kunit (what a bare --raw_output means), filters to just KUnit output.",
        ),
        "--json" => (
            "--json [FILE]",
            "Stores test results in a JSON, and either prints to stdout or saves to file if a filename is specified.",
        ),
        "--junit" => (
            "--junit [FILE]",
            "Stores test results in a JUnit XML, and either prints to stdout or saves to file if a filename is specified.",
        ),
        "--summary" => (
            "--summary",
            "Prints only the summary line for parsed test results. Does nothing if --raw_output is set.",
        ),
        "--failed" => (
            "--failed",
            "Prints only the failed parsed test results and the summary line. Does nothing if --raw_output is set.",
        ),
        "--color" => (
            "--color [{auto,always,never}]",
            "When to colour the output: auto (the default) colours a terminal unless NO_COLOR is set; a bare --color means always.",
        ),
        "--manifest-path" => (
            "--manifest-path PATH",
            "The Cargo.toml of the project to build (passed to cargo). Default: the nearest Cargo.toml at or above the current directory.",
        ),
        "--package" => (
            "-p PKG, --package PKG",
            "Builds only the test targets of package PKG (cargo's -p). Can be repeated.",
        ),
        "--release" => ("--release", "Builds with cargo's release profile."),
        "--features" => (
            "--features FEATURES",
            "Cargo features to enable, as cargo's --features. Can be repeated.",
        ),
        "--all-features" => ("--all-features", "Enables all features (cargo's --all-features)."),
        "--build_dir" => (
            "--build_dir DIR",
            "As in cargo's --target-dir: the directory build output goes to. Default: cargo's (target).",
        ),
        "--jobs" => (
            "--jobs N",
            "As in the make command, \"Specifies the number of jobs (commands) to run simultaneously\": cargo's -j, and the number of harness processes at a time (the output order does not depend on it). Default: the number of CPUs available.",
        ),
        "--timeout" => (
            "--timeout SECONDS",
            "Maximum number of seconds one test case may run, passed to the harness (slow cases get 3x, very slow 12x; default 300). This does not include time taken to build the tests.",
        ),
        "--process_timeout" => (
            "--process_timeout SECONDS",
            "Kills a harness process that prints nothing for this long and reports its running case as crashed. Default: 12 x --timeout + 30.",
        ),
        "--filter_glob" => (
            "--filter_glob GLOB",
            "Filter which KUnit suites/tests run, e.g. list* or list*.*del_test.",
        ),
        "--filter" => (
            "--filter FILTER",
            "Filter KUnit tests by their attributes, e.g. module=example or speed>slow. Several filters are separated by commas (all must hold).",
        ),
        "--filter_action" => (
            "--filter_action {skip}",
            "If set to skip, tests the filters leave out are reported as skipped instead of not being run.",
        ),
        "--run_isolated" => (
            "--run_isolated {suite,test}",
            "If set, starts a harness process for each individual suite/test. This can be useful for debugging a non-hermetic test, one that might pass/fail based on what ran before it.",
        ),
        "--partition" => (
            "--partition K/N",
            "Runs only shard K (from 1) of N: the suites of all harnesses, sorted by name, are dealt out in turn, so N runs with K = 1..N run every suite exactly once (as cargo nextest's --partition count:K/N). Merge the shards' logs with `kunit parse FILE...`.",
        ),
        "--list_tests" => (
            "--list_tests",
            "If set, lists all tests that will be run (suite.test) and exits.",
        ),
        "--list_tests_attr" => (
            "--list_tests_attr",
            "If set, lists all tests that will be run and their attributes, and exits.",
        ),
        "--list_suites" => (
            "--list_suites",
            "If set, lists all suites that will be run and exits.",
        ),
        "--binary" => (
            "--binary PATH",
            "Runs this harness executable instead of building the cargo project's. Can be repeated.",
        ),
        _ => return None,
    })
}

/// argparse's word wrapping: `text` in lines of at most `width - indent`
/// characters, each but the first indented by `indent`.
fn wrap(out: &mut String, text: &str, first_column: usize, indent: usize) {
    let mut column = first_column;
    let mut first = true;
    for word in text.split_whitespace() {
        let len = word.chars().count();
        if !first && column + 1 + len > WIDTH {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            column = indent;
            first = true;
        }
        if !first {
            out.push(' ');
            column += 1;
        }
        out.push_str(word);
        column += len;
        first = false;
    }
    out.push('\n');
}

/// One entry of an argument list: the invocation from column 2 and its help
/// from column 24 (on the next line when the invocation is too long).
fn entry(out: &mut String, invocation: &str, help: &str) {
    out.push_str("  ");
    out.push_str(invocation);
    let used = 2 + invocation.chars().count();
    if used + 2 > HELP_COLUMN {
        out.push('\n');
        out.push_str(&" ".repeat(HELP_COLUMN));
    } else {
        out.push_str(&" ".repeat(HELP_COLUMN - used));
    }
    wrap(out, help, HELP_COLUMN, HELP_COLUMN);
}

/// The usage form of one option: `[--jobs N]`, `[--summary]`.
fn usage_form(name: &str) -> String {
    let invocation = option_help(name).map_or(name, |(inv, _)| inv);
    // `-p PKG, --package PKG` -> `-p PKG`; `-h, --help` -> `-h`.
    let short = invocation.split(", ").next().unwrap_or(invocation);
    format!("[{short}]")
}

/// The usage line(s) of `cmd` (or of the top level), as printed before a
/// usage error and at the top of the help.
pub fn usage(cmd: Option<Command>) -> String {
    let Some(cmd) = cmd else {
        return "usage: kunit [-h] {run,build,exec,parse} ...".to_string();
    };
    let prog = format!("usage: kunit {} ", cmd.name());
    let mut forms: Vec<String> = args::options(cmd).map(|(n, _)| usage_form(n)).collect();
    forms.extend(positional(cmd).map(|(form, _, _)| form.to_string()));
    let mut out = prog.clone();
    let indent = prog.len();
    let mut column = indent;
    for (i, f) in forms.iter().enumerate() {
        if i > 0 && column + 1 + f.len() > WIDTH {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            column = indent;
        } else if i > 0 {
            out.push(' ');
            column += 1;
        }
        out.push_str(f);
        column += f.len();
    }
    out
}

/// The full help text of `cmd` (or of the top level).
pub fn help(cmd: Option<Command>) -> String {
    let mut out = usage(cmd);
    out.push_str("\n\n");
    let Some(cmd) = cmd else {
        wrap(&mut out, DESCRIPTION, 0, 0);
        out.push_str("\npositional arguments:\n  {run,build,exec,parse}\n");
        for c in SUBCOMMANDS {
            entry(&mut out, &format!("  {}", c.name()), summary(c));
        }
        out.push_str("\noptions:\n");
        entry(&mut out, "-h, --help", "show this help message and exit");
        out.push('\n');
        wrap(&mut out, EPILOG, 0, 0);
        return out;
    };
    wrap(&mut out, description(cmd), 0, 0);
    if let Some((_, name, text)) = positional(cmd) {
        out.push_str("\npositional arguments:\n");
        entry(&mut out, name, text);
    }
    let mut section = "";
    for (name, group) in args::options(cmd) {
        if group != section {
            section = group;
            out.push_str(&format!("\n{group}:\n"));
        }
        let (invocation, text) = option_help(name).unwrap_or((name, ""));
        entry(&mut out, invocation, text);
    }
    out.push('\n');
    wrap(&mut out, EPILOG, 0, 0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_of_every_subcommand_is_described() {
        for cmd in SUBCOMMANDS {
            let text = help(Some(cmd));
            for (name, _) in args::options(cmd) {
                let (invocation, _) =
                    option_help(name).unwrap_or_else(|| panic!("{name} has no help text"));
                assert!(
                    text.contains(&format!("\n  {invocation}")),
                    "{}: {name}",
                    cmd.name()
                );
                // Every option the parser takes is in the usage line.
                assert!(usage(Some(cmd)).contains(&usage_form(name)), "{name}");
            }
        }
    }

    #[test]
    fn layout_is_argparse_s() {
        let text = help(Some(Command::Build));
        // Fits in 79 columns, help texts start at column 24.
        for line in text.lines() {
            assert!(line.chars().count() <= WIDTH, "too long: {line:?}");
        }
        assert!(text.starts_with("usage: kunit build [-h] "), "{text}");
        assert!(text.contains("\n  --release             Builds with cargo's release profile.\n"));
        // A long invocation puts its help on the next line.
        assert!(text.contains("\n  --manifest-path PATH  The Cargo.toml"));
        let run = help(Some(Command::Run));
        assert!(run.contains(
            "\n  --run_isolated {suite,test}\n                        If set, starts a harness process"
        ));
        let top = help(None);
        assert!(top.starts_with("usage: kunit [-h] {run,build,exec,parse} ...\n\n"));
        assert!(
            top.contains("\n    parse               Parses KUnit results from files or stdin.\n")
        );
    }

    #[test]
    fn usage_lines_wrap_under_the_program_name() {
        let u = usage(Some(Command::Exec));
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
        assert!(usage(Some(Command::Parse)).ends_with("[input_file ...]"));
    }
}
