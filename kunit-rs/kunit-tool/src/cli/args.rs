//! Command-line arguments with kunit.py's shapes: argparse-style long options
//! (`--opt value`, `--opt=value`, unique prefixes), `--json`/`--junit`/
//! `--raw_output` rewritten to their defaults when given bare (kunit.py's
//! `massage_argv`), and usage errors reported with exit status 2.

use std::fmt;

use crate::exec::partition::Partition;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Run,
    Build,
    Exec,
    Parse,
}

impl Command {
    pub fn name(self) -> &'static str {
        match self {
            Command::Run => "run",
            Command::Build => "build",
            Command::Exec => "exec",
            Command::Parse => "parse",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RawOutput {
    All,
    Kunit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isolation {
    Suite,
    Test,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ColorWhen {
    #[default]
    Auto,
    Always,
    Never,
}

/// Where `--json`/`--junit` go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sink {
    Stdout,
    File(String),
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args {
    pub command: Option<Command>,
    // parse options
    pub raw_output: Option<RawOutput>,
    pub json: Option<Sink>,
    pub junit: Option<Sink>,
    pub summary: bool,
    pub failed: bool,
    pub color: ColorWhen,
    /// `parse`'s input files, merged into one report (stdin when empty).
    pub files: Vec<String>,
    // build options
    /// `--manifest-path`: the project to build (cargo's default otherwise).
    pub manifest_path: Option<String>,
    pub packages: Vec<String>,
    pub release: bool,
    pub features: Vec<String>,
    pub all_features: bool,
    pub build_dir: Option<String>,
    pub jobs: Option<usize>,
    // exec options
    pub filter_glob: String,
    pub filter: String,
    pub filter_action: Option<String>,
    pub timeout: Option<u64>,
    /// Kill a harness process that prints nothing for this long.
    pub process_timeout: Option<u64>,
    pub run_isolated: Option<Isolation>,
    pub list_tests: bool,
    pub list_tests_attr: bool,
    pub list_suites: bool,
    /// `--partition K/N`: run only shard K of N of the suites.
    pub partition: Option<Partition>,
    /// `exec`: harness binaries to run instead of asking cargo.
    pub binaries: Vec<String>,
    pub help: bool,
}

/// A usage error: printed with the usage line, exit status 2.
#[derive(Debug, PartialEq, Eq)]
pub struct UsageError {
    pub command: Option<Command>,
    pub message: String,
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.command {
            Some(c) => write!(f, "kunit {}: error: {}", c.name(), self.message),
            None => write!(f, "kunit: error: {}", self.message),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Group {
    Parse,
    Build,
    Exec,
    Exe,
}

#[derive(Clone, Copy)]
enum Kind {
    Flag,
    Value,
}

struct Opt {
    name: &'static str,
    kind: Kind,
    group: Group,
}

const OPTS: &[Opt] = &[
    Opt {
        name: "--raw_output",
        kind: Kind::Value,
        group: Group::Parse,
    },
    Opt {
        name: "--json",
        kind: Kind::Value,
        group: Group::Parse,
    },
    Opt {
        name: "--junit",
        kind: Kind::Value,
        group: Group::Parse,
    },
    Opt {
        name: "--summary",
        kind: Kind::Flag,
        group: Group::Parse,
    },
    Opt {
        name: "--failed",
        kind: Kind::Flag,
        group: Group::Parse,
    },
    Opt {
        name: "--color",
        kind: Kind::Value,
        group: Group::Parse,
    },
    Opt {
        name: "--manifest-path",
        kind: Kind::Value,
        group: Group::Build,
    },
    Opt {
        name: "--package",
        kind: Kind::Value,
        group: Group::Build,
    },
    Opt {
        name: "--release",
        kind: Kind::Flag,
        group: Group::Build,
    },
    Opt {
        name: "--features",
        kind: Kind::Value,
        group: Group::Build,
    },
    Opt {
        name: "--all-features",
        kind: Kind::Flag,
        group: Group::Build,
    },
    Opt {
        name: "--build_dir",
        kind: Kind::Value,
        group: Group::Build,
    },
    Opt {
        name: "--jobs",
        kind: Kind::Value,
        group: Group::Build,
    },
    Opt {
        name: "--timeout",
        kind: Kind::Value,
        group: Group::Exec,
    },
    Opt {
        name: "--process_timeout",
        kind: Kind::Value,
        group: Group::Exec,
    },
    Opt {
        name: "--filter_glob",
        kind: Kind::Value,
        group: Group::Exec,
    },
    Opt {
        name: "--filter",
        kind: Kind::Value,
        group: Group::Exec,
    },
    Opt {
        name: "--filter_action",
        kind: Kind::Value,
        group: Group::Exec,
    },
    Opt {
        name: "--run_isolated",
        kind: Kind::Value,
        group: Group::Exec,
    },
    Opt {
        name: "--partition",
        kind: Kind::Value,
        group: Group::Exec,
    },
    Opt {
        name: "--list_tests",
        kind: Kind::Flag,
        group: Group::Exec,
    },
    Opt {
        name: "--list_tests_attr",
        kind: Kind::Flag,
        group: Group::Exec,
    },
    Opt {
        name: "--list_suites",
        kind: Kind::Flag,
        group: Group::Exec,
    },
    Opt {
        name: "--binary",
        kind: Kind::Value,
        group: Group::Exe,
    },
    Opt {
        name: "--help",
        kind: Kind::Flag,
        group: Group::Parse,
    },
];

fn groups(cmd: Command) -> &'static [Group] {
    match cmd {
        Command::Run => &[Group::Parse, Group::Build, Group::Exec],
        Command::Build => &[Group::Build],
        Command::Exec => &[Group::Parse, Group::Build, Group::Exec, Group::Exe],
        Command::Parse => &[Group::Parse],
    }
}

/// The options `cmd` accepts, in the order the help lists them, each with
/// the title of its help section.
pub(crate) fn options(cmd: Command) -> impl Iterator<Item = (&'static str, &'static str)> {
    let allowed = groups(cmd);
    let help = std::iter::once(("--help", "options"));
    let sections = [
        (Group::Build, "build options"),
        (Group::Exec, "exec options"),
        (Group::Exe, "exec options"),
        (Group::Parse, "parse options"),
    ];
    help.chain(
        sections
            .into_iter()
            .filter(move |(g, _)| allowed.contains(g))
            .flat_map(|(g, title)| {
                OPTS.iter()
                    .filter(move |o| o.group == g && o.name != "--help")
                    .map(move |o| (o.name, title))
            }),
    )
}

/// kunit.py's `massage_argv`: a bare `--json`, `--junit` or `--raw_output`
/// takes its default, so a following word is never swallowed as the value.
fn massage(arg: &str) -> String {
    match arg {
        "--json" => "--json=stdout".into(),
        "--junit" => "--junit=stdout".into(),
        "--raw_output" => "--raw_output=kunit".into(),
        "--color" => "--color=always".into(),
        _ => arg.into(),
    }
}

fn parse_uint(opt: &str, v: &str, cmd: Command) -> Result<u64, UsageError> {
    v.trim().parse::<u64>().map_err(|_| UsageError {
        command: Some(cmd),
        message: format!("argument {opt}: invalid int value: '{v}'"),
    })
}

fn choice<'a>(
    opt: &str,
    v: &str,
    choices: &[&'a str],
    cmd: Command,
) -> Result<&'a str, UsageError> {
    choices.iter().copied().find(|c| *c == v).ok_or_else(|| {
        let list: Vec<String> = choices.iter().map(|c| format!("'{c}'")).collect();
        UsageError {
            command: Some(cmd),
            message: format!(
                "argument {opt}: invalid choice: '{v}' (choose from {})",
                list.join(", ")
            ),
        }
    })
}

/// Parses the arguments after the program name.
pub fn parse_args<I: IntoIterator<Item = String>>(argv: I) -> Result<Args, UsageError> {
    let argv: Vec<String> = argv.into_iter().map(|a| massage(&a)).collect();
    let mut args = Args::default();
    let mut it = argv.into_iter().peekable();
    let cmd = match it.next() {
        None => return Err(UsageError { command: None, message: "a subcommand is required".into() }),
        Some(a) if a == "-h" || a == "--help" => {
            args.help = true;
            return Ok(args);
        }
        Some(a) => match a.as_str() {
            "run" => Command::Run,
            "build" => Command::Build,
            "exec" => Command::Exec,
            "parse" => Command::Parse,
            _ => {
                return Err(UsageError {
                    command: None,
                    message: format!(
                        "argument subcommand: invalid choice: '{a}' (choose from 'run', 'build', 'exec', 'parse')"
                    ),
                })
            }
        },
    };
    args.command = Some(cmd);
    let err = |message: String| UsageError {
        command: Some(cmd),
        message,
    };
    let allowed = groups(cmd);
    let mut positionals: Vec<String> = Vec::new();
    let mut only_positionals = false;

    while let Some(arg) = it.next() {
        if only_positionals || !arg.starts_with('-') || arg == "-" {
            positionals.push(arg);
            continue;
        }
        if arg == "--" {
            only_positionals = true;
            continue;
        }
        if arg == "-h" {
            args.help = true;
            continue;
        }
        if arg == "-p" {
            let v = it
                .next()
                .ok_or_else(|| err("argument -p/--package: expected one argument".into()))?;
            if !allowed.contains(&Group::Build) {
                return Err(err(format!("unrecognized arguments: {arg}")));
            }
            args.packages.push(v);
            continue;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (arg.clone(), None),
        };
        let candidates: Vec<&Opt> = OPTS
            .iter()
            .filter(|o| allowed.contains(&o.group) || o.name == "--help")
            .collect();
        let opt = match candidates.iter().find(|o| o.name == name) {
            Some(o) => *o,
            None => {
                let matches: Vec<&&Opt> = candidates
                    .iter()
                    .filter(|o| o.name.starts_with(&name))
                    .collect();
                match matches.as_slice() {
                    [one] => **one,
                    [] => return Err(err(format!("unrecognized arguments: {arg}"))),
                    many => {
                        let names: Vec<&str> = many.iter().map(|o| o.name).collect();
                        return Err(err(format!(
                            "ambiguous option: {name} could match {}",
                            names.join(", ")
                        )));
                    }
                }
            }
        };
        let value = match (opt.kind, inline) {
            (Kind::Flag, Some(_)) => {
                return Err(err(format!(
                    "argument {}: ignored explicit argument",
                    opt.name
                )))
            }
            (Kind::Flag, None) => String::new(),
            (Kind::Value, Some(v)) => v,
            (Kind::Value, None) => match it.next() {
                Some(v) if !v.starts_with("--") || opt.name == "--filter" => v,
                _ => return Err(err(format!("argument {}: expected one argument", opt.name))),
            },
        };
        match opt.name {
            "--raw_output" => {
                args.raw_output = Some(
                    match choice(opt.name, &value, &["all", "full", "kunit"], cmd)? {
                        "kunit" => RawOutput::Kunit,
                        _ => RawOutput::All,
                    },
                )
            }
            "--json" => args.json = Some(sink(value)),
            "--junit" => args.junit = Some(sink(value)),
            "--summary" => args.summary = true,
            "--failed" => args.failed = true,
            "--color" => {
                args.color = match choice(opt.name, &value, &["auto", "always", "never"], cmd)? {
                    "always" => ColorWhen::Always,
                    "never" => ColorWhen::Never,
                    _ => ColorWhen::Auto,
                }
            }
            "--manifest-path" => args.manifest_path = Some(value),
            "--package" => args.packages.push(value),
            "--release" => args.release = true,
            "--features" => args.features.push(value),
            "--all-features" => args.all_features = true,
            "--build_dir" => args.build_dir = Some(value),
            "--jobs" => {
                let n = parse_uint(opt.name, &value, cmd)?;
                if n == 0 {
                    return Err(err("argument --jobs: must be at least 1".into()));
                }
                args.jobs = Some(n as usize);
            }
            "--timeout" => args.timeout = Some(parse_uint(opt.name, &value, cmd)?),
            "--process_timeout" => args.process_timeout = Some(parse_uint(opt.name, &value, cmd)?),
            "--filter_glob" => args.filter_glob = value,
            "--filter" => {
                // An empty filter would be dropped and everything would run.
                if value.trim().is_empty() {
                    return Err(err("argument --filter: empty filter".into()));
                }
                args.filter = value
            }
            "--filter_action" => {
                args.filter_action = Some(choice(opt.name, &value, &["skip"], cmd)?.to_string())
            }
            "--run_isolated" => {
                args.run_isolated = Some(match choice(opt.name, &value, &["suite", "test"], cmd)? {
                    "suite" => Isolation::Suite,
                    _ => Isolation::Test,
                })
            }
            "--partition" => {
                args.partition = Some(
                    Partition::parse(&value)
                        .map_err(|m| err(format!("argument --partition: {m}")))?,
                )
            }
            "--list_tests" => args.list_tests = true,
            "--list_tests_attr" => args.list_tests_attr = true,
            "--list_suites" => args.list_suites = true,
            "--binary" => args.binaries.push(value),
            "--help" => args.help = true,
            _ => return Err(err(format!("unrecognized arguments: {arg}"))),
        }
    }

    let listings: Vec<&str> = [
        (args.list_tests, "--list_tests"),
        (args.list_tests_attr, "--list_tests_attr"),
        (args.list_suites, "--list_suites"),
    ]
    .into_iter()
    .filter_map(|(set, name)| set.then_some(name))
    .collect();
    if let [first, second, ..] = listings[..] {
        return Err(err(format!(
            "argument {second}: not allowed with argument {first}"
        )));
    }

    // `parse` takes input files, `run` and `exec` a filter glob, `build` nothing.
    let max_positionals = match cmd {
        Command::Parse => usize::MAX,
        Command::Run | Command::Exec => 1,
        Command::Build => 0,
    };
    if positionals.len() > max_positionals {
        return Err(err(format!(
            "unrecognized arguments: {}",
            positionals[max_positionals..].join(" ")
        )));
    }
    match cmd {
        Command::Parse => args.files = positionals,
        Command::Run | Command::Exec => {
            if let Some(g) = positionals.pop() {
                if !args.filter_glob.is_empty() && args.filter_glob != g {
                    return Err(err(
                        "filter_glob given twice (positional and --filter_glob)".into(),
                    ));
                }
                args.filter_glob = g;
            }
        }
        Command::Build => {}
    }
    Ok(args)
}

fn sink(v: String) -> Sink {
    if v == "stdout" {
        Sink::Stdout
    } else {
        Sink::File(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Result<Args, UsageError> {
        parse_args(s.split_whitespace().map(String::from))
    }

    #[test]
    fn bare_json_does_not_swallow_the_glob() {
        let a = p("run --json suite_name").unwrap();
        assert_eq!(a.json, Some(Sink::Stdout));
        assert_eq!(a.filter_glob, "suite_name");
        let a = p("parse --json=out.json --junit log.txt").unwrap();
        assert_eq!(a.json, Some(Sink::File("out.json".into())));
        assert_eq!(a.junit, Some(Sink::Stdout));
        assert_eq!(a.files, ["log.txt"]);
    }

    #[test]
    fn raw_output_shapes() {
        assert_eq!(
            p("parse --raw_output").unwrap().raw_output,
            Some(RawOutput::Kunit)
        );
        assert_eq!(
            p("parse --raw_output=full").unwrap().raw_output,
            Some(RawOutput::All)
        );
        let e = p("parse --raw_output=x").unwrap_err();
        assert_eq!(
            e.to_string(),
            "kunit parse: error: argument --raw_output: invalid choice: 'x' (choose from 'all', 'full', 'kunit')"
        );
    }

    #[test]
    fn values_prefixes_and_errors() {
        let a = p("exec --timeout 5 --run_isolated=suite --sum -p a --package b --jobs=3 x.y*")
            .unwrap();
        assert_eq!(a.timeout, Some(5));
        assert_eq!(a.run_isolated, Some(Isolation::Suite));
        assert!(a.summary);
        assert_eq!(a.packages, ["a", "b"]);
        assert_eq!(a.jobs, Some(3));
        assert_eq!(a.filter_glob, "x.y*");
        assert!(p("exec --timeout abc")
            .unwrap_err()
            .message
            .contains("invalid int value: 'abc'"));
        assert!(p("parse --timeout 3")
            .unwrap_err()
            .message
            .contains("unrecognized arguments"));
        assert!(p("exec --j 3")
            .unwrap_err()
            .message
            .contains("ambiguous option"));
        assert!(p("frob").is_err());
        assert!(p("").is_err());
        assert_eq!(p("parse a b -- -c").unwrap().files, ["a", "b", "-c"]);
        assert!(p("exec a b")
            .unwrap_err()
            .message
            .contains("unrecognized arguments: b"));
        assert!(p("build a")
            .unwrap_err()
            .message
            .contains("unrecognized arguments: a"));
        assert!(p("exec --filter_action=keep").is_err());
        assert_eq!(
            p("run --partition 2/3").unwrap().partition,
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
        }
        assert!(p("parse --partition 1/2").is_err());
        assert!(p("build --partition 1/2").is_err());
        assert!(p("exec --timeout")
            .unwrap_err()
            .message
            .contains("expected one argument"));
    }
}
