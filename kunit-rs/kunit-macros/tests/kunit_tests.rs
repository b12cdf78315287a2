//! `#[kunit_tests]` checked through what its suites do when kunit runs them. The
//! `kunit_macros` suite below is registered and runs in this harness; the suite in
//! `fixtures/failing.rs` fails on purpose and is not registered: `golden` runs it with
//! `kunit::run` and compares the whole KTAP text.

#[path = "fixtures/failing.rs"]
mod failing_fixture;

/// tests/parity/tests.rs (libtest's constructs) as an unregistered suite, for a golden.
mod parity_fixture {
    macro_rules! parity_module {
        ($module:item) => {
            #[kunit::kunit_tests(parity, register = false)]
            $module

            pub static SUITE: &kunit::Suite = &tests::SUITE;
        };
    }
    include!("parity/tests.rs");
}

/// Cases whose `std::thread`s panic, as an unregistered suite.
mod thread_fixture {
    #[kunit::kunit_tests(threads, register = false)]
    pub mod threads {
        #[test]
        fn joined_panic_caught() {
            assert!(std::thread::spawn(|| panic!("on a helper thread"))
                .join()
                .is_err());
        }

        #[test]
        fn named_thread_panic_fails() {
            std::thread::Builder::new()
                .name("worker".into())
                .spawn(|| panic!("on a named thread"))
                .unwrap()
                .join()
                .unwrap();
        }
    }
}

use kunit::kunit_tests;

#[kunit_tests(kunit_macros)]
mod kunit_macros {
    use super::failing_fixture::{failing, SUITE_EXITS, SUITE_INITS};
    use kunit::prelude::*;
    use kunit::{Capture, Config, Registration};
    use std::sync::atomic::Ordering;
    use std::time::Duration;

    #[test]
    fn case_name_is_the_function_name(test: &mut Kunit) {
        assert_eq!(test.name(), "case_name_is_the_function_name");
    }

    #[test]
    fn table_follows_the_module() {
        let suite = &failing::SUITE;
        assert_eq!(suite.name, "kunit-macros-failing");
        let names: Vec<&str> = suite.test_cases.iter().map(|c| c.name).collect();
        assert_eq!(
            names,
            [
                "assert_true_fails",
                "assert_eq_prints_values",
                "assert_ne_prints_values",
                "err_return_fails",
                "ok_return_passes",
                "configured_out",
                "params_run_each",
                "slow_is_skipped_by_default",
            ]
        );
        assert_eq!(suite.attr.timeout, Some(Duration::from_secs(30)));
        assert_eq!(suite.attr.speed, Speed::Unset);
        assert!(suite.suite_init.is_some() && suite.suite_exit.is_some());
        assert!(suite.init.is_some() && suite.exit.is_some());
        let params: Vec<bool> = suite
            .test_cases
            .iter()
            .map(|c| c.generate_params.is_some())
            .collect();
        assert_eq!(
            params,
            [false, false, false, false, false, false, true, false]
        );
        let slow = &suite.test_cases[7];
        assert_eq!(slow.attr.speed, Speed::Slow);
        assert_eq!(slow.attr.timeout, Some(Duration::from_secs(5)));
        assert_eq!(suite.test_cases[0].attr, Attributes::DEFAULT);
    }

    #[test]
    fn register_false_leaves_the_suite_out() {
        let names: Vec<&str> = kunit::registered_suites()
            .iter()
            .map(|r| r.suite.name)
            .collect();
        assert_eq!(names, ["kunit_macros"]);
    }

