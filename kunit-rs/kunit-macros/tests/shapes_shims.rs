//! tests/parity/shapes.rs as a `#[kunit_tests]` module in a libtest target (the library
//! layout): each case through its libtest shim.
macro_rules! parity_module {
    ($module:item) => {
        #[kunit::kunit_tests(shapes)]
        $module
    };
}
include!("parity/shapes.rs");
