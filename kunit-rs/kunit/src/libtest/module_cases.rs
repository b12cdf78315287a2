//! Cases that a `#[test]` attribute registers one by one, for the `#[kunit_tests]` suite of
//! the module it sits in: those of nested modules and those that macros produce, which the
//! suite's static table cannot list. Merged into their suite when a run is planned: after the
//! table's cases, in source order.
//!
//! A case finds its suite by module path, not by a name in scope: the innermost
//! `#[kunit_tests]` module whose path is a prefix of the case's `module_path!()`. So a
//! `#[test]` in a module that a macro wrote (of this crate or another) joins the suite around
//! it however deep it sits, and one outside every suite is an error the harness reports.

use crate::registry::{Case, Registration, Suite};
use std::sync::Mutex;

/// A `#[kunit_tests]` module: its suite and its `module_path!()`. Registered for every such
/// module, `register = false` ones included.
#[derive(Clone, Copy, Debug)]
pub struct Home {
    /// The suite (`SUITE` of the `#[kunit_tests]` module).
    pub suite: &'static Suite,
    /// `module_path!()` of the module.
    pub module: &'static str,
}

inventory::collect!(Home);

/// One registered case.
#[derive(Debug)]
pub struct ModuleCase {
    /// `module_path!()` where the `#[test]` function sits.
    pub module: &'static str,
    /// Its source position, for the order.
    pub line: u32,
    /// Its source column.
    pub column: u32,
    /// The case, named without the module prefix.
    pub case: Case,
}

inventory::collect!(ModuleCase);

/// The innermost `#[kunit_tests]` module holding `module`, and the case-name prefix of
/// `module` inside it (`""` for the suite's own module, `"inner.deeper."` further down).
pub fn home_of(module: &str) -> Option<(&'static Home, String)> {
    inventory::iter::<Home>
        .into_iter()
        .filter_map(|h| {
            let rest = module.strip_prefix(h.module)?;
            if rest.is_empty() {
                return Some((h, String::new()));
            }
            let rest = rest.strip_prefix("::")?;
            Some((h, format!("{}.", rest.replace("::", "."))))
        })
        .max_by_key(|(h, _)| h.module.len())
}

/// `#[test]` functions that kunit's attribute registered outside every `#[kunit_tests]`
/// module (`path::name`): they belong to no suite, so they would not run.
pub fn orphans() -> Vec<String> {
    inventory::iter::<ModuleCase>
        .into_iter()
        .filter(|m| home_of(m.module).is_none())
        .map(|m| format!("{}::{}", m.module, m.case.name))
        .collect()
}

/// Suites already merged, by the address of the static suite (merging leaks; once each).
static MERGED: Mutex<Vec<(usize, &'static Suite)>> = Mutex::new(Vec::new());

/// `reg` with its suite's registered cases added, or `reg` itself when there are none.
pub fn merged(reg: Registration) -> Registration {
    let key = reg.suite as *const Suite as usize;
    let mut cache = MERGED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, suite)) = cache.iter().find(|(k, _)| *k == key) {
        return Registration { suite, ..reg };
    }
    let mut extra: Vec<(&ModuleCase, String)> = inventory::iter::<ModuleCase>
        .into_iter()
        .filter_map(|m| {
            let (home, prefix) = home_of(m.module)?;
            std::ptr::eq(home.suite, reg.suite).then_some((m, prefix))
        })
        .collect();
    if extra.is_empty() {
        return reg;
    }
    // Cases a macro writes share the macro's line: their module paths keep the order stable.
    extra.sort_by(|(a, ap), (b, bp)| {
        (a.line, a.column, ap, a.case.name).cmp(&(b.line, b.column, bp, b.case.name))
    });
    let mut cases: Vec<Case> = reg.suite.test_cases.to_vec();
    cases.extend(extra.iter().map(|(m, prefix)| Case {
        name: if prefix.is_empty() {
            m.case.name
        } else {
            Box::leak(format!("{prefix}{}", m.case.name).into_boxed_str())
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