    #[test]
    fn shadows_are_the_std_macros_outside_a_test() {
        // The expected panic is this case's (its thread runs the case's closure): logged
        // here, not printed to stderr. (No quiet panic hook: the hook is the process's, and
        // the other cases run at the same time.)
        let joined = std::thread::spawn(|| failing::helper_asserts(false)).join();
        let payload = joined.expect_err("assert!(false) outside a test must panic");
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned());
        assert_eq!(message.as_deref(), Some("assertion failed: ok"));
    }

    #[test]
    fn golden() {
        let (inits, exits) = (
            SUITE_INITS.load(Ordering::SeqCst),
            SUITE_EXITS.load(Ordering::SeqCst),
        );
        let out = Capture::new();
        let regs = [Registration::unregistered(&failing::SUITE, "")];
        let report = kunit::run(Some(&regs), &Config::default(), out.clone()).unwrap();
        let text = String::from_utf8(out.bytes()).unwrap();
        assert!(text == EXPECTED, "KTAP differs; got:\n{text}");
        assert_eq!(
            (report.passed(), report.failed(), report.skipped()),
            (1, 5, 2)
        );
        assert_eq!(SUITE_INITS.load(Ordering::SeqCst), inits + 1);
        assert_eq!(SUITE_EXITS.load(Ordering::SeqCst), exits + 1);
    }

    /// A panic on a thread that a case spawns is that case's, found from the thread's stack:
    /// the same text whether other cases run at the same time (this one does) or not, and
    /// with any `--jobs`.
    #[test]
    fn helper_thread_panics_belong_to_their_case() {
        let regs = [Registration::unregistered(
            &super::thread_fixture::threads::SUITE,
            "threads",
        )];
        let mut texts = Vec::new();
        for jobs in [1, 4] {
            let out = Capture::new();
            let config = Config {
                jobs,
                ..Config::default()
            };
            let report = kunit::run(Some(&regs), &config, out.clone()).unwrap();
            assert_eq!((report.passed(), report.failed()), (1, 1));
            texts.push(String::from_utf8(out.bytes()).unwrap());
        }
        assert_eq!(texts[0], texts[1]);
        let text = &texts[0];
        for line in [
            "    # joined_panic_caught: panicked at kunit-rs/kunit-macros/tests/kunit_tests.rs:",
            "    on a helper thread",
            "    # named_thread_panic_fails: panicked at kunit-rs/kunit-macros/tests/kunit_tests.rs:",
            "    on a named thread",
        ] {
            assert!(text.contains(line), "no `{line}` in:\n{text}");
        }
    }

    /// libtest's constructs, one case each (tests/parity/tests.rs): what KUnit text each
    /// prints, and that macro-made and nested `#[test]`s are cases, the panic of a thread
    /// that a case joins included.
    #[test]
    fn libtest_constructs_golden() {
        let out = Capture::new();
        let regs = [Registration::unregistered(
            super::parity_fixture::SUITE,
            "parity",
        )];
        let report = kunit::run(Some(&regs), &Config::default(), out.clone()).unwrap();
        let text = String::from_utf8(out.bytes()).unwrap();
        let expected = include_str!("fixtures/parity.ktap");
        assert!(text == expected, "KTAP differs; got:\n{text}");
        assert_eq!(
            (report.passed(), report.failed(), report.skipped()),
            (16, 9, 4)
        );
    }

    #[test]
    fn libtest_names_select_cases() {
        let regs = [Registration::unregistered(
            super::parity_fixture::SUITE,
            "parity",
        )];
        let mut config = Config::default();
        config.names.exact = true;
        config.names.include = vec![
            "parity_fixture::tests::inner::deeper::deep_passes".into(),
            "parity.generated_a".into(),
        ];
        let report = kunit::run(Some(&regs), &config, std::io::sink()).unwrap();
        let names: Vec<&str> = report.suites[0].cases.iter().map(|c| c.name).collect();
        assert_eq!(names, ["generated_a", "inner.deeper.deep_passes"]);
    }

    #[test]
    fn duplicate_suite_names_are_refused() {
        let regs = [
            Registration::new(super::parity_fixture::SUITE, "a", "a.rs", 1),
            Registration::new(&failing::SUITE, "b", "b.rs", 2),
            Registration::new(super::parity_fixture::SUITE, "c", "c.rs", 3),
        ];
        assert_eq!(
            kunit::harness::duplicate_suite(&regs).as_deref(),
            Some("two suites are named 'parity' (a.rs:1 and c.rs:3); a suite name must be unique in a binary")
        );
        assert_eq!(kunit::harness::duplicate_suite(&regs[..2]), None);
        let run = kunit::harness::Args::parse(Vec::new()).unwrap();
        assert!(kunit::harness::startup_error(&run, &regs)
            .is_some_and(|e| e.starts_with("two suites are named 'parity'")));
        assert_eq!(kunit::harness::startup_error(&run, &regs[..2]), None);
    }

    #[test]
    fn a_run_without_suites_passes_with_a_note() {
        // libtest's count for a file switched off by `#![cfg(..)]`: 0 tests, a pass.
        let run = kunit::harness::Args::parse(Vec::new()).unwrap();
        assert_eq!(kunit::harness::startup_error(&run, &[]), None);
        assert!(kunit::harness::empty_run_note(&run, &[]).is_some_and(
            |n| n.starts_with("no suites are linked into this binary (0 tests, as libtest)")
        ));
        // Listing an empty binary needs no note (nextest lists every test binary).
        let list = kunit::harness::Args::parse(vec!["--list".to_owned()]).unwrap();
        assert_eq!(kunit::harness::empty_run_note(&list, &[]), None);
        let regs = [Registration::new(&failing::SUITE, "b", "b.rs", 2)];
        assert_eq!(kunit::harness::empty_run_note(&run, &regs), None);
    }

    /// What `kunit::run` prints for `fixtures/failing.rs` (paths and lines included).
    const EXPECTED: &str = r#"KTAP version 1
