//! Reads a tree's Kconfig files into a [`Kconfig`]: the line-based syntax of
//! Documentation/kbuild/kconfig-language.rst, with `$(…)` expanded before a line is read (as
//! the kernel's lexer does) and each property's condition holding its entry's dependencies.
//!
//! Why not nom-kconfig (0.13.0, evaluated on Debian's 6.12 tree with SRCARCH=um): it parses
//! the whole tree, but in 12.4 s against 0.3 s here (release builds, same machine), and it
//! leaves `$(…)` unexpanded in its syntax tree, while the kernel expands macros textually before
//! tokens exist (`def_bool $(success,…)` is `def_bool y`), so every place a macro may stand
//! would need a second evaluator; its `source` paths use its own variable map rather than the
//! variables the Kconfig files define.

use super::expr::{tokenize, Atom, Expr, ExprParser, Tok};
use super::macros::Macros;
use super::model::{Choice, Default, Kconfig, Loc, Range, Type};
use std::path::{Path, PathBuf};

/// What the attribute lines being read belong to.
#[derive(Debug)]
enum Current {
    None,
    Config(Entry),
    Choice(Entry, usize),
    /// A `menu` (its block is the top of the stack) or a `comment` (`false`).
    Menu(bool),
}

/// A config or choice entry's attributes, applied when the entry ends (its `depends on` lines
/// hold for every property, wherever they are written).
#[derive(Debug, Default)]
struct Entry {
    sym: usize,
    ty: Option<Type>,
    prompts: Vec<Option<Expr>>,
    defaults: Vec<(Expr, Option<Expr>)>,
    selects: Vec<(usize, Option<Expr>)>,
    implies: Vec<(usize, Option<Expr>)>,
    ranges: Vec<(Atom, Atom, Option<Expr>)>,
    depends: Vec<Expr>,
    loc: Loc,
}

/// An open `menu`, `if` or `choice` block.
#[derive(Debug)]
struct Block {
    kind: &'static str,
    dep: Expr,
    visible: Expr,
    loc: Loc,
}

struct Parser<'m> {
    tree: PathBuf,
    kc: Kconfig,
    mac: &'m mut Macros,
    blocks: Vec<Block>,
    cur: Current,
    errors: Vec<String>,
    choice_stack: Vec<usize>,
}

const KEYWORDS: &[&str] = &[
    "config",
    "menuconfig",
    "choice",
    "endchoice",
    "comment",
    "menu",
    "endmenu",
    "if",
    "endif",
    "source",
    "rsource",
    "osource",
    "orsource",
    "mainmenu",
    "bool",
    "boolean",
    "tristate",
    "int",
    "hex",
    "string",
    "def_bool",
    "def_tristate",
    "prompt",
    "default",
    "depends",
    "select",
    "imply",
    "range",
    "visible",
    "help",
    "---help---",
    "option",
    "modules",
    "optional",
    "transitional",
];

/// Parses the Kconfig tree rooted at `tree`, starting at the file `top` (relative to `tree`).
pub fn parse_tree(tree: &Path, top: &str, mac: &mut Macros) -> Result<Kconfig, Vec<String>> {
    let mut p = Parser {
        tree: tree.to_path_buf(),
        kc: Kconfig::default(),
        mac,
        blocks: Vec::new(),
        cur: Current::None,
        errors: Vec::new(),
        choice_stack: Vec::new(),
    };
    p.file(top, false, 0);
    p.end_entry();
    if let Some(b) = p.blocks.last() {
        p.errors.push(format!(
            "{}:{}: `{}` is never closed",
            b.loc.file, b.loc.line, b.kind
        ));
    }
    if let Some(m) = p.kc.modules {
        // `m` in a dependency holds only with modules enabled (menu_check_dep).
        for s in &mut p.kc.syms {
            let fix = |e: &mut Expr| {
                if e.mentions_m() {
                    *e = std::mem::replace(e, Expr::y()).with_modules(m);
                }
            };
            s.prompts.iter_mut().for_each(fix);
            s.defaults.iter_mut().for_each(|d| fix(&mut d.cond));
            s.ranges.iter_mut().for_each(|r| fix(&mut r.cond));
            for e in [&mut s.dir_dep, &mut s.rev_dep, &mut s.implied]
                .into_iter()
                .flatten()
            {
                fix(e);
            }
        }
        for c in &mut p.kc.choices {
            c.prompts.iter_mut().for_each(|e| {
                *e = std::mem::replace(e, Expr::y()).with_modules(m);
            });
        }
    }
    if p.errors.is_empty() {
        Ok(p.kc)
    } else {
        Err(p.errors)
    }
}

