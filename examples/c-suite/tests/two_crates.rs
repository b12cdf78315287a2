//! One registry for suites of two crates: the C suites of `tests/c-suite_kunit.c` (compiled
//! by this package's build script; their constructors register them at run time) and
//! hello-kunit's Rust suite `ring_buffer` (registered by `kunit_test_suite!` in that crate).
//! Both are found, and both run, in this binary's own run (the harness runs every registered
//! suite) and in a run of this binary selecting just those two suites.
//!
//! That second run is a child process: run here, in-process, it would run the suites a second
//! time concurrently with the harness's own run of them (`--jobs 2`), and their shared state
//! (a C suite's counters, a Rust case's scratch file) would make both runs' output vary.

use hello_kunit as _; // link the library: its suites register themselves
use kunit::prelude::*;
use kunit::{registered_suites, Registration};

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

    let exe = std::env::current_exe().expect("this test binary's path");
    let child = std::process::Command::new(exe)
        .args(["c_size_parse", "ring_buffer", "--jobs", "1"])
        .output();
    kunit_assert_true_msg!(test, child.is_ok(), "could not run this binary again");
    let child = child.unwrap();
    let ktap = String::from_utf8_lossy(&child.stdout);
    // The top-level result lines, in plan order: both suites ran and passed, nothing else ran.
    let results: Vec<&str> = ktap
        .lines()
        .filter(|l| l.starts_with("ok ") || l.starts_with("not ok "))
        .collect();
    kunit_expect_eq_msg!(test, results.len(), 2, "top-level results: {:?}", results);
    for name in ["c_size_parse", "ring_buffer"] {
        let passed = results
            .iter()
            .any(|l| l.starts_with("ok ") && l.ends_with(&format!(" {name}")));
        kunit_expect_true_msg!(test, passed, "suite {} did not pass:\n{}", name, ktap);
    }
    kunit_expect_true!(test, child.status.success());
}

static CASES: &[Case] = &[kunit_case!(test_c_and_rust_suites_from_two_crates_run)];
kunit_test_suite!(Suite {
    name: "two_crate_registry",
    test_cases: CASES,
    ..Suite::DEFAULT
});

kunit::main!();
