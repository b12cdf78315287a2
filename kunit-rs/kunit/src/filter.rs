//! Test selection (lib/kunit/executor.c, attributes.c): the `suite_glob.test_glob` glob, the
//! attribute filters (`speed>slow, module=foo`), and libtest's name filters.

use crate::registry::{Case, Registration, Speed};
use std::fmt;

/// The kernel's `glob_match()`: `*`, `?` and `[...]` classes (`[!...]` negates, a first `]`
/// is a member, `a-z` a range). A `[` without a closing `]` is a literal `[`, as in the kernel.
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let (p, t) = (pattern.as_bytes(), text.as_bytes());
    // A class is closed when a `]` follows its first member; knowing the last `]` decides that
    // at once (rescanning an unclosed class at every backtrack made matching cubic).
    let last_close = p.iter().rposition(|&c| c == b']');
    let (mut pi, mut ti) = (0, 0);
    // Where to resume after the last `*`: (pattern index after `*`, text index).
    let mut backtrack: Option<(usize, usize)> = None;
    while ti < t.len() {
        let step = match p.get(pi) {
            Some(b'*') => {
                backtrack = Some((pi + 1, ti));
                pi += 1;
                continue;
            }
            Some(b'?') => Some(pi + 1),
            Some(b'[') if last_close.is_some_and(|close| close > first_member(p, pi)) => {
                match_class(p, pi, t[ti])
            }
            Some(&c) if c == t[ti] => Some(pi + 1),
            _ => None,
        };
        match step {
            Some(next) => {
                pi = next;
                ti += 1;
            }
            None => match backtrack {
                Some((bp, bt)) => {
                    pi = bp;
                    ti = bt + 1;
                    backtrack = Some((bp, bt + 1));
                }
                None => return false,
            },
        }
    }
    p[pi..].iter().all(|&c| c == b'*')
}

/// The index of the first member of the class starting at `p[start] == b'['`.
fn first_member(p: &[u8], start: usize) -> usize {
    start + 1 + usize::from(p.get(start + 1) == Some(&b'!'))
}

/// Matches `c` against the closed class starting at `p[start] == b'['`; returns the index
/// after it.
fn match_class(p: &[u8], start: usize, c: u8) -> Option<usize> {
    let negate = p.get(start + 1) == Some(&b'!');
    let mut i = first_member(p, start);
    let mut matched = false;
    let mut first = true;
    loop {
        let a = *p.get(i)?;
        if a == b']' && !first {
            break;
        }
        first = false;
        if p.get(i + 1) == Some(&b'-') && p.get(i + 2).is_some_and(|&b| b != b']') {
            let b = p[i + 2];
            matched |= a <= c && c <= b;
            i += 3;
        } else {
            matched |= a == c;
            i += 1;
        }
    }
    (matched != negate).then_some(i + 1)
}

/// `kunit_parse_glob_filter()`: split at the first `.`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobFilter {
    /// Matched against suite names.
    pub suite: String,
    /// Matched against case names (all cases when absent).
    pub test: Option<String>,
}

impl GlobFilter {
    /// Splits `glob` at its first `.` and checks both parts.
    ///
    /// The kernel accepts any text here and simply runs nothing when it cannot match; we
    /// refuse globs that can never mean what was typed: an empty glob or glob part, and an
    /// unterminated `[` class (the kernel would read that `[` literally).
    pub fn parse(glob: &str) -> Result<Self, FilterError> {
        let (suite, test) = match glob.split_once('.') {
            Some((s, t)) => (s, Some(t)),
            None => (glob, None),
        };
        let err = |message| FilterError {
            message,
            input: format!("'{glob}'"),
        };
        if suite.is_empty() || test.is_some_and(str::is_empty) {
            return Err(err("invalid filter_glob (empty suite or test part)"));
        }
        if !classes_closed(suite) || !test.is_none_or(classes_closed) {
            return Err(err("invalid filter_glob (unterminated '[' class)"));
        }
        Ok(GlobFilter {
            suite: suite.to_owned(),
            test: test.map(str::to_owned),
        })
    }
    /// Whether the suite part matches `suite`.
    pub fn matches_suite(&self, suite: &str) -> bool {
        glob_match(&self.suite, suite)
    }
    /// Whether the test part (if any) matches `case`.
    pub fn matches_case(&self, case: &str) -> bool {
        self.test.as_deref().is_none_or(|g| glob_match(g, case))
    }
}

