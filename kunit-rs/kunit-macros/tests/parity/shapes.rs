// The shapes of libtest code that `#[kunit_tests]` must not lose or count differently, built
// three ways like tests/parity/tests.rs (shapes_libtest.rs, shapes_kunit.rs,
// shapes_shims.rs): modules that macros write (of this crate, nested, of another crate),
// `#[cfg]`-switched tests, async test attributes (also through `use tokio::test;`), libtest's
// `#[test]` by its full path, should_panic, catch_unwind and threads.
// xtask/tests/harness_binaries/libtest_parity.rs compares their counts; some fail on purpose.

parity_module! {
mod shapes {
    use std::time::Duration;

    fn double(x: u32) -> u32 {
        x * 2
    }

    // A macro writing a module.
    macro_rules! int_tests {
        ($t:ident) => {
            mod $t {
                #[test]
                fn max_is_positive() {
                    assert!($t::MAX > 0);
                }

                #[test]
                fn wraps_fails() {
                    assert_eq!($t::MAX.wrapping_add(1), 1);
                }

                #[test]
                #[ignore]
                fn ignored_in_macro_module() {}
            }
        };
    }
    int_tests!(u8);
    int_tests!(u16);

    // A macro writing a module that writes a module (through a macro it defines, too).
    macro_rules! outer {
        ($name:ident) => {
            pub mod $name {
                macro_rules! inner {
                    ($m:ident) => {
                        mod $m {
                            #[test]
                            fn deepest() {
                                assert_eq!(super::super::double(2), 4);
                            }
                        }
                    };
                }
                inner!(deep);

                mod plain {
                    #[test]
                    fn in_plain() {}

                    #[test]
                    #[should_panic]
                    fn should_panic_deep() {
                        panic!("deep");
                    }
                }
            }
        };
    }
    outer!(level);

    // A module from a macro of another crate.
    kunit_fixture_macros::foreign_module!(foreign);

    // Async tests in a module from a macro of another crate.
    kunit_fixture_macros::foreign_async_module!(foreign_async);

    // Switched off by cfg: libtest never sees these.
    #[test]
    #[cfg(any())]
    fn configured_out() {
        panic!("never compiled");
    }

    #[test]
    #[cfg(all())]
    fn configured_in() {}

    #[cfg(any())]
    mod configured_out_module {
        #[test]
        fn gone() {}
    }

    // Async test attributes, each run by its own runtime.
    #[tokio::test]
    async fn tokio_current_thread() {
        tokio::task::yield_now().await;
        assert_eq!(
            tokio::runtime::Handle::current().runtime_flavor(),
            tokio::runtime::RuntimeFlavor::CurrentThread
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn tokio_multi_thread() {
        let handle = tokio::runtime::Handle::current();
        assert_eq!(handle.runtime_flavor(), tokio::runtime::RuntimeFlavor::MultiThread);
        assert_eq!(handle.metrics().num_workers(), 2);
        assert_eq!(tokio::spawn(async { 21 * 2 }).await.unwrap(), 42);
    }

    #[tokio::test(start_paused = true)]
    async fn tokio_start_paused() {
        let start = tokio::time::Instant::now();
        tokio::time::sleep(Duration::from_secs(3600)).await;
        assert!(start.elapsed() >= Duration::from_secs(3600));
    }

    #[tokio::test]
    async fn tokio_err_fails() -> Result<(), String> {
        tokio::task::yield_now().await;
        Err("fails on purpose".to_owned())
    }

    #[tokio::test]
    #[should_panic(expected = "boom")]
    async fn tokio_should_panic() {
        tokio::task::yield_now().await;
        panic!("boom");
    }

    #[tokio::test]
    #[ignore]
    async fn tokio_ignored() {}

    #[futures_test::test]
    async fn futures_test_runs() {
        assert_eq!(std::future::ready(3).await, 3);
    }

    #[futures_test::test]
    #[should_panic]
    async fn futures_test_should_panic() {
        std::future::ready(()).await;
        panic!("futures_test panic");
    }

    #[async_std::test]
    async fn async_std_runs() -> std::io::Result<()> {
        async_std::task::yield_now().await;
        Ok(())
    }

    #[async_std::test]
    async fn async_std_fails() {
        assert_eq!(async_std::task::spawn(async { 1 }).await, 2);
    }

    // tokio's attribute under another name (tokio's own tests do this).
    use tokio::test as maybe_tokio_test;

    #[maybe_tokio_test]
    async fn aliased_tokio() {
        tokio::task::yield_now().await;
    }

    // tokio's attribute through `use tokio::test;` (tokio's own macros_test.rs does this).
    mod tokio_use {
        use tokio::test;

        #[test]
        async fn via_use() {
            tokio::task::yield_now().await;
        }

        #[test]
        #[should_panic(expected = "via use")]
        async fn via_use_should_panic() {
            panic!("via use");
        }
    }

    // tokio's `name` argument names the runtime.
    #[tokio::test(name = "shapes-rt")]
    async fn tokio_named_runtime() {
        assert_eq!(tokio::runtime::Handle::current().name(), Some("shapes-rt"));
    }

    // libtest's `#[test]` by its full path, also from a macro.
    #[std::prelude::v1::test]
    fn libtest_by_path() {}

    macro_rules! by_path {
        ($name:ident) => {
            #[::core::prelude::v1::test]
            #[ignore]
            fn $name() {}
        };
    }
    by_path!(libtest_by_path_ignored);

    // A macro writing an async test.
    macro_rules! async_case {
        ($name:ident) => {
            #[tokio::test]
            async fn $name() {
                tokio::task::yield_now().await;
            }
        };
    }
    async_case!(macro_tokio);

    // should_panic, catch_unwind and threads.
    #[test]
    #[should_panic]
    fn plain_should_panic() {
        panic!("expected");
    }

    #[test]
    fn catch_unwind_inside() {
        assert!(std::panic::catch_unwind(|| double(u32::MAX)).is_err() || cfg!(not(debug_assertions)));
    }

    #[test]
    fn threads_join() {
        let handles: Vec<_> = (0..4u32).map(|i| std::thread::spawn(move || double(i))).collect();
        let sum: u32 = handles.into_iter().map(|h| h.join().unwrap()).sum();
        assert_eq!(sum, 12);
    }

    #[test]
    fn thread_panic_fails() {
        std::thread::spawn(|| panic!("on a thread")).join().unwrap();
    }
}
}
