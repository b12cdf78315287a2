//! tests/parity/shapes.rs under kunit, as one `#[kunit_tests]` suite. Its module from another
//! crate's macro needs kunit's `#[test]` as the crate's own: `#[macro_use(test)]` here and
//! `kunit::main!(macro_use)` (plain `kunit::main!()` makes that `#[test]` a build error).
#[macro_use(test)]
extern crate kunit;

macro_rules! parity_module {
    ($module:item) => {
        #[kunit::kunit_tests(shapes)]
        $module
    };
}
include!("parity/shapes.rs");
kunit::main!(macro_use);
