//! tests/parity/shapes.rs under kunit, as one `#[kunit_tests]` suite. Its modules from another
//! crate's macros need kunit's `#[test]` as the crate's own (`#[macro_use(test)]`) and, for
//! their async tests, kunit's `core::prelude::v1::test` (`extern crate self as core;`), with
//! `kunit::main!(macro_use)`; plain `kunit::main!()` makes those modules a build error.
#[macro_use(test)]
extern crate kunit;
extern crate self as core;

macro_rules! parity_module {
    ($module:item) => {
        #[kunit::kunit_tests(shapes)]
        $module
    };
}
include!("parity/shapes.rs");
kunit::main!(macro_use);
