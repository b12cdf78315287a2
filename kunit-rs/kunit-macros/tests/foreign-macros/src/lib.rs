//! A crate whose macro writes a module of `#[test]`s: the shape that
//! `kunit-rs-macros/tests/parity/shapes.rs` checks, since `#[kunit_tests]` cannot see into a
//! macro of another crate.

/// `mod $name { .. }` holding a passing, a `#[should_panic]`, a failing and a nested test.
#[macro_export]
macro_rules! foreign_module {
    ($name:ident) => {
        mod $name {
            #[test]
            fn from_another_crate() {
                assert_eq!(1 + 1, 2);
            }

            #[test]
            #[should_panic(expected = "foreign")]
            fn foreign_should_panic() {
                panic!("a foreign panic");
            }

            #[test]
            fn foreign_fails() {
                assert!(1 + 1 == 3, "fails on purpose");
            }

            mod nested {
                #[test]
                fn foreign_nested() {}
            }
        }
    };
}
