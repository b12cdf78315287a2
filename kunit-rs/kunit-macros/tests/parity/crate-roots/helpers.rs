// A file module of file_mods.rs without tests: under kunit it is declared above the
// `#[kunit_tests]` module, and the module says `use super::helpers;`.
#![allow(dead_code)]

pub fn seven() -> u32 {
    7
}
