//! The subset of make that kbuild Makefiles use to list objects: `=`, `:=`, `+=`, `?=`;
//! `$(VAR)`, `${VAR}`, `$(f args)` for subst, patsubst, strip, filter, filter-out, addprefix,
//! addsuffix, if, or, and, foreach, eval, call (with kbuild's cc-option and
//! cc-disable-warning asking the real compiler), sort, notdir, dir, basename, wildcard;
//! `ifdef`/`ifndef`/`ifeq`/`ifneq`/`else`/`endif`. Explicit rules are kept ([`Rule`]: targets
//! and prerequisites expanded when read, the recipe as written, as make does); `include`s,
//! `define`s and the rules this subset does not read (static patterns, target-specific
//! variables) are recorded in [`Makefile::skipped`], never silently dropped.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

#[derive(Clone, Debug)]
enum Var {
    Simple(String),
    Recursive(String),
}

/// An explicit rule: `targets: prerequisites` and the recipe lines under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Where it is written, as `file:line`.
    pub at: String,
    /// The targets, expanded when the rule was read.
    pub targets: Vec<String>,
    /// The prerequisites (order-only ones too), expanded when the rule was read.
    pub prereqs: Vec<String>,
    /// The recipe's lines as written (make expands them when it runs them).
    pub recipe: Vec<String>,
}

/// One evaluated Makefile's variables.
#[derive(Debug, Default)]
pub struct Makefile {
    vars: HashMap<String, Var>,
    /// The option an `obj-…`/composite word was added under, by `(variable, word)`.
    pub provenance: HashMap<(String, String), String>,
    /// Lines not evaluated (includes, `define`, rules of forms not read), as
    /// `file:line: text`.
    pub skipped: Vec<String>,
    /// The explicit rules, in file order.
    pub rules: Vec<Rule>,
    /// Where `$(wildcard)` looks and kbuild's `cc-option` probes run.
    pub srctree: PathBuf,
    /// The C compiler for `cc-option`.
    pub cc: String,
    /// `cc-option` answers by flag (shared across a tree's directories by the caller).
    pub probe_cache: HashMap<String, bool>,
}

impl Makefile {
    /// A Makefile evaluator with `vars` predefined (CONFIG_*, src, obj, srctree).
    pub fn new(vars: &[(String, String)], srctree: PathBuf, cc: &str) -> Makefile {
        let mut m = Makefile {
            srctree,
            cc: cc.to_string(),
            ..Makefile::default()
        };
        for (k, v) in vars {
            m.vars.insert(k.clone(), Var::Simple(v.clone()));
        }
        m
    }

    /// The expanded value of `name`.
    pub fn get(&mut self, name: &str) -> String {
        self.expand(&format!("$({name})"))
    }

    /// The words of `name`'s value.
    pub fn words(&mut self, name: &str) -> Vec<String> {
        self.get(name)
            .split_whitespace()
            .map(String::from)
            .collect()
    }

    /// Whether `name` is set.
    pub fn defined(&self, name: &str) -> bool {
        self.vars.contains_key(name)
    }

    /// The names of all variables.
    pub fn names(&self) -> Vec<String> {
        self.vars.keys().cloned().collect()
    }

