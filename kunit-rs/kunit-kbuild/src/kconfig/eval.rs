//! The value of every symbol, computed as scripts/kconfig/symbol.c (6.12) computes it:
//! visibility from prompts, the user's value where visible, else the first active default,
//! `imply` raising it within its dependencies, `select` forcing it up, ranges clamping
//! numbers, and one member of each visible choice.

use super::expr::{Atom, CmpOp, Expr, Tri};
use super::model::{Kconfig, Type};

/// A symbol's computed value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Val {
    /// Its tristate value (n for int/hex/string).
    pub tri: Tri,
    /// Its text: `y`/`m`/`n`, the number, or the string.
    pub text: String,
    /// Whether the kernel writes it to `.config` (SYMBOL_WRITE).
    pub write: bool,
}

/// The evaluator: the user's values in, every symbol's value out (computed once, on demand).
pub struct Eval<'k> {
    kc: &'k Kconfig,
    /// The user's value of each symbol (the merged fragments).
    user: Vec<Option<String>>,
    /// When each user value was first assigned (the choice's priority order).
    user_order: Vec<usize>,
    vals: Vec<Option<Val>>,
    busy: Vec<bool>,
    vis: Vec<Option<Tri>>,
    choice_sel: Vec<Option<Option<usize>>>,
    /// Symbols whose value was needed while it was being computed: a recursive dependency,
    /// which the kernel's parser rejects (sym_check_deps), so the caller reports it.
    pub loops: Vec<usize>,
}

