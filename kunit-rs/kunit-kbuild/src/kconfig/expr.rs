//! Kconfig expressions: the tristate logic of `depends on`, `if`, `select … if`, and the
//! parser of their text (the grammar of scripts/kconfig/parser.y: `||` binds loosest, then
//! `&&`, then `!`, then the comparisons).

use std::fmt;

/// A tristate value; the order n < m < y is the logic's (`&&` is min, `||` is max).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tri {
    /// `n`
    N = 0,
    /// `m`
    M = 1,
    /// `y`
    Y = 2,
}

impl std::ops::Not for Tri {
    type Output = Tri;
    /// `!x` is `2 - x`, as the kernel computes it.
    fn not(self) -> Tri {
        match self {
            Tri::N => Tri::Y,
            Tri::M => Tri::M,
            Tri::Y => Tri::N,
        }
    }
}

impl Tri {
    /// The value a `y`/`m`/`n` string names.
    pub fn parse(s: &str) -> Option<Tri> {
        match s {
            "y" => Some(Tri::Y),
            "m" => Some(Tri::M),
            "n" => Some(Tri::N),
            _ => None,
        }
    }
    /// `y`, `m` or `n`.
    pub fn as_str(self) -> &'static str {
        match self {
            Tri::N => "n",
            Tri::M => "m",
            Tri::Y => "y",
        }
    }
}

impl fmt::Display for Tri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `=`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl CmpOp {
    fn text(self) -> &'static str {
        match self {
            CmpOp::Eq => "=",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
}

/// One side of an expression: a symbol (an index into the symbol table) or a constant
/// (`y`/`m`/`n`, a quoted string, a number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Atom {
    /// A symbol of the table.
    Sym(usize),
    /// A constant.
    Const(String),
}

/// An expression over symbols.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A symbol or constant, by its tristate value.
    Atom(Atom),
    /// `!e`
    Not(Box<Expr>),
    /// `a && b`
    And(Box<Expr>, Box<Expr>),
    /// `a || b`
    Or(Box<Expr>, Box<Expr>),
    /// `a OP b`
    Cmp(CmpOp, Atom, Atom),
}

impl Expr {
    /// The constant `y`.
    pub fn y() -> Expr {
        Expr::Atom(Atom::Const("y".into()))
    }
    /// `a && b`, leaving out a side that is the constant `y`.
    pub fn and(a: Expr, b: Expr) -> Expr {
        if a.is_y() {
            b
        } else if b.is_y() {
            a
        } else {
            Expr::And(Box::new(a), Box::new(b))
        }
    }
    /// `a || b`, where `None` is "no expression yet" (n).
    pub fn or(a: Option<Expr>, b: Expr) -> Expr {
        match a {
            None => b,
            Some(a) => Expr::Or(Box::new(a), Box::new(b)),
        }
    }
    /// Whether this is the constant `y`.
    pub fn is_y(&self) -> bool {
        matches!(self, Expr::Atom(Atom::Const(c)) if c == "y")
    }
    /// Rewrites each constant `m` as `m && MODULES`, as the kernel does for dependencies
    /// (menu_check_dep): an `m` condition holds only when modules are enabled.
    pub fn with_modules(self, modules: usize) -> Expr {
        match self {
            Expr::Atom(Atom::Const(c)) if c == "m" => Expr::And(
                Box::new(Expr::Atom(Atom::Const(c))),
                Box::new(Expr::Atom(Atom::Sym(modules))),
            ),
            Expr::Not(e) => Expr::Not(Box::new(e.with_modules(modules))),
            Expr::And(a, b) => Expr::And(
                Box::new(a.with_modules(modules)),
                Box::new(b.with_modules(modules)),
            ),
            Expr::Or(a, b) => Expr::Or(
                Box::new(a.with_modules(modules)),
                Box::new(b.with_modules(modules)),
            ),
            e => e,
        }
    }
    /// Whether the constant `m` appears (the only case [`Expr::with_modules`] changes).
    pub fn mentions_m(&self) -> bool {
        match self {
            Expr::Atom(Atom::Const(c)) => c == "m",
            Expr::Atom(_) | Expr::Cmp(..) => false,
            Expr::Not(e) => e.mentions_m(),
            Expr::And(a, b) | Expr::Or(a, b) => a.mentions_m() || b.mentions_m(),
        }
    }
    /// Writes the expression with symbol names from `name`.
    pub fn display<'a>(&'a self, name: &'a dyn Fn(usize) -> String) -> String {
        let atom = |a: &Atom| match a {
            Atom::Sym(s) => name(*s),
            Atom::Const(c) if Tri::parse(c).is_some() => c.clone(),
            Atom::Const(c) => format!("\"{c}\""),
        };
        match self {
            Expr::Atom(a) => atom(a),
            Expr::Not(e) => match **e {
                Expr::Atom(_) => format!("!{}", e.display(name)),
                _ => format!("!({})", e.display(name)),
            },
            Expr::And(a, b) => {
                let side = |e: &Expr| match e {
                    Expr::Or(..) => format!("({})", e.display(name)),
                    _ => e.display(name),
                };
                format!("{} && {}", side(a), side(b))
            }
            Expr::Or(a, b) => format!("{} || {}", a.display(name), b.display(name)),
            Expr::Cmp(op, a, b) => format!("{} {} {}", atom(a), op.text(), atom(b)),
        }
    }
}