    /// Evaluates a Makefile's text (`file` names it in [`Makefile::skipped`]).
    pub fn eval_text(&mut self, file: &str, text: &str) {
        // (taking, any branch taken yet, the option the condition tests)
        let mut conds: Vec<(bool, bool, Option<String>)> = Vec::new();
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        let mut in_define = false;
        // The rule the recipe lines that follow belong to.
        let mut last_rule: Option<usize> = None;
        while i < lines.len() {
            let lineno = i + 1;
            let mut line = lines[i].to_string();
            while line.ends_with('\\') && i + 1 < lines.len() {
                line.pop();
                i += 1;
                line.push(' ');
                line.push_str(lines[i].trim_start());
            }
            i += 1;
            if in_define {
                if line.trim() == "endef" {
                    in_define = false;
                }
                continue;
            }
            let recipe = line.starts_with('\t');
            if recipe && conds.iter().all(|c| c.0) {
                if let Some(r) = last_rule {
                    // The shell reads the recipe (and its comments), not make.
                    let cmd = line.trim();
                    if !cmd.is_empty() {
                        self.rules[r].recipe.push(cmd.to_string());
                    }
                    continue;
                }
            }
            let line = strip_comment(&line);
            let t = line.trim();
            if t.is_empty() {
                continue;
            }
            let (kw, rest) = match t.find(char::is_whitespace) {
                Some(k) => (&t[..k], t[k..].trim()),
                None => (t, ""),
            };
            let taking = conds.iter().all(|c| c.0);
            match kw {
                "ifdef" | "ifndef" | "ifeq" | "ifneq" => {
                    let v = taking && self.condition(kw, rest);
                    conds.push((v, v, cond_option(rest)));
                    continue;
                }
                "else" => {
                    let outer = conds.len() > 1 && !conds[..conds.len() - 1].iter().all(|c| c.0);
                    let Some(top) = conds.last_mut() else {
                        self.skipped
                            .push(format!("{file}:{lineno}: `else` without `if`"));
                        continue;
                    };
                    let already = top.1;
                    let (kw2, rest2) = match rest.find(char::is_whitespace) {
                        Some(k) => (&rest[..k], rest[k..].trim()),
                        None => (rest, ""),
                    };
                    let v = if kw2.is_empty() {
                        !already
                    } else {
                        !already && !outer && self.condition(kw2, rest2)
                    };
                    let option = cond_option(rest2);
                    let top = conds.last_mut().expect("checked");
                    top.0 = v && !outer;
                    top.1 = already || v;
                    if option.is_some() {
                        top.2 = option;
                    }
                    continue;
                }
                "endif" => {
                    if conds.pop().is_none() {
                        self.skipped
                            .push(format!("{file}:{lineno}: `endif` without `if`"));
                    }
                    continue;
                }
                _ => {}
            }
            if !taking {
                continue;
            }
            if recipe {
                continue;
            }
            if kw == "define" {
                in_define = true;
                self.skipped.push(format!("{file}:{lineno}: {t}"));
                continue;
            }
            let under = conds.iter().rev().find_map(|c| c.2.clone());
            last_rule = None;
            if self.statement(t, under.as_deref()) {
                continue;
            }
            match self.rule(t, &format!("{file}:{lineno}")) {
                Some(r) => last_rule = Some(r),
                None => self.skipped.push(format!("{file}:{lineno}: {t}")),
            }
        }
    }

    /// An assignment or a line that expands to nothing (`$(foreach … $(eval …))`); false for
    /// anything else (rules, includes).
    fn statement(&mut self, t: &str, under: Option<&str>) -> bool {
        if let Some((lhs, op, rhs)) = split_assignment(t) {
            let name = self.expand(lhs.trim());
            let name = name
                .strip_prefix("override ")
                .or_else(|| name.strip_prefix("export "))
                .unwrap_or(&name)
                .trim()
                .to_string();
            let option = config_in(lhs).or_else(|| under.map(String::from));
            let rhs = rhs.trim();
            // What this line adds, expanded only when its provenance is recorded (an
            // expansion may run a compiler probe).
            let added_text = match op {
                ":=" | "::=" => {
                    let v = self.expand(rhs);
                    self.vars.insert(name.clone(), Var::Simple(v.clone()));
                    Some(v)
                }
                "=" => {
                    self.vars
                        .insert(name.clone(), Var::Recursive(rhs.to_string()));
                    None
                }
                "?=" => {
                    if !self.vars.contains_key(&name) {
                        self.vars
                            .insert(name.clone(), Var::Recursive(rhs.to_string()));
                    }
                    None
                }
                _ => match self.vars.get(&name).cloned() {
                    Some(Var::Simple(old)) => {
                        let v = self.expand(rhs);
                        self.vars.insert(name.clone(), Var::Simple(join(&old, &v)));
                        Some(v)
                    }
                    Some(Var::Recursive(old)) => {
                        self.vars
                            .insert(name.clone(), Var::Recursive(join(&old, rhs)));
                        None
                    }
                    None => {
                        self.vars
                            .insert(name.clone(), Var::Recursive(rhs.to_string()));
                        None
                    }
                },
            };
            let added = match (&option, added_text) {
                (None, _) => String::new(),
                (Some(_), Some(v)) => v,
                (Some(_), None) => self.expand(rhs),
            };
            if let Some(o) = option {
                for w in added.split_whitespace() {
                    self.provenance
                        .entry((name.clone(), w.to_string()))
                        .or_insert_with(|| o.clone());
                }
            }
            return true;
        }
        if t.starts_with("$(") && t.ends_with(')') && !t.contains(':') {
            return self.expand(t).trim().is_empty();
        }
        false
    }