1..1
    KTAP version 1
    # Subtest: kunit-macros-failing
    1..8
    # assert_true_fails: ASSERTION FAILED at kunit-rs/kunit-macros/tests/fixtures/failing.rs:52
    Expected ready to be true, but is false
    # assert_true_fails: exit sees priv Some(7)
    not ok 1 assert_true_fails
    # assert_eq_prints_values: ASSERTION FAILED at kunit-rs/kunit-macros/tests/fixtures/failing.rs:59
    Expected got == 9, but
        got == 8 (0x8)

priv was 7
    # assert_eq_prints_values: exit sees priv Some(7)
    not ok 2 assert_eq_prints_values
    # assert_ne_prints_values: ASSERTION FAILED at kunit-rs/kunit-macros/tests/fixtures/failing.rs:65
    Expected name != "abc", but
        name == "abc"
    # assert_ne_prints_values: exit sees priv Some(7)
    not ok 3 assert_ne_prints_values
    # err_return_fails: EXPECTATION FAILED at kunit-rs/kunit-macros/tests/fixtures/failing.rs:69
err_return_fails returned Err(ParseIntError { kind: InvalidDigit })
    # err_return_fails: exit sees priv Some(7)
    not ok 4 err_return_fails
    # ok_return_passes: exit sees priv Some(7)
    ok 5 ok_return_passes
    # configured_out: exit sees priv Some(7)
    ok 6 configured_out # SKIP disabled by cfg(any())
        KTAP version 1
        # Subtest: params_run_each
    # params_run_each: exit sees priv Some(7)
        ok 1 byte
    # params_run_each: ASSERTION FAILED at kunit-rs/kunit-macros/tests/fixtures/failing.rs:108
    Expected w.bits % 8 == 0, but
        w.bits % 8 == 4 (0x4)
    # params_run_each: exit sees priv Some(7)
        not ok 2 odd
    # params_run_each: pass:1 fail:1 skip:0 total:2
    not ok 7 params_run_each
    # slow_is_skipped_by_default.speed: slow
    ok 8 slow_is_skipped_by_default # SKIP slow test; run with --include-ignored or --filter
# kunit-macros-failing: pass:1 fail:5 skip:2 total:8
# Totals: pass:2 fail:5 skip:2 total:9
not ok 1 kunit-macros-failing
"#;
}

kunit::main!();
