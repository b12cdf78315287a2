fn main() {
    kunit_c::Build::new()
        .file("tests/kernel_names_kunit.c")
        .file("tests/kconfig_kunit.c")
        .kunitconfig("tests/kunitconfig")
        .kconfig("CONFIG_KC_FROM_ADD", "y")
        .kconfig("CONFIG_KC_OVERRIDDEN", "n")
        .kconfig("CONFIG_KC_WORD", "hello")
        .compile("c_lib_suite");
}