    /// An explicit rule (`a b: c d` or `a: c ; recipe`), its index in [`Makefile::rules`];
    /// `None` for what is not one, or is one of the forms not read: a static pattern rule
    /// (`a: %.x: %.y`) or a target-specific variable (`a: X += y`).
    fn rule(&mut self, t: &str, at: &str) -> Option<usize> {
        let (targets, rest) = split_rule(t)?;
        let (prereqs, inline) = match rest.split_once(';') {
            Some((p, r)) => (p, Some(r.trim())),
            None => (rest, None),
        };
        if split_rule(prereqs).is_some() || split_assignment(prereqs.trim()).is_some() {
            return None;
        }
        let targets = words(&self.expand(targets));
        if targets.is_empty() {
            return None;
        }
        let prereqs = words(&self.expand(prereqs))
            .into_iter()
            .filter(|p| p != "|")
            .collect();
        self.rules.push(Rule {
            at: at.to_string(),
            targets,
            prereqs,
            recipe: inline
                .filter(|r| !r.is_empty())
                .map(|r| vec![r.to_string()])
                .unwrap_or_default(),
        });
        Some(self.rules.len() - 1)
    }

    /// Expands `text` with `vars` set for the time of it (make's automatic variables `@`,
    /// `<`, `^` for a recipe), restoring what they were.
    pub fn expand_with(&mut self, text: &str, vars: &[(&str, String)]) -> String {
        let saved: Vec<(String, Option<Var>)> = vars
            .iter()
            .map(|(k, _)| (k.to_string(), self.vars.get(*k).cloned()))
            .collect();
        for (k, v) in vars {
            self.vars.insert(k.to_string(), Var::Simple(v.clone()));
        }
        let out = self.expand(text);
        for (k, old) in saved {
            match old {
                Some(o) => self.vars.insert(k, o),
                None => self.vars.remove(&k),
            };
        }
        out
    }

    fn condition(&mut self, kw: &str, rest: &str) -> bool {
        match kw {
            "ifdef" | "ifndef" => {
                let name = self.expand(rest);
                let set = !self.get(name.trim()).is_empty();
                set == (kw == "ifdef")
            }
            _ => {
                let Some((a, b)) = cond_args(rest) else {
                    return false;
                };
                let (a, b) = (self.expand(&a), self.expand(&b));
                (a.trim() == b.trim()) == (kw == "ifeq")
            }
        }
    }

