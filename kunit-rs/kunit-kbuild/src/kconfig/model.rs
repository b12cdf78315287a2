//! The parsed Kconfig: symbols with their properties, each property's condition already
//! holding the dependencies of the menus, `if` blocks and `depends on` around it (what the
//! kernel's menu_finalize computes), and the choices.

use super::expr::Expr;
use std::collections::HashMap;

/// A symbol's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    /// Declared nowhere (only referenced).
    Unknown,
    /// `bool`
    Bool,
    /// `tristate`
    Tristate,
    /// `int`
    Int,
    /// `hex`
    Hex,
    /// `string`
    String,
}

impl Type {
    /// Whether values are `y`/`m`/`n`.
    pub fn is_tri(self) -> bool {
        matches!(self, Type::Bool | Type::Tristate)
    }
}

/// Where a property was written.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Loc {
    /// The Kconfig file, relative to the tree.
    pub file: String,
    /// Its line (1-based).
    pub line: usize,
}

/// A `default`: its value and when it applies.
#[derive(Clone, Debug)]
pub struct Default {
    /// The value expression (a symbol or constant for int/hex/string).
    pub value: Expr,
    /// Its `if` and the entry's dependencies.
    pub cond: Expr,
}

/// A `range LO HI`.
#[derive(Clone, Debug)]
pub struct Range {
    /// Lower bound (a symbol or constant).
    pub lo: super::expr::Atom,
    /// Upper bound.
    pub hi: super::expr::Atom,
    /// When it applies.
    pub cond: Expr,
}

/// A symbol and everything that decides its value.
#[derive(Clone, Debug)]
pub struct Symbol {
    /// Its name, without `CONFIG_`.
    pub name: String,
    /// Its type.
    pub ty: Type,
    /// The conditions of its prompts (prompt `if`, dependencies, enclosing `visible if`).
    pub prompts: Vec<Expr>,
    /// Its defaults, in order.
    pub defaults: Vec<Default>,
    /// Its ranges, in order.
    pub ranges: Vec<Range>,
    /// The OR over its definitions of each definition's dependencies.
    pub dir_dep: Option<Expr>,
    /// What selects it: the OR of `SELECTOR && cond`.
    pub rev_dep: Option<Expr>,
    /// What implies it.
    pub implied: Option<Expr>,
    /// The choice it belongs to.
    pub choice: Option<usize>,
    /// Where it is defined (first definition).
    pub loc: Option<Loc>,
    /// The symbols that `select` it, with where (for error messages).
    pub selected_by: Vec<usize>,
}

impl Symbol {
    /// A symbol referenced but not (yet) defined.
    pub fn new(name: &str) -> Symbol {
        Symbol {
            name: name.to_string(),
            ty: Type::Unknown,
            prompts: Vec::new(),
            defaults: Vec::new(),
            ranges: Vec::new(),
            dir_dep: None,
            rev_dep: None,
            implied: None,
            choice: None,
            loc: None,
            selected_by: Vec::new(),
        }
    }
}

/// A `choice … endchoice` block.
#[derive(Clone, Debug, Default)]
pub struct Choice {
    /// Its members in order.
    pub members: Vec<usize>,
    /// Its prompt conditions (with its dependencies).
    pub prompts: Vec<Expr>,
    /// Its `default SYM if COND`s.
    pub defaults: Vec<(usize, Expr)>,
    /// Where it starts.
    pub loc: Loc,
}

/// A whole parsed Kconfig tree.
#[derive(Clone, Debug, Default)]
pub struct Kconfig {
    /// Every symbol, defined or referenced.
    pub syms: Vec<Symbol>,
    /// Name to index.
    pub by_name: HashMap<String, usize>,
    /// The choices.
    pub choices: Vec<Choice>,
    /// The symbol with the `modules` attribute (MODULES), if any.
    pub modules: Option<usize>,
    /// The defined symbols in the order of their first definition (`.config`'s order).
    pub order: Vec<usize>,
    /// The Kconfig files read, relative to the tree.
    pub files: Vec<String>,
}

impl Kconfig {
    /// The index of `name`, creating an undefined symbol if needed.
    pub fn intern(&mut self, name: &str) -> usize {
        if let Some(&i) = self.by_name.get(name) {
            return i;
        }
        self.syms.push(Symbol::new(name));
        self.by_name.insert(name.to_string(), self.syms.len() - 1);
        self.syms.len() - 1
    }
    /// The symbol named `name`, if any.
    pub fn sym(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }
}
