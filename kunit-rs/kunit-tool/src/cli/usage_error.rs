//! Usage errors in kunit.py's (argparse's) words: clap finds the error, this
//! file says it as `kunit SUBCOMMAND: error: argument --OPT: ...` so that
//! scripts written against kunit.py's messages keep working. Printed after the
//! usage line, with exit status 2.

use std::fmt;

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// A usage error: printed with the usage line, exit status 2.
#[derive(Debug, PartialEq, Eq)]
pub struct UsageError {
    /// The subcommand it was for (`None`: the top level).
    pub command: Option<String>,
    /// What is wrong, after `error: `.
    pub message: String,
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.command {
            Some(c) => write!(f, "kunit {c}: error: {}", self.message),
            None => write!(f, "kunit: error: {}", self.message),
        }
    }
}

fn context(e: &clap::Error, kind: ContextKind) -> Option<String> {
    match e.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(v) => Some(v.join(", ")),
        ContextValue::StyledStr(s) => Some(s.to_string()),
        ContextValue::StyledStrs(v) => Some(
            v.iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(", "),
        ),
        _ => None,
    }
}

/// `--timeout` of clap's `--timeout <SECONDS>`.
fn option_name(display: &str) -> &str {
    display
        .split(|c: char| c.is_whitespace() || c == '=' || c == '[')
        .next()
        .unwrap_or(display)
}

fn choices(e: &clap::Error) -> String {
    match e.get(ContextKind::ValidValue) {
        Some(ContextValue::Strings(v)) => v
            .iter()
            .map(|c| format!("'{c}'"))
            .collect::<Vec<_>>()
            .join(", "),
        _ => String::new(),
    }
}

/// kunit.py's message for clap's error `e`; `cmd` is the clap definition
/// the arguments were parsed against (for ambiguous prefixes).
pub fn translate(e: &clap::Error, command: Option<String>, cmd: &clap::Command) -> UsageError {
    let arg = context(e, ContextKind::InvalidArg).unwrap_or_default();
    let opt = option_name(&arg).to_string();
    let value = context(e, ContextKind::InvalidValue).unwrap_or_default();
    let message = match e.kind() {
        ErrorKind::InvalidSubcommand => {
            let sub = context(e, ContextKind::InvalidSubcommand).unwrap_or_default();
            let names: Vec<String> = cmd
                .get_subcommands()
                .map(|c| format!("'{}'", c.get_name()))
                .collect();
            format!(
                "argument subcommand: invalid choice: '{sub}' (choose from {})",
                names.join(", ")
            )
        }
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            "a subcommand is required".into()
        }
        ErrorKind::UnknownArgument => {
            let name = arg.split('=').next().unwrap_or(&arg);
            let matches: Vec<String> = match name.strip_prefix("--") {
                Some(prefix) if !prefix.is_empty() => cmd
                    .get_arguments()
                    .filter_map(|a| a.get_long())
                    .filter(|l| l.starts_with(prefix))
                    .map(|l| format!("--{l}"))
                    .collect(),
                _ => Vec::new(),
            };
            if matches.len() > 1 {
                format!(
                    "ambiguous option: {name} could match {}",
                    matches.join(", ")
                )
            } else {
                format!("unrecognized arguments: {arg}")
            }
        }
        ErrorKind::InvalidValue if value.is_empty() => {
            format!("argument {opt}: expected one argument")
        }
        ErrorKind::InvalidValue => {
            format!(
                "argument {opt}: invalid choice: '{value}' (choose from {})",
                choices(e)
            )
        }
        ErrorKind::ValueValidation => {
            let why = std::error::Error::source(e).map_or_else(String::new, |s| s.to_string());
            format!("argument {opt}: {why}")
        }
        ErrorKind::ArgumentConflict => {
            // clap names the first of the two given as the invalid one;
            // argparse complains about the second.
            let later = context(e, ContextKind::PriorArg).unwrap_or_default();
            format!(
                "argument {}: not allowed with argument {opt}",
                option_name(&later)
            )
        }
        ErrorKind::TooManyValues | ErrorKind::NoEquals if !value.is_empty() => {
            format!("argument {opt}: ignored explicit argument")
        }
        // Anything else in clap's own words.
        _ => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("").trim();
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    };
    UsageError { command, message }
}