    /// Expands every variable reference and function of `s`.
    pub fn expand(&mut self, s: &str) -> String {
        let mut out = String::new();
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i] != b'$' {
                let ch = s[i..].chars().next().unwrap_or(' ');
                out.push(ch);
                i += ch.len_utf8();
                continue;
            }
            match b.get(i + 1) {
                Some(b'$') => {
                    out.push('$');
                    i += 2;
                }
                Some(&open @ (b'(' | b'{')) => {
                    let close = if open == b'(' { b')' } else { b'}' };
                    let mut depth = 1;
                    let mut j = i + 2;
                    while j < b.len() {
                        if b[j] == open {
                            depth += 1;
                        } else if b[j] == close {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        j += 1;
                    }
                    let body = &s[i + 2..j.min(s.len())];
                    out.push_str(&self.reference(body));
                    i = j + 1;
                }
                Some(&c) => {
                    out.push_str(&self.reference(&(c as char).to_string()));
                    i += 2;
                }
                None => i += 1,
            }
        }
        out
    }

    fn reference(&mut self, body: &str) -> String {
        if let Some(k) = body.find([' ', '\t']) {
            let f = &body[..k];
            if let Some(v) = self.function(f, body[k..].trim_start()) {
                return v;
            }
        }
        let name = self.expand(body);
        // $(VAR:a=b) substitution references.
        if let Some((var, pat)) = name.split_once(':') {
            if let Some((from, to)) = pat.split_once('=') {
                let (from, to) = if from.contains('%') {
                    (from.to_string(), to.to_string())
                } else {
                    (format!("%{from}"), format!("%{to}"))
                };
                let v = self.get(var);
                return patsubst(&from, &to, &v);
            }
        }
        match self.vars.get(&name).cloned() {
            Some(Var::Simple(v)) => v,
            Some(Var::Recursive(v)) => self.expand(&v),
            None => String::new(),
        }
    }

    fn function(&mut self, f: &str, args: &str) -> Option<String> {
        let raw = split_args(args);
        let arg = |me: &mut Self, i: usize| raw.get(i).map(|a| me.expand(a)).unwrap_or_default();
        Some(match f {
            "subst" => {
                let (a, b, t) = (arg(self, 0), arg(self, 1), arg(self, 2));
                if a.is_empty() {
                    t
                } else {
                    t.replace(&a, &b)
                }
            }
            "patsubst" => {
                let (a, b, t) = (arg(self, 0), arg(self, 1), arg(self, 2));
                patsubst(a.trim(), b.trim(), &t)
            }
            "strip" => words(&arg(self, 0)).join(" "),
            "filter" | "filter-out" => {
                let pats: Vec<String> = words(&arg(self, 0));
                let keep = f == "filter";
                words(&arg(self, 1))
                    .into_iter()
                    .filter(|w| pats.iter().any(|p| pat_match(p, w).is_some()) == keep)
                    .collect::<Vec<_>>()
                    .join(" ")
            }
            "addprefix" | "addsuffix" => {
                let fix = arg(self, 0);
                words(&arg(self, 1))
                    .into_iter()
                    .map(|w| {
                        if f == "addprefix" {
                            format!("{}{w}", fix.trim())
                        } else {
                            format!("{w}{}", fix.trim())
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            }
            "sort" => {
                let mut w = words(&arg(self, 0));
                w.sort();
                w.dedup();
                w.join(" ")
            }
            "notdir" | "dir" | "basename" => words(&arg(self, 0))
                .into_iter()
                .map(|w| match f {
                    "notdir" => w.rsplit('/').next().unwrap_or("").to_string(),
                    "dir" => match w.rfind('/') {
                        Some(k) => w[..=k].to_string(),
                        None => "./".into(),
                    },
                    _ => match w.rfind('.') {
                        Some(k) if !w[k..].contains('/') => w[..k].to_string(),
                        _ => w,
                    },
                })
                .collect::<Vec<_>>()
                .join(" "),
            "if" => {
                let c = arg(self, 0);
                if !c.trim().is_empty() {
                    arg(self, 1)
                } else {
                    arg(self, 2)
                }
            }
            "or" => {
                for k in 0..raw.len() {
                    let v = arg(self, k);
                    if !v.trim().is_empty() {
                        return Some(v);
                    }
                }
                String::new()
            }
            "and" => {
                let mut last = String::new();
                for k in 0..raw.len() {
                    last = arg(self, k);
                    if last.trim().is_empty() {
                        return Some(String::new());
                    }
                }
                last
            }
            "foreach" => {
                let var = arg(self, 0).trim().to_string();
                let list = words(&arg(self, 1));
                let body = raw.get(2).cloned().unwrap_or_default();
                let saved = self.vars.get(&var).cloned();
                let mut out = Vec::new();
                for w in list {
                    self.vars.insert(var.clone(), Var::Simple(w));
                    out.push(self.expand(&body));
                }
                match saved {
                    Some(v) => self.vars.insert(var, v),
                    None => self.vars.remove(&var),
                };
                out.join(" ")
            }
            "eval" => {
                let text = arg(self, 0);
                if !self.statement(text.trim(), None) {
                    self.skipped.push(format!("$(eval): {text}"));
                }
                String::new()
            }
            "call" => {
                let name = arg(self, 0).trim().to_string();
                let args: Vec<String> = (1..raw.len()).map(|k| arg(self, k)).collect();
                self.call(&name, &args)
            }
            "wildcard" => words(&arg(self, 0))
                .into_iter()
                .filter(|w| self.srctree.join(w).exists() || std::path::Path::new(w).exists())
                .collect::<Vec<_>>()
                .join(" "),
            "firstword" | "lastword" => {
                let w = words(&arg(self, 0));
                let pick = if f == "firstword" {
                    w.first()
                } else {
                    w.last()
                };
                pick.cloned().unwrap_or_default()
            }
            "words" => words(&arg(self, 0)).len().to_string(),
            "findstring" => {
                let (a, t) = (arg(self, 0), arg(self, 1));
                if t.contains(&a) {
                    a
                } else {
                    String::new()
                }
            }
            "info" | "warning" => String::new(),
            _ => return None,
        })
    }

    fn call(&mut self, name: &str, args: &[String]) -> String {
        let a = |k: usize| {
            args.get(k)
                .map(|s| s.trim().to_string())
                .unwrap_or_default()
        };
        match name {
            // scripts/Makefile.compiler: the flag if the compiler takes it, else the fallback.
            "cc-option" => {
                if self.probe(&a(0)) {
                    a(0)
                } else {
                    a(1)
                }
            }
            // -Wno-X when the compiler knows -WX (it accepts any -Wno- silently).
            "cc-disable-warning" => {
                if self.probe(&format!("-W{}", a(0))) {
                    format!("-Wno-{}", a(0))
                } else {
                    String::new()
                }
            }
            _ => {
                let saved: Vec<_> = (1..=args.len())
                    .map(|k| (k.to_string(), self.vars.get(&k.to_string()).cloned()))
                    .collect();
                for (k, v) in args.iter().enumerate() {
                    self.vars
                        .insert((k + 1).to_string(), Var::Simple(v.clone()));
                }
                let v = self.get(name);
                for (k, old) in saved {
                    match old {
                        Some(o) => self.vars.insert(k, o),
                        None => self.vars.remove(&k),
                    };
                }
                v
            }
        }
    }

    fn probe(&mut self, flag: &str) -> bool {
        if let Some(&v) = self.probe_cache.get(flag) {
            return v;
        }
        let ok = Command::new(&self.cc)
            .args([
                "-Werror",
                flag,
                "-c",
                "-x",
                "c",
                "/dev/null",
                "-o",
                "/dev/null",
            ])
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false);
        self.probe_cache.insert(flag.to_string(), ok);
        ok
    }
}

fn join(a: &str, b: &str) -> String {
    if a.is_empty() {
        b.to_string()
    } else {
        format!("{a} {b}")
    }
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

/// What `%` matched when `w` matches pattern `p` (the whole word when `p` has no `%`).
fn pat_match<'w>(p: &str, w: &'w str) -> Option<&'w str> {
    match p.split_once('%') {
        Some((pre, suf)) => {
            if w.len() >= pre.len() + suf.len() && w.starts_with(pre) && w.ends_with(suf) {
                Some(&w[pre.len()..w.len() - suf.len()])
            } else {
                None
            }
        }
        None => (p == w).then_some(w),
    }
}

