//! The runner's options that every harness process receives as they were
//! given: one definition each gives `kunit`'s parsing, its `--help` entry and
//! the flag forwarded to the harness ([`HarnessFlags::forward`]). A new
//! forwarded flag is a field here and a line in `forward`.

use clap::Args;

// The flag names, for the parser and for `forward`.
const TIMEOUT: &str = "timeout";
const FILTER_GLOB: &str = "filter_glob";
const FILTER: &str = "filter";
const FILTER_ACTION: &str = "filter_action";

/// Value parsers shared by the runner's options: the message is kunit.py's
/// (argparse's) wording after `argument --OPT: `.
pub mod values {
    /// A whole number of seconds (argparse's `type=int`).
    pub fn seconds(v: &str) -> Result<u64, String> {
        v.trim()
            .parse::<u64>()
            .map_err(|_| format!("invalid int value: '{v}'"))
    }

    /// An attribute filter: an empty one would be dropped and everything
    /// would run.
    pub fn filter(v: &str) -> Result<String, String> {
        if v.trim().is_empty() {
            Err("empty filter".into())
        } else {
            Ok(v.to_string())
        }
    }
}

/// `--filter_glob`, `--filter`, `--filter_action` and `--timeout`, as the
/// harness (kunit's `kunit::main!()`) takes them.
#[derive(Args, Clone, Debug, Default, PartialEq, Eq)]
pub struct HarnessFlags {
    /// Per-case timeout handed to the harness.
    #[arg(
        long = TIMEOUT,
        value_name = "SECONDS",
        value_parser = values::seconds,
        help = "Maximum number of seconds one test case may run, passed to the harness (slow cases get 3x, very slow 12x; default 300). This does not include time taken to build the tests."
    )]
    pub timeout: Option<u64>,
    /// Which suites and cases run (all when `None`).
    #[arg(
        long = FILTER_GLOB,
        value_name = "GLOB",
        help = "Filter which KUnit suites/tests run, e.g. list* or list*.*del_test."
    )]
    pub filter_glob: Option<String>,
    /// Attribute filters.
    #[arg(
        long = FILTER,
        value_name = "FILTER",
        allow_hyphen_values = true,
        value_parser = values::filter,
        help = "Filter KUnit tests by their attributes, e.g. module=example or speed>slow. Several filters are separated by commas (all must hold)."
    )]
    pub filter: Option<String>,
    /// `skip`: report what the filters leave out as skipped.
    #[arg(
        long = FILTER_ACTION,
        value_name = "ACTION",
        value_parser = ["skip"],
        help = "If set to skip, tests the filters leave out are reported as skipped instead of not being run."
    )]
    pub filter_action: Option<String>,
    /// Run the slow cases too (`--include-ignored`): tree mode, where KUnit's kernel runs
    /// them, as kunit.py does. Not a flag of its own.
    #[arg(skip)]
    pub include_ignored: bool,
}

impl HarnessFlags {
    /// The user's `--filter_glob` (empty: every suite).
    pub fn glob(&self) -> &str {
        self.filter_glob.as_deref().unwrap_or("")
    }

    /// The harness arguments for these flags, with `glob` in place of
    /// `--filter_glob` (a suite or a case of it when isolating); `--timeout`
    /// only when `with_timeout` (listing takes none).
    pub fn forward(&self, glob: &str, with_timeout: bool) -> Vec<String> {
        let mut a = Vec::new();
        let mut push = |flag: &str, value: &str| {
            a.push(format!("--{flag}"));
            a.push(value.to_string());
        };
        if !glob.is_empty() {
            push(FILTER_GLOB, glob);
        }
        if let Some(filter) = &self.filter {
            push(FILTER, filter);
        }
        if let Some(action) = &self.filter_action {
            push(FILTER_ACTION, action);
        }
        if let (true, Some(t)) = (with_timeout, self.timeout) {
            push(TIMEOUT, &t.to_string());
        }
        if self.include_ignored {
            a.push("--include-ignored".into());
        }
        a
    }
}
