//! tests/parity/shapes.rs under libtest.
macro_rules! parity_module {
    ($module:item) => {
        $module
    };
}
include!("parity/shapes.rs");