impl Parser<'_> {
    fn err(&mut self, loc: &Loc, msg: impl std::fmt::Display) {
        self.errors
            .push(format!("{}:{}: {msg}", loc.file, loc.line));
    }

    fn file(&mut self, rel: &str, optional: bool, depth: usize) {
        let path = self.tree.join(rel);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(_) if optional => return,
            Err(e) => {
                let loc = Loc {
                    file: self.mac.file.clone(),
                    line: self.mac.line,
                };
                self.err(&loc, format!("cannot read {}: {e}", path.display()));
                return;
            }
        };
        if depth > 64 {
            self.errors
                .push(format!("{rel}: `source` nested too deeply"));
            return;
        }
        self.kc.files.push(rel.to_string());
        let saved = (self.mac.file.clone(), self.mac.line);
        self.mac.file = rel.to_string();
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let lineno = i + 1;
            // Join continuation lines.
            let mut line = lines[i].to_string();
            while line.ends_with('\\') && i + 1 < lines.len() {
                line.pop();
                i += 1;
                line.push_str(lines[i]);
            }
            i += 1;
            self.mac.line = lineno;
            let loc = Loc {
                file: rel.to_string(),
                line: lineno,
            };
            let first = first_word(&line);
            if first == "help" || first == "---help---" {
                i = skip_help(&lines, i);
                continue;
            }
            if let Some((name, op, value)) = assignment(&line) {
                if let Err(e) = self.mac.assign(name, op, value) {
                    self.err(&loc, e);
                }
                continue;
            }
            let stripped = strip_comment(&line);
            let expanded = match self.mac.expand(stripped, &[]) {
                Ok(e) => e,
                Err(e) => {
                    self.err(&loc, e);
                    continue;
                }
            };
            let text = expanded.trim();
            if text.is_empty() {
                continue;
            }
            let (kw, rest) = split_word(text);
            if let Err(e) = self.line(kw, rest, &loc, depth) {
                self.err(&loc, e);
            }
        }
        self.mac.file = saved.0;
        self.mac.line = saved.1;
    }

    fn expr(&mut self, toks: &[Tok]) -> Result<(Expr, usize), String> {
        let kc = &mut self.kc;
        let mut intern = |n: &str| kc.intern(n);
        let mut p = ExprParser::new(toks, &mut intern);
        let e = p.expr()?;
        Ok((e, p.pos()))
    }

    /// `EXPR [if COND]` covering all of `toks`.
    fn expr_if(&mut self, toks: &[Tok]) -> Result<(Expr, Option<Expr>), String> {
        let (e, n) = self.expr(toks)?;
        let cond = self.opt_if(&toks[n..])?;
        Ok((e, cond))
    }

    fn opt_if(&mut self, toks: &[Tok]) -> Result<Option<Expr>, String> {
        match toks.first() {
            None => Ok(None),
            Some(Tok::Word(w)) if w == "if" => {
                let (c, n) = self.expr(&toks[1..])?;
                if n + 1 != toks.len() {
                    return Err(format!("unexpected {:?} after the condition", toks[n + 1]));
                }
                Ok(Some(c))
            }
            Some(t) => Err(format!("unexpected {t:?}")),
        }
    }

    fn atom(&mut self, toks: &[Tok]) -> Result<(Atom, usize), String> {
        let kc = &mut self.kc;
        let mut intern = |n: &str| kc.intern(n);
        let mut p = ExprParser::new(toks, &mut intern);
        let a = p.atom()?;
        Ok((a, p.pos()))
    }

    fn parent_dep(&self) -> Expr {
        self.blocks
            .iter()
            .fold(Expr::y(), |acc, b| Expr::and(acc, b.dep.clone()))
    }

    fn parent_visible(&self) -> Expr {
        self.blocks
            .iter()
            .fold(Expr::y(), |acc, b| Expr::and(acc, b.visible.clone()))
    }

    fn entry(&mut self) -> Option<&mut Entry> {
        match &mut self.cur {
            Current::Config(e) | Current::Choice(e, _) => Some(e),
            _ => None,
        }
    }

    fn line(&mut self, kw: &str, rest: &str, loc: &Loc, depth: usize) -> Result<(), String> {
        let toks = tokenize(rest)?;
        match kw {
            "config" | "menuconfig" => {
                self.end_entry();
                let name = match toks.as_slice() {
                    [Tok::Word(w)] => w.clone(),
                    _ => return Err(format!("`{kw}` needs one symbol name")),
                };
                let sym = self.kc.intern(&name);
                if let Some(&c) = self.choice_stack.last() {
                    self.kc.syms[sym].choice = Some(c);
                    self.kc.choices[c].members.push(sym);
                }
                self.cur = Current::Config(Entry {
                    sym,
                    loc: loc.clone(),
                    ..Entry::default()
                });
            }
            "choice" => {
                self.end_entry();
                self.kc.choices.push(Choice {
                    loc: loc.clone(),
                    ..Choice::default()
                });
                let c = self.kc.choices.len() - 1;
                self.cur = Current::Choice(
                    Entry {
                        loc: loc.clone(),
                        ..Entry::default()
                    },
                    c,
                );
            }
            "endchoice" | "endmenu" | "endif" => {
                self.end_entry();
                let want = match kw {
                    "endchoice" => "choice",
                    "endmenu" => "menu",
                    _ => "if",
                };
                match self.blocks.pop() {
                    Some(b) if b.kind == want => {}
                    Some(b) => {
                        return Err(format!(
                            "`{kw}` closes the `{}` of {}:{}",
                            b.kind, b.loc.file, b.loc.line
                        ))
                    }
                    None => return Err(format!("`{kw}` without `{want}`")),
                }
                if kw == "endchoice" {
                    self.choice_stack.pop();
                }
            }
            "menu" | "comment" => {
                self.end_entry();
                if kw == "menu" {
                    self.blocks.push(Block {
                        kind: "menu",
                        dep: Expr::y(),
                        visible: Expr::y(),
                        loc: loc.clone(),
                    });
                }
                self.cur = Current::Menu(kw == "menu");
            }
            "if" => {
                self.end_entry();
                let (e, n) = self.expr(&toks)?;
                if n != toks.len() {
                    return Err("unexpected text after the `if` condition".into());
                }
                self.blocks.push(Block {
                    kind: "if",
                    dep: e,
                    visible: Expr::y(),
                    loc: loc.clone(),
                });
            }
            "source" | "rsource" | "osource" | "orsource" => {
                self.end_entry();
                let path = match toks.as_slice() {
                    [Tok::Str(s)] | [Tok::Word(s)] => s.clone(),
                    _ => return Err(format!("`{kw}` needs one path")),
                };
                let rel = if kw.contains("rsource") {
                    let dir = Path::new(&loc.file).parent().unwrap_or(Path::new(""));
                    dir.join(&path).to_string_lossy().into_owned()
                } else {
                    path
                };
                self.file(&rel, kw.starts_with('o'), depth + 1);
            }
            "mainmenu" => {}
            "bool" | "boolean" | "tristate" | "int" | "hex" | "string" | "def_bool"
            | "def_tristate" => {
                let ty = match kw {
                    "bool" | "boolean" | "def_bool" => Type::Bool,
                    "tristate" | "def_tristate" => Type::Tristate,
                    "int" => Type::Int,
                    "hex" => Type::Hex,
                    _ => Type::String,
                };
                let is_def = kw.starts_with("def_");
                let parsed = if toks.is_empty() && is_def {
                    return Err(format!("`{kw}` needs a value"));
                } else if toks.is_empty() {
                    None
                } else if is_def {
                    Some(self.expr_if(&toks)?)
                } else {
                    match toks.first() {
                        Some(Tok::Str(_)) => Some((Expr::y(), self.opt_if(&toks[1..])?)),
                        _ => return Err(format!("`{kw}` takes a quoted prompt")),
                    }
                };
                let e = self.entry().ok_or(format!("`{kw}` outside a config"))?;
                e.ty = Some(ty);
                if let Some((v, cond)) = parsed {
                    if is_def {
                        e.defaults.push((v, cond));
                    } else {
                        e.prompts.push(cond);
                    }
                }
            }
            "prompt" => {
                let cond = match toks.first() {
                    Some(Tok::Str(_)) => self.opt_if(&toks[1..])?,
                    _ => return Err("`prompt` takes a quoted text".into()),
                };
                let e = self.entry().ok_or("`prompt` outside a config")?;
                e.prompts.push(cond);
            }
            "default" => {
                let (v, cond) = self.expr_if(&toks)?;
                let e = self.entry().ok_or("`default` outside a config")?;
                e.defaults.push((v, cond));
            }
            "depends" => {
                match toks.first() {
                    Some(Tok::Word(w)) if w == "on" => {}
                    _ => return Err("`depends` without `on`".into()),
                }
                let (e, n) = self.expr(&toks[1..])?;
                if n + 1 != toks.len() {
                    return Err("unexpected text after `depends on`".into());
                }
                match &mut self.cur {
                    Current::Config(en) | Current::Choice(en, _) => en.depends.push(e),
                    Current::Menu(true) => {
                        let b = self.blocks.last_mut().expect("menu block");
                        b.dep = Expr::and(std::mem::replace(&mut b.dep, Expr::y()), e);
                    }
                    Current::Menu(false) => {}
                    Current::None => return Err("`depends on` outside an entry".into()),
                }
            }
            "visible" => {
                match toks.first() {
                    Some(Tok::Word(w)) if w == "if" => {}
                    _ => return Err("`visible` without `if`".into()),
                }
                let (e, _) = self.expr(&toks[1..])?;
                match self.cur {
                    Current::Menu(true) => {
                        let b = self.blocks.last_mut().expect("menu block");
                        b.visible = Expr::and(std::mem::replace(&mut b.visible, Expr::y()), e);
                    }
                    _ => return Err("`visible if` outside a menu".into()),
                }
            }
            "select" | "imply" => {
                let target = match toks.first() {
                    Some(Tok::Word(w)) => self.kc.intern(w),
                    _ => return Err(format!("`{kw}` needs a symbol")),
                };
                let cond = self.opt_if(&toks[1..])?;
                let e = match &mut self.cur {
                    Current::Config(e) => e,
                    _ => return Err(format!("`{kw}` outside a config")),
                };
                if kw == "select" {
                    e.selects.push((target, cond));
                } else {
                    e.implies.push((target, cond));
                }
            }
            "range" => {
                let (lo, n1) = self.atom(&toks)?;
                let (hi, n2) = self.atom(&toks[n1..])?;
                let cond = self.opt_if(&toks[n1 + n2..])?;
                let e = self.entry().ok_or("`range` outside a config")?;
                e.ranges.push((lo, hi, cond));
            }
            "modules" => {
                let sym = match &self.cur {
                    Current::Config(e) => e.sym,
                    _ => return Err("`modules` outside a config".into()),
                };
                self.kc.modules = Some(sym);
            }
            "option" => {
                if rest.trim() == "modules" {
                    return self.line("modules", "", loc, depth);
                }
                // env=, defconfig_list, allnoconfig_y: no effect on a resolved value.
            }
            "optional" | "transitional" => {}
            _ => return Err(format!("unknown keyword `{kw}`")),
        }
        Ok(())
    }

    /// Applies the attributes of the entry being read (with its dependencies).
    fn end_entry(&mut self) {
        let cur = std::mem::replace(&mut self.cur, Current::None);
        let (en, choice) = match cur {
            Current::Config(e) => (e, None),
            Current::Choice(e, c) => (e, Some(c)),
            _ => return,
        };
        let own = en.depends.iter().cloned().fold(Expr::y(), Expr::and);
        let dep = Expr::and(self.parent_dep(), own.clone());
        let vis = self.parent_visible();
        let with = |cond: &Option<Expr>| match cond {
            Some(c) => Expr::and(dep.clone(), c.clone()),
            None => dep.clone(),
        };
        if let Some(c) = choice {
            let prompts: Vec<Expr> = en
                .prompts
                .iter()
                .map(|p| Expr::and(with(p), vis.clone()))
                .collect();
            let mut defaults = Vec::new();
            for (v, cond) in &en.defaults {
                match v {
                    Expr::Atom(Atom::Sym(s)) => defaults.push((*s, with(cond))),
                    _ => self.errors.push(format!(
                        "{}:{}: a choice's default must be a symbol",
                        en.loc.file, en.loc.line
                    )),
                }
            }
            let ch = &mut self.kc.choices[c];
            ch.prompts = prompts;
            ch.defaults = defaults;
            // The members depend on the choice's dependencies and on it being visible.
            let visible = ch
                .prompts
                .iter()
                .cloned()
                .reduce(|a, b| Expr::Or(Box::new(a), Box::new(b)))
                .unwrap_or(Expr::Atom(Atom::Const("n".into())));
            self.blocks.push(Block {
                kind: "choice",
                dep: own,
                visible,
                loc: en.loc.clone(),
            });
            self.choice_stack.push(c);
            return;
        }
        let s = en.sym;
        let selects: Vec<(usize, Expr)> = en
            .selects
            .iter()
            .map(|(t, c)| (*t, Expr::and(Expr::Atom(Atom::Sym(s)), with(c))))
            .collect();
        let implies: Vec<(usize, Expr)> = en
            .implies
            .iter()
            .map(|(t, c)| (*t, Expr::and(Expr::Atom(Atom::Sym(s)), with(c))))
            .collect();
        let prompts: Vec<Expr> = en
            .prompts
            .iter()
            .map(|p| Expr::and(with(p), vis.clone()))
            .collect();
        let defaults: Vec<Default> = en
            .defaults
            .iter()
            .map(|(v, c)| Default {
                value: v.clone(),
                cond: with(c),
            })
            .collect();
        let ranges: Vec<Range> = en
            .ranges
            .iter()
            .map(|(lo, hi, c)| Range {
                lo: lo.clone(),
                hi: hi.clone(),
                cond: with(c),
            })
            .collect();
        let sym = &mut self.kc.syms[s];
        if let Some(ty) = en.ty {
            if sym.ty != Type::Unknown && sym.ty != ty {
                self.errors.push(format!(
                    "{}:{}: {} redefined with another type",
                    en.loc.file, en.loc.line, sym.name
                ));
            }
            sym.ty = ty;
        }
        if sym.loc.is_none() {
            sym.loc = Some(en.loc.clone());
            self.kc.order.push(s);
        }
        let sym = &mut self.kc.syms[s];
        sym.prompts.extend(prompts);
        sym.defaults.extend(defaults);
        sym.ranges.extend(ranges);
        sym.dir_dep = Some(Expr::or(sym.dir_dep.take(), dep.clone()));
        for (t, e) in selects {
            let ts = &mut self.kc.syms[t];
            ts.rev_dep = Some(Expr::or(ts.rev_dep.take(), e));
            if !ts.selected_by.contains(&s) {
                ts.selected_by.push(s);
            }
        }
        for (t, e) in implies {
            let ts = &mut self.kc.syms[t];
            ts.implied = Some(Expr::or(ts.implied.take(), e));
        }
    }
}