fn patsubst(from: &str, to: &str, text: &str) -> String {
    text.split_whitespace()
        .map(|w| match pat_match(from, w) {
            Some(stem) if from.contains('%') => to.replacen('%', stem, 1),
            Some(_) => to.to_string(),
            None => w.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Splits a function's arguments at top-level commas.
fn split_args(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut cur = String::new();
    for c in s.chars() {
        match c {
            '(' | '{' => depth += 1,
            ')' | '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    out.push(cur);
    out
}

/// `(a,b)`, `"a" "b"` or `'a' 'b'`.
fn cond_args(rest: &str) -> Option<(String, String)> {
    let r = rest.trim();
    if let Some(inner) = r.strip_prefix('(').and_then(|x| x.strip_suffix(')')) {
        let parts = split_args(inner);
        if parts.len() == 2 {
            return Some((parts[0].clone(), parts[1].clone()));
        }
        return None;
    }
    // Two quoted words: "a" "b" or 'a' 'b' (each may use either quote).
    let mut out = Vec::new();
    let mut rest = r;
    for _ in 0..2 {
        rest = rest.trim_start();
        let q = rest.chars().next().filter(|c| *c == '"' || *c == '\'')?;
        let end = rest[1..].find(q)? + 1;
        out.push(rest[1..end].to_string());
        rest = &rest[end + 1..];
    }
    rest.trim()
        .is_empty()
        .then(|| (out[0].clone(), out[1].clone()))
}

/// The first `$(CONFIG_X)` a text mentions, as `CONFIG_X`.
fn config_in(s: &str) -> Option<String> {
    let i = s.find("$(CONFIG_")?;
    let end = s[i..].find(')')?;
    Some(s[i + 2..i + end].to_string())
}

/// The option an `ifdef`/`ifeq` tests, if it names one.
fn cond_option(rest: &str) -> Option<String> {
    if rest.trim_start().starts_with("CONFIG_") {
        return Some(rest.split_whitespace().next()?.to_string());
    }
    config_in(rest)
}

/// `NAME OP VALUE` where OP is `=`, `:=`, `::=`, `+=` or `?=` (and no rule colon before it).
fn split_assignment(t: &str) -> Option<(&str, &str, &str)> {
    let mut depth = 0;
    let b = t.as_bytes();
    for i in 0..b.len() {
        match b[i] {
            b'(' | b'{' => depth += 1,
            b')' | b'}' => depth -= 1,
            _ if depth > 0 => {}
            b'=' => return Some((&t[..i], "=", &t[i + 1..])),
            b':' => {
                if t[i..].starts_with("::=") {
                    return Some((&t[..i], "::=", &t[i + 3..]));
                }
                if t[i..].starts_with(":=") {
                    return Some((&t[..i], ":=", &t[i + 2..]));
                }
                return None;
            }
            b'+' | b'?' if b.get(i + 1) == Some(&b'=') => {
                let op = if b[i] == b'+' { "+=" } else { "?=" };
                return Some((&t[..i], op, &t[i + 2..]));
            }
            _ => {}
        }
    }
    None
}

/// `TARGETS: REST` split at the first top-level `:` (or `::`) that is not part of `:=`.
fn split_rule(t: &str) -> Option<(&str, &str)> {
    let mut depth = 0;
    let b = t.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'(' | b'{' => depth += 1,
            b')' | b'}' => depth -= 1,
            b':' if depth == 0 => {
                if b.get(i + 1) == Some(&b'=') {
                    return None;
                }
                let skip = if b.get(i + 1) == Some(&b':') { 2 } else { 1 };
                return Some((&t[..i], &t[i + skip..]));
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The line up to its comment; `\#` is a literal `#` (make drops the backslash).
fn strip_comment(line: &str) -> String {
    let mut out = String::new();
    let mut prev = ' ';
    for c in line.chars() {
        if c == '#' {
            if prev != '\\' {
                break;
            }
            out.pop();
        }
        out.push(c);
        prev = c;
    }
    out
}

#[cfg(test)]
#[path = "makefile_kunit.rs"]
mod makefile_kunit;