impl<'k> Eval<'k> {
    /// An evaluator over `kc` with the user's `(symbol, value)` assignments in order (a later
    /// one replaces an earlier one's value but keeps its place, as kunit.py's merge does).
    pub fn new(kc: &'k Kconfig, assignments: &[(usize, String)]) -> Eval<'k> {
        let n = kc.syms.len();
        let mut user = vec![None; n];
        let mut user_order = vec![usize::MAX; n];
        for (i, (s, v)) in assignments.iter().enumerate() {
            if user_order[*s] == usize::MAX {
                user_order[*s] = i;
            }
            user[*s] = Some(v.clone());
        }
        // Values the symbol's type cannot hold are dropped, as conf_set_sym_val does.
        for (s, u) in user.iter_mut().enumerate() {
            if let Some(v) = u {
                if !valid_for(kc.syms[s].ty, v) {
                    *u = None;
                }
            }
        }
        Eval {
            kc,
            user,
            user_order,
            vals: vec![None; n],
            busy: vec![false; n],
            vis: vec![None; n],
            choice_sel: vec![None; kc.choices.len()],
            loops: Vec::new(),
        }
    }

    fn modules_on(&mut self) -> bool {
        match self.kc.modules {
            Some(m) => self.val(m).tri != Tri::N,
            None => false,
        }
    }

    /// The type the value takes: a tristate is a bool while modules are off.
    pub fn eff_type(&mut self, s: usize) -> Type {
        let ty = self.kc.syms[s].ty;
        if ty == Type::Tristate && Some(s) != self.kc.modules && !self.modules_on() {
            Type::Bool
        } else {
            ty
        }
    }

    /// The value of an expression.
    pub fn expr(&mut self, e: &Expr) -> Tri {
        match e {
            Expr::Atom(a) => self.atom_tri(a),
            Expr::Not(e) => !self.expr(e),
            Expr::And(a, b) => {
                let l = self.expr(a);
                if l == Tri::N {
                    return Tri::N;
                }
                l.min(self.expr(b))
            }
            Expr::Or(a, b) => {
                let l = self.expr(a);
                if l == Tri::Y {
                    return Tri::Y;
                }
                l.max(self.expr(b))
            }
            Expr::Cmp(op, a, b) => {
                if self.compare(*op, a, b) {
                    Tri::Y
                } else {
                    Tri::N
                }
            }
        }
    }

    fn atom_tri(&mut self, a: &Atom) -> Tri {
        match a {
            Atom::Sym(s) => self.val(*s).tri,
            Atom::Const(c) => Tri::parse(c).unwrap_or(Tri::N),
        }
    }

    fn atom_text(&mut self, a: &Atom) -> String {
        match a {
            Atom::Sym(s) => self.val(*s).text,
            Atom::Const(c) => c.clone(),
        }
    }

    fn atom_type(&self, a: &Atom) -> Type {
        match a {
            Atom::Sym(s) => self.kc.syms[*s].ty,
            Atom::Const(_) => Type::Unknown,
        }
    }

    fn compare(&mut self, op: CmpOp, a: &Atom, b: &Atom) -> bool {
        let (ta, tb) = (self.atom_type(a), self.atom_type(b));
        let (sa, sb) = (self.atom_text(a), self.atom_text(b));
        // Numbers compare as numbers when either side is an int or hex symbol.
        let base = match (ta, tb) {
            (Type::Hex, _) | (_, Type::Hex) => Some(16),
            (Type::Int, _) | (_, Type::Int) => Some(10),
            _ => None,
        };
        let ord = match base.and_then(|b| Some((parse_num(&sa, b)?, parse_num(&sb, b)?))) {
            Some((x, y)) => x.cmp(&y),
            None => sa.cmp(&sb),
        };
        match op {
            CmpOp::Eq => ord.is_eq(),
            CmpOp::Ne => ord.is_ne(),
            CmpOp::Lt => ord.is_lt(),
            CmpOp::Le => ord.is_le(),
            CmpOp::Gt => ord.is_gt(),
            CmpOp::Ge => ord.is_ge(),
        }
    }

    /// The symbol's visibility: the OR of its prompts' conditions.
    pub fn visibility(&mut self, s: usize) -> Tri {
        if let Some(v) = self.vis[s] {
            return v;
        }
        let kc = self.kc;
        let mut v = Tri::N;
        for p in &kc.syms[s].prompts {
            v = v.max(self.expr(p));
            if v == Tri::Y {
                break;
            }
        }
        if v == Tri::M && (kc.syms[s].ty != Type::Tristate || !self.modules_on()) {
            v = Tri::Y;
        }
        self.vis[s] = Some(v);
        v
    }

    fn dep_tri(&mut self, s: usize, e: Option<&Expr>, none: Tri) -> Tri {
        let t = e.map_or(none, |e| self.expr(e));
        if t == Tri::M && self.eff_type(s) == Type::Bool {
            Tri::Y
        } else {
            t
        }
    }

    /// `depends on` of the symbol (the OR over its definitions), bool-rounded.
    pub fn dir_dep(&mut self, s: usize) -> Tri {
        let kc = self.kc;
        self.dep_tri(s, kc.syms[s].dir_dep.as_ref(), Tri::Y)
    }

    /// What its selectors force it to.
    pub fn rev_dep(&mut self, s: usize) -> Tri {
        let kc = self.kc;
        self.dep_tri(s, kc.syms[s].rev_dep.as_ref(), Tri::N)
    }

    /// The user's value as given (after type validation), if any.
    pub fn user(&self, s: usize) -> Option<&str> {
        self.user[s].as_deref()
    }

    /// The value of symbol `s`.
    pub fn val(&mut self, s: usize) -> Val {
        if let Some(v) = &self.vals[s] {
            return v.clone();
        }
        if self.busy[s] {
            // A dependency loop: recorded (it is an error), evaluated on with n.
            if !self.loops.contains(&s) {
                self.loops.push(s);
            }
            return Val {
                tri: Tri::N,
                text: self.empty_text(s),
                write: false,
            };
        }
        self.busy[s] = true;
        let v = self.compute(s);
        self.busy[s] = false;
        self.vals[s] = Some(v.clone());
        v
    }

    fn empty_text(&self, s: usize) -> String {
        match self.kc.syms[s].ty {
            Type::Unknown => self.kc.syms[s].name.clone(),
            t if t.is_tri() => "n".into(),
            _ => String::new(),
        }
    }

    fn compute(&mut self, s: usize) -> Val {
        let kc = self.kc;
        let sym = &kc.syms[s];
        let ty = self.eff_type(s);
        if ty == Type::Unknown {
            return Val {
                tri: Tri::N,
                text: sym.name.clone(),
                write: false,
            };
        }
        let vis = self.visibility(s);
        let mut write = vis != Tri::N;
        if ty.is_tri() {
            let mut newval;
            if let Some(c) = sym.choice {
                newval = if self.choice(c) == Some(s) {
                    Tri::Y
                } else {
                    Tri::N
                };
            } else {
                let user = self.user[s].as_deref().and_then(Tri::parse);
                match user {
                    Some(u) if vis != Tri::N => newval = u.min(vis),
                    _ => {
                        newval = Tri::N;
                        if self.rev_dep(s) != Tri::N {
                            write = true;
                        }
                        if let Some(d) = self.active_default(s) {
                            let cond = self.expr(&d.cond);
                            newval = self.expr(&d.value).min(cond);
                            // 6.12 writes a default only when it gives more than n.
                            write |= newval != Tri::N;
                        }
                        let implied = self.dep_tri(s, sym.implied.as_ref(), Tri::N);
                        if implied != Tri::N {
                            write = true;
                            newval = newval.max(implied).min(self.dir_dep(s));
                        }
                    }
                }
                newval = newval.max(self.rev_dep(s));
            }
            if newval == Tri::M && self.eff_type(s) == Type::Bool {
                newval = Tri::Y;
            }
            return Val {
                tri: newval,
                text: newval.as_str().into(),
                write,
            };
        }
        // The kernel's starting values (symbol.c): "0", "0x0", "".
        let mut text = match ty {
            Type::Int => "0".to_string(),
            Type::Hex => "0x0".to_string(),
            _ => String::new(),
        };
        match self.user[s].clone() {
            Some(u) if vis != Tri::N => text = u,
            _ => {
                if let Some(d) = self.active_default(s) {
                    write = true;
                    text = match &d.value {
                        Expr::Atom(a) => self.atom_text(a),
                        e => self.expr(e).as_str().into(),
                    };
                }
            }
        }
        if let Some(t) = self.clamp(s, &text) {
            text = t;
        }
        Val {
            tri: Tri::N,
            text,
            write,
        }
    }

    /// The first `default` whose condition holds.
    fn active_default(&mut self, s: usize) -> Option<&'k super::model::Default> {
        let kc = self.kc;
        kc.syms[s]
            .defaults
            .iter()
            .find(|d| self.expr(&d.cond) != Tri::N)
    }

