//! One registry for suites of two crates: the C suites of `tests/c-suite_kunit.c` (compiled
//! by this package's build script; their constructors register them at run time) and
//! hello-kunit's Rust suite `ring_buffer` (registered by `kunit_test_suite!` in that crate).
//! Both are found, and both run, in this binary's own run (the harness runs every registered
//! suite) and in the explicit run below.

use hello_kunit as _; // link the library: its suites register themselves
use kunit::prelude::*;
use kunit::{registered_suites, Config, Registration};

fn find(name: &str) -> Option<Registration> {
    registered_suites()
        .into_iter()
        .find(|r| r.suite.name == name)
}

fn test_c_and_rust_suites_from_two_crates_run(test: &mut Kunit) {
    let c = find("c_size_parse");
    let rust = find("ring_buffer");
    kunit_assert_true_msg!(test, c.is_some(), "the C suite was not registered");
    kunit_assert_true_msg!(
        test,
        rust.is_some(),
        "hello-kunit's suite was not registered"
    );
    let (c, rust) = (c.unwrap(), rust.unwrap());
    kunit_expect_streq!(test, rust.module, "hello_kunit");
    kunit_expect_true!(test, c.file.ends_with("c-suite_kunit.c"));
    kunit_expect_strneq!(test, c.module, rust.module);

    let report =
        kunit::run(Some(&[c, rust]), &Config::default(), std::io::sink()).expect("no filters");
    let passed = |s: &kunit::SuiteReport| {
        s.cases
            .iter()
            .filter(|c| c.status == Status::Success)
            .count()
    };
    let ran: Vec<(&str, usize)> = report.suites.iter().map(|s| (s.name, passed(s))).collect();
    kunit_expect_eq!(test, ran.len(), 2);
    for (name, passed) in ran {
        kunit_expect_gt_msg!(test, passed, 0, "no case of {} passed", name);
    }
    kunit_expect_true!(test, report.success());
}

static CASES: &[Case] = &[kunit_case!(test_c_and_rust_suites_from_two_crates_run)];
// Serial: it reruns both suites, whose shared state (a C suite's counters, a Rust case's
// scratch file) must not be shared with their own run in this binary under --jobs.
kunit_test_suite!(Suite {
    name: "two_crate_registry",
    test_cases: CASES,
    attr: kunit::Attributes {
        serial: true,
        ..kunit::Attributes::DEFAULT
    },
    ..Suite::DEFAULT
});

kunit::main!();