fn first_word(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

fn split_word(s: &str) -> (&str, &str) {
    match s.find(char::is_whitespace) {
        Some(i) => (&s[..i], s[i..].trim_start()),
        None => (s, ""),
    }
}

/// `NAME := VALUE` (or `=`, `+=`), when the first word is not a keyword.
fn assignment(line: &str) -> Option<(&str, &str, &str)> {
    let t = line.trim_start();
    let mut depth = 0;
    for (i, c) in t.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth > 0 => {}
            ':' | '+' | '=' => {
                let name = t[..i].trim_end();
                if name.is_empty() || name.contains(char::is_whitespace) || KEYWORDS.contains(&name)
                {
                    return None;
                }
                let rest = &t[i..];
                for op in [":=", "+=", "="] {
                    if let Some(v) = rest.strip_prefix(op) {
                        return Some((name, op, v));
                    }
                }
                return None;
            }
            c if c.is_whitespace() => {
                let after = t[i..].trim_start();
                if after.starts_with(":=") || after.starts_with("+=") || after.starts_with('=') {
                    continue;
                }
                return None;
            }
            _ => {}
        }
    }
    None
}

/// The line without a `#` comment (a `#` inside quotes is text).
fn strip_comment(line: &str) -> &str {
    let mut quote = None;
    for (i, c) in line.char_indices() {
        match (c, quote) {
            ('"' | '\'', None) => quote = Some(c),
            (q, Some(open)) if q == open => quote = None,
            ('#', None) => return &line[..i],
            _ => {}
        }
    }
    line
}

fn indent(line: &str) -> usize {
    let mut n = 0;
    for c in line.chars() {
        match c {
            ' ' => n += 1,
            '\t' => n = (n / 8 + 1) * 8,
            _ => break,
        }
    }
    n
}

/// The index of the first line after a help text starting at `i`: the text is the lines
/// indented at least as much as its first line (blank lines included).
fn skip_help(lines: &[&str], mut i: usize) -> usize {
    while i < lines.len() && lines[i].trim().is_empty() {
        i += 1;
    }
    let Some(first) = lines.get(i) else {
        return i;
    };
    let level = indent(first);
    while i < lines.len() && (lines[i].trim().is_empty() || indent(lines[i]) >= level) {
        i += 1;
    }
    i
}

#[cfg(test)]
#[path = "parse_kunit.rs"]
mod parse_kunit;
