//! Cases that a `#[test]` attribute registers one by one, for the `#[kunit_tests]` suite of
//! the module it sits in: those of nested modules and those that macros produce, which the
//! suite's static table cannot list. Merged into their suite when a run is planned: after the
//! table's cases, in source order.

use crate::registry::{Case, Registration, Suite};
use std::sync::Mutex;

/// Where a module's `#[test]`s belong: its suite, and the case-name prefix of the module
/// (`""` for the suite's own module, `"inner."` for `mod inner` inside it).
#[derive(Clone, Copy, Debug)]
pub struct Home {
    /// The suite (`SUITE` of the `#[kunit_tests]` module).
    pub suite: &'static Suite,
    /// Put in front of the case names of this module.
    pub prefix: &'static str,
}

/// One registered case.
#[derive(Debug)]
pub struct ModuleCase {
    /// The module it sits in.
    pub home: Home,
    /// Its source position, for the order.
    pub line: u32,
    /// Its source column.
    pub column: u32,
    /// The case, named without the module prefix.
    pub case: Case,
}

inventory::collect!(ModuleCase);

/// Suites already merged, by the address of the static suite (merging leaks; once each).
static MERGED: Mutex<Vec<(usize, &'static Suite)>> = Mutex::new(Vec::new());

/// `reg` with its suite's registered cases added, or `reg` itself when there are none.
pub fn merged(reg: Registration) -> Registration {
    let key = reg.suite as *const Suite as usize;
    let mut cache = MERGED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, suite)) = cache.iter().find(|(k, _)| *k == key) {
        return Registration { suite, ..reg };
    }
    let mut extra: Vec<&ModuleCase> = inventory::iter::<ModuleCase>
        .into_iter()
        .filter(|m| std::ptr::eq(m.home.suite, reg.suite))
        .collect();
    if extra.is_empty() {
        return reg;
    }
    extra.sort_by_key(|m| (m.line, m.column));
    let mut cases: Vec<Case> = reg.suite.test_cases.to_vec();
    cases.extend(extra.iter().map(|m| Case {
        name: if m.home.prefix.is_empty() {
            m.case.name
        } else {
            Box::leak(format!("{}{}", m.home.prefix, m.case.name).into_boxed_str())
        },
        ..m.case
    }));
    let suite: &'static Suite = Box::leak(Box::new(Suite {
        test_cases: Box::leak(cases.into_boxed_slice()),
        ..*reg.suite
    }));
    cache.push((key, suite));
    Registration { suite, ..reg }
}
