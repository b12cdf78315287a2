//! What tree mode reads from a C source's text without compiling it: whether it registers
//! KUnit suites, the suites and cases it declares (for the skipped entries of a file that
//! cannot run), and the global symbols it defines (the cheap first guess of which object
//! defines a symbol, confirmed with `nm` once compiled).

/// Does the source register suites (`kunit_test_suite(s)`, `kunit_test_init_section_suites`)?
pub fn registers_suites(text: &str) -> bool {
    // The macro's use starts a line; the framework's own files only name the functions.
    text.lines().any(|l| {
        let l = l.trim_start();
        ["kunit_test_suite", "kunit_test_init_section_suite"]
            .iter()
            .any(|m| {
                l.strip_prefix(m)
                    .is_some_and(|r| r.trim_start_matches('s').trim_start().starts_with('('))
            })
    })
}

/// The `.c` files `text` includes with `#include "file.c"`, each with the option its
/// innermost enclosing `#ifdef CONFIG_X` / `#if IS_ENABLED(CONFIG_X)` (or `IS_BUILTIN`,
/// `defined`) requires, if any (hid-input.c includes its test under CONFIG_HID_KUNIT_TEST).
pub fn included_c_files(text: &str) -> Vec<(String, Option<String>)> {
    let mut conds: Vec<Option<String>> = Vec::new();
    let mut out = Vec::new();
    for l in text.lines() {
        let Some(d) = l.trim_start().strip_prefix('#') else {
            continue;
        };
        let d = d.trim_start();
        if d.starts_with("ifndef") {
            conds.push(None);
        } else if let Some(c) = d.strip_prefix("ifdef").or_else(|| d.strip_prefix("if")) {
            let c = c.trim();
            let guard = (!c.contains('!') && !c.contains("||"))
                .then(|| c.find("CONFIG_").map(|i| ident(&c[i..]).to_string()))
                .flatten();
            conds.push(guard);
        } else if d.starts_with("else") || d.starts_with("elif") {
            // The other branch: not the guard's.
            if let Some(top) = conds.last_mut() {
                *top = None;
            }
        } else if d.starts_with("endif") {
            conds.pop();
        } else if let Some(f) = d.strip_prefix("include") {
            let Some(f) = f.trim().strip_prefix('"') else {
                continue;
            };
            let Some(end) = f.find('"') else { continue };
            let f = &f[..end];
            if f.ends_with(".c") {
                let guard = conds.iter().rev().flatten().next().cloned();
                out.push((f.to_string(), guard));
            }
        }
    }
    out
}

/// One suite as the source declares it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeclaredSuite {
    /// `.name = "..."`.
    pub name: String,
    /// The `KUNIT_CASE*(name)` entries of its `.test_cases` array (empty when not found).
    pub cases: Vec<String>,
    /// The array was read and the configuration leaves it no case (kunit-test.c's
    /// kunit_fault under UML): KUnit reports the suite itself as skipped, `1..0`.
    pub no_case: bool,
}

/// For each line of `block`, whether the options its enclosing `#ifdef CONFIG_X`,
/// `#ifndef CONFIG_X`, `#if IS_ENABLED(CONFIG_X)` (`IS_BUILTIN`, `defined`) lines require
/// hold under `is_set`; a condition of another shape counts as holding.
fn active_lines(block: &str, is_set: &dyn Fn(&str) -> bool) -> Vec<(usize, bool)> {
    // Each open conditional: does its branch hold (None: unknown, taken as holding)?
    let mut conds: Vec<Option<bool>> = Vec::new();
    let mut out = Vec::new();
    let mut at = 0;
    for l in block.split_inclusive('\n') {
        let start = at;
        at += l.len();
        let Some(d) = l.trim_start().strip_prefix('#') else {
            out.push((start, conds.iter().all(|c| c.unwrap_or(true))));
            continue;
        };
        let d = d.trim_start();
        let option = |c: &str| {
            let c = c.trim();
            (!c.contains("||") && !c.contains("&&"))
                .then(|| c.find("CONFIG_").map(|i| ident(&c[i + 7..]).to_string()))
                .flatten()
        };
        if let Some(c) = d.strip_prefix("ifndef") {
            conds.push(option(c).map(|o| !is_set(&o)));
        } else if let Some(c) = d.strip_prefix("ifdef") {
            conds.push(option(c).map(|o| is_set(&o)));
        } else if let Some(c) = d.strip_prefix("if") {
            let negated = c.trim_start().starts_with('!');
            conds.push(option(c).map(|o| is_set(&o) != negated));
        } else if d.starts_with("elif") {
            if let Some(top) = conds.last_mut() {
                *top = None;
            }
        } else if d.starts_with("else") {
            if let Some(top) = conds.last_mut() {
                *top = top.map(|b| !b);
            }
        } else if d.starts_with("endif") {
            conds.pop();
        }
        out.push((start, false));
    }
    out
}

/// The identifier starting at `s` (letters, digits, `_`).
fn ident(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The text of the `{ ... }` block starting at the first `{` at or after `from`.
fn block(text: &str, from: usize) -> Option<&str> {
    let open = from + text[from..].find('{')?;
    let mut depth = 0usize;
    for (i, c) in text[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&text[open + 1..open + i]);
                }
            }
            _ => {}
        }
    }
    None
}