/// Whether every `[` that starts a class in `pattern` is closed (see [`glob_match`]).
fn classes_closed(pattern: &str) -> bool {
    let p = pattern.as_bytes();
    let mut i = 0;
    while i < p.len() {
        if p[i] == b'[' {
            // The first member may be `]` itself.
            let j = first_member(p, i) + 1;
            match p.get(j..).and_then(|r| r.iter().position(|&c| c == b']')) {
                Some(k) => i = j + k,
                None => return false,
            }
        }
        i += 1;
    }
    true
}

/// The attributes filters can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Attr {
    Speed,
    Module,
    IsInit,
}

const ATTRS: [(&str, Attr); 3] = [
    ("speed", Attr::Speed),
    ("module", Attr::Module),
    ("is_init", Attr::IsInit),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

/// One parsed attribute filter, e.g. `speed>slow`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttrFilter {
    attr: Attr,
    op: Op,
    value: String,
}

/// A filter the executor refused, printed as the kernel does: `kunit executor: <msg>: <input>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilterError {
    /// What is wrong, in the kernel's words where it has them.
    pub message: &'static str,
    /// The offending text, as the kernel quotes it.
    pub input: String,
}

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "kunit executor: {}: {}", self.message, self.input)
    }
}

impl std::error::Error for FilterError {}

/// `op_list` in lib/kunit/attributes.c.
const OP_CHARS: &[char] = &['<', '>', '!', '='];

/// The operator run in front of the value must be exactly one operator. (The kernel tests
/// prefixes, so it would read `speed>>slow` as `speed>slow`; a doubled or garbled operator
/// is a typo, and running tests under a guess is worse than saying so.)
fn parse_op(op: &str) -> Option<Op> {
    Some(match op {
        "<=" => Op::Le,
        "<" => Op::Lt,
        ">=" => Op::Ge,
        ">" => Op::Gt,
        "!=" => Op::Ne,
        "=" => Op::Eq,
        _ => return None,
    })
}

impl AttrFilter {
    /// Parses `kunit.filter`: comma-separated filters (spaces after a comma are skipped), all
    /// of which must match. Errors quote what `kunit_next_attr_filter()` and the attributes'
    /// filter functions quote: the unparsed rest of the list for a missing operator or an
    /// unknown attribute, the operator and value otherwise. An empty list or an empty filter
    /// between commas is refused too (the kernel would run everything, or misparse).
    pub fn parse_list(input: &str) -> Result<Vec<AttrFilter>, FilterError> {
        let mut filters = Vec::new();
        let mut rest = input.trim_start();
        loop {
            let (this, next) = match rest.split_once(',') {
                Some((this, next)) => (this, Some(next)),
                None => (rest, None),
            };
            if this.trim().is_empty() {
                return Err(FilterError {
                    message: "empty filter",
                    input: format!("'{input}'"),
                });
            }
            filters.push(AttrFilter::parse(this, rest)?);
            match next {
                Some(n) => rest = n.trim_start_matches(' '),
                None => return Ok(filters),
            }
        }
    }