/// A token of an expression's text.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// A word: a symbol name or an unquoted constant.
    Word(String),
    /// A quoted string (always a constant).
    Str(String),
    /// An operator or parenthesis.
    Op(&'static str),
}

/// Splits the text of an attribute into tokens; `Err` names what does not tokenize.
pub fn tokenize(s: &str) -> Result<Vec<Tok>, String> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let two = if i + 1 < b.len() { &s[i..i + 2] } else { "" };
        if let Some(op) = ["&&", "||", "!=", "<=", ">="].iter().find(|o| **o == two) {
            out.push(Tok::Op(op));
            i += 2;
            continue;
        }
        if let Some(op) = ["!", "=", "<", ">", "(", ")"]
            .iter()
            .find(|o| o.as_bytes()[0] == c)
        {
            out.push(Tok::Op(op));
            i += 1;
            continue;
        }
        if c == b'"' || c == b'\'' {
            let mut j = i + 1;
            let mut text = String::new();
            while j < b.len() && b[j] != c {
                if b[j] == b'\\' && j + 1 < b.len() {
                    j += 1;
                }
                let ch = s[j..].chars().next().unwrap_or('\0');
                text.push(ch);
                j += ch.len_utf8();
            }
            if j >= b.len() {
                return Err(format!("unterminated string in `{s}`"));
            }
            out.push(Tok::Str(text));
            i = j + 1;
            continue;
        }
        let start = i;
        while i < b.len() && !b[i].is_ascii_whitespace() && !b"&|!=<>()\"'".contains(&b[i]) {
            i += 1;
        }
        if start == i {
            return Err(format!("unexpected `{}` in `{s}`", c as char));
        }
        out.push(Tok::Word(s[start..i].to_string()));
    }
    Ok(out)
}

/// Parses tokens into an expression, interning symbol names with `intern` (words that are
/// `y`/`m`/`n` or numbers are constants).
pub struct ExprParser<'t, 'f> {
    toks: &'t [Tok],
    pos: usize,
    intern: &'f mut dyn FnMut(&str) -> usize,
}

impl<'t, 'f> ExprParser<'t, 'f> {
    /// A parser over `toks`.
    pub fn new(toks: &'t [Tok], intern: &'f mut dyn FnMut(&str) -> usize) -> Self {
        ExprParser {
            toks,
            pos: 0,
            intern,
        }
    }
    /// How many tokens have been consumed.
    pub fn pos(&self) -> usize {
        self.pos
    }
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    fn eat(&mut self, op: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Op(o)) if *o == op) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    /// One whole expression (stops before a token that cannot continue it, e.g. `if`).
    pub fn expr(&mut self) -> Result<Expr, String> {
        let mut e = self.and()?;
        while self.eat("||") {
            let r = self.and()?;
            e = Expr::Or(Box::new(e), Box::new(r));
        }
        Ok(e)
    }
    fn and(&mut self) -> Result<Expr, String> {
        let mut e = self.unary()?;
        while self.eat("&&") {
            let r = self.unary()?;
            e = Expr::And(Box::new(e), Box::new(r));
        }
        Ok(e)
    }
    fn unary(&mut self) -> Result<Expr, String> {
        if self.eat("!") {
            return Ok(Expr::Not(Box::new(self.unary()?)));
        }
        if self.eat("(") {
            let e = self.expr()?;
            if !self.eat(")") {
                return Err("missing `)`".into());
            }
            return Ok(e);
        }
        let a = self.atom()?;
        for (op, cmp) in [
            ("=", CmpOp::Eq),
            ("!=", CmpOp::Ne),
            ("<=", CmpOp::Le),
            (">=", CmpOp::Ge),
            ("<", CmpOp::Lt),
            (">", CmpOp::Gt),
        ] {
            if self.eat(op) {
                let b = self.atom()?;
                return Ok(Expr::Cmp(cmp, a, b));
            }
        }
        Ok(Expr::Atom(a))
    }
    /// A symbol or a constant.
    pub fn atom(&mut self) -> Result<Atom, String> {
        match self.toks.get(self.pos).cloned() {
            Some(Tok::Word(w)) => {
                self.pos += 1;
                Ok(word_atom(&w, self.intern))
            }
            Some(Tok::Str(s)) => {
                self.pos += 1;
                Ok(Atom::Const(s))
            }
            Some(Tok::Op(o)) => Err(format!("expected a symbol, found `{o}`")),
            None => Err("expected a symbol, found the end of the line".into()),
        }
    }
}

/// A word as an atom: `y`/`m`/`n` and numbers are constants, anything else a symbol.
pub fn word_atom(w: &str, intern: &mut dyn FnMut(&str) -> usize) -> Atom {
    let numeric = w.starts_with(|c: char| c.is_ascii_digit() || c == '-')
        && !w.contains(|c: char| c.is_ascii_uppercase() || c == '_');
    if Tri::parse(w).is_some() || numeric {
        Atom::Const(w.to_string())
    } else {
        Atom::Sym(intern(w))
    }
}

#[cfg(test)]
#[path = "expr_kunit.rs"]
mod expr_kunit;
