//! A `#[kunit_tests]` suite's case table when some cases are switched off by `#[cfg]`: the
//! macro lists every name as `Option<Case>` (`None` where the cfg is off), and these const
//! functions keep the present ones, in order, so that such a case is absent as under libtest.

use crate::registry::Case;

/// How many entries are `Some`.
pub const fn present_cases(cases: &[Option<Case>]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < cases.len() {
        if cases[i].is_some() {
            n += 1;
        }
        i += 1;
    }
    n
}

/// The `Some` entries in order; `N` is [`present_cases`] of `cases`.
pub const fn compact_cases<const N: usize>(cases: &[Option<Case>]) -> [Case; N] {
    let mut out = [Case::DEFAULT; N];
    let mut n = 0;
    let mut i = 0;
    while i < cases.len() {
        if let Some(case) = cases[i] {
            out[n] = case;
            n += 1;
        }
        i += 1;
    }
    out
}
