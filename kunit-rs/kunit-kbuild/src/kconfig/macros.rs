//! Kconfig's preprocessor (scripts/kconfig/preprocess.c's language): `$(VAR)`, `$(f,a,b)`,
//! variables set with `:=` (expanded once) and `=` (expanded at each use, with `$(1)`… as its
//! arguments), `+=`, the builtins `shell`, `info`, `warning-if`, `error-if`, `filename` and
//! `lineno`, and the environment (ARCH, SRCARCH, CC, …) for names no Kconfig file defines.
//! The functions of scripts/Kconfig.include (`cc-option`, `success`, …) are variables defined
//! in that file, so they run as the tree defines them; `$(shell …)` runs the command.

use std::collections::HashMap;
use std::process::Command;

/// A variable's flavour.
#[derive(Clone, Debug)]
enum Var {
    /// `:=` — stored expanded.
    Simple(String),
    /// `=` — stored as written, expanded at each use.
    Recursive(String),
}

/// The preprocessor's state across all Kconfig files.
#[derive(Debug, Default)]
pub struct Macros {
    vars: HashMap<String, Var>,
    env: HashMap<String, String>,
    /// `$(shell …)` results by command (the compiler probes are the slow part of a parse).
    pub shell_cache: HashMap<String, String>,
    /// Whether a shell command was run (not answered from the cache).
    pub shell_runs: usize,
    /// `$(info …)` and `$(warning-if …)` output, in order.
    pub messages: Vec<String>,
    /// The file and line being read (for `filename`, `lineno` and errors).
    pub file: String,
    /// The line being read.
    pub line: usize,
}

impl Macros {
    /// A preprocessor whose environment is `env`.
    pub fn new(env: HashMap<String, String>) -> Macros {
        Macros {
            env,
            ..Macros::default()
        }
    }

    /// Handles `NAME OP VALUE` (OP one of `:=`, `=`, `+=`): NAME is expanded, and VALUE too
    /// for `:=` (and for `+=` onto a simple variable).
    pub fn assign(&mut self, name: &str, op: &str, value: &str) -> Result<(), String> {
        let name = self.expand(name.trim(), &[])?;
        let value = value.trim();
        let var = match op {
            ":=" => Var::Simple(self.expand(value, &[])?),
            "=" => Var::Recursive(value.to_string()),
            "+=" => match self.vars.get(&name).cloned() {
                Some(Var::Simple(old)) => Var::Simple(join(&old, &self.expand(value, &[])?)),
                Some(Var::Recursive(old)) => Var::Recursive(join(&old, value)),
                None => Var::Recursive(value.to_string()),
            },
            _ => return Err(format!("unknown assignment `{op}`")),
        };
        self.vars.insert(name, var);
        Ok(())
    }

    /// Expands every `$(…)` of `s`; `args` are `$(1)`, `$(2)`… of the call being expanded.
    pub fn expand(&mut self, s: &str, args: &[String]) -> Result<String, String> {
        let mut out = String::new();
        let mut rest = s;
        while let Some(i) = rest.find("$(") {
            out.push_str(&rest[..i]);
            let body_start = i + 2;
            let end = matching_paren(rest, body_start)
                .ok_or_else(|| format!("unterminated `$(` in `{s}`"))?;
            let body = &rest[body_start..end];
            out.push_str(&self.call(body, args)?);
            rest = &rest[end + 1..];
        }
        out.push_str(rest);
        Ok(out)
    }

    fn call(&mut self, body: &str, args: &[String]) -> Result<String, String> {
        let parts = split_top(body);
        let name = self.expand(parts[0].trim(), args)?;
        let mut call_args = Vec::new();
        for p in &parts[1..] {
            call_args.push(self.expand(p, args)?);
        }
        if parts.len() == 1 {
            if let Ok(n) = name.parse::<usize>() {
                return Ok(args.get(n.wrapping_sub(1)).cloned().unwrap_or_default());
            }
        }
        match name.as_str() {
            "shell" => return self.shell(&call_args.join(",")),
            "info" => {
                self.messages.push(call_args.join(","));
                return Ok(String::new());
            }
            "warning-if" | "error-if" => {
                if call_args.first().map(String::as_str) == Some("y") {
                    let msg = call_args.get(1).cloned().unwrap_or_default();
                    if name == "error-if" {
                        return Err(format!("{}:{}: {msg}", self.file, self.line));
                    }
                    self.messages
                        .push(format!("{}:{}: {msg}", self.file, self.line));
                }
                return Ok(String::new());
            }
            "filename" => return Ok(self.file.clone()),
            "lineno" => return Ok(self.line.to_string()),
            _ => {}
        }
        match self.vars.get(&name).cloned() {
            Some(Var::Simple(v)) => Ok(v),
            Some(Var::Recursive(v)) => self.expand(&v, &call_args),
            None => Ok(self.env.get(&name).cloned().unwrap_or_default()),
        }
    }

    fn shell(&mut self, cmd: &str) -> Result<String, String> {
        if let Some(v) = self.shell_cache.get(cmd) {
            return Ok(v.clone());
        }
        self.shell_runs += 1;
        let out = Command::new("/bin/sh")
            .arg("-c")
            .arg(cmd)
            .envs(&self.env)
            .output()
            .map_err(|e| format!("$(shell,{cmd}): {e}"))?;
        // The kernel keeps stdout, drops one trailing newline and turns the others to spaces.
        let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
        if text.ends_with('\n') {
            text.pop();
        }
        let text = text.replace('\n', " ");
        self.shell_cache.insert(cmd.to_string(), text.clone());
        Ok(text)
    }
}

fn join(a: &str, b: &str) -> String {
    if a.is_empty() {
        b.to_string()
    } else {
        format!("{a} {b}")
    }
}

/// The index of the `)` closing a `$(` whose body starts at `start`.
fn matching_paren(s: &str, start: usize) -> Option<usize> {
    let mut depth = 1;
    for (i, c) in s[start..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(start + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Splits a call's body at its top-level commas (those outside nested parentheses).
fn split_top(body: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0;
    let mut from = 0;
    for (i, c) in body.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&body[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&body[from..]);
    parts
}

#[cfg(test)]
#[path = "macros_kunit.rs"]
mod macros_kunit;
