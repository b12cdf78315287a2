//! Self-tests of the registration helpers.

use kunit::prelude::*;

fn module_name_is_base_name_with_underscores(test: &mut Kunit) {
    let name = kunit_c::module_name(std::path::Path::new("tests/foo-bar_kunit.c"));
    kunit_expect_streq!(test, name.as_str(), "foo_bar_kunit");
    let name = kunit_c::module_name(std::path::Path::new("checksum_kunit.c"));
    kunit_expect_streq!(test, name.as_str(), "checksum_kunit");
}

static CASES: &[Case] = &[kunit_case!(module_name_is_base_name_with_underscores)];
kunit_test_suite!(Suite {
    name: "kunit_c_registry",
    test_cases: CASES,
    ..Suite::DEFAULT
});
