// One test file in libtest's own form, built twice: as a libtest target (parity_libtest.rs,
// where `parity_module!` passes the module through) and as a kunit harness target
// (parity_kunit.rs, where it puts `#[kunit_tests]` on it). xtask/tests/harness_binaries/
// libtest_parity.rs runs both and compares their passed / failed / ignored counts. Some cases
// fail on purpose, so both targets are `test = false`: only that check runs them.

parity_module! {
mod tests {
    use std::panic;

    fn helper(x: u32) -> u32 {
        assert!(x < 10, "x too big: {}", x);
        x * 2
    }

    #[test]
    fn passes() {
        assert_eq!(helper(2), 4);
    }

    #[test]
    fn fails_assert() {
        let two = 1 + 1;
        assert!(two == 3);
    }

    #[test]
    fn fails_assert_eq() {
        assert_eq!(helper(3), 7, "helper of {}", 3);
    }

    #[test]
    fn fails_assert_ne() {
        assert_ne!(helper(1), 2);
    }

    #[test]
    #[should_panic]
    fn should_panic_passes() {
        helper(11);
    }

    #[test]
    #[should_panic(expected = "too big")]
    fn should_panic_expected_passes() {
        helper(12);
    }

    #[test]
    #[should_panic = "x too"]
    fn should_panic_name_value_passes() {
        helper(12);
    }

    #[test]
    #[should_panic(expected = "left == right")]
    fn should_panic_on_assert_eq_passes() {
        assert_eq!(helper(1), 3);
    }

    #[test]
    #[should_panic(expected = "nope")]
    fn should_panic_wrong_message_fails() {
        helper(13);
    }

    #[test]
    #[should_panic]
    fn should_panic_without_panic_fails() {}

    #[test]
    #[ignore]
    fn ignored() {
        panic!("never run")
    }

    #[test]
    #[ignore = "needs hardware"]
    fn ignored_with_reason() {}

    #[test]
    #[cfg_attr(all(), ignore)]
    fn ignored_by_cfg_attr() {
        panic!("never run")
    }

    #[test]
    #[cfg_attr(any(), ignore)]
    fn not_ignored_by_cfg_attr() {}

    #[test]
    #[cfg_attr(all(), should_panic)]
    fn should_panic_by_cfg_attr() {
        panic!("boom")
    }

    type TestResult = Result<(), Box<dyn std::error::Error>>;

    #[test]
    fn alias_ok() -> TestResult {
        "1".parse::<u8>()?;
        Ok(())
    }

    #[test]
    fn alias_err_fails() -> TestResult {
        "x".parse::<u8>()?;
        Ok(())
    }

    #[test]
    fn result_err_fails() -> Result<(), String> {
        Err("bad".into())
    }

    #[cfg(all())]
    #[test]
    fn same_name_under_exclusive_cfgs() {}

    #[cfg(not(all()))]
    #[test]
    fn same_name_under_exclusive_cfgs() {
        panic!("configured out")
    }

    #[allow(clippy::assertions_on_constants)] const LIMIT: u32 = {
        assert!(10 > 1);
        10
    };

    const fn checked(x: u32) -> u32 {
        assert!(x < LIMIT);
        x
    }

    #[test]
    fn const_items_keep_std_assert() {
        const THREE: u32 = checked(3);
        assert_eq!(THREE, 3);
    }

    #[test]
    fn caught_panic_passes() {
        assert!(panic::catch_unwind(|| helper(20)).is_err());
    }

    #[test]
    fn joined_thread_panic_passes() {
        assert!(std::thread::spawn(|| helper(30)).join().is_err());
    }

    macro_rules! generated {
        ($($name:ident: $v:expr;)*) => {
            $(
                #[test]
                fn $name() {
                    assert_eq!(helper($v) % 2, 0)
                }
            )*
        };
    }

    generated! {
        generated_a: 1;
        generated_b: 2;
    }

    macro_rules! generated_failing {
        ($name:ident) => {
            #[test]
            fn $name() {
                assert_eq!(helper(1), 5)
            }
        };
    }

    generated_failing!(generated_fails);

    mod inner {
        use super::helper;

        #[test]
        fn nested_passes() {
            assert_eq!(helper(1), 2);
        }

        #[test]
        fn nested_fails() {
            assert!(helper(1) == 3);
        }

        #[test]
        #[ignore]
        fn nested_ignored() {}

        mod deeper {
            #[test]
            fn deep_passes() {
                assert!(super::helper(4) == 8);
            }
        }
    }
}
}
