//! tests/parity/tests.rs as a `#[kunit_tests]` module in a libtest target: what plain
//! `cargo test` runs in the library layout, each case through its libtest shim.
macro_rules! parity_module {
    ($module:item) => {
        #[kunit::kunit_tests(parity)]
        $module
    };
}
include!("parity/tests.rs");
