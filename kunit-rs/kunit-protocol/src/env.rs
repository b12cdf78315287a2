//! Environment variables the harness reads.

/// libtest's default thread count, which the harness's `--jobs` defaults to as well.
pub const TEST_THREADS: &str = "RUST_TEST_THREADS";
/// Run the suites at start-up of any binary linking kunit (`1`: all, else a
/// `suite_glob[.test_glob]`), printing KTAP to stderr, as the kernel runs them at boot.
pub const BOOT: &str = "KUNIT_BOOT";
/// With [`BOOT`]: `1` exits after the boot-time tests (status 0 or 1).
pub const BOOT_EXIT: &str = "KUNIT_BOOT_EXIT";
