//! `KUNIT_EXPECT_KASAN_FAIL` for C (`kunit/sanitizer.h`): the sanitizer report an expression
//! was expected to cause, taken from kunit's capture.

use super::c_test::from_c;
use super::ctypes::CKunit;

/// The report written since the last look (ASan's, UBSan's, ...), into `test`'s log without
/// failing it; whether there was one.
///
/// # Safety
/// `test` is a kunit-c test.
#[no_mangle]
pub unsafe extern "C" fn __kunit_c_sanitizer_take_report(test: *mut CKunit) -> bool {
    // SAFETY: the caller's contract.
    let ct = unsafe { from_c(test) };
    kunit::c_abi::take_sanitizer_report(&ct.handle)
}
