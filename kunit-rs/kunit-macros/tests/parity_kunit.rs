//! tests/parity/tests.rs under kunit, as one `#[kunit_tests]` suite.
macro_rules! parity_module {
    ($module:item) => {
        #[kunit::kunit_tests(parity)]
        $module
    };
}
include!("parity/tests.rs");
kunit::main!();
