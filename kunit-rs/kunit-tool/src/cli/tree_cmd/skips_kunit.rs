//! `skips.rs`'s tests (suite `tree_skips`), declared by `skips.rs` under `cfg(test)` and run
//! by the library's test target (CONTRIBUTING.md, "One test convention").

#[kunit::kunit_tests(tree_skips)]
mod tests {
    use crate::cli::tree_cmd::skips::*;
    use crate::cli::tree_cmd::source_scan::DeclaredSuite;

    fn one(reason: &str, cases: &[&str]) -> Unrunnable {
        Unrunnable {
            source: "lib/rtc-test.c".into(),
            option: Some("CONFIG_RTC_TEST".into()),
            suites: vec![DeclaredSuite {
                name: "rtc".into(),
                cases: cases.iter().map(|c| c.to_string()).collect(),
                no_case: false,
            }],
            reason: reason.into(),
            module: String::new(),
        }
    }

    #[test]
    fn nothing_skipped_is_no_file() {
        assert_eq!(c_source(&[]), "");
    }

    #[test]
    fn each_case_is_skipped_with_the_reason_as_a_c_string() {
        let c = c_source(&[one("needs \"x\" at 100% \\ now", &["a", "b"])]);
        assert!(
            c.contains("kunit_skip(test, \"needs \\\"x\\\" at 100%% \\\\ now\");"),
            "{c}"
        );
        assert!(c.contains(".name = \"a\" }"), "{c}");
        assert!(c.contains(".name = \"b\" }"), "{c}");
        assert!(c.contains(".name = \"rtc\","), "{c}");
        // Registered under the file's module name (here the source's stem, none being given).
        assert!(
            c.contains(
                "#define KBUILD_MODNAME \"rtc_test\"\nkunit_test_suites(&kunit_rs_suite_1);"
            ),
            "{c}"
        );
    }

    #[test]
    fn a_suite_without_cases_gets_one_named_after_its_file() {
        let c = c_source(&[one("r", &[])]);
        assert!(c.contains(".name = \"rtc_test_not_runnable\" }"), "{c}");
    }

    #[test]
    fn the_kunit_py_line_keeps_the_configuration_and_quotes() {
        let args = vec![
            "--kunitconfig=lib/kunit".to_string(),
            "--kconfig_add=CONFIG_A=\"x y\"".to_string(),
        ];
        assert_eq!(
            kunit_py_line(&args, &[one("r", &[])], Some("x*")),
            "./tools/testing/kunit/kunit.py run --arch um --kunitconfig=lib/kunit '--kconfig_add=CONFIG_A=\"x y\"' rtc"
        );
        let two = [one("r", &[]), one("s", &[])];
        assert!(kunit_py_line(&[], &two, Some("r*")).ends_with("--arch um 'r*'"));
        assert!(kunit_py_line(&[], &two, None).ends_with("--arch um"));
    }
}