    /// The active range of an int/hex symbol as (lo, hi) texts and numbers.
    pub fn range(&mut self, s: usize) -> Option<(String, String)> {
        let kc = self.kc;
        let r = kc.syms[s]
            .ranges
            .iter()
            .find(|r| self.expr(&r.cond) != Tri::N)?;
        Some((self.atom_text(&r.lo), self.atom_text(&r.hi)))
    }

    /// sym_validate_range: an int/hex value outside its active range becomes the bound.
    fn clamp(&mut self, s: usize, text: &str) -> Option<String> {
        let base = match self.kc.syms[s].ty {
            Type::Int => 10,
            Type::Hex => 16,
            _ => return None,
        };
        let (lo, hi) = self.range(s)?;
        let v = strtoll(text, base);
        if v >= strtoll(&lo, base) {
            if v <= strtoll(&hi, base) {
                return None;
            }
            return Some(hi);
        }
        Some(lo)
    }

    /// The member of choice `c` that is `y` (sym_calc_choice, 6.12).
    pub fn choice(&mut self, c: usize) -> Option<usize> {
        if let Some(sel) = self.choice_sel[c] {
            return sel;
        }
        // A member asks for its choice while being computed; n until the choice is known.
        self.choice_sel[c] = Some(None);
        let kc = self.kc;
        let ch = &kc.choices[c];
        let visible: Vec<usize> = ch
            .members
            .iter()
            .copied()
            .filter(|&m| self.visibility(m) != Tri::N)
            .collect();
        let user_of = |ev: &Self, m: usize| ev.user[m].as_deref().and_then(Tri::parse);
        // The user's `y`: the last one read wins (confdata.c moves it to the list's head).
        let mut res = visible
            .iter()
            .copied()
            .filter(|&m| user_of(self, m) == Some(Tri::Y))
            .max_by_key(|&m| self.user_order[m]);
        if res.is_none() {
            let mut def = None;
            for (d, cond) in &ch.defaults {
                if self.expr(cond) != Tri::N && visible.contains(d) {
                    def = Some(*d);
                    break;
                }
            }
            res = def.or_else(|| visible.first().copied());
            if let Some(r) = res {
                if user_of(self, r) == Some(Tri::N) {
                    res = None;
                }
            }
        }
        if res.is_none() {
            res = visible.iter().copied().find(|&m| self.user[m].is_none());
        }
        if res.is_none() {
            // The least prioritised: the one read first.
            res = visible.iter().copied().min_by_key(|&m| self.user_order[m]);
        }
        self.choice_sel[c] = Some(res);
        res
    }
}

/// Whether `v` is a value a symbol of type `ty` can be given.
pub fn valid_for(ty: Type, v: &str) -> bool {
    match ty {
        Type::Bool => v == "y" || v == "n",
        Type::Tristate => Tri::parse(v).is_some(),
        Type::Int => {
            let d = v.strip_prefix('-').unwrap_or(v);
            !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())
        }
        Type::Hex => {
            let d = v
                .strip_prefix("0x")
                .or_else(|| v.strip_prefix("0X"))
                .unwrap_or(v);
            !d.is_empty() && d.bytes().all(|b| b.is_ascii_hexdigit())
        }
        Type::String => true,
        Type::Unknown => false,
    }
}

fn parse_num(s: &str, base: u32) -> Option<i128> {
    let t = s.trim();
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t),
    };
    let t = if base == 16 {
        t.strip_prefix("0x")
            .or_else(|| t.strip_prefix("0X"))
            .unwrap_or(t)
    } else {
        t
    };
    let v = i128::from_str_radix(t, base).ok()?;
    Some(if neg { -v } else { v })
}

/// C's strtoll: the longest numeric prefix, 0 when there is none.
fn strtoll(s: &str, base: u32) -> i128 {
    let t = s.trim_start();
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let t = if base == 16 {
        t.strip_prefix("0x")
            .or_else(|| t.strip_prefix("0X"))
            .unwrap_or(t)
    } else {
        t
    };
    let digits: String = t.chars().take_while(|c| c.is_digit(base)).collect();
    let v = i128::from_str_radix(&digits, base).unwrap_or(0);
    if neg {
        -v
    } else {
        v
    }
}

#[cfg(test)]
#[path = "eval_kunit.rs"]
mod eval_kunit;
