//! `kunit --help` and `kunit SUBCOMMAND --help`, laid out as Python's
//! argparse lays out kunit.py's help (usage line, description, one entry per
//! argument with its help text from column 24), and the usage line printed
//! before a usage error. Everything comes from the clap definition
//! ([`super::options`]), so every option a subcommand accepts is described
//! the way it is parsed.

use clap::{Arg, ArgAction, CommandFactory};

use super::options::CommandLine;

/// Help column and line width of argparse's default formatter.
const HELP_COLUMN: usize = 24;
const WIDTH: usize = 79;

/// The clap definition of `name` (the top level when `None`).
fn definition(name: Option<&str>) -> clap::Command {
    let top = CommandLine::command();
    match name {
        None => top,
        Some(n) => top
            .find_subcommand(n)
            .cloned()
            .unwrap_or_else(|| panic!("no subcommand {n}")),
    }
}

/// `{all,full,kunit}` for an option with choices, else its value name.
fn metavar(arg: &Arg) -> String {
    let choices: Vec<String> = arg
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .collect();
    if !choices.is_empty() {
        return format!("{{{}}}", choices.join(","));
    }
    arg.get_value_names().and_then(|n| n.first()).map_or_else(
        || arg.get_id().to_string().to_uppercase(),
        |n| n.to_string(),
    )
}

fn takes_value(arg: &Arg) -> bool {
    !matches!(
        arg.get_action(),
        ArgAction::SetTrue | ArgAction::SetFalse | ArgAction::Count | ArgAction::Help
    )
}

/// `-p PKG`, `--json [FILE]`, `--summary`: one spelling with its value.
fn spelling(arg: &Arg, name: String) -> String {
    if !takes_value(arg) {
        return name;
    }
    let optional = arg.get_num_args().is_some_and(|r| r.min_values() == 0);
    let m = metavar(arg);
    if optional {
        format!("{name} [{m}]")
    } else {
        format!("{name} {m}")
    }
}

/// How the help list writes an argument: `-p PKG, --package PKG`,
/// `--json [FILE]`, `filter_glob`.
fn invocation(arg: &Arg) -> String {
    if arg.is_positional() {
        if let Some([first, more]) = arg.get_value_names() {
            return format!("{first} [{more} ...]");
        }
        return metavar(arg);
    }
    let mut forms = Vec::new();
    if let Some(s) = arg.get_short() {
        forms.push(spelling(arg, format!("-{s}")));
    }
    if let Some(l) = arg.get_long() {
        forms.push(spelling(arg, format!("--{l}")));
    }
    forms.join(", ")
}

/// The usage form of one argument: `[--jobs N]`, `[-h]`, `[input_file ...]`.
fn usage_form(arg: &Arg) -> String {
    if arg.is_positional() {
        // `TEST.c [CODE.c ...]`: one value at least, then more of the second name.
        if let Some([first, more]) = arg.get_value_names() {
            return format!("{first} [{more} ...]");
        }
        let many = matches!(arg.get_action(), ArgAction::Append);
        return if many {
            format!("[{} ...]", metavar(arg))
        } else {
            format!("[{}]", metavar(arg))
        };
    }
    let name = match (arg.get_short(), arg.get_long()) {
        (Some(s), _) => format!("-{s}"),
        (None, Some(l)) => format!("--{l}"),
        (None, None) => arg.get_id().to_string(),
    };
    format!("[{}]", spelling(arg, name))
}

fn visible(cmd: &clap::Command) -> impl Iterator<Item = &Arg> {
    cmd.get_arguments().filter(|a| !a.is_hide_set())
}

/// argparse's word wrapping: `text` in lines of at most `WIDTH` characters,
/// each but the first indented by `indent`.
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

fn text(s: Option<&clap::builder::StyledStr>) -> String {
    s.map(|s| s.to_string()).unwrap_or_default()
}

/// The usage line(s) of subcommand `name` (or of the top level), as printed
/// before a usage error and at the top of the help.
pub fn usage(name: Option<&str>) -> String {
    let cmd = definition(name);
    let Some(name) = name else {
        let names: Vec<&str> = cmd.get_subcommands().map(|c| c.get_name()).collect();
        return format!("usage: kunit [-h] {{{}}} ...", names.join(","));
    };
    let prog = format!("usage: kunit {name} ");
    let mut forms: Vec<String> = visible(&cmd)
        .filter(|a| !a.is_positional())
        .map(usage_form)
        .collect();
    forms.extend(visible(&cmd).filter(|a| a.is_positional()).map(usage_form));
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

/// The full help text of subcommand `name` (or of the top level).
pub fn help(name: Option<&str>) -> String {
    let cmd = definition(name);
    let mut out = usage(name);
    out.push_str("\n\n");
    let epilog = text(cmd.get_after_help());
    if name.is_none() {
        wrap(&mut out, &text(cmd.get_about()), 0, 0);
        out.push_str("\npositional arguments:\n");
        let names: Vec<&str> = cmd.get_subcommands().map(|c| c.get_name()).collect();
        out.push_str(&format!("  {{{}}}\n", names.join(",")));
        for c in cmd.get_subcommands() {
            entry(
                &mut out,
                &format!("  {}", c.get_name()),
                &text(c.get_about()),
            );
        }
    } else {
        wrap(&mut out, &text(cmd.get_long_about()), 0, 0);
        let positionals: Vec<&Arg> = visible(&cmd).filter(|a| a.is_positional()).collect();
        if !positionals.is_empty() {
            out.push_str("\npositional arguments:\n");
            for a in positionals {
                entry(&mut out, &invocation(a), &text(a.get_help()));
            }
        }
    }
    let mut section = None;
    for a in visible(&cmd).filter(|a| !a.is_positional()) {
        let heading = a.get_help_heading().unwrap_or("options");
        if section != Some(heading) {
            section = Some(heading);
            out.push_str(&format!("\n{heading}:\n"));
        }
        entry(&mut out, &invocation(a), &text(a.get_help()));
    }
    out.push('\n');
    wrap(&mut out, &epilog, 0, 0);
    out
}

#[cfg(test)]
#[path = "help_kunit.rs"]
mod help_kunit;
