//! The C suites of this package run here although the package has a library target, and
//! the kernel-style `strlen` of `tests/kernel_names_kunit.c` is the C files' alone.

use std::ffi::{c_char, CStr};

use kunit::prelude::*;

extern "C" {
    /// `tests/kernel_names_kunit.c`'s `strlen`, renamed by kunit_c::Build.
    fn __kunit_c_kernel_strlen(s: *const c_char) -> usize;
    /// `tests/kernel_names_kunit.c`'s `atoi`, renamed by kunit_c::Build.
    fn __kunit_c_kernel_atoi(s: *const c_char) -> i32;
}

fn c_suites_are_registered(test: &mut Kunit) {
    let modules: Vec<&str> = kunit::registered_suites()
        .into_iter()
        .map(|r| r.module)
        .collect();
    kunit_expect_true!(test, modules.contains(&"kernel_names_kunit"));
    kunit_expect_true!(test, modules.contains(&"kconfig_kunit"));
}

fn rust_keeps_the_c_library_strlen(test: &mut Kunit) {
    let s: &CStr = c"abc";
    kunit_expect_eq!(test, c_lib_suite::libc_strlen(s), 3);
    // SAFETY: a NUL-terminated string; the kernel-style function ignores it.
    let kernel = unsafe { __kunit_c_kernel_strlen(s.as_ptr()) };
    kunit_expect_eq!(test, kernel, 4242);
    kunit_expect_eq!(test, kunit_c::KERNEL_LIBC_NAME_PREFIX, "__kunit_c_kernel_");
    // SAFETY: as above, for the C library's atoi and the kernel-style one.
    let (libc_atoi, kernel_atoi) = unsafe {
        (
            libc::atoi(c"12".as_ptr()),
            __kunit_c_kernel_atoi(c"12".as_ptr()),
        )
    };
    kunit_expect_eq!(test, libc_atoi, 12);
    kunit_expect_eq!(test, kernel_atoi, -4242);
}

static CASES: &[Case] = &[
    kunit_case!(c_suites_are_registered),
    kunit_case!(rust_keeps_the_c_library_strlen),
];
kunit_test_suite!(Suite {
    name: "c_lib_suite",
    test_cases: CASES,
    ..Suite::DEFAULT
});

kunit::main!();
