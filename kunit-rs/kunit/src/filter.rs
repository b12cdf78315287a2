//! Test selection (lib/kunit/executor.c, attributes.c): the `suite_glob.test_glob` glob, the
//! attribute filters (`speed>slow, module=foo`), and libtest's name filters.

use crate::registry::{Case, Registration, Speed};
use std::fmt;

/// The kernel's `glob_match()`: `*`, `?` and `[...]` classes (`[!...]`/`[^...]` negate).
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let (p, t) = (pattern.as_bytes(), text.as_bytes());
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
            Some(b'[') => match_class(p, pi, t[ti]),
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

/// Matches `c` against the class starting at `p[start] == b'['`; returns the index after it.
fn match_class(p: &[u8], start: usize, c: u8) -> Option<usize> {
    let mut i = start + 1;
    let negate = matches!(p.get(i), Some(b'!') | Some(b'^'));
    if negate {
        i += 1;
    }
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
    /// The glob the suite name must match (before the first `.`).
    pub suite: String,
    /// The glob the case name must match (after the first `.`); `None` selects every case.
    pub test: Option<String>,
}

impl GlobFilter {
    /// Splits `suite_glob[.test_glob]` at the first `.`.
    pub fn parse(glob: &str) -> Self {
        match glob.split_once('.') {
            Some((s, t)) => GlobFilter {
                suite: s.to_owned(),
                test: Some(t.to_owned()),
            },
            None => GlobFilter {
                suite: glob.to_owned(),
                test: None,
            },
        }
    }
    /// Whether `suite` matches the suite glob (`*`, `?` and `[...]` as in the kernel's `glob_match`).
    pub fn matches_suite(&self, suite: &str) -> bool {
        glob_match(&self.suite, suite)
    }
    /// Whether `case` matches the test glob; always true without one.
    pub fn matches_case(&self, case: &str) -> bool {
        self.test.as_deref().is_none_or(|g| glob_match(g, case))
    }
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
    /// What is wrong, e.g. `attribute not found`.
    pub message: &'static str,
    /// The part of the filter that was refused.
    pub input: String,
}

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "kunit executor: {}: {}", self.message, self.input)
    }
}

const OP_CHARS: &[char] = &['<', '>', '!', '='];

fn parse_op(op: &str) -> Option<Op> {
    // The kernel tests prefixes in this order (int_filter()).
    [
        ("<=", Op::Le),
        ("<", Op::Lt),
        (">=", Op::Ge),
        (">", Op::Gt),
        ("!=", Op::Ne),
        ("=", Op::Eq),
    ]
    .into_iter()
    .find(|(p, _)| op.starts_with(p))
    .map(|(_, o)| o)
}

impl AttrFilter {
    /// Parses `kunit.filter`: comma-separated filters, all of which must match.
    pub fn parse_list(input: &str) -> Result<Vec<AttrFilter>, FilterError> {
        input
            .split(',')
            .map(|f| f.trim_start())
            .filter(|f| !f.is_empty())
            .map(AttrFilter::parse)
            .collect()
    }

    fn parse(input: &str) -> Result<AttrFilter, FilterError> {
        let err = |message| FilterError {
            message,
            input: input.to_owned(),
        };
        let op_index = input
            .find(OP_CHARS)
            .filter(|&i| i > 0)
            .ok_or_else(|| err("filter operation not found"))?;
        let name = &input[..op_index];
        let attr = ATTRS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, a)| a)
            .ok_or_else(|| FilterError {
                message: "attribute not found",
                input: name.to_owned(),
            })?;
        let rest = &input[op_index..];
        let value_start = rest.find(|c| !OP_CHARS.contains(&c)).unwrap_or(rest.len());
        let op = parse_op(&rest[..value_start]).ok_or_else(|| err("invalid filter operation"))?;
        let value = rest[value_start..].trim();
        if value.is_empty() {
            return Err(err("filter value not found"));
        }
        let filter = AttrFilter {
            attr,
            op,
            value: value.to_owned(),
        };
        match attr {
            Attr::Speed if Speed::parse(value).is_none() => Err(FilterError {
                message: "invalid filter input",
                input: value.to_owned(),
            }),
            Attr::Module if !matches!(op, Op::Eq | Op::Ne) => Err(err("invalid filter input")),
            Attr::IsInit if value != "true" && value != "false" => Err(FilterError {
                message: "invalid filter input",
                input: value.to_owned(),
            }),
            _ => Ok(filter),
        }
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
    /// `--exact`: filters match the whole name instead of a substring.
    pub exact: bool,
}

impl NameFilter {
    /// Whether `full_name` (`suite.case`) is selected: it matches an include filter (or there is
    /// none) and no `--skip` filter.
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
}
