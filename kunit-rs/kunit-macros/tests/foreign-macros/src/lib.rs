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

/// `mod $name { .. }` holding only async tests (`#[tokio::test]`, `#[futures_test::test]`,
/// `#[async_std::test]`): each expands to libtest's `#[::core::prelude::v1::test]`, which no
/// `#[test]` import reaches. The names resolve where the macro is called.
#[macro_export]
macro_rules! foreign_async_module {
    ($name:ident) => {
        mod $name {
            #[tokio::test]
            async fn foreign_tokio() {
                tokio::task::yield_now().await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn foreign_tokio_multi() {
                assert_eq!(tokio::runtime::Handle::current().metrics().num_workers(), 2);
            }

            #[tokio::test]
            async fn foreign_tokio_err() -> Result<(), String> {
                Err("fails on purpose".to_owned())
            }

            #[tokio::test]
            #[should_panic(expected = "foreign async")]
            async fn foreign_tokio_should_panic() {
                panic!("a foreign async panic");
            }

            #[tokio::test]
            #[ignore]
            async fn foreign_tokio_ignored() {}

            #[futures_test::test]
            async fn foreign_futures_test() {
                assert_eq!(std::future::ready(1).await, 1);
            }

            #[async_std::test]
            async fn foreign_async_std_fails() {
                assert_eq!(async_std::task::spawn(async { 1 }).await, 2);
            }
        }
    };
}