/// Each `struct TYPE NAME ... = { ... }` of `text`: (NAME, block).
fn definitions<'a>(text: &'a str, ty: &str) -> Vec<(&'a str, &'a str)> {
    let pat = format!("struct {ty} ");
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(i) = text[at..].find(&pat) {
        let start = at + i + pat.len();
        at = start;
        // A definition: `[attributes] NAME[] = {` or `NAME = {` before any `;`; the name is
        // the last word before `[` or `=` (`__refdata` and the like come first).
        let tail = &text[start..];
        let (Some(eq), semi) = (tail.find('='), tail.find(';')) else {
            continue;
        };
        if semi.is_some_and(|s| s < eq) || tail[..eq].contains('(') {
            continue;
        }
        let head = tail[..eq].split('[').next().unwrap_or("");
        let name = head.split_whitespace().last().unwrap_or("");
        if name.is_empty() || ident(name) != name {
            continue;
        }
        if let Some(b) = block(text, start + eq) {
            out.push((name, b));
        }
    }
    out
}

/// The suites `text` declares, each with its cases; a file whose suites cannot be read
/// gives one suite named `stem` (the file's name without `.c`, `-` as `_`), no cases.
pub fn declared_suites(text: &str, stem: &str) -> Vec<DeclaredSuite> {
    declared_suites_under(text, stem, &|_| true)
}

/// [`declared_suites`] under a configuration: a case inside `#ifdef CONFIG_X` (and the
/// like) counts when `is_set("X")`.
pub fn declared_suites_under(
    text: &str,
    stem: &str,
    is_set: &dyn Fn(&str) -> bool,
) -> Vec<DeclaredSuite> {
    // Each array: its name, its cases, and whether the configuration leaves it nothing but
    // the terminating `{}` (a case list another macro builds is not that).
    let arrays: Vec<(&str, Vec<String>, bool)> = definitions(text, "kunit_case")
        .into_iter()
        .map(|(name, b)| {
            let lines = active_lines(b, is_set);
            let mut rest: String = lines
                .iter()
                .enumerate()
                .filter(|(_, (_, on))| *on)
                .map(|(i, (start, _))| {
                    let end = lines.get(i + 1).map_or(b.len(), |n| n.0);
                    &b[*start..end]
                })
                .collect::<String>()
                .chars()
                .filter(|c| !c.is_whitespace() && *c != ',')
                .collect();
            while rest.contains("{}") {
                rest = rest.replace("{}", "");
            }
            let mut cases = Vec::new();
            let mut at = 0;
            while let Some(i) = b[at..].find("KUNIT_CASE") {
                let s = &b[at + i..];
                let line = lines.partition_point(|(start, _)| *start <= at + i);
                let active = line == 0 || lines[line - 1].1;
                at += i + "KUNIT_CASE".len();
                if !active {
                    continue;
                }
                if let Some(p) = s.find('(') {
                    let arg = ident(s[p + 1..].trim_start());
                    if !arg.is_empty() && !s[..p].contains(|c: char| c.is_whitespace()) {
                        cases.push(arg.to_string());
                    }
                }
            }
            let empty = rest.is_empty();
            (name, cases, empty)
        })
        .collect();
    let mut suites = Vec::new();
    for (_, b) in definitions(text, "kunit_suite") {
        let Some(n) = b.find(".name") else { continue };
        let after = b[n + ".name".len()..].trim_start();
        let after = after.strip_prefix('=').unwrap_or(after).trim_start();
        let name = if after.starts_with("KBUILD_MODNAME") {
            // The module's name: the file's, `-` as `_` (kbuild's KBUILD_MODNAME).
            stem.replace('-', "_")
        } else {
            let Some(q) = after.find('"') else { continue };
            let Some(len) = after[q + 1..].find('"') else {
                continue;
            };
            after[q + 1..q + 1 + len].to_string()
        };
        let array = b.find(".test_cases").and_then(|t| {
            let v = b[t..].split_once('=')?.1.trim_start();
            let v = ident(v);
            arrays.iter().find(|(a, ..)| *a == v)
        });
        suites.push(DeclaredSuite {
            name,
            cases: array.map(|a| a.1.clone()).unwrap_or_default(),
            no_case: array.is_some_and(|a| a.1.is_empty() && a.2),
        });
    }
    if suites.is_empty() {
        suites.push(DeclaredSuite {
            name: stem.replace('-', "_"),
            cases: Vec::new(),
            no_case: false,
        });
    }
    suites
}

/// The global symbols `text` appears to define: `EXPORT_SYMBOL*(name)` and function
/// definitions that start a line and are not `static`. A guess, checked with `nm` later.
pub fn defined_symbols(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(rest) = line.strip_prefix("EXPORT_SYMBOL") {
            if let Some(p) = rest.find('(') {
                let name = ident(rest[p + 1..].trim_start());
                if !name.is_empty() {
                    out.push(name.to_string());
                }
            }
            continue;
        }
        let starts = line.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
        if !starts
            || line.starts_with("static")
            || line.starts_with("typedef")
            || line.starts_with("struct ") && line.trim_end().ends_with('{')
            || line.contains('=')
            || line.trim_end().ends_with(';')
        {
            continue;
        }
        // `TYPE name(args)`, possibly continued on the next lines; a definition when the
        // parameters' line (or the next) ends in `{` or the next line is `{`.
        let Some(paren) = line.find('(') else {
            continue;
        };
        let head = line[..paren].trim_end();
        let name_start = head
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let name = &head[name_start..];
        if name.is_empty()
            || name_start == 0
            || name.chars().all(|c| c.is_ascii_uppercase() || c == '_')
        {
            continue;
        }
        let mut tail = line.trim_end().to_string();
        while !tail.ends_with('{') && !tail.ends_with(';') && !tail.ends_with(')') {
            match lines.next() {
                Some(l) => tail = l.trim_end().to_string(),
                None => break,
            }
        }
        let definition = tail.ends_with('{')
            || (tail.ends_with(')') && lines.peek().is_some_and(|l| l.starts_with('{')));
        if definition {
            out.push(name.to_string());
        }
    }
    out
}

#[cfg(test)]
#[path = "source_scan_kunit.rs"]
mod source_scan_kunit;
