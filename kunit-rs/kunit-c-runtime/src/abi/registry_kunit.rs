//! Self-tests of the registration helpers.

use kunit::prelude::*;

fn module_name_is_base_name_with_underscores(test: &mut Kunit) {
    let name = kunit_c_runtime::module_name(std::path::Path::new("tests/foo-bar_kunit.c"));
    kunit_expect_streq!(test, name.as_str(), "foo_bar_kunit");
    let name = kunit_c_runtime::module_name(std::path::Path::new("checksum_kunit.c"));
    kunit_expect_streq!(test, name.as_str(), "checksum_kunit");
}

/// A suite registered without `KBUILD_MODNAME` gets the name `kunit_c::Build` would have
/// defined for its file: the two halves keep one rule.
fn module_name_agrees_with_build(test: &mut Kunit) {
    for path in [
        "tests/foo-bar_kunit.c",
        "lib/tests/overflow_kunit.c",
        "a-b-c.c",
        "noext",
        "dir.d/x-y.h",
    ] {
        let path = std::path::Path::new(path);
        let runtime = kunit_c_runtime::module_name(path);
        let build = kunit_c::module_name(path);
        kunit_expect_streq!(test, runtime.as_str(), build.as_str());
    }
}

static CASES: &[Case] = &[
    kunit_case!(module_name_is_base_name_with_underscores),
    kunit_case!(module_name_agrees_with_build),
];
kunit_test_suite!(Suite {
    name: "kunit_c_registry",
    test_cases: CASES,
    ..Suite::DEFAULT
});
