//! Attribute filters and globs over arbitrary text. Beyond "no panic": an accepted glob
//! matches its own literal text when it has no wildcards, `*` matches everything, a parsed
//! filter list has one filter per comma-separated part, and matching never panics.
#![no_main]

use kunit::filter::{glob_match, AttrFilter, GlobFilter};
use kunit::prelude::*;
use kunit::Registration;
use libfuzzer_sys::fuzz_target;

fn case(_: &mut Kunit) {}
static CASES: &[Case] = &[kunit_case!(case), kunit_case_slow!(case)];
static SUITE: Suite = Suite {
    name: "s",
    test_cases: CASES,
    ..Suite::DEFAULT
};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // The first line is a pattern, the second a name to match it against.
    let (pattern, name) = text.split_once('\n').unwrap_or((&text, ""));
    // Matching is O(pattern x name), like the kernel's glob_match(); real globs and names
    // are short, so longer ones would only measure the coverage instrumentation.
    if pattern.len() <= 512 && name.len() <= 512 {
        let matched = glob_match(pattern, name);
        if !pattern.contains(['*', '?', '[']) {
            assert_eq!(matched, pattern == name);
        }
        assert!(glob_match("*", name));
        if let Ok(g) = GlobFilter::parse(pattern) {
            let _ = g.matches_suite(name) && g.matches_case(name);
        }
    }
    if let Ok(filters) = AttrFilter::parse_list(&text) {
        assert_eq!(filters.len(), text.split(',').count());
        let reg = Registration::unregistered(&SUITE, "m");
        for f in &filters {
            for c in CASES {
                let _ = f.matches(&reg, c);
            }
        }
    }
});
