fn main() {
    kunit_c::Build::new()
        .file("tests/c-suite_kunit.c")
        .file("tests/c_failures_kunit.c")
        .file("src/size.c")
        .include("src")
        .include("tests")
        .compile("c_suite_kunit");
}
