//! The C ABI the headers call: one file per header concern, each defining the `extern "C"`
//! functions its header declares (and the Rust state behind them).
//!
//! - `assert_abi` — the assertion entry points `kunit/assert-abi.h` declares (both generated
//!   by `cargo xtask codegen` from the families' table)
//! - `assert` — what those entry points do
//! - `c_test` — the C `struct kunit` of a running test, and the thread's current C test
//! - `ctypes` — the C structures, laid out as C lays them out
//! - `fake_test` — `kunit_init_test()`/`kunit_cleanup()`: tests C code makes for itself
//! - `irq` — `kunit_run_irq_test()` and the context queries of `linux/preempt.h`
//! - `irq_thread` — the context and the current test of timer callbacks and work items
//! - `log` — `kunit_info/warn/err`, skips, `kunit_fail_current_test`
//! - `params` — parameter arrays
//! - `registry` — C suites into the kunit registry, and the trampolines of their functions
//! - `resource` — deferred actions, resources, managed memory
//! - `sanitizer` — the report `KUNIT_EXPECT_KASAN_FAIL` expects
//! - `stub` — static stubs
//! - `try_catch` — `kunit_try_catch_run()`/`kunit_try_catch_throw()` on a thread of their own

pub(crate) mod assert;
mod assert_abi;
pub(crate) mod c_test;
pub(crate) mod ctypes;
pub(crate) mod fake_test;
pub(crate) mod irq;
mod irq_thread;
pub(crate) mod log;
pub(crate) mod params;
pub(crate) mod registry;
pub(crate) mod resource;
pub(crate) mod sanitizer;
pub(crate) mod stub;
pub(crate) mod try_catch;