    /// Parses one filter, `this`; `rest` is `this` and the filters after it.
    fn parse(this: &str, rest: &str) -> Result<AttrFilter, FilterError> {
        let quoting_rest = |message| FilterError {
            message,
            input: rest.to_owned(),
        };
        let op_index = this
            .find(OP_CHARS)
            .filter(|&i| i > 0)
            .ok_or_else(|| quoting_rest("filter operation not found"))?;
        let name = &this[..op_index];
        let attr = ATTRS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, a)| a)
            .ok_or_else(|| quoting_rest("attribute not found"))?;
        // Trailing spaces (before a comma, or typed by hand) are not part of the value.
        let op_and_value = this[op_index..].trim_end();
        let quoting_op = |message| FilterError {
            message,
            input: op_and_value.to_owned(),
        };
        let value_start = op_and_value
            .find(|c| !OP_CHARS.contains(&c))
            .unwrap_or(op_and_value.len());
        let (op_text, value) = op_and_value.split_at(value_start);
        if value.is_empty() {
            return Err(quoting_op("filter value not found"));
        }
        let value_ok = match attr {
            Attr::Speed => Speed::parse(value).is_some(),
            // Strings have no order (attr_string_filter()).
            Attr::Module => !op_text.starts_with(['<', '>']),
            Attr::IsInit => value == "true" || value == "false",
        };
        if !value_ok {
            return Err(quoting_op("invalid filter input"));
        }
        let op = parse_op(op_text)
            .filter(|op| attr != Attr::Module || matches!(op, Op::Eq | Op::Ne))
            .ok_or_else(|| quoting_op("invalid filter operation"))?;
        Ok(AttrFilter {
            attr,
            op,
            value: value.to_owned(),
        })
    }

    /// `kunit_attr_filter_name()`: the attribute the filter tests.
    pub fn name(&self) -> &'static str {
        ATTRS
            .iter()
            .find(|(_, a)| *a == self.attr)
            .map_or("", |(n, _)| n)
    }

    /// The filter's `input` as the kernel keeps it: the operation and the value (`>slow`).
    pub fn input(&self) -> String {
        let op = match self.op {
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
            Op::Eq => "=",
            Op::Ne => "!=",
        };
        format!("{op}{}", self.value)
    }

    /// Whether a case passes: the case's value if set, else the suite's, else the default.
    pub fn matches(&self, reg: &Registration, case: &Case) -> bool {
        match self.attr {
            Attr::Speed => {
                let speed = case_speed(reg, case);
                let speed = if speed == Speed::Unset {
                    Speed::Normal
                } else {
                    speed
                };
                compare(
                    self.op,
                    speed,
                    Speed::parse(&self.value).unwrap_or(Speed::Normal),
                )
            }
            Attr::Module => compare(self.op, reg.module, self.value.as_str()),
            Attr::IsInit => compare(self.op, reg.is_init, self.value == "true"),
        }
    }
}

/// The case's own speed if set, else the suite's.
pub fn case_speed(reg: &Registration, case: &Case) -> Speed {
    if case.attr.speed != Speed::Unset {
        case.attr.speed
    } else {
        reg.suite.attr.speed
    }
}

fn compare<T: PartialOrd>(op: Op, have: T, want: T) -> bool {
    match op {
        Op::Lt => have < want,
        Op::Le => have <= want,
        Op::Gt => have > want,
        Op::Ge => have >= want,
        Op::Eq => have == want,
        Op::Ne => have != want,
    }
}

/// libtest's name filters on the full name `suite.case`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NameFilter {
    /// Positional filters, OR'ed (substring, or whole name with `exact`).
    pub include: Vec<String>,
    /// `--skip` filters.
    pub skip: Vec<String>,
    /// `--exact`: filters must equal the whole name.
    pub exact: bool,
}

impl NameFilter {
    /// Whether `full_name` (`suite.case`) is selected.
    pub fn matches(&self, full_name: &str) -> bool {
        let hit = |f: &String| {
            if self.exact {
                full_name == f
            } else {
                full_name.contains(f.as_str())
            }
        };
        (self.include.is_empty() || self.include.iter().any(hit)) && !self.skip.iter().any(hit)
    }

    /// Whether a case is selected by its `suite.case` name or by its libtest name: `path`
    /// (`my_crate::tests::case`, see [`Case::path`](crate::Case::path)) without the crate,
    /// as libtest names tests (`tests::case`). A filter may match either.
    pub fn matches_case(&self, full_name: &str, path: &str) -> bool {
        let libtest = path.split_once("::").map_or("", |(_, rest)| rest);
        let hit = |f: &String| {
            let one = |name: &str| {
                !name.is_empty()
                    && if self.exact {
                        name == f
                    } else {
                        name.contains(f.as_str())
                    }
            };
            one(full_name) || one(libtest)
        };
        (self.include.is_empty() || self.include.iter().any(hit)) && !self.skip.iter().any(hit)
    }
}
