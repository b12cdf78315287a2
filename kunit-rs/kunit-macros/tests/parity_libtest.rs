//! tests/parity/tests.rs under libtest.
macro_rules! parity_module {
    ($module:item) => {
        $module
    };
}
include!("parity/tests.rs");
