//! Static stubs for C (`kunit/static_stub.h`) on kunit's stub table: a replacement is active
//! for the test that set it, until that test ends.

use super::c_test::from_c;
use super::ctypes::CKunit;
use std::ffi::c_void;

/// The current test's replacement for `real`, or NULL (also outside tests). The current
/// test is `current->kunit_test`: a `kunit_init_test()` test that C code made current
/// (KUnit's self-tests do) is looked in, not the case that runs.
#[no_mangle]
pub extern "C" fn __kunit_c_stub_lookup(real: *const c_void) -> *mut c_void {
    let fake = super::c_test::fake_handle(super::c_test::kunit_get_current_test());
    let _current = fake.as_ref().map(kunit::TestRef::make_current);
    kunit::stub::__lookup(real as usize).map_or(std::ptr::null_mut(), |r| r as *mut c_void)
}

/// `kunit_activate_static_stub()`.
///
/// # Safety
/// `test` is a kunit-c test whose Rust test is running; `replacement` has `real`'s type.
#[no_mangle]
pub unsafe extern "C" fn __kunit_activate_static_stub(
    test: *mut CKunit,
    real: *mut c_void,
    replacement: *mut c_void,
) {
    // SAFETY: the caller's contract.
    let rust = unsafe { &mut *from_c(test).rust };
    rust.__activate_static_stub(real as usize, replacement as usize);
}

/// `kunit_deactivate_static_stub()`.
///
/// # Safety
/// As [`__kunit_activate_static_stub`].
#[no_mangle]
pub unsafe extern "C" fn kunit_deactivate_static_stub(test: *mut CKunit, real: *mut c_void) {
    // SAFETY: the caller's contract.
    let rust = unsafe { &mut *from_c(test).rust };
    rust.__deactivate_static_stub(real as usize);
}
